import { addItem, itemsMatch, newCartItemId, replaceItem, setItemCount } from '../../src/domain/cart';
import type { CartItemKey } from '../../src/domain/cart';
import type { CartItem } from '../../src/domain/types';

function item(overrides: Partial<CartItem> = {}): CartItem {
  return { id: 'a', productId: 'coffee', count: 1, deviations: [], description: '', ...overrides };
}

/** A key as it may arrive from outside the typed store, with the note missing. */
function keyWithNote(description: string | null | undefined): CartItemKey {
  return { productId: 'coffee', deviations: [], description } as CartItemKey;
}

describe('§5 cart matching', () => {
  it('matches items with the same product, extras and note', () => {
    expect(
      itemsMatch(
        item({ deviations: ['oat'], description: 'hot' }),
        item({ id: 'b', deviations: ['oat'], description: 'hot' }),
      ),
    ).toBe(true);
  });

  it('does not match a different product', () => {
    expect(itemsMatch(item(), item({ productId: 'tea' }))).toBe(false);
  });

  it('ignores the order of the extras', () => {
    expect(itemsMatch(item({ deviations: ['oat', 'syrup'] }), item({ deviations: ['syrup', 'oat'] }))).toBe(
      true,
    );
  });

  it('does not match when the extras differ, including one set being a subset of the other', () => {
    expect(itemsMatch(item({ deviations: ['oat'] }), item({ deviations: ['syrup'] }))).toBe(false);
    expect(itemsMatch(item({ deviations: ['oat'] }), item({ deviations: ['oat', 'syrup'] }))).toBe(false);
    expect(itemsMatch(item({ deviations: [] }), item({ deviations: ['oat'] }))).toBe(false);
    expect(itemsMatch(item({ deviations: ['oat', 'syrup'] }), item({ deviations: ['oat', 'oat'] }))).toBe(
      false,
    );
  });

  it('treats a missing note (null or undefined) as the empty note', () => {
    expect(itemsMatch(keyWithNote(undefined), keyWithNote(''))).toBe(true);
    expect(itemsMatch(keyWithNote(null), keyWithNote(''))).toBe(true);
    expect(itemsMatch(keyWithNote(null), keyWithNote(undefined))).toBe(true);
  });

  it('compares notes exactly: case and surrounding spaces count', () => {
    expect(itemsMatch(item({ description: 'no nuts' }), item({ description: 'No nuts' }))).toBe(false);
    expect(itemsMatch(item({ description: 'no nuts' }), item({ description: 'no nuts ' }))).toBe(false);
    expect(itemsMatch(item({ description: '' }), item({ description: ' ' }))).toBe(false);
  });
});

