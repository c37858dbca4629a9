/**
 * §5 text from the address: a page shows only the shop's own words. A value the address brings (a table,
 * a search, a company name) is stored, sent or shown only when it has the shape its field allows; anything
 * else is ignored, so a sticker or a link cannot put its own sentence ("Swisha till 070…") on a page. One
 * place for these shapes, used by the SPA, the page's early start and the demo API.
 */

/**
 * §5 the shape of an order reference (a table): 1–6 letters A–Z, a–z, Å Ä Ö å ä ö or digits; no spaces,
 * no punctuation (`07`, `A12`, `12B`). Its source is also handed to the early start (earlyStart/settings.ts).
 */
export const ORDER_REFERENCE_PATTERN = /^[0-9A-Za-zÅÄÖåäö]{1,6}$/;

/**
 * @param text - a table or order reference as given (the address, a typed field, a request body)
 * @returns the text, trimmed and as given otherwise (case kept), when it has an order reference's shape
 *   (§5); otherwise null
 */
export function orderReferenceOf(text: string | null | undefined): string | null {
  const value = text?.trim() ?? '';
  return ORDER_REFERENCE_PATTERN.test(value) ? value : null;
}

/** More digits than a search or a company's name has: a phone, account or Swish number has more. */
const MAX_DIGITS = 4;
const digitsIn = (text: string) => text.replace(/\P{N}/gu, '').length;

/** §5 a plain short search: at most 30 letters (of any alphabet, accents included), digits, spaces and hyphens. */
const PLAIN_SEARCH = /^[\p{L}\p{M}\p{N} -]{0,30}$/u;

/**
 * @param q - the address's `?q=`
 * @returns the search the address may put in the search field (§5): `q` when it is a plain short search
 *   with at most four digits, otherwise '' (the search opens empty). What the customer types in the field is
 *   theirs and not limited.
 */
export function addressSearchText(q: string): string {
  return PLAIN_SEARCH.test(q) && digitsIn(q) <= MAX_DIGITS ? q : '';
}

/** §5 a company name: at most 60 letters, digits, spaces and `& ' ’ , ( ) -`. */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N} &'’,()-]{1,60}$/u;

/**
 * @param text - the bookkeeping start page's `?companyName=`
 * @returns the name, trimmed, when it has a company name's shape (§5) and at most four digits; otherwise
 *   null (the page then names the bookkeeper only)
 */
export function companyNameOf(text: string | null): string | null {
  const value = text?.trim() ?? '';
  return COMPANY_NAME.test(value) && digitsIn(value) <= MAX_DIGITS ? value : null;
}
