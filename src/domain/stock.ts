/**
 * Stock limits of SPEC §5. `limitStock` false means unlimited stock; otherwise `count` is what is left, and
 * the whole cart quantity of a product (all its items) counts against it.
 */
import type { Product } from './types';

/** What the stock rules need of a product. */
export type StockInfo = Pick<Product, 'limitStock' | 'count'>;

/** §5: a product is out of stock when its stock is limited and its count is 0 or less. */
export function isOutOfStock(p: StockInfo): boolean {
  return p.limitStock && p.count <= 0;
}

/** How many more can go in the cart (§5): Infinity without a stock limit, else max(0, count − inCart). */
export function remainingStock(p: StockInfo, inCart: number): number {
  if (!p.limitStock) return Infinity;
  return Math.max(0, p.count - inCart);
}

/** §5: a product cannot be added when it is out of stock or the cart already holds its stock count or more. */
export function canAdd(p: StockInfo, inCart: number): boolean {
  if (isOutOfStock(p)) return false;
  return !p.limitStock || inCart < p.count;
}

/**
 * Cart quantity maximum (§5): the item's current count plus the remaining stock, where `productInCart` is
 * the total of this product in the cart including this item.
 */
export function cartItemMax(p: StockInfo, itemCount: number, productInCart: number): number {
  return itemCount + remainingStock(p, productInCart);
}

/**
 * Tab item quantity maximum (§5): its count on the tab, less what another guest's pending payment holds
 * (§3: a tab line is held while it is paid). Never below 0.
 */
export function tabItemMax(entry: { count: number; beingPaid: number }): number {
  return Math.max(0, entry.count - entry.beingPaid);
}
