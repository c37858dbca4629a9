/**
 * The cart feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Its shared event (`cart/itemAdded`) is in src/shared/events.ts.
 */
export { CartLineRow, TabLineRow } from './CartLineRow';
export { CartSyncStatus } from './CartSyncStatus';
export { CART_CHANGES } from './cartSagas';
export { cartSynced } from './cartSynced';
export {
  selectCartEmpty,
  selectChosenTabTitlesBeingPaid,
  selectCartItem,
  selectCartRevision,
  selectRemainingStock,
  selectTabLinesNotInCart,
} from './cartLazySelectors';
export {
  selectCartItems,
  selectCartLines,
  selectCartQuantity,
  selectCartTotal,
  selectCartTotalKnown,
  selectProductCard,
  selectTabLinesInCart,
  selectTabTotal,
  selectUnpaidTabCount,
  unitPrice,
} from './cartSelectors';
export { cartActions } from './cartSlice';
export { refreshSession } from './refreshSession';
export { forgetUnsavedCart } from './unsavedCart';
