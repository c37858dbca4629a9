import { createSelector } from '@reduxjs/toolkit';
import { fieldRules, validateCustomerInfo, type ValidationMessage } from '../../domain/customerInfo';
import type { CustomerField, ErrorInfo, PaymentMethod } from '../../domain/types';
import { selectIsMobile } from '../../shared/deviceSelectors';
import { selectCartQuantity, selectCartTotal, selectChosenTabTitlesBeingPaid } from '../cart';
import { selectIsKiosk } from '../kiosk';
import {
  selectCustomer,
  selectPaymentMachine,
  selectStockErrors,
  selectSwishToPhone,
  selectTouched,
  type PaymentMachine,
} from '../paymentState';
import { selectPaymentMethods, selectShopInfo } from '../shopState';
import type { RootState } from '../../app/hooks';

/** The message of an ended attempt (ERROR, FAILED, CANCELLED), else null. */
export const errorOf = (machine: PaymentMachine): ErrorInfo | null =>
  'error' in machine ? machine.error : null;

/** A started payment's cancel on its way ('sending') or being retried ('retrying'), else null. */
export const selectPaymentCancelling = (state: RootState) => {
  const m = selectPaymentMachine(state);
  if (m.status !== 'CANCELLING') return null;
  return m.retrying ? 'retrying' : 'sending';
};

/** Back from a provider's page without paying, and that payment was cancelled (§2 Viva). */
export const selectPaymentNotCompleted = (state: RootState) => {
  const m = selectPaymentMachine(state);
  return m.status === 'NOT_STARTED' && m.notCompleted;
};

/**
 * §2 how Swish asks this customer: `app` opens the Swish app on this phone, `qr` shows a code a kiosk's
 * customer scans with their own phone, `phone` sends the request to the number they typed (a computer, or a
 * kiosk customer who chose it). The one place this is decided: the start saga and the panels read it.
 */
export type SwishMode = 'app' | 'qr' | 'phone';
export const selectSwishMode = (state: RootState): SwishMode => {
  if (selectIsKiosk(state)) return selectSwishToPhone(state) ? 'phone' : 'qr';
  return selectIsMobile(state) ? 'app' : 'phone';
};

const selectInputsConfig = (state: RootState) => selectShopInfo(state)?.customerInputs ?? null;

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
export const selectCanChoosePayment = (state: RootState): boolean =>
  selectCartQuantity(state) > 0 && selectIsCustomerFormValid(state);

/**
 * Issue 25 the wallet buttons (Apple Pay, Google Pay through Stripe's Express Checkout Element, above the
 * choices): for the shop's card method, once the choices show (§2) and there is an amount to pay; never on
 * a kiosk, whose wallet would be the merchant's. null: no buttons and no room kept for them.
 */
export const selectWalletMethod = (state: RootState): PaymentMethod | null => {
  if (selectIsKiosk(state) || !selectCanChoosePayment(state) || selectCartTotal(state).amount <= 0)
    return null;
  return selectPaymentMethods(state).find((method) => method.type === 'STRIPE') ?? null;
};

/** §8 any stock error shows the general 'cart.outOfStockError' under the payment section. */
export const selectHasStockErrors = (state: RootState) => Object.keys(selectStockErrors(state)).length > 0;

/**
 * §3 what the payment part says about tab lines another guest is paying for: the chosen ones by name (known
 * from the tab the page shows), or, when a start was refused for it before the page knew which, that some
 * are; null when none is.
 */
export const selectTabBeingPaidNotice = (state: RootState): { titles: string[] } | null => {
  const titles = selectChosenTabTitlesBeingPaid(state);
  const m = selectPaymentMachine(state);
  const refused = m.status === 'ERROR' && m.error?.code === 'TAB_ITEM_BEING_PAID';
  return titles.length > 0 || refused ? { titles } : null;
};