describe('§5 adding to the cart', () => {
  it('merges items with the same product, extras and note by adding counts and keeps the existing id', () => {
    const cart = [item({ id: 'a', count: 2, deviations: ['oat', 'syrup'] })];
    const result = addItem(cart, item({ id: 'new', count: 3, deviations: ['syrup', 'oat'] }));
    expect(result).toEqual([item({ id: 'a', count: 5, deviations: ['oat', 'syrup'] })]);
  });

  it('appends an item that matches nothing', () => {
    const cart = [item({ id: 'a' })];
    const result = addItem(cart, item({ id: 'b', description: 'extra hot' }));
    expect(result.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('merges an incoming item with a missing note into the item with the empty note', () => {
    const incoming = { ...item({ id: 'b' }), description: undefined } as unknown as CartItem;
    const result = addItem([item({ id: 'a', count: 1 })], incoming);
    expect(result).toEqual([item({ id: 'a', count: 2 })]);
  });

  it('stores a missing note of an appended item as the empty note', () => {
    const incoming = { ...item({ id: 'b' }), description: null } as unknown as CartItem;
    expect(addItem([], incoming)[0]?.description).toBe('');
  });

  it('removes the item when the merged count drops to 0 or less', () => {
    const cart = [item({ id: 'a', count: 2 }), item({ id: 'b', productId: 'tea' })];
    expect(addItem(cart, item({ id: 'x', count: -2 })).map((i) => i.id)).toEqual(['b']);
    expect(addItem(cart, item({ id: 'x', count: -3 })).map((i) => i.id)).toEqual(['b']);
    expect(addItem(cart, item({ id: 'x', count: -1 }))).toEqual([item({ id: 'a', count: 1 }), cart[1]]);
  });

  it('does not append an unmatched item with a count of 0 or less', () => {
    expect(addItem([], item({ count: 0 }))).toEqual([]);
    expect(addItem([], item({ count: -1 }))).toEqual([]);
  });

  it('returns a new array and leaves the input untouched', () => {
    const cart = [item({ id: 'a', count: 1 })];
    const result = addItem(cart, item({ id: 'b', count: 1 }));
    expect(result).not.toBe(cart);
    expect(cart).toEqual([item({ id: 'a', count: 1 })]);
  });
});

describe('§5 changing a cart quantity', () => {
  const cart = [item({ id: 'a', count: 2 }), item({ id: 'b', productId: 'tea', count: 1 })];

  it('sets the count of the item with that id only', () => {
    expect(setItemCount(cart, 'a', 7)).toEqual([item({ id: 'a', count: 7 }), cart[1]]);
  });

  it('removes the item at 0 and below, and keeps it at 1', () => {
    expect(setItemCount(cart, 'a', 0).map((i) => i.id)).toEqual(['b']);
    expect(setItemCount(cart, 'a', -1).map((i) => i.id)).toEqual(['b']);
    expect(setItemCount(cart, 'a', 1).map((i) => i.count)).toEqual([1, 1]);
  });

  it('changes nothing for an unknown id', () => {
    expect(setItemCount(cart, 'zzz', 5)).toEqual(cart);
  });

  it('does not mutate the input', () => {
    setItemCount(cart, 'a', 9);
    expect(cart[0]?.count).toBe(2);
  });
});

describe('§5 updating an item from the popup', () => {
  it("replaces the item's extras, note and count and keeps its id and place", () => {
    const cart = [item({ id: 'a' }), item({ id: 'b', productId: 'tea' })];
    const result = replaceItem(cart, 'a', {
      productId: 'coffee',
      count: 3,
      deviations: ['oat'],
      description: 'hot',
    });
    expect(result).toEqual([item({ id: 'a', count: 3, deviations: ['oat'], description: 'hot' }), cart[1]]);
  });

  it('merges into another item it now matches, adding the counts', () => {
    const cart = [
      item({ id: 'a', count: 2, deviations: ['oat'] }),
      item({ id: 'b', productId: 'tea' }),
      item({ id: 'c', count: 4, deviations: ['syrup', 'oat'] }),
    ];
    const result = replaceItem(cart, 'a', {
      productId: 'coffee',
      count: 1,
      deviations: ['oat', 'syrup'],
      description: '',
    });
    expect(result).toEqual([cart[1], item({ id: 'c', count: 5, deviations: ['syrup', 'oat'] })]);
  });

  it('does not merge with itself when nothing changes', () => {
    const cart = [item({ id: 'a', count: 2 })];
    expect(
      replaceItem(cart, 'a', { productId: 'coffee', count: 2, deviations: [], description: '' }),
    ).toEqual(cart);
  });

  it('removes the item at count 0 and leaves a matching item alone', () => {
    const cart = [item({ id: 'a', count: 2, deviations: ['oat'] }), item({ id: 'c', count: 4 })];
    expect(
      replaceItem(cart, 'a', { productId: 'coffee', count: 0, deviations: [], description: '' }),
    ).toEqual([item({ id: 'c', count: 4 })]);
    expect(
      replaceItem(cart, 'a', { productId: 'coffee', count: -1, deviations: ['oat'], description: '' }),
    ).toEqual([item({ id: 'c', count: 4 })]);
  });

  it('changes nothing for an unknown id', () => {
    const cart = [item({ id: 'a' })];
    expect(replaceItem(cart, 'zzz', { productId: 'tea', count: 1, deviations: [], description: '' })).toEqual(
      cart,
    );
  });
});

describe('§3 cart item ids', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are random UUIDs, different each time', () => {
    const a = newCartItemId();
    const b = newCartItemId();
    expect(a).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });

  it('are still v4 UUIDs where crypto.randomUUID is missing (plain http)', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    const realGetRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    Object.defineProperty(globalThis, 'crypto', {
      configurable: true,
      value: { getRandomValues: realGetRandomValues },
    });
    try {
      const ids = [newCartItemId(), newCartItemId()];
      for (const id of ids) expect(id).toMatch(UUID_V4);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
  });
});
