import { createSelector } from '@reduxjs/toolkit';
import { multiplyMoney, sumMoney } from '../../domain/money';
import { canAdd, cartItemMax } from '../../domain/stock';
import type { CartItem, Deviation, Money, Product, TabEntry } from '../../domain/types';
import { RATE_LIMITED } from '../../shared/api';
import { selectStockErrors } from '../paymentState';
import { selectActiveTab, selectTabSelections } from '../session';
import {
  selectCurrency,
  selectDeviationEntities,
  selectProductById,
  selectProductEntities,
  selectShopPartial,
} from '../shopState';
import { cartAdapter } from './cartSlice';
import type { RootState } from '../../app/hooks';

export const { selectAll: selectCartItems } = cartAdapter.getSelectors((state: RootState) => state.cart);

/** The server does not hold the cart the page shows: saving failed and is being retried. */
export const selectCartUnsaved = (state: RootState) => state.cart.sync === 'failed';

/** The cart revision the server is known to hold as shown, or null while a save is on its way or failed. */
export const selectSavedRevision = (state: RootState) =>
  state.cart.sync === 'synced' ? state.cart.revision : null;

/** Saving is being retried because the server answered 429: too many saves in a short time. */
export const selectCartSaveRateLimited = (state: RootState) =>
  state.cart.sync === 'failed' && state.cart.syncError?.code === RATE_LIMITED;

/** productId → total quantity in the cart. */
export const selectProductQuantities = createSelector([selectCartItems], (items) => {
  const quantities: Record<string, number> = {};
  for (const item of items) quantities[item.productId] = (quantities[item.productId] ?? 0) + item.count;
  return quantities;
});

/** How many of one product are in the cart: a number, so a product card re-renders only when it changes. */
export const selectProductQuantity = (state: RootState, productId: string): number =>
  selectProductQuantities(state)[productId] ?? 0;

/** §8 the stock a product really has: the server's OUT_OF_STOCK figure when it reported one. */
export const effectiveStock = (product: Product, stockErrors: Record<string, number>) => {
  const reported = stockErrors[product.id];
  return reported === undefined ? product : { ...product, count: Math.min(product.count, reported) };
};

/** What a product card shows of the store: the product, its cart quantity and whether one more can be added. */
export interface ProductCardState {
  product: Product;
  quantity: number;
  addable: boolean;
}

/** The last state handed to each product's card, by product object (an entry goes when its product does). */
const cardStates = new WeakMap<Product, ProductCardState>();

/**
 * One product card's state: a new object only when that product's own product, cart quantity or
 * addability changed, else the one returned before. Each card subscribes to this alone, so a cart change
 * re-renders only the cards of products whose state it changed; per call it costs a few lookups (the
 * quantities are computed once per cart change), whatever the size of the shop.
 */
export const selectProductCard = (state: RootState, productId: string): ProductCardState | undefined => {
  const product = selectProductById(state, productId);
  if (!product) return undefined;
  const quantity = selectProductQuantities(state)[productId] ?? 0;
  const addable = canAdd(effectiveStock(product, selectStockErrors(state)), quantity);
  const before = cardStates.get(product);
  if (before && before.quantity === quantity && before.addable === addable) return before;
  const next = { product, quantity, addable };
  cardStates.set(product, next);
  return next;
};

/** Unit price of an item: the product's price plus the prices of its chosen extras. */
export function unitPrice(
  product: Product,
  deviationIds: string[],
  deviations: Record<string, Deviation | undefined>,
): Money {
  const extras = deviationIds.flatMap((id) => {
    const price = deviations[id]?.price;
    return price ? [price] : [];
  });
  return sumMoney([product.price, ...extras], product.price.currency);
}

export interface CartLine {
  item: CartItem;
  product: Product;
  deviations: Deviation[];
  unitPrice: Money;
  total: Money;
  /** §5 cart quantity max = current count + remaining stock. */
  max: number;
  /** §8 remaining stock the server reported for this article, when it did. */
  stockError: number | null;
}

/** The cart's items joined with their products and extras; items whose product is gone are left out. */
export const selectCartLines = createSelector(
  [
    selectCartItems,
    selectProductEntities,
    selectDeviationEntities,
    selectProductQuantities,
    selectStockErrors,
  ],
  (items, products, deviations, quantities, stockErrors): CartLine[] =>
    items.flatMap((item) => {
      const product = products[item.productId];
      if (!product) return [];
      const price = unitPrice(product, item.deviations, deviations);
      return [
        {
          item,
          product,
          deviations: item.deviations.flatMap((id) => deviations[id] ?? []),
          unitPrice: price,
          total: multiplyMoney(price, item.count),
          max: cartItemMax(effectiveStock(product, stockErrors), item.count, quantities[product.id] ?? 0),
          stockError: stockErrors[product.id] ?? null,
        },
      ];
    }),
);

export interface TabLine {
  entry: TabEntry;
  /** How many of it are chosen for payment now. */
  selected: number;
}

/** The open tab's entries with how many of each the customer has put in the cart. */
export const selectTabLines = createSelector(
  [selectActiveTab, selectTabSelections],
  (tab, selections): TabLine[] =>
    (tab?.entries ?? []).map((entry) => ({
      entry,
      selected: selections.find((s) => s.id === entry.id)?.count ?? 0,
    })),
);

/** §2 'added from tab': tab items with a count above 0 in the cart. */
export const selectTabLinesInCart = createSelector([selectTabLines], (lines) =>
  lines.filter((line) => line.selected > 0),
);

/** §2 'pay tab': the whole open tab's total. */
export const selectTabTotal = createSelector([selectTabLines, selectCurrency], (lines, currency) =>
  sumMoney(
    lines.map((l) => multiplyMoney(l.entry.price, l.entry.count)),
    currency,
  ),
);

/** §2 count of unpaid tab items not in the cart. */
export const selectUnpaidTabCount = createSelector([selectTabLines], (lines) =>
  lines.reduce((n, l) => n + l.entry.count - l.selected, 0),
);

/** Items in the cart, tab items chosen for payment included. */
export const selectCartQuantity = createSelector([selectCartItems, selectTabSelections], (items, tab) =>
  [...items, ...tab].reduce((n, i) => n + i.count, 0),
);

/**
 * Whether the cart's total can be told: every item's product is in the store. Not so only while a page of a
 * big shop has its first products alone (issue 37) and the cart holds others: its summary waits until the
 * whole shop is read, rather than show a total without them.
 */
export const selectCartTotalKnown = (state: RootState): boolean =>
  !selectShopPartial(state) ||
  selectCartItems(state).every((item) => selectProductById(state, item.productId) !== undefined);

/** What the customer pays: cart lines plus the tab items chosen. */
export const selectCartTotal = createSelector(
  [selectCartLines, selectTabLinesInCart, selectCurrency],
  (lines, tab, currency) =>
    sumMoney(
      [...lines.map((l) => l.total), ...tab.map((t) => multiplyMoney(t.entry.price, t.selected))],
      currency,
    ),
);
