/**
 * The kiosk's service worker from the page's side (issue 35; the worker: src/serviceWorker). Only a kiosk
 * has one: its pages must open and reset without the network. A phone's repeat visit gains little from it
 * (the hashed scripts are already immutable in its HTTP cache, and its page must come from the network to
 * be current), so a browser that stops being a kiosk (`?kiosk=0`) has its worker removed again.
 */
import { kioskManifestHref, type KioskManifestQuery } from './rules';

const SCRIPT_URL = '/sw.js';

type Container = Pick<
  ServiceWorkerContainer,
  'register' | 'getRegistration' | 'controller' | 'addEventListener' | 'removeEventListener'
>;

const browserContainer = (): Container | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/** How often a kiosk asks for a new build while it stays on one page (its resets ask anyway). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the worker on a kiosk, or removes one a kiosk left behind. A browser without workers, or one
 * that refuses (private mode), keeps working as a page without it. `onWaiting` hears when a new build has
 * installed and waits to take over (the kiosk lets it at its next reset).
 */
export async function keepServiceWorker(
  kiosk: boolean,
  onWaiting: () => void = () => undefined,
  container = browserContainer(),
): Promise<void> {
  if (!container) return;
  try {
    if (!kiosk) {
      await (await container.getRegistration())?.unregister();
      return;
    }
    const registration = await container.register(SCRIPT_URL);
    if (registration.waiting) onWaiting();
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // Installed beside a worker that serves the page: it waits (the first one takes over at once).
        if (installing.state === 'installed' && container.controller) onWaiting();
      });
    });
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch {
    // No worker: the kiosk still works while the network does.
  }
}

/**
 * Between customers: a new build's worker that waits takes over before the kiosk opens its next page, so
 * that page comes from the new build. Resolves once it serves this page, at once when none waits, and
 * after `patienceMs` at the latest: a reset never waits on an update.
 */
export async function takeWaitingUpdate(container = browserContainer(), patienceMs = 3000): Promise<void> {
  const waiting = container && (await container.getRegistration().catch(() => undefined))?.waiting;
  if (!container || !waiting) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, patienceMs);
    container.addEventListener('controllerchange', done);
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
}

/**
 * Points the page's manifest at the kiosk's own (named after the shop, opening this kiosk), which the worker
 * answers: once the worker serves this page, so the manifest is never asked of a host that has none.
 *
 * @returns a function that stops waiting for the worker
 */
export function linkKioskManifest(query: KioskManifestQuery, container = browserContainer()): () => void {
  const link = () => {
    const element = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = kioskManifestHref(query);
    if (element && element.getAttribute('href') !== href) element.setAttribute('href', href);
  };
  if (!container) return () => undefined;
  if (container.controller) {
    link();
    return () => undefined;
  }
  container.addEventListener('controllerchange', link, { once: true });
  return () => container.removeEventListener('controllerchange', link);
}
