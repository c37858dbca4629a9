/**
 * The host's render of the store page (issue 22): one web-standard function, `(Request) => Promise<Response>`,
 * built from the app's own components, store and translations, that every adapter (Cloudflare worker,
 * Netlify edge function, Node) calls as it is.
 *
 * It renders `/{shopId}` (the shop layout's decision included: not found, closed, still waiting for the
 * session of a shop that needs a reference, the store) into the built index.html's `#root`, names the shop in
 * `<title>`, `<html lang>`, the meta description and the Open Graph tags, and carries what it rendered from
 * in a JSON data block the client hydrates with (app/renderedPage.ts). It reads only the public shop (never a
 * cart or session, sends no cookie), so its HTML is the same for everyone who asks for that shop in that
 * language: cacheable under {@link renderCacheKey}.
 *
 * Never worse than the static page: any other route, a kiosk address, an API that errs or is slower than
 * `timeoutMs`, a render that throws, a template it does not recognise — each answers the static index.html
 * with its usual headers, and the client renders as it always has.
 *
 * Nothing of a render goes on after its answer (issue 34): each render has one AbortController, which the
 * deadline, the visitor going away (the request's signal) and the render's own end abort; the shop request
 * and React's prerender both take its signal.
 */
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { App } from '../app/App';
import {
  firstScreenOf,
  RENDERED_PAGE_ID,
  scriptJson,
  storePageShopId,
  type RenderedPage,
} from '../app/renderedPage';
import { makeStore } from '../app/store';
import type { WireCategory } from '../contract';
import type { ShopData } from '../domain/types';
import { firstDrawnProductIds } from '../features/shop/storeWindow';
import { shopActions } from '../features/shopState';
import { NetworkError } from '../shared/api';
import { createShopPartReader } from '../shared/api/shopPart';
import { initI18n } from '../shared/i18n';
import {
  htmlLang,
  intlLocale,
  LANGUAGE_SOURCES,
  languageCookie,
  visitorLanguageOf,
  type Language,
} from '../shared/i18n/languages';
import { acceptedLanguages } from './acceptLanguage';
import { NOT_SHOP_SEGMENTS } from '../shared/routes';
import { insertIntoPage, type PageHead } from './pageTemplate';
import en from '../../translations/en.json';
import fi from '../../translations/fi.json';
import se from '../../translations/se.json';

/** How long the render waits for the shop before it answers the static page (ms). */
export const DEFAULT_TIMEOUT_MS = 250;

/** How long a whole render may take, shop request included, before the static page answers instead (ms). */
export const RENDER_DEADLINE_MS = 1500;

/**
 * What shared caches may do with a rendered page: keep it a minute, then serve it for ten more while one
 * request renders it anew (stale-while-revalidate), so a visitor rarely waits on the API. Browsers revalidate
 * every visit (max-age=0), as for index.html.
 */
export const RENDERED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * When a shop's reads keep failing (the API erred, answered nonsense or was slower than the shop's time
 * limit; not a 404, not a visitor who left), the shop **rests**: after the third failure in a row a renderer
 * answers its pages with the static page, without asking the API, for 5 s, twice as long after each further
 * failure, at most a minute, until a read succeeds. A struggling API is then asked about a shop about once a
 * minute rather than by every visitor behind a stale page: with the API answering in 2 s, nginx's background
 * renews asked it ~4 times a second per page, each abandoned at 250 ms (issue 37, bench:crowd). One or two
 * slow answers (a cold start, a loaded machine) cost nothing. Stale pages keep being served meanwhile, and
 * the static page reads the shop itself. The Node render server has one renderer for its life; hosts that
 * make one per request (the Cloudflare worker, the demo server) do not rest.
 */
export const API_REST = { afterFailures: 3, firstMs: 5_000, longestMs: 60_000 };

/** Failing shops a renderer remembers at most (the oldest is forgotten first). */
const MAX_RESTING = 1_000;

