import { createSelector } from '@reduxjs/toolkit';
import { remainingStock, tabItemMax } from '../../domain/stock';
import { selectStockErrors } from '../paymentState';
import { selectTabSelections } from '../session';
import { selectProductById } from '../shopState';
import { effectiveStock, selectProductQuantity, selectTabLines } from './cartSelectors';
import type { RootState } from '../../app/hooks';

/**
 * Selectors only lazily loaded code uses (the product's popup and page, the cart page, the payment's start,
 * the kiosk): in a module of their own, so the store page's first load does not carry them (docs/performance.md).
 */

/** The item of the cart with this id, if it is still there (the product page edits one). */
export const selectCartItem = (state: RootState, id: string) => state.cart.entities[id];

/** Counts the cart's local changes (see CartState `revision`): a start compares it before and after. */
export const selectCartRevision = (state: RootState) => state.cart.revision;

/** Nothing in the cart and no tab line chosen: a kiosk with nothing ordered. */
export const selectCartEmpty = (state: RootState) =>
  state.cart.ids.length === 0 && selectTabSelections(state).length === 0;

/** §5 how many more of a product can be added (Infinity when stock is unlimited). */
export const selectRemainingStock = (state: RootState, productId: string): number => {
  const product = selectProductById(state, productId);
  if (!product) return 0;
  return remainingStock(
    effectiveStock(product, selectStockErrors(state)),
    selectProductQuantity(state, productId),
  );
};

/** §2 tab items not yet (fully) in the cart, to choose from. */
export const selectTabLinesNotInCart = createSelector([selectTabLines], (lines) =>
  lines.filter((line) => line.selected < line.entry.count),
);

/**
 * §3 the tab lines this customer chose that another guest is paying for right now (more chosen than is free
 * of them): their titles, for the payment part's message. The server refuses such a start.
 */
export const selectChosenTabTitlesBeingPaid = createSelector([selectTabLines], (lines) =>
  lines.filter((line) => line.selected > tabItemMax(line.entry)).map((line) => line.entry.title),
);
