/**
 * For hosts that serve dist/ themselves (Cloudflare's static assets, Netlify's CDN): the static index.html
 * they answer, with the headers their `_headers` gives it, is both the template of the rendered page and
 * the page answered whenever the render falls back.
 */
import { createStorePageRenderer, type RendererOptions } from './renderStorePage';

/** Headers of a stored file that describe that file, not any page made from it. */
const FILE_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'last-modified', 'age', 'date']);

/**
 * Renders `request` with the host's static index.html as template and fallback.
 *
 * @param staticPage - the host's answer for index.html (the SPA fallback of the address, or '/')
 */
export async function renderOverStaticPage(
  request: Request,
  staticPage: Response,
  options: Omit<RendererOptions, 'indexHtml' | 'documentHeaders'>,
): Promise<Response> {
  const documentHeaders = Object.fromEntries(
    [...staticPage.headers].filter(([name]) => !FILE_HEADERS.has(name.toLowerCase())),
  );
  const indexHtml = await staticPage.text();
  return createStorePageRenderer({ ...options, indexHtml, documentHeaders })(request);
}
