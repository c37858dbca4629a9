/**
 * Cart rules of SPEC §5: items with the same product, the same set of extras and the same note are one
 * item (their counts add up), and a quantity of 0 or less removes the item. All functions return new arrays.
 */
import type { CartItem } from './types';

/** The fields that decide whether two cart items are the same item (§5). */
export type CartItemKey = Pick<CartItem, 'productId' | 'deviations' | 'description'>;

/** A note that may be missing; null, undefined and '' are all "no note". */
function note(description: string | null | undefined): string {
  return description ?? '';
}

function sameDeviationSet(a: readonly string[], b: readonly string[]): boolean {
  const setA = new Set(a);
  const setB = new Set(b);
  if (setA.size !== setB.size) return false;
  for (const id of setA) if (!setB.has(id)) return false;
  return true;
}

/**
 * True when two items are the same cart item (§5): same product, same set of extras in any order, and the
 * same note compared exactly, where a missing note equals ''.
 */
export function itemsMatch(a: CartItemKey, b: CartItemKey): boolean {
  return (
    a.productId === b.productId &&
    note(a.description) === note(b.description) &&
    sameDeviationSet(a.deviations, b.deviations)
  );
}

/** §5: a count of 0 or less (or not a number) removes the item. */
function keeps(count: number): boolean {
  return count > 0;
}

/**
 * Adds an item (§5): a matching item grows by `incoming.count` and keeps its id; otherwise the item is
 * appended. An item whose count ends at 0 or less is removed.
 */
export function addItem(items: CartItem[], incoming: CartItem): CartItem[] {
  const index = items.findIndex((item) => itemsMatch(item, incoming));
  if (index === -1) {
    return keeps(incoming.count)
      ? [...items, { ...incoming, description: note(incoming.description) }]
      : [...items];
  }
  return items.flatMap((item, i) => {
    if (i !== index) return [item];
    const count = item.count + incoming.count;
    return keeps(count) ? [{ ...item, count }] : [];
  });
}

/** Sets the count of the item with `id` (§5); 0 or less removes it. Unknown ids change nothing. */
export function setItemCount(items: CartItem[], id: string, count: number): CartItem[] {
  return items.flatMap((item) => {
    if (item.id !== id) return [item];
    return keeps(count) ? [{ ...item, count }] : [];
  });
}

/**
 * "Update from popup" (§4, §5): replaces the item's product, extras, note and count. If it now matches
 * another item, the two merge into that other item (counts added, its id and place kept); a count of 0 or
 * less removes it. Unknown ids change nothing.
 */
export function replaceItem(items: CartItem[], id: string, next: Omit<CartItem, 'id'>): CartItem[] {
  if (!items.some((item) => item.id === id)) return [...items];
  const others = items.filter((item) => item.id !== id);
  if (!keeps(next.count)) return others;
  const updated: CartItem = { ...next, description: note(next.description), id };
  if (others.some((item) => itemsMatch(item, updated))) return addItem(others, updated);
  return items.map((item) => (item.id === id ? updated : item));
}

/**
 * A random local cart item id (§3): `crypto.randomUUID()`, or a v4 UUID from `crypto.getRandomValues()`
 * where randomUUID is missing (browsers offer it only on https or localhost; a shop opened over plain http
 * on a LAN address would otherwise fail to add anything).
 */
export function newCartItemId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
