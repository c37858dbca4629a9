/**
 * The kiosk's service worker (issue 35), built by Workbox's InjectManifest (webpack.config.ts) to /sw.js.
 * What it answers and why: shared/serviceWorker/rules.ts. In short: the build's scripts, translations and icons are
 * precached; a kiosk's page opens from the cache at once; every other page comes from the network, the plain
 * page from the cache only when the network fails; pictures are kept once seen; the API is never touched.
 *
 * A new build waits until the page asks it to take over (`SKIP_WAITING`), which a kiosk does only between
 * customers (shared/serviceWorker/page.ts); its activation removes the old build's files.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { kioskManifest, KIOSK_MANIFEST_PATH, navigationKind, SHELL_URL } from '../shared/serviceWorker/rules';

/** The little of the worker's global scope used here (the DOM's types are the project's; not the worker's). */
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page that installed the first worker is served by it at once (its manifest, its pictures): a kiosk
// is ready to open offline from its first visit. A later build takes over only when asked (below).
clientsClaim();

/** The build's plain page, from the precache; the network's answer only if the precache lost it. */
async function shell(request: Request): Promise<Response> {
  return (await matchPrecache(SHELL_URL)) ?? fetch(request);
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && navigationKind(url) !== null,
  async ({ request, url }) => {
    if (navigationKind(url) === 'kiosk') return shell(request);
    try {
      return await fetch(request);
    } catch (error) {
      const page = await matchPrecache(SHELL_URL);
      if (page) return page;
      throw error;
    }
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === KIOSK_MANIFEST_PATH,
  async ({ url }) => {
    const manifest = kioskManifest(url.searchParams, url.origin);
    return manifest
      ? new Response(JSON.stringify(manifest), {
          headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'no-store' },
        })
      : new Response(null, { status: 404 });
  },
);

// The shop's pictures (products, logo): kept once seen, so a kiosk that opens offline still shows them.
// Pictures are no customer's data.
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'pictures',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
