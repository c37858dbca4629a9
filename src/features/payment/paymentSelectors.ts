import { createSelector } from '@reduxjs/toolkit';
import { fieldRules, validateCustomerInfo, type ValidationMessage } from '../../domain/customerInfo';
import type { CustomerField, ErrorInfo, PaymentMethod } from '../../domain/types';
import { selectCartQuantity, selectCartTotal } from '../cart';
import { selectPaymentMethods } from '../shop';
import type { CartState } from '../cart';
import type { SessionState } from '../session';
import type { PaymentMachine } from './paymentSlice';
import type { RootState } from '../../app/hooks';

export const selectSelectedPaymentMethod = (state: RootState) => state.payment.selectedPaymentMethod;
const selectCustomer = (state: RootState) => state.payment.customer;
const selectTouched = (state: RootState) => state.payment.touched;

/**
 * The payment machine (a union on `status`). Its object changes only when the machine does, never on a
 * keystroke in "your info", so a panel that selects it re-renders only for the payment.
 */
export const selectPaymentMachine = (state: RootState) => state.payment.machine;

/** The message of an ended attempt (ERROR, FAILED, CANCELLED), else null. */
export const errorOf = (machine: PaymentMachine): ErrorInfo | null =>
  'error' in machine ? machine.error : null;

/** A started payment's cancel on its way ('sending') or being retried ('retrying'), else null. */
export const selectPaymentCancelling = (state: RootState) => {
  const m = state.payment.machine;
  if (m.status !== 'CANCELLING') return null;
  return m.retrying ? 'retrying' : 'sending';
};

/** Back from a provider's page without paying, and that payment was cancelled (§2 Viva). */
export const selectPaymentNotCompleted = (state: RootState) => {
  const m = state.payment.machine;
  return m.status === 'NOT_STARTED' && m.notCompleted;
};

/**
 * §2 how Swish asks this customer: `app` opens the Swish app on this phone, `qr` shows a code a kiosk's
 * customer scans with their own phone, `phone` sends the request to the number they typed (a computer, or a
 * kiosk customer who chose it). The one place this is decided: the start saga and the panels read it.
 */
export type SwishMode = 'app' | 'qr' | 'phone';
export const selectSwishMode = (state: RootState): SwishMode => {
  if (state.kiosk.enabled) return state.payment.swishToPhone ? 'phone' : 'qr';
  return state.device.mobile ? 'app' : 'phone';
};

/**
 * The e-mail the customer gave in the cart, trimmed (the receipt's e-mail field starts with it, issue 26). It
 * outlives `payment/completed` (the details are kept for the next order) and is emptied when a kiosk's
 * customer leaves (`kiosk/customerLeft`).
 */
export const selectCustomerEmail = (state: RootState): string => state.payment.customer.email.trim();

/** One customer field's value: a keystroke re-renders that field's input alone. */
export const selectCustomerFieldValue = (state: RootState, field: CustomerField): string =>
  state.payment.customer[field];
const selectInputsConfig = (state: RootState) => state.shop.info?.customerInputs ?? null;

/** §3 which customer fields show and which are required (defaults: email and phone shown). */
export const selectCustomerFieldRules = createSelector([selectInputsConfig], (config) => fieldRules(config));

/** §5 every field's validation message, touched or not. */
const selectCustomerErrors = createSelector([selectCustomer, selectInputsConfig], (customer, config) =>
  validateCustomerInfo(customer, config),
);

/** §5 messages show once the field is touched. */
export const selectVisibleCustomerErrors = createSelector(
  [selectCustomerErrors, selectTouched],
  (errors, touched) =>
    Object.fromEntries(Object.entries(errors).filter(([field]) => touched[field as CustomerField])),
);

/** §5 the message key of one field once it is touched, else null: a string, so only that field re-renders. */
export const selectVisibleCustomerErrorKey = (
  state: RootState,
  field: CustomerField,
): ValidationMessage['key'] | null => selectVisibleCustomerErrors(state)[field]?.key ?? null;

export const selectIsCustomerFormValid = createSelector(
  [selectCustomerErrors],
  (errors) => Object.keys(errors).length === 0,
);

/** §2 the payment choices appear only when the form is valid and the cart quantity is above 0. */
export const selectCanChoosePayment = (
  state: RootState & { cart: CartState; session: SessionState },
): boolean => selectCartQuantity(state) > 0 && selectIsCustomerFormValid(state);

/**
 * Issue 25 the wallet buttons (Apple Pay, Google Pay through Stripe's Express Checkout Element, above the
 * choices): for the shop's card method, once the choices show (§2) and there is an amount to pay; never on
 * a kiosk, whose wallet would be the merchant's. null: no buttons and no room kept for them.
 */
export const selectWalletMethod = (state: RootState): PaymentMethod | null => {
  if (state.kiosk.enabled || !selectCanChoosePayment(state) || selectCartTotal(state).amount <= 0)
    return null;
  return selectPaymentMethods(state).find((method) => method.type === 'STRIPE') ?? null;
};

/** §8 any stock error shows the general 'cart.outOfStockError' under the payment section. */
export const selectHasStockErrors = (state: RootState) =>
  Object.keys(state.payment.articleStockErrors).length > 0;
