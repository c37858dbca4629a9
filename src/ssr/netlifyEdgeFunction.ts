/**
 * Netlify Edge Functions adapter, written by the build where Netlify's Frameworks API looks for generated
 * functions (.netlify/v1/edge-functions/store-page.mjs, with its declaration inline below). The static
 * index.html Netlify answers for a store page (`_redirects`, with `_headers`) is the template and the
 * fallback; the rendered page is cached by Netlify's CDN per shop and language (`cache: 'manual'`,
 * `Netlify-Vary`), stale-while-revalidate as its Cache-Control says. If the function itself fails, Netlify
 * serves the static page (`onError: 'bypass'`).
 */
import { renderTarget } from './renderStorePage';
import { renderOverStaticPage } from './staticPageRenderer';

declare const Netlify: { env: { get(name: string): string | undefined } };

interface Context {
  next(): Promise<Response>;
}

export default async function storePage(request: Request, context: Context): Promise<Response> {
  if (!renderTarget(request)) return context.next();
  const response = await renderOverStaticPage(request, await context.next(), {
    // The API on the site's own origin (`_redirects` proxies /api/) unless API_ORIGIN names it.
    apiBaseUrl: Netlify.env.get('API_ORIGIN') || new URL(request.url).origin,
    onError: (error) => console.error('store page render fell back to index.html', error),
  });
  if (response.headers.get('Cache-Control')?.includes('s-maxage'))
    response.headers.set('Netlify-Vary', 'query=lng,cookie=i18next');
  return response;
}

export const config = {
  path: '/*',
  excludedPath: ['/api/*', '/assets/*', '/static/*', '/*.*'],
  onError: 'bypass',
  cache: 'manual',
};
