/**
 * The store page as the host rendered it (src/ssr): what the server saw, carried to the client in a JSON
 * data block (`<script id="rendered-page" type="application/json">`, never executed, so the CSP needs no
 * hash for it). The client hydrates the server's markup only when its own first render is the same: the
 * same shop, the same language, no kiosk (see {@link hydratablePage}).
 */
import type { ShopData } from '../domain/types';
import { firstDrawnProductIds } from '../features/shop/storeWindow';
import { isLanguage, RENDERED_PAGE_ID, type Language } from '../shared/i18n/languages';

export { RENDERED_PAGE_ID };

/** What the server rendered the page from. */
export interface RenderedPage {
  /** The shop of the address (its path segment, decoded). */
  shopId: string;
  /** The language the page is written in. */
  language: Language;
  /** The public shop as the app's API edge mapped it, or null: the API said the shop does not exist. */
  shop: ShopData | null;
  /**
   * True when `shop` holds only the products the page draws first (a big shop: firstDrawnProductIds): the
   * client hydrates with them and reads the whole shop from the API after (issue 37).
   */
  partial?: true;
}

/**
 * The page as the host sends it: a big shop's only with the products its first render draws (the rest would
 * be ~90 % of the page, issue 37), marked `partial`; any other page as it is.
 */
export function firstScreenOf(page: RenderedPage): RenderedPage {
  const drawn = page.shop && firstDrawnProductIds(page.shop.categories.map((c) => c.productIds));
  if (!page.shop || !drawn) return page;
  const ids = new Set(drawn);
  const products = page.shop.products.filter((product) => ids.has(product.id));
  return { ...page, shop: { ...page.shop, products }, partial: true };
}

/**
 * JSON that is text inside a `<script>` element in any browser: `<` is escaped (no `</script>` or `<!--`
 * can end or change the element), and so are U+2028/U+2029 (line terminators to older script parsers).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shop segment of a store page's path ('/cafe', '/cafe/'), decoded; null for any other path. */
export function storePageShopId(pathname: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    const shopId = decodeURIComponent(match[1]);
    return shopId === '.' || shopId === '..' ? null : shopId;
  } catch {
    return null;
  }
}

/** The data block of this document, or null when there is none or it is not what the server writes. */
export function readRenderedPage(document: Document): RenderedPage | null {
  const text = document.getElementById(RENDERED_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as Partial<RenderedPage> | null;
    if (!page || typeof page.shopId !== 'string' || !isLanguage(page.language)) return null;
    if (page.shop !== null && (typeof page.shop !== 'object' || !page.shop?.shop)) return null;
    const { shopId, language, shop } = page;
    return page.partial === true && shop
      ? { shopId, language, shop, partial: true }
      : { shopId, language, shop };
  } catch {
    return null;
  }
}

/**
 * The rendered page when the client's first render will be the same markup, so it may hydrate it: the
 * address is that page's, the language is the one it was written in, and this browser is no kiosk (the
 * server cannot see a kiosk remembered in local storage). Otherwise null: the client renders anew.
 */
export function hydratablePage(
  page: RenderedPage | null,
  here: { pathname: string; language: Language; kiosk: boolean },
): RenderedPage | null {
  if (!page || here.kiosk || page.language !== here.language) return null;
  return storePageShopId(here.pathname) === page.shopId ? page : null;
}
