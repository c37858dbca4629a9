/**
 * Removes customer contact details from an error report before it leaves the browser (SPEC §8: no
 * customer contact details in reports). Pure: no Sentry code is imported, only its types, so the shop's
 * initial bundle does not grow and the rules are unit-tested on plain objects.
 */
import type { Breadcrumb, ErrorEvent } from '@sentry/browser';

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

/**
 * Replaces e-mail addresses and phone numbers in free text, and drops the query string of any absolute
 * URL in it (query strings carry e-mail addresses, reset codes and OAuth codes).
 *
 * @param text - any text of a report (a message, an exception value, a breadcrumb)
 * @returns the text without contact details
 */
export function scrubText(text: string): string {
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
 * @returns the URL up to, not including, the first '?' or '#', then scrubbed as text
 */
export function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}

/**
 * Walks any JSON-like value: contact fields are replaced whatever their value, strings are scrubbed,
 * arrays and plain objects are copied with their members scrubbed.
 *
 * @param value - extra data, a context, breadcrumb data …
 * @returns a scrubbed copy
 */
export function scrubData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubData(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (CONTACT_FIELDS.has(key.toLowerCase())) {
      copy[key] = member === null || member === undefined || member === '' ? member : FILTERED;
    } else if (/^(url|from|to|referer)$/i.test(key) && typeof member === 'string') {
      copy[key] = stripQuery(member);
    } else {
      copy[key] = scrubData(member, depth + 1);
    }
  }
  return copy;
}

function scrubRecord<T extends object>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : (scrubData(value) as T);
}

function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  return {
    ...crumb,
    message: crumb.message === undefined ? undefined : scrubText(crumb.message),
    data: scrubRecord(crumb.data),
  };
}

/**
 * Sentry's `beforeSend`: returns a copy of the event without customer contact details. It removes the
 * request's query string, cookies and body, keeps only the user's id, replaces the customer-info fields
 * (name, email, phone, address, postalCode, city, extraInfo) in extra data, contexts, tags and breadcrumbs,
 * and replaces e-mail addresses and phone numbers in every message.
 *
 * @param event - the error event as Sentry built it
 * @returns the event to send
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed: ErrorEvent = { ...event };
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.logentry) {
    scrubbed.logentry = {
      ...event.logentry,
      message: event.logentry.message === undefined ? undefined : scrubText(event.logentry.message),
      params: event.logentry.params?.map((param) => scrubData(param)),
    };
  }
  if (event.transaction !== undefined) scrubbed.transaction = stripQuery(event.transaction);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((exception) => ({
        ...exception,
        value: exception.value === undefined ? undefined : scrubText(exception.value),
      })),
    };
  }
  if (event.request) {
    const { url, headers } = event.request;
    scrubbed.request = {
      url: url === undefined ? undefined : stripQuery(url),
      headers: headers === undefined ? undefined : (scrubData(headers) as Record<string, string>),
    };
  }
  if (event.user) scrubbed.user = event.user.id === undefined ? undefined : { id: event.user.id };
  scrubbed.extra = scrubRecord(event.extra);
  scrubbed.contexts = scrubRecord(event.contexts);
  scrubbed.tags = scrubRecord(event.tags);
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return scrubbed;
}
