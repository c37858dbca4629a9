import * as v from 'valibot';
import { wireCartItemSchema } from '../../contract/schemas';
import type { CartItem } from '../../domain/types';
import { toCartItem } from '../../shared/api/wireMappers';
import type { KeyValueStorage } from '../paymentState';

/**
 * Cart edits the server has not confirmed yet, kept in the tab's storage so a reload while saves fail does
 * not lose them. Removed as soon as the server holds the cart; anything malformed there is ignored.
 */
const key = (shopId: string) => `cart.unsaved.${shopId}`;
const storedCartSchema = v.array(wireCartItemSchema);

export function keepUnsavedCart(storage: KeyValueStorage, shopId: string, items: CartItem[]): void {
  try {
    storage.setItem(key(shopId), JSON.stringify(items));
  } catch {
    // Storage off or full (private mode): the edits live as long as the page.
  }
}

export function forgetUnsavedCart(storage: KeyValueStorage, shopId: string): void {
  try {
    storage.removeItem(key(shopId));
  } catch {
    // Nothing was kept.
  }
}

export function unsavedCart(storage: KeyValueStorage, shopId: string): CartItem[] | null {
  try {
    const parsed = v.safeParse(storedCartSchema, JSON.parse(storage.getItem(key(shopId)) ?? 'null'));
    if (!parsed.success) return null;
    return parsed.output.map(toCartItem);
  } catch {
    return null;
  }
}
