import { canAdd, cartItemMax, isOutOfStock, remainingStock, tabItemMax } from '../../src/domain/stock';

const limited = (count: number) => ({ limitStock: true, count });
const unlimited = (count = 0) => ({ limitStock: false, count });

describe('§5 out of stock', () => {
  it('is out of stock when the stock is limited and the count is 0 or less', () => {
    expect(isOutOfStock(limited(0))).toBe(true);
    expect(isOutOfStock(limited(-1))).toBe(true);
    expect(isOutOfStock(limited(1))).toBe(false);
  });

  it('is never out of stock without a stock limit', () => {
    expect(isOutOfStock(unlimited(0))).toBe(false);
    expect(isOutOfStock(unlimited(-5))).toBe(false);
  });
});

describe('§5 remaining stock', () => {
  it('is the stock count less what is in the cart', () => {
    expect(remainingStock(limited(5), 0)).toBe(5);
    expect(remainingStock(limited(5), 2)).toBe(3);
    expect(remainingStock(limited(5), 5)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(remainingStock(limited(5), 7)).toBe(0);
    expect(remainingStock(limited(-2), 0)).toBe(0);
  });

  it('is unlimited without a stock limit', () => {
    expect(remainingStock(unlimited(0), 100)).toBe(Infinity);
  });
});

describe('§5 adding within stock', () => {
  it('can add while the cart holds less than the stock count', () => {
    expect(canAdd(limited(3), 0)).toBe(true);
    expect(canAdd(limited(3), 2)).toBe(true);
  });

  it('cannot add when the cart holds exactly the stock count or more', () => {
    expect(canAdd(limited(3), 3)).toBe(false);
    expect(canAdd(limited(3), 4)).toBe(false);
  });

  it('cannot add an out-of-stock product', () => {
    expect(canAdd(limited(0), 0)).toBe(false);
  });

  it('can always add without a stock limit', () => {
    expect(canAdd(unlimited(0), 0)).toBe(true);
    expect(canAdd(unlimited(2), 1000)).toBe(true);
  });
});

describe('§5 quantity maximums', () => {
  it('cart item maximum is its count plus the remaining stock', () => {
    // Stock 5; this item has 2, another item of the same product 1: the cart holds 3, so 2 more fit.
    expect(cartItemMax(limited(5), 2, 3)).toBe(4);
    // Exactly at stock: the item can stay at its count but not grow.
    expect(cartItemMax(limited(5), 2, 5)).toBe(2);
    expect(cartItemMax(unlimited(), 2, 5)).toBe(Infinity);
  });

  it('§5 tab item maximum is its tab count, less what another guest is paying for (§3 held while paid)', () => {
    expect(tabItemMax({ count: 4, beingPaid: 0 })).toBe(4);
    expect(tabItemMax({ count: 0, beingPaid: 0 })).toBe(0);
    expect(tabItemMax({ count: 4, beingPaid: 1 })).toBe(3);
    expect(tabItemMax({ count: 1, beingPaid: 1 })).toBe(0);
    expect(tabItemMax({ count: 1, beingPaid: 2 })).toBe(0);
  });
});
