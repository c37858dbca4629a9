/**
 * Field metrics (issue 36, docs/field-metrics.md), started by the reporter in the tabs that measure them:
 * the page view's Web Vitals (shared/reporting/pageVitals.ts) with what the page view was, and the payment
 * funnel (app/paymentFunnel.ts). Its own chunk, loaded after the first paint with the reporting SDK.
 */
import { matchPath } from 'react-router';
import type { i18n } from 'i18next';
import { paymentEvent, type PageFacts } from '../shared/reporting/fieldEvents';
import type { SendEvent } from '../shared/reporting/reporter';
import { watchPageVitals } from '../shared/reporting/pageVitals';
import { currentLanguage } from '../shared/i18n';
import { APP_ROUTES } from '../shared/routes';
import { selectIsKiosk } from '../features/kiosk';
import { funnelStep, type OpenAttempt } from './paymentFunnel';
import type { AppStore } from './store';

/** The page kinds by route (app/router.tsx), the shop's pages after the pages that are no shop's. */
const PAGE_KINDS: readonly (readonly [pattern: string, kind: string])[] = [
  ...APP_ROUTES.integrationCallbacks.map((path) => [path, 'integration'] as const),
  [APP_ROUTES.integrationStart, 'integration'],
  [APP_ROUTES.cardPayment, 'cardPayment'],
  [APP_ROUTES.passwordReset, 'passwordReset'],
  [APP_ROUTES.download, 'download'],
  [APP_ROUTES.receiptDownload, 'receiptDownload'],
  [':shop', 'store'],
  [':shop/cart', 'cart'],
  [':shop/products/:productId', 'product'],
  [':shop/receipt/:receiptId', 'receipt'],
  [':shop/refundPolicy', 'refundPolicy'],
];

/**
 * A path segment decoded, or as it is where it is no valid escape. Not renderedPage's `storePageShopId`:
 * importing that module from this lazy chunk splits it out of the first load's concatenated code (+46 B
 * gzip of initial JS, measured).
 */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The kind of page a path shows, and its shop.
 *
 * @param pathname - the address's path
 */
export function pageOf(pathname: string): { kind: string; shop: string | null } {
  for (const [pattern, kind] of PAGE_KINDS) {
    const match = matchPath(pattern, pathname);
    if (match)
      return {
        kind,
        shop: match.params.shop === undefined ? null : decoded(match.params.shop),
      };
  }
  return { kind: 'notFound', shop: null };
}

/** Where the open payment attempt waits while a provider's page has the customer. */
const ATTEMPT_KEY = 'fieldMetrics.payment';
/** An attempt older than this when the tab comes back is forgotten (the customer went elsewhere). */
const ATTEMPT_MAX_AGE_MS = 60 * 60 * 1000;

/** The tab's open attempt, from its session storage (where the browser allows it). */
function loadAttempt(): OpenAttempt | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(ATTEMPT_KEY) ?? 'null') as OpenAttempt | null;
    return stored && typeof stored.payAt === 'number' && Date.now() - stored.payAt < ATTEMPT_MAX_AGE_MS
      ? stored
      : null;
  } catch {
    return null;
  }
}

function saveAttempt(attempt: OpenAttempt | null): void {
  try {
    if (attempt) window.sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
    else window.sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Storage refused: an attempt that leaves the page is then not followed to its end.
  }
}

/**
 * Starts measuring this page view and the payment attempts made in it.
 *
 * @param send - hands an event to the reporting SDK
 * @param store - the app's store
 * @param i18n - the app's languages
 * @param mounted - how the app started in the page (app/mountApp.tsx): the host's page hydrated or drawn
 *   anew, or the plain page
 */
export function startFieldMetrics(
  send: SendEvent,
  store: AppStore,
  i18n: i18n,
  mounted: PageFacts['render'],
): void {
  const kiosk = selectIsKiosk(store.getState());
  // The page view is the address it was loaded at (as CrUX counts it), whatever the customer opens next.
  const landing = new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href);
  const page = pageOf(landing.pathname);
  const facts = (): PageFacts => ({
    kind: kiosk ? 'kiosk' : page.kind,
    shop: page.shop,
    render: mounted,
    lang: currentLanguage(i18n),
    device: kiosk
      ? 'kiosk'
      : store.getState().device.mobile
        ? 'phone'
        : matchMedia('(pointer: coarse)').matches
          ? 'tablet'
          : 'desktop',
    connection: (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType ?? null,
  });
  watchPageVitals(send, facts);
  // From here a tap is measured whatever its duration (before, only slow ones are kept by the browser).
  performance.mark?.('storefront:field-metrics');

  let open = loadAttempt();
  let live = false;
  store.listenActions((action, at) => {
    const step = funnelStep(open, action, at, store.getState());
    if (step.open !== open) saveAttempt(step.open);
    open = step.open;
    const { ended } = step;
    if (!ended) return;
    // A receipt that arrives now is drawn in the next frame, and measured there; one that arrived before
    // this chunk counts from its answer.
    if (live && ended.receiptAt !== null)
      requestAnimationFrame(() => send(paymentEvent({ ...ended, receiptAt: Date.now() }, facts())));
    else send(paymentEvent(ended, facts()));
  });
  live = true;
}