export interface RendererOptions {
  /** The built dist/index.html. */
  indexHtml: string;
  /** Headers of a document (dist/headers.json's `document`): the static page's, and the rendered page's too. */
  documentHeaders: Readonly<Record<string, string>>;
  /** Where the API is, absolute ('https://api.example.com'; the demo: its own origin). */
  apiBaseUrl: string;
  /** The platform's fetch (default: the global one). */
  fetch?: typeof fetch;
  /** How long to wait for the shop (default {@link DEFAULT_TIMEOUT_MS}, at most 300 ms). */
  timeoutMs?: number;
  /** How long a whole render may take (default {@link RENDER_DEADLINE_MS}). */
  deadlineMs?: number;
  /**
   * Tests only (the browser suite, RENDER_PATIENCE_MS): the shop and the whole render may each take this
   * long, the 300 ms cap aside. A suite that asserts a rendered page must not race the shop's 250 ms on a
   * loaded machine (issue 34); the fallbacks are played on purpose instead. Never set for visitors.
   */
  patienceMs?: number;
  /**
   * Told about every fallback that was not by design (API error, timeout, render error, missed deadline),
   * for the logs; not about a visitor who went away (the request's signal aborted), whom nothing answers.
   */
  onError?: (error: unknown, request: Request) => void;
}

/** What a request asks the render for, or null when the static page answers it. */
export interface RenderTarget {
  shopId: string;
  language: Language;
}

/**
 * Whether the render answers this request, and with what: a GET of a store page's address, not a kiosk's.
 * The language is the visitor's by the app's own rule (`visitorLanguageOf`) from what a server can see: `?lng`,
 * the `i18next` cookie, then the browser's preferred languages (`Accept-Language`), then English. A language
 * kept only in local storage is not seen: the client then renders anew.
 */
export function renderTarget(request: Request): RenderTarget | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  const shopId = storePageShopId(url.pathname);
  // Not a shop: a top-level route of the app's own (shared/routes.ts), or a file ('/index.html').
  if (shopId === null || NOT_SHOP_SEGMENTS.includes(shopId) || /\.[a-z0-9]+$/i.test(shopId)) return null;
  // A kiosk address switches kiosk mode on (or keeps it): the kiosk's own screens are drawn by the client.
  if (['1', 'true'].includes(url.searchParams.get('kiosk') ?? '')) return null;
  const language = visitorLanguageOf(
    // §1's sources a server can see: `?lng`, then the `i18next` cookie.
    [url.searchParams.get(LANGUAGE_SOURCES.query), languageCookie(request.headers.get('cookie'))],
    acceptedLanguages(request.headers.get('accept-language')),
  );
  return { shopId, language };
}

/**
 * The key a cache keeps a rendered page under: all that the page depends on besides the shop's data. The
 * language in it is one of our three, whatever the request's `Accept-Language` or cookie said (issue 39).
 */
export function renderCacheKey(target: RenderTarget): string {
  return `/${encodeURIComponent(target.shopId)}?lng=${target.language}`;
}

/**
 * What a rendered page's language depends on besides its address (`?lng` is in the address): the `i18next`
 * cookie and the browser's `Accept-Language`. A cache that honours `Vary` keeps its copies apart by them; the
 * hosts' own caches key on the language itself instead (renderCacheKey; docs/deployment.md, per host).
 */
export const RENDERED_VARY = 'Accept-Language, Cookie';

/** The products a store page draws first, by the answer's categories (null: all of them). */
const firstProducts = (categories: readonly WireCategory[]) =>
  firstDrawnProductIds(categories.map((category) => category.sortedProducts));

const TRANSLATIONS = { se, en, fi };
const i18nByLanguage = new Map<Language, ReturnType<typeof initI18n>>();

/** One i18next instance per language for the process's lifetime (rendering only reads it). */
function i18nFor(language: Language) {
  let instance = i18nByLanguage.get(language);
  if (!instance) {
    instance = initI18n({
      lng: language,
      resources: { [language]: { translation: TRANSLATIONS[language] }, en: { translation: en } },
    });
    // A failed start is not kept: the next render tries again.
    instance.catch(() => i18nByLanguage.delete(language));
    i18nByLanguage.set(language, instance);
  }
  return instance;
}

