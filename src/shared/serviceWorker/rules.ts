/**
 * What the service worker does with a request and what it answers for the kiosk's manifest (issue 35), as
 * plain functions: the worker (src/serviceWorker/sw.ts) only wires them to Workbox, and Jest tests them here.
 *
 * Only a kiosk registers the worker (page.ts). Once it runs it sees every page of its origin in
 * that browser, so it decides per request:
 * - a kiosk's page (`?kiosk=1`): the precached index.html at once. The kiosk draws its own screens and never
 *   uses the host's render; the page is the build's own, updated with the worker between customers.
 * - any other page: the network, as without a worker (the host's rendered store, the plain page); the
 *   precached index.html only when the network fails, so nothing stale of a shop or a language is ever shown.
 * - the API, the demo's own pages and anything else: not touched (no API answer is ever cached).
 */
import { NOT_SHOP_SEGMENTS } from '../routes';

/** The page every navigation may fall back to: the build's plain index.html (no shop, no language in it). */
export const SHELL_URL = '/index.html';

/** The kiosk's manifest, answered by the worker from its query (see {@link kioskManifest}). */
export const KIOSK_MANIFEST_PATH = '/kiosk.webmanifest';

/** Addresses that are not the app's pages: the API, the demo's own pages and simulators, files. */
const NOT_A_PAGE = /^\/(api|demo|static|assets)(\/|$)|\.[a-z0-9]+$/i;

export type NavigationKind = 'kiosk' | 'page' | null;

/** How the worker answers a navigation to `url` on its own origin; null: it does not (the network does). */
export function navigationKind(url: URL): NavigationKind {
  if (NOT_A_PAGE.test(url.pathname)) return null;
  const kiosk = url.searchParams.get('kiosk');
  const first = url.pathname.split('/')[1] ?? '';
  const shopPage = first !== '' && !NOT_SHOP_SEGMENTS.includes(first);
  return shopPage && (kiosk === '1' || kiosk === 'true') ? 'kiosk' : 'page';
}

/** What a kiosk's page tells the worker, for its manifest: all of it public, none of it a customer's. */
export interface KioskManifestQuery {
  shopId: string;
  /** The shop's name. */
  name: string;
  /** The kiosk's own address (`/{shop}?kiosk=1…`), to open when the installed app starts. */
  start: string;
  themeColor: string;
  backgroundColor: string;
  /** The shop's logo (a same-origin path or an https URL), or none. */
  logo: string | null;
}

const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;

/** The manifest's query string for a kiosk (the page links `/kiosk.webmanifest?…`). */
export function kioskManifestHref(query: KioskManifestQuery): string {
  const params = new URLSearchParams({
    shop: query.shopId,
    name: query.name,
    start: query.start,
    theme: query.themeColor,
    background: query.backgroundColor,
  });
  if (query.logo) params.set('logo', query.logo);
  return `${KIOSK_MANIFEST_PATH}?${params.toString()}`;
}

/** Our own icons, in the sizes every platform asks for; maskable: the mark sits within the safe zone. */
export const OWN_ICONS = [
  { src: '/static/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
  { src: '/static/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
] as const;

/**
 * The Web App Manifest of a kiosk, from the query its page gave (on `origin`): opens the kiosk's own address
 * full screen, named after the shop, in its colours, with the shop's logo first where it has one, and our
 * icons of 192 and 512 px. Anything that does not fit is left out or replaced by ours: a start address
 * that is not this origin's kiosk of that shop, a colour that is not one, a logo that is neither this
 * origin's nor https, or not a drawing (SVG).
 */
export function kioskManifest(search: URLSearchParams, origin: string): Record<string, unknown> | null {
  const shopId = search.get('shop');
  if (!shopId) return null;
  const shopPath = `/${encodeURIComponent(shopId)}`;
  const asked = new URL(search.get('start') ?? shopPath, origin);
  const start =
    asked.origin === origin && asked.pathname === shopPath ? asked : new URL(`${shopPath}?kiosk=1`, origin);
  start.searchParams.set('kiosk', '1');
  const name = (search.get('name') ?? '').trim().slice(0, 45) || shopId;
  const colour = (key: string, fallback: string) => {
    const value = search.get(key) ?? '';
    return HEX_COLOUR.test(value) ? value : fallback;
  };
  // A logo is listed where its size cannot be wrong: a drawing (SVG) scales to any. A picture's pixels are
  // unknown here, and a wrong size is worse than our icon.
  const logo = search.get('logo');
  const logoUrl = logo ? new URL(logo, origin) : null;
  const logoIcon =
    logoUrl &&
    /\.svg$/i.test(logoUrl.pathname) &&
    (logoUrl.origin === origin || logoUrl.protocol === 'https:')
      ? [{ src: logoUrl.href, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]
      : [];
  return {
    id: `${start.pathname}?kiosk=1`,
    name,
    short_name: name.slice(0, 12),
    start_url: `${start.pathname}${start.search}`,
    scope: '/',
    display: 'fullscreen',
    display_override: ['fullscreen', 'standalone'],
    orientation: 'any',
    theme_color: colour('theme', '#1db954'),
    background_color: colour('background', '#ffffff'),
    icons: [...logoIcon, ...OWN_ICONS],
  };
}
