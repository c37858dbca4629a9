/**
 * Cloudflare Workers adapter (wrangler.toml): dist/ is the worker's static assets; store pages are rendered
 * by the render function and kept in the Cache API per shop and language (renderCacheKey: the language by
 * the app's rule, `?lng`, cookie, then `Accept-Language`, so one of three, never the raw header), fresh for a
 * minute and served stale for ten more while one request renders the page anew in the background (the
 * Workers Cache API serves nothing stale by itself, so the worker keeps the age). Every other path is the
 * assets' own answer (index.html for client-side routes: `not_found_handling`). `/api/` (and, for the demo,
 * `/demo/`) is passed to `API_ORIGIN` on the same origin, so the session cookie stays first-party.
 */
import { RENDERED_CACHE_CONTROL, RENDERED_VARY, renderCacheKey, renderTarget } from './renderStorePage';
import { renderOverStaticPage } from './staticPageRenderer';

/** What the worker is bound to (wrangler.toml). */
interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** The provider's API, e.g. https://api.example.com. */
  API_ORIGIN: string;
  /** Path prefixes passed to API_ORIGIN, comma-separated (default '/api/'). */
  PROXY_PATHS?: string;
  /** Tests and benchmarks only (RendererOptions.patienceMs): how long the shop and a render may take. */
  RENDER_PATIENCE_MS?: string;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

declare const caches: { default: Cache };

/** How long a rendered page is served as it is, and how much longer while it is rendered anew (ms). */
const FRESH_MS = 60_000;
const STALE_MS = 600_000;
const RENDERED_AT = 'X-Rendered-At';
/**
 * When the next renew of a stale page may start (ms): a renew first says so in the kept page, a minute on,
 * so the visitors who come while it renders start none, and a renew that failed (the API slow or down)
 * is tried again a minute later, not by every visitor (issue 37; the Node render server rests a shop
 * instead). A renew that succeeds stores the page anew, without it.
 */
const RENEW_AFTER = 'X-Renew-After';

async function render(request: Request, env: Env): Promise<Response> {
  const staticPage = await env.ASSETS.fetch(
    new Request(new URL('/', request.url), { headers: request.headers }),
  );
  return renderOverStaticPage(request, staticPage, {
    apiBaseUrl: env.API_ORIGIN,
    ...(env.RENDER_PATIENCE_MS ? { patienceMs: Number(env.RENDER_PATIENCE_MS) } : {}),
    onError: (error) => console.error('store page render fell back to index.html', error),
  });
}

/**
 * Keeps a rendered page (not a fallback) under its key, for as long as it may be served stale. Pages are
 * passed as text, never as one body read twice: a tee'd body that the cache and the visitor both read
 * stalled workerd here.
 */
async function store(key: Request, page: { html: string; init: Response }): Promise<void> {
  if (!page.init.headers.get('Cache-Control')?.includes('s-maxage')) return;
  const kept = new Response(page.html, page.init);
  kept.headers.set(RENDERED_AT, String(Date.now()));
  kept.headers.set('Cache-Control', `public, max-age=${(FRESH_MS + STALE_MS) / 1000}`);
  // The key already says the language (one of three, issue 39): the kept copy must not be split again by the
  // raw Accept-Language or Cookie of the request that rendered it. Visitors get the Vary back (served).
  kept.headers.delete('Vary');
  await caches.default.put(key, kept);
}

/** A page as text and its status and headers. */
async function pageOf(response: Response) {
  return { html: await response.text(), init: response };
}

type Page = Awaited<ReturnType<typeof pageOf>>;

/** Renders a stale page anew in the background, one renew at a time (RENEW_AFTER). */
async function renew(key: Request, stale: Page, request: Request, env: Env): Promise<void> {
  const held = new Response(stale.html, stale.init);
  held.headers.set(RENEW_AFTER, String(Date.now() + FRESH_MS));
  await caches.default.put(key, held);
  await store(key, await render(request, env).then(pageOf));
}

/** A kept page as the visitor gets it: the render's own caching headers, not the store's. */
function served(kept: Page): Response {
  const response = new Response(kept.html, kept.init);
  response.headers.delete(RENDERED_AT);
  response.headers.delete(RENEW_AFTER);
  response.headers.set('Cache-Control', RENDERED_CACHE_CONTROL);
  response.headers.set('Vary', RENDERED_VARY);
  return response;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    const proxied = (env.PROXY_PATHS ?? '/api/')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (env.API_ORIGIN && proxied.some((prefix) => url.pathname.startsWith(prefix)))
      return fetch(new Request(new URL(url.pathname + url.search, env.API_ORIGIN), request));
    const target = renderTarget(request);
    if (!target) return env.ASSETS.fetch(request);

    const key = new Request(new URL(renderCacheKey(target), url.origin));
    const found = await caches.default.match(key);
    const kept = found && (await pageOf(found));
    const age = kept ? Date.now() - Number(kept.init.headers.get(RENDERED_AT)) : Infinity;
    if (kept && age < FRESH_MS) return served(kept);
    if (kept && age < FRESH_MS + STALE_MS) {
      if (Date.now() >= Number(kept.init.headers.get(RENEW_AFTER) ?? 0))
        ctx.waitUntil(renew(key, kept, request, env));
      return served(kept);
    }
    const page = await render(request, env).then(pageOf);
    ctx.waitUntil(store(key, page));
    return new Response(page.html, page.init);
  },
};
