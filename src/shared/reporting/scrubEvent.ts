/**
 * Removes customer contact details from an error report before it leaves the browser (SPEC §8: no
 * customer contact details in reports). Pure: no Sentry code is imported, only its types, so the shop's
 * initial bundle does not grow and the rules are unit-tested on plain objects.
 */
import type { Breadcrumb, Event } from '@sentry/browser';
import type { CustomerField } from '../../domain/types';

/** What a removed value is replaced with (Sentry's own marker, so reports read the same everywhere). */
export const FILTERED = '[Filtered]';

/** Customer-info fields of SPEC §3, compared case-insensitively, wherever they appear. */
const CONTACT_FIELDS = new Set(['name', 'email', 'phone', 'address', 'postalcode', 'city', 'extrainfo']);

// '@' or its URL encoding, with a dotted domain after it: 'anna@example.com', 'anna%40example.se'.
// A version like 'pkg@1.2.3' has no letters after the last dot and is kept.
const EMAIL = /[^\s@<>()[\]"',;:/?&=]+(?:@|%40)[^\s@<>()[\]"',;:/?&=]+\.[a-z]{2,}/gi;
// 7 to 15 digits (E.164 allows 15), optionally after '+' or '(', with at most two spaces, dashes or
// parentheses between them: '+46 70-123 45 67', '0701234567', '(08) 123 456 78'. The leading group
// stands in for a lookbehind, which older Safari cannot parse.
const PHONE = /(^|[^\w.])(\(?\+?\d(?:[ \u00a0\-()]{0,2}\d){6,14})(?!\w)/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The query string and fragment of an absolute URL inside free text.
const URL_QUERY = /\b(https?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;

/** Limit for nested data; deeper values are dropped rather than walked (Sentry normalises to 3 levels). */
const MAX_DEPTH = 12;

/** What the customer has typed into the details form (SPEC §3), by field; empty fields may be left out. */
export type TypedCustomerInfo = Readonly<Partial<Record<CustomerField, string>>>;

/**
 * Shortest typed value, or word of the name, that is removed from text. Two letters ('Bo', 'Li', 'An')
 * are also ordinary words and would blank out debugging text while saying little about who the customer
 * is; from three letters on ('Ada', 'Eva', 'Lind') a value is removed, even when that costs a word of a
 * message now and then ('per', 'max').
 */
export const MIN_TYPED_LENGTH = 3;

// A letter or digit in any script, and any other character: a typed value is only removed where it stands
// as whole words, so 'Ada' does not cut 'Adapter' and 'Eva' does not cut 'evaluate'.
const WORD_CHARACTER = String.raw`[\p{L}\p{N}]`;
const OTHER_CHARACTER = String.raw`[^\p{L}\p{N}]`;
// The characters that must be escaped in a 'u' regular expression (escaping any other one is an error there).
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * The texts of a report that echo what the customer typed: each field's value trimmed, with its runs of
 * white space standing for any white space; the name also word by word (a server may echo 'Lovelace' or
 * 'Ada' alone, or 'Lovelace, Ada'). Shorter than {@link MIN_TYPED_LENGTH}: kept. Longest first, so
 * 'Ada Lovelace' becomes one marker rather than two.
 *
 * @param typed - the customer's details as typed
 * @returns a pattern matching any of them as whole words, case-insensitively, or null when there is none
 */
export function typedValuesPattern(typed: TypedCustomerInfo): RegExp | null {
  const terms = new Set<string>();
  for (const [field, value] of Object.entries(typed)) {
    if (typeof value !== 'string') continue;
    // As the text will read when it is matched: its e-mail addresses and phone numbers already replaced
    // ('Ring 0701234567 at the gate' is then found in 'Ring [Filtered] at the gate').
    const whole = scrubPatterns(value.trim().replace(/\s+/g, ' '));
    terms.add(whole);
    // Words of the name split at anything but letters, digits and apostrophes ('Anna-Karin', "O'Brien").
    if (field === 'name') for (const word of whole.split(/[^\p{L}\p{N}'’]+/u)) terms.add(word);
  }
  const kept = [...terms].filter((term) => [...term].length >= MIN_TYPED_LENGTH && term !== FILTERED);
  if (kept.length === 0) return null;
  const alternatives = kept
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(REGEXP_SYNTAX, '\\$&').replace(/ /g, String.raw`\s+`));
  // The leading group stands in for a lookbehind, which older Safari cannot run (see PHONE).
  return new RegExp(`(^|${OTHER_CHARACTER})(?:${alternatives.join('|')})(?!${WORD_CHARACTER})`, 'giu');
}

/**
 * Replaces e-mail addresses and phone numbers in free text, drops the query string of any absolute URL in
 * it (query strings carry e-mail addresses, reset codes and OAuth codes) and, given the pattern of what the
 * customer typed, removes those values too (a server's error text may echo the name or the address).
 *
 * @param text - any text of a report (a message, an exception value, a breadcrumb)
 * @param typed - {@link typedValuesPattern} of the customer's details, or null
 * @returns the text without contact details
 */
export function scrubText(text: string, typed: RegExp | null = null): string {
  // Patterns first: a name removed from 'ada.lovelace@example.com' would leave the address unrecognisable.
  const scrubbed = scrubPatterns(text);
  return typed === null
    ? scrubbed
    : scrubbed.replace(typed, (_match, before: string) => `${before}${FILTERED}`);
}

/** The query strings of URLs, e-mail addresses and phone numbers of a text replaced (see scrubText). */
function scrubPatterns(text: string): string {
  return text
    .replace(URL_QUERY, '$1')
    .replace(EMAIL, FILTERED)
    .replace(PHONE, (match: string, before: string, number: string) =>
      ISO_DATE.test(number) ? match : `${before}${FILTERED}`,
    );
}

/**
 * A URL or path without its query string and fragment, which is where this app's URLs carry personal
 * data (`?email=`, `?oobCode=`, `?code=&state=`).
 *
 * @param url - an absolute URL or a path
 * @param typed - {@link typedValuesPattern} of the customer's details, or null
 * @returns the URL up to, not including, the first '?' or '#', then scrubbed as text
 */
export function stripQuery(url: string, typed: RegExp | null = null): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut), typed);
}

/**
 * Walks any JSON-like value: contact fields are replaced whatever their value, strings are scrubbed,
 * arrays and plain objects are copied with their members scrubbed.
 *
 * @param value - extra data, a context, breadcrumb data …
 * @param typed - {@link typedValuesPattern} of the customer's details, or null
 * @returns a scrubbed copy
 */
export function scrubData(value: unknown, typed: RegExp | null = null, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, typed);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubData(item, typed, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (CONTACT_FIELDS.has(key.toLowerCase())) {
      copy[key] = member === null || member === undefined || member === '' ? member : FILTERED;
    } else if (/^(url|from|to|referer)$/i.test(key) && typeof member === 'string') {
      copy[key] = stripQuery(member, typed);
    } else {
      copy[key] = scrubData(member, typed, depth + 1);
    }
  }
  return copy;
}

/**
 * Sentry's `beforeSend` (given the customer's details by the caller), and the field events' scrubber: returns
 * a copy of the event without customer contact details. It removes the request's query string, cookies and body, keeps only the
 * user's id, replaces the customer-info fields (name, email, phone, address, postalCode, city, extraInfo)
 * in extra data, contexts, tags and breadcrumbs, and in every text (messages, exception values,
 * breadcrumbs, extra data, contexts, tags, the request's URL and headers) replaces e-mail addresses, phone
 * numbers and whatever the customer typed into those fields (see {@link typedValuesPattern}).
 *
 * @param event - the error event as Sentry built it
 * @param typedCustomer - what the customer has typed into the details form, as it is now
 * @returns the event to send
 */
export function scrubEvent<T extends Event>(event: T, typedCustomer: TypedCustomerInfo = {}): T {
  const typed = typedValuesPattern(typedCustomer);
  const text = (value: string | undefined) => (value === undefined ? undefined : scrubText(value, typed));
  const record = <T extends object>(value: T | undefined) =>
    value === undefined ? undefined : (scrubData(value, typed) as T);

  const scrubbed: T = { ...event };
  if (event.message !== undefined) scrubbed.message = text(event.message);
  if (event.logentry) {
    scrubbed.logentry = {
      ...event.logentry,
      message: text(event.logentry.message),
      params: event.logentry.params?.map((param) => scrubData(param, typed)),
    };
  }
  if (event.transaction !== undefined) scrubbed.transaction = stripQuery(event.transaction, typed);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((exception) => ({ ...exception, value: text(exception.value) })),
    };
  }
  if (event.request) {
    // Only the URL and headers are kept: the body (`data`), query string and cookies never leave.
    const { url, headers } = event.request;
    scrubbed.request = {
      url: url === undefined ? undefined : stripQuery(url, typed),
      headers: record(headers),
    };
  }
  if (event.user) scrubbed.user = event.user.id === undefined ? undefined : { id: event.user.id };
  scrubbed.extra = record(event.extra);
  scrubbed.contexts = record(event.contexts);
  scrubbed.tags = record(event.tags);
  if (event.breadcrumbs) {
    scrubbed.breadcrumbs = event.breadcrumbs.map((crumb): Breadcrumb => ({
      ...crumb,
      message: text(crumb.message),
      data: record(crumb.data),
    }));
  }
  return scrubbed;
}
