/**
 * The link of `/download?url=` (SPEC §2): the page wears the shop's branding and says "Download receipt",
 * so it must only ever point at the provider's receipt files, not at whatever a hand-edited link names
 * (issue 12).
 */

// eslint-disable-next-line no-control-regex -- control characters are what the URL parser would strip
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** What `/download?url=` may show: a receipt link, a malformed link, or a well-formed link elsewhere. */
export type ReceiptLink = { kind: 'receipt'; href: string } | { kind: 'invalid' } | { kind: 'notReceipt' };

/**
 * The URL of `/download?url=`, or null when it is not an absolute http(s) URL. The value comes from a
 * hand-editable link, so `javascript:`, `data:`, `vbscript:`, relative and protocol-relative addresses,
 * malformed URLs, URLs with control characters or with credentials (`https://bank.example@evil.example`)
 * are all refused.
 *
 * @param raw - the `url` query parameter
 * @returns the URL as the browser will resolve it, or null
 */
export function receiptFileUrl(raw: string | null): string | null {
  if (raw === null || raw === '' || CONTROL_CHARACTERS.test(raw) || raw.trim() !== raw) return null;
  // 'http:host' without '//' is parsed relative to the page by some readers of the link: demand '//'.
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/**
 * The origin one entry of the receipt-host list allows, or null for an entry that is not understood (it
 * then allows nothing, rather than more than was meant):
 * - `self`: the page's own origin (the demo API serves receipts beside the SPA);
 * - a bare host name, `receipts.example.com`: that host over https on the default port only;
 * - an origin, `http://127.0.0.1:8080`: exactly that scheme, host and port (the way to allow http or
 *   another port). A path, query, or user name in an entry makes it not understood: it would promise a
 *   narrower rule than the origin check keeps.
 *
 * @param entry - one entry of `RECEIPT_HOSTS`
 * @param pageOrigin - the origin the page is served from
 */
function allowedOrigin(entry: string, pageOrigin: string): string | null {
  const value = entry.trim();
  if (value === '') return null; // 'a,,b' must not mean "and the page's own origin"
  if (value.toLowerCase() === 'self') return pageOrigin;
  const explicit = value.includes('://');
  let parsed: URL;
  try {
    parsed = new URL(explicit ? value : `https://${value}`);
  } catch {
    return null;
  }
  // Nothing but scheme, host and (for an origin) port: the URL parser's own form of it, plus '/'. (Another
  // scheme allows nothing: links are http(s) only, and ftp: or file: have no such origin.)
  const expected = explicit ? `${parsed.origin}/` : `https://${parsed.hostname}/`;
  return parsed.href === expected ? parsed.origin : null;
}

/**
 * Whether `href` is on one of the receipt hosts. Origins are compared whole, after the URL parser has
 * normalised both sides (case, IDN, default port), so a look-alike such as
 * `receipts.example.com.evil.example` or `evil-receipts.example.com` is no match.
 *
 * @param href - an absolute http(s) URL (see {@link receiptFileUrl})
 * @param receiptHosts - the build's list (`config.receiptHosts`)
 * @param pageOrigin - the origin the page is served from
 */
export function isReceiptHost(href: string, receiptHosts: readonly string[], pageOrigin: string): boolean {
  const { origin } = new URL(href);
  return receiptHosts.some((entry) => allowedOrigin(entry, pageOrigin) === origin);
}

/**
 * What `/download?url=` shows for its `url` parameter.
 *
 * @param raw - the `url` query parameter
 * @param receiptHosts - the build's list of receipt hosts (`config.receiptHosts`)
 * @param pageOrigin - the origin the page is served from (`self` in the list)
 * @returns the receipt link, or why there is none
 */
export function receiptLink(
  raw: string | null,
  receiptHosts: readonly string[],
  pageOrigin: string,
): ReceiptLink {
  const href = receiptFileUrl(raw);
  if (href === null) return { kind: 'invalid' };
  return isReceiptHost(href, receiptHosts, pageOrigin) ? { kind: 'receipt', href } : { kind: 'notReceipt' };
}
