/**
 * Identifier generators of the demo API. All use the CSPRNG: ids double as capabilities (a receipt id or a
 * client secret is all a visitor needs to see a receipt or confirm a card payment), so they must not be
 * guessable.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Crockford base32 without I, L, O, U: receipt numbers are read aloud and typed by hand. */
const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A session id for the `sid` cookie. */
export function newSessionId(): string {
  return randomUUID();
}

/** True when `value` has the shape of an id made by {@link newSessionId}. */
export function isSessionId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}

/** A Swish-style payment request id: 32 upper-case hex digits. */
export function newSwishPaymentId(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** A Viva-style order code: 16 digits, never starting with 0. */
export function newVivaOrderCode(): string {
  return String(randomInt(1, 10)) + randomString(15, '0123456789');
}

/** A Stripe-style payment intent id and its client secret (`pi_…`, `pi_…_secret_…`). */
export function newPaymentIntent(): { intentId: string; clientSecret: string } {
  const intentId = `pi_3${randomString(23, ALPHANUMERIC)}`;
  return { intentId, clientSecret: `${intentId}_secret_${randomString(24, ALPHANUMERIC)}` };
}

/** A receipt number: 10 characters of Crockford base32. */
export function newReceiptId(): string {
  return randomString(10, RECEIPT_ALPHABET);
}

/** A one-time OAuth authorization code. */
export function newAuthorizationCode(): string {
  return randomString(32, ALPHANUMERIC);
}

/** A random UUID for rows that need no special format (receipt ids, Viva transaction ids). */
export function newUuid(): string {
  return randomUUID();
}

/** Syntax of receipt ids accepted in URLs (the v1 download answers INVALID_RECEIPT_ID otherwise). */
export const RECEIPT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
