/**
 * The cart feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Events live in their own `*Events.ts` modules.
 */
export { CartSummaryLink } from './CartSummaryLink';
export { CartSyncStatus } from './CartSyncStatus';
export { MobileCartBar } from './MobileCartBar';
export { CART_CHANGES, cartSynced } from './cartSagas';
export {
  selectCartItems,
  selectCartLines,
  selectCartQuantity,
  selectCartTotal,
  selectProductCard,
  selectRemainingStock,
  selectTabLinesInCart,
  unitPrice,
} from './cartSelectors';
export { cartActions } from './cartSlice';
export type { CartState } from './cartSlice';
export { refreshSession } from './refreshSession';
export { preloadCartOnIntent, preloadCartPage } from './lazyCartPage';
export { forgetUnsavedCart } from './unsavedCart';
