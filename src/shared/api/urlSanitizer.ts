/**
 * Hygiene for values from the server that end up in attributes (img src, href, CSS): only safe URLs and
 * plain hex colours get into the store.
 */

const PROBE_ORIGIN = 'https://same-origin.invalid';
// Control characters and whitespace the URL parser would silently strip (e.g. "/\t/evil.example" → "//…").
// eslint-disable-next-line no-control-regex
const CONTROL_OR_EDGE_SPACE = /[\u0000-\u001f\u007f]|^\s|\s$/;
const ABSOLUTE_HTTP = /^https?:\/\//i;
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Tag colour used when the server's colour is not '#rgb' or '#rrggbb'. */
const FALLBACK_TAG_COLOUR = '#888888';

/**
 * True for an absolute http:/https: URL or a same-origin path starting with a single '/'. Rejects
 * `javascript:`, `data:`, `vbscript:`, protocol-relative `//host` and `/\host`, relative paths and anything
 * with control characters.
 */
export function isSafeUrl(raw: string): boolean {
  if (raw === '' || CONTROL_OR_EDGE_SPACE.test(raw)) return false;
  if (raw.startsWith('/')) {
    // Resolving against a probe origin catches every way a path can escape to another host.
    const resolved = tryParseUrl(raw, PROBE_ORIGIN);
    return resolved !== null && resolved.origin === PROBE_ORIGIN;
  }
  // Scheme-relative forms such as 'http:img.png' resolve against the page URL: demand 'scheme://'.
  if (!ABSOLUTE_HTTP.test(raw)) return false;
  const url = tryParseUrl(raw);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '';
}

/** Returns `raw` when {@link isSafeUrl} accepts it, otherwise null. */
export function safeUrl(raw: string | null | undefined): string | null {
  return typeof raw === 'string' && isSafeUrl(raw) ? raw : null;
}

/** Returns `raw` when it is '#rgb' or '#rrggbb', otherwise {@link FALLBACK_TAG_COLOUR}. */
export function safeHexColour(raw: string): string {
  return HEX_COLOUR.test(raw) ? raw : FALLBACK_TAG_COLOUR;
}

function tryParseUrl(raw: string, base?: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}
