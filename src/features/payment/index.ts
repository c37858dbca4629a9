/**
 * The payment feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Events live in their own `*Events.ts` modules.
 */
export { Checkout } from './Checkout';
export { DRAFT_KEY, forgetCustomer } from './customerStorage';
export type { KeyValueStorage } from './customerStorage';
export { cancelPayment } from './pendingSagas';
export { selectCustomerEmail } from './paymentSelectors';
export { paymentFlowSaga } from './startSagas';