/** A shop's description on one line and at most 160 characters, for the meta description. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 159).trimEnd()}…`;
}

/**
 * Renders the app for the page's address to HTML (the markup of `#root`). Synchronously first: a store page
 * has nothing to wait for, and React's string render spares the stream's encoding and decoding (a third of
 * a small shop's render). A tree that waits for something (a lazy screen not loaded yet) or throws is
 * rendered again by `prerender`, which waits for it until `signal` stops React's work and says why it failed.
 */
async function renderApp(page: RenderedPage, path: string, signal: AbortSignal): Promise<string> {
  const i18n = await i18nFor(page.language);
  // No saga context, so no saga runs: the state is given, and nothing may fetch while React renders it.
  const store = makeStore();
  store.dispatch(shopActions.renderedByHost({ shopId: page.shopId, data: page.shop, partial: page.partial }));
  const history = createMemoryHistory({ initialEntries: [path] });
  const app = (
    <StrictMode>
      <App store={store} i18n={i18n} history={history} />
    </StrictMode>
  );
  return renderedAtOnce(app) ?? (await prerendered(app, signal));
}

/** The markup when React renders it all at once; null when a part waited (its fallback shown) or threw. */
function renderedAtOnce(app: ReactNode): string | null {
  try {
    const html = renderToString(app);
    return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
  } catch {
    return null;
  }
}

const utf8 = new TextEncoder();

/** Why a render's leftovers stop once its page is answered (or has failed). */
const ANSWERED = new Error('the page is answered');

/** How React marks a Suspense boundary it left to the client (its fallback is in the markup). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

async function prerendered(app: ReactNode, signal: AbortSignal): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(app, {
    signal,
    // An abort comes here too (its reason): the partial page it leaves is never answered.
    onError(error) {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  // A component that threw: React would have rendered the error boundary's page, not the shop.
  if (failure) throw failure;
  return html;
}

/** The document head for a page: the shop's names where it has a shop, the template's own otherwise. */
function headFor(page: RenderedPage, url: URL, i18n: I18n): PageHead {
  const lang = htmlLang(page.language);
  if (!page.shop) return { lang };
  const { shop, company } = page.shop;
  const description = summary(shop.description) || i18n.t('shop.metaDescription', { shop: shop.title });
  const image = company.logo ? new URL(company.logo, url).href : undefined;
  return {
    lang,
    title: shop.title,
    description,
    openGraph: {
      'og:type': 'website',
      'og:site_name': company.name,
      'og:title': shop.title,
      'og:description': description,
      'og:url': `${url.origin}${url.pathname}`,
      'og:locale': intlLocale(page.language).replace('-', '_'),
      ...(image ? { 'og:image': image } : {}),
    },
  };
}

/**
 * Makes the render function.
 *
 * @returns `(request) => Promise<Response>`: the rendered store page, or the static index.html
 */
