/**
 * The payment feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). The payment's state is the paymentState feature's.
 */
export { Checkout } from './Checkout';
export { paymentFlowSaga } from './startSagas';
