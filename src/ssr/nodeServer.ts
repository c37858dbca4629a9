/**
 * The render function as a small Node server, for nginx to pass store pages to (the nginx.conf the build
 * writes with RENDER_UPSTREAM set): `node dist-server/nodeServer.mjs`. nginx caches what it answers and
 * serves dist/ itself; this process only renders. It listens once it has warmed up (nodeAdapter.ts).
 *
 *   DIST_DIR (../dist beside this file), API_ORIGIN (the provider's API, required), PUBLIC_ORIGIN (the
 *   shop's address, e.g. https://shop.example.com, for the links in the page; default: the Host nginx
 *   passes), PORT (3000), HOST (127.0.0.1).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeRequestListener, warmUp } from './nodeAdapter';
import { createStorePageRenderer, type RendererOptions } from './renderStorePage';

const dist = process.env.DIST_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const apiOrigin = process.env.API_ORIGIN;
if (!apiOrigin) throw new Error('API_ORIGIN is not set (the API the store page is rendered from)');
const options: RendererOptions = {
  indexHtml: readFileSync(path.join(dist, 'index.html'), 'utf8'),
  documentHeaders: JSON.parse(readFileSync(path.join(dist, 'headers.json'), 'utf8')).document,
  apiBaseUrl: apiOrigin,
  onError: (error, request) => console.error(`${request.url}: fell back to index.html:`, error),
  // Only the browser suite sets it (renderStorePage.tsx `patienceMs`): its pages must come rendered on a
  // loaded machine, and the fallbacks are tested on purpose.
  ...(process.env.RENDER_PATIENCE_MS ? { patienceMs: Number(process.env.RENDER_PATIENCE_MS) } : {}),
};

const server = createServer(
  nodeRequestListener(createStorePageRenderer(options), {
    publicOrigin: process.env.PUBLIC_ORIGIN,
    onError: (error, url) => console.error(`${url}: not answered as rendered:`, error),
  }),
);
// Until it listens nginx answers store pages from its cache or with index.html, as when it is down.
void warmUp(options)
  .catch((error: unknown) => console.error('the render did not warm up:', error))
  .then(() => server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1'));
