/**
 * The paymentState feature's public face: the payment's state (§3 Payment state: the §4 machine, the
 * chosen method, the customer's details, the stock the server reported) and the customer's details kept
 * in the tab's storage. The payment feature's sagas and screens drive it; the cart, the kiosk and the
 * receipt read it. ESLint allows nothing else from outside this folder (eslint.config.mjs).
 */
export {
  selectCustomerEmail,
  selectCustomerFieldValue,
  selectSwishToPhone,
  selectTouched,
  selectWallet,
} from './paymentLazySelectors';
export { useCartChange } from './useCartChange';
export { DRAFT_KEY, forgetCustomer, loadCustomer, saveCustomer } from './customerStorage';
export type { KeyValueStorage } from './customerStorage';
export {
  isPending,
  paymentActions,
  paymentIdOf,
  selectCartOpen,
  selectCustomer,
  selectHeldCartChange,
  selectPaymentMachine,
  selectPaymentPending,
  selectPaymentShopId,
  selectSelectedPaymentMethod,
  selectStockErrors,
} from './paymentSlice';
export type { Pending, PaymentMachine, PaymentStatusName } from './paymentSlice';
