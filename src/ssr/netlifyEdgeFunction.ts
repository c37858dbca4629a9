/**
 * Netlify Edge Functions adapter, written by the build where Netlify's Frameworks API looks for generated
 * functions (.netlify/v1/edge-functions/store-page.mjs, with its declaration inline below). The static
 * index.html Netlify answers for a store page (`_redirects`, with `_headers`) is the template and the
 * fallback; the rendered page is cached by Netlify's CDN per shop and language (`cache: 'manual'`,
 * `Netlify-Vary`), stale-while-revalidate as its `Netlify-CDN-Cache-Control` says. If the function itself
 * fails, Netlify serves the static page (`onError: 'bypass'`).
 *
 * Issue 39: the page's language also follows the browser's `Accept-Language`. Netlify puts every header a
 * standard `Vary` names, raw, into its cache key, so the render's `Vary: Accept-Language, Cookie` is not sent
 * here: `Netlify-Vary` names the parts instead, the language as Netlify's own match of the header against our
 * three (one copy each, one for all others, which are English). What Netlify's CDN may keep is in
 * `Netlify-CDN-Cache-Control`, which it does not pass on; browsers and any cache after Netlify get
 * `max-age=0, must-revalidate`, so no other cache hands one visitor's language to another.
 */
import { renderTarget } from './renderStorePage';
import { renderOverStaticPage } from './staticPageRenderer';

declare const Netlify: { env: { get(name: string): string | undefined } };

interface Context {
  next(): Promise<Response>;
}

/** What Netlify's CDN keeps a rendered page by, besides its path: `?lng`, the cookie, the browser's language. */
export const NETLIFY_VARY = 'query=lng,cookie=i18next,language=sv|fi|en';

/** What browsers and caches after Netlify's may do with a rendered page: ask again every time. */
export const NETLIFY_BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export default async function storePage(request: Request, context: Context): Promise<Response> {
  if (!renderTarget(request)) return context.next();
  const response = await renderOverStaticPage(request, await context.next(), {
    // The API on the site's own origin (`_redirects` proxies /api/) unless API_ORIGIN names it.
    apiBaseUrl: Netlify.env.get('API_ORIGIN') || new URL(request.url).origin,
    onError: (error) => console.error('store page render fell back to index.html', error),
  });
  const cacheControl = response.headers.get('Cache-Control');
  if (cacheControl?.includes('s-maxage')) {
    response.headers.set('Netlify-CDN-Cache-Control', cacheControl);
    response.headers.set('Cache-Control', NETLIFY_BROWSER_CACHE_CONTROL);
    response.headers.set('Netlify-Vary', NETLIFY_VARY);
    response.headers.delete('Vary');
  }
  return response;
}

export const config = {
  path: '/*',
  excludedPath: ['/api/*', '/assets/*', '/static/*', '/*.*'],
  onError: 'bypass',
  cache: 'manual',
};
