import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { shopActions } from '../features/shopState';
import { currentLanguage } from '../shared/i18n';
import { App, type AppHistory } from './App';
import { hydratablePage, readRenderedPage, storePageShopId } from './renderedPage';
import type { AppStore } from './store';

export interface MountOptions {
  store: AppStore;
  i18n: I18n;
  history: AppHistory;
  /** Whether this browser is a kiosk (the host cannot see a kiosk remembered in local storage). */
  kiosk: boolean;
  /** A mismatch React repaired by rendering that part anew. */
  onHydrationError: (error: unknown) => void;
  /** The early start's held tap, if any (src/earlyStart: `releaseTaps`). */
  releaseEarlyTaps?: () => HTMLElement | null;
}

/**
 * Starts the app in `#root`: hydrates the store page the host rendered (src/ssr) when this first render is
 * the same markup (app/renderedPage.ts says when), with the shop the page carries already in the store;
 * otherwise renders anew over index.html's loading view.
 *
 * @returns which of the two it did (over the host's markup or the plain page's), and the React root
 */
export function mountApp(
  root: HTMLElement,
  options: MountOptions,
): { mounted: 'hydrated' | 'redrawn' | 'plain'; root: Root } {
  const { store, i18n, history } = options;
  const app = (
    <StrictMode>
      <App store={store} i18n={i18n} history={history} />
    </StrictMode>
  );
  const { pathname } = root.ownerDocument.location;
  const rendered = readRenderedPage(root.ownerDocument);
  const page = hydratablePage(rendered, { pathname, language: currentLanguage(i18n), kiosk: options.kiosk });
  // The page's shop is the app's whatever language the page was written in: no second request for it. Only
  // its first products (a big shop) are worth taking for a page that hydrates: a page drawn anew reads the
  // whole shop as the plain page does.
  if (rendered && storePageShopId(pathname) === rendered.shopId && (page || !rendered.partial))
    store.dispatch(
      shopActions.renderedByHost({ shopId: rendered.shopId, data: rendered.shop, partial: rendered.partial }),
    );
  // For field and bench measurements: from here a tap works (on a hydrating page React hydrates at once for it).
  performance.mark?.('storefront:mounted');
  if (!page) {
    const reactRoot = createRoot(root);
    reactRoot.render(app);
    // The host's markup (another language, a kiosk) goes: the early start presses a tap held on it on the
    // app's same button once that is drawn.
    return { mounted: rendered ? 'redrawn' : 'plain', root: reactRoot };
  }
  const reactRoot = hydrateRoot(root, app, { onRecoverableError: options.onHydrationError });
  // A button tapped before now (held by the early start) is pressed again: React hydrates what it needs at
  // once for a tap, and the control does what the customer asked.
  const tap = options.releaseEarlyTaps?.();
  if (tap) {
    tap.removeAttribute('aria-busy');
    if (tap.isConnected) tap.click();
  }
  return { mounted: 'hydrated', root: reactRoot };
}
