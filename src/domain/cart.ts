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

/** One line of what a payment pays for, as both the shop page and the server see it. */
export interface PaidLine {
  productId: string;
  count: number;
  deviations: readonly string[];
  description?: string | null;
}

/** FNV-1a (32-bit) of a string, as 8 hex digits: a short, stable digest; not a security measure. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * What the customer is about to pay for, as one string: currency, total in minor units and a digest of
 * the lines (product, count, extras in any order, note) and chosen tab items. The page sends the
 * fingerprint of the cart it shows with startPayment; the server computes it from the cart it holds and
 * refuses a start whose fingerprints differ (409 CART_CHANGED), so nobody is charged for a cart another tab
 * changed. Line order and line ids do not count; two lines that §5 would merge are kept apart (neither side
 * stores unmerged lines).
 */
export function cartFingerprint(input: {
  lines: readonly PaidLine[];
  tabItems: readonly { id: string; count: number }[];
  total: { amount: number; currency: string };
}): string {
  const lines = input.lines
    .map((line) => [line.productId, line.count, [...line.deviations].sort(), note(line.description)] as const)
    .map((line) => JSON.stringify(line))
    .sort();
  const tab = input.tabItems
    .filter((item) => item.count > 0)
    .map((item) => JSON.stringify([item.id, item.count]))
    .sort();
  const digest = fnv1a(JSON.stringify([lines, tab]));
  return `${input.total.currency}:${input.total.amount}:${digest}`;
}