export function createStorePageRenderer(options: RendererOptions): (request: Request) => Promise<Response> {
  const timeoutMs = options.patienceMs ?? Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 300);
  const deadlineMs = options.patienceMs ?? options.deadlineMs ?? RENDER_DEADLINE_MS;
  const platformFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Edge runtimes refuse `credentials` (Cloudflare throws "not implemented"); the render sends no cookie anyway.
  const getShopPart = createShopPartReader({
    baseUrl: options.apiBaseUrl,
    fetch: (input, { credentials: _credentials, ...init }) => platformFetch(input, init),
  });
  // Header names in any case (a host's own answer gives them in lower case): each set once, ours winning.
  const headers = (own: Record<string, string>) => {
    const all = new Headers(options.documentHeaders);
    for (const [name, value] of Object.entries(own)) all.set(name, value);
    return all;
  };
  const staticPage = () =>
    new Response(options.indexHtml, { headers: headers({ 'Content-Type': 'text/html; charset=utf-8' }) });

  /** Shop → its failed reads in a row, and until when it rests (Date.now() ms). */
  const failing = new Map<string, { failures: number; until: number }>();
  const isResting = (shopId: string) => (failing.get(shopId)?.until ?? 0) > Date.now();
  function readFailed(shopId: string) {
    const failures = (failing.get(shopId)?.failures ?? 0) + 1;
    const beyond = failures - API_REST.afterFailures;
    const ms = beyond < 0 ? 0 : Math.min(API_REST.firstMs * 2 ** beyond, API_REST.longestMs);
    failing.delete(shopId);
    failing.set(shopId, { failures, until: Date.now() + ms });
    if (failing.size > MAX_RESTING) failing.delete(failing.keys().next().value!);
  }

  async function shopOf(shopId: string, signal: AbortSignal): Promise<ShopData | null> {
    // The API's time limit, on a timer cleared as soon as the request ends (AbortSignal.timeout's runs on),
    // beside the render's signal: whichever comes first aborts the request.
    const limit = new AbortController();
    const timer = setTimeout(
      () => limit.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      timeoutMs,
    );
    try {
      // Only the products the page draws are read (a big shop's page carries no others: firstScreenOf).
      const shop = await getShopPart(shopId, firstProducts, AbortSignal.any([signal, limit.signal]));
      failing.delete(shopId);
      return shop;
    } catch (error) {
      if (error instanceof NetworkError && error.status === 404) return null;
      // The API's failure (not a visitor who left or a render past its deadline): let it rest.
      if (!signal.aborted) readFailed(shopId);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The rendered page, or a rejection when it is not done by the deadline (a render must never hang a page).
   * The deadline also aborts `controller`: the shop request and React's work stop with the page answered.
   */
  function withinDeadline<T>(work: Promise<T>, controller: AbortController): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const missed = new Error('the render missed its deadline');
        // Rejected first, so the answer says why even though the aborted work fails too.
        reject(missed);
        controller.abort(missed);
      }, deadlineMs);
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  }

  return async function renderStorePage(request: Request): Promise<Response> {
    const target = renderTarget(request);
    // A resting shop: the static page at once, unreported (the failures that made it rest were reported).
    if (!target || isResting(target.shopId)) return staticPage();
    const controller = new AbortController();
    const visitorGone = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) visitorGone();
    else request.signal.addEventListener('abort', visitorGone, { once: true });
    try {
      return await withinDeadline(render(request, target, controller.signal), controller);
    } catch (error) {
      if (!request.signal.aborted) options.onError?.(error, request);
      return staticPage();
    } finally {
      request.signal.removeEventListener('abort', visitorGone);
      // Answered or failed: whatever of this render is still on its way stops here. With a reason made once:
      // the default one is a new DOMException, built with its stack at every render.
      controller.abort(ANSWERED);
    }
  };

  async function render(request: Request, target: RenderTarget, signal: AbortSignal): Promise<Response> {
    const url = new URL(request.url);
    // The page is rendered from what it carries, so the client hydrates exactly the same markup.
    const page = firstScreenOf({ ...target, shop: await shopOf(target.shopId, signal) });
    const [markup, i18n] = await Promise.all([renderApp(page, url.pathname, signal), i18nFor(page.language)]);
    const html = insertIntoPage(options.indexHtml, {
      head: headFor(page, url, i18n),
      root: markup,
      data: `<script id="${RENDERED_PAGE_ID}" type="application/json">${scriptJson(page)}</script>`,
    });
    // As bytes: a string body is first checked for lone surrogates (undici's USVString), which encoding
    // replaces just the same; ~1 % of the café's render.
    return new Response(utf8.encode(html), {
      status: page.shop ? 200 : 404,
      headers: headers({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Language': htmlLang(page.language),
        'Cache-Control': RENDERED_CACHE_CONTROL,
        Vary: RENDERED_VARY,
      }),
    });
  }
}
