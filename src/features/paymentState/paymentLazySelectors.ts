import type { CustomerField } from '../../domain/types';
import type { RootState } from '../../app/hooks';

/**
 * Selectors only lazily loaded code uses (the cart page's forms and panels, the receipt): in a module of their
 * own, so the store page's first load does not carry them (docs/performance.md). The others are beside the
 * slice (paymentSlice.ts).
 */

/** Fields the customer has left once: their messages show from then on (§5). */
export const selectTouched = (state: RootState) => state.payment.touched;

/** One customer field's value: a keystroke re-renders that field's input alone. */
export const selectCustomerFieldValue = (state: RootState, field: CustomerField): string =>
  state.payment.customer[field];

/**
 * The e-mail the customer gave in the cart, trimmed (the receipt's e-mail field starts with it, issue 26). It
 * outlives `payment/completed` (the details are kept for the next order) and is emptied when a kiosk's
 * customer leaves (`kiosk/customerLeft`).
 */
export const selectCustomerEmail = (state: RootState): string => state.payment.customer.email.trim();

/** This attempt was started from a wallet button (issue 25). */
export const selectWallet = (state: RootState) => state.payment.wallet;

/** On a kiosk: this start sends the Swish request to the customer's phone instead of a QR code. */
export const selectSwishToPhone = (state: RootState) => state.payment.swishToPhone;
