import type { CustomerField } from '../../domain/types';
import { DRAFT_KEY, type KeyValueStorage } from '../paymentState';

/**
 * Issue 39: what a customer has typed in 'your info' survives a reload, a language change and a trip to
 * another page of the shop, in this tab only (sessionStorage: the storage the app hands the sagas), bound to
 * the shop. It is forgotten when the payment completes, when the customer clears the fields, and at a kiosk's
 * reset; it is never written anywhere else (no local storage, no cookie; the server sees it only in a
 * payment's start, as before).
 */
const KEY = DRAFT_KEY;
const FIELDS: CustomerField[] = ['name', 'email', 'phone', 'extraInfo', 'postalCode', 'address', 'city'];
/** No field holds more (the form's longest maxLength). */
const MAX_LENGTH = 500;

/** Keeps what is typed now; nothing typed keeps nothing. Storage off or full: it is typed again after a reload. */
export function saveDraft(
  storage: KeyValueStorage,
  shopId: string,
  customer: Record<CustomerField, string>,
): void {
  try {
    if (FIELDS.every((field) => customer[field] === '')) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify({ shopId, customer }));
  } catch {
    // Storage off or full (private mode): nothing kept.
  }
}

/** What was typed in this tab for this shop (non-empty strings only, unknown keys dropped), or null. */
export function loadDraft(
  storage: KeyValueStorage,
  shopId: string,
): Partial<Record<CustomerField, string>> | null {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as {
      shopId?: unknown;
      customer?: Record<string, unknown> | null;
    } | null;
    if (!stored || stored.shopId !== shopId) return null;
    if (typeof stored.customer !== 'object' || stored.customer === null) return null;
    const customer: Partial<Record<CustomerField, string>> = {};
    for (const field of FIELDS) {
      const value = stored.customer[field];
      if (typeof value === 'string' && value !== '') customer[field] = value.slice(0, MAX_LENGTH);
    }
    return Object.keys(customer).length > 0 ? customer : null;
  } catch {
    return null;
  }
}
