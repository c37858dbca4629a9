/**
 * The shop feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Events live in their own `*Events.ts` modules.
 */
export { ProductPopup } from './ProductPopup';
export {
  selectCompany,
  selectCurrency,
  selectDeviationEntities,
  selectPaymentMethodById,
  selectPaymentMethods,
  selectShopDisplayState,
  selectShopInfo,
  selectTheme,
} from './shopSelectors';
export type { ShopDisplayState } from './shopSelectors';
export { shopActions } from './shopSlice';
