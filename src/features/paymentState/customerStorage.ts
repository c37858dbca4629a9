import type { CustomerField } from '../../domain/types';

/**
 * The details a payment was started with outlive a reload and the round trip to Viva's checkout (or the
 * Swish app): when the session reports that payment again, they come back, so its state is shown on return
 * and the customer does not cancel it by typing them again (§4). Kept per tab (sessionStorage), bound to the
 * shop and the payment id, and forgotten when the payment is cancelled or completed.
 */
const KEY = 'payment.customer';

/** The part of Web Storage used here (sessionStorage in the app, an in-memory double in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const FIELDS: CustomerField[] = ['name', 'email', 'phone', 'extraInfo', 'postalCode', 'address', 'city'];

/** Keeps the details of the payment just started (storage off or full: they are typed again). */
export function saveCustomer(
  storage: KeyValueStorage,
  shopId: string,
  paymentId: string,
  customer: Record<CustomerField, string>,
): void {
  try {
    storage.setItem(KEY, JSON.stringify({ shopId, paymentId, customer }));
  } catch {
    // Storage off or full (private mode): the details are simply typed again.
  }
}

/** The details stored for this shop's payment (strings only, unknown keys dropped), or null. */
export function loadCustomer(
  storage: KeyValueStorage,
  shopId: string,
  paymentId: string,
): Partial<Record<CustomerField, string>> | null {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as {
      shopId?: unknown;
      paymentId?: unknown;
      customer?: Record<string, unknown> | null;
    } | null;
    if (!stored || stored.shopId !== shopId || stored.paymentId !== paymentId) return null;
    if (typeof stored.customer !== 'object' || stored.customer === null) return null;
    const customer: Partial<Record<CustomerField, string>> = {};
    for (const field of FIELDS) {
      const value = stored.customer[field];
      if (typeof value === 'string' && value !== '') customer[field] = value.slice(0, 500);
    }
    return customer;
  } catch {
    return null;
  }
}

/** Where the tab keeps what the customer typed (issue 39, customerDraft.ts; the cart page's code writes it). */
export const DRAFT_KEY = 'customer.draft';

/**
 * Drops the kept details (the payment was cancelled or completed), or with `key` {@link DRAFT_KEY} what the
 * customer typed (issue 39: paid, or a kiosk's next customer).
 */
export function forgetCustomer(storage: KeyValueStorage, key = KEY): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing stored
  }
}
