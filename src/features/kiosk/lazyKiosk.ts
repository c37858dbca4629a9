import { lazyWithRetry } from '../../shared/lazyWithRetry';

/**
 * The kiosk's screens, loaded only on a kiosk: a customer's phone never downloads them (one small chunk,
 * fetched once by the tablet, and again when that failed: lazyWithRetry). The slice, the idle machine's
 * rules, the selectors, the touch sizes and the start language stay in the main bundle.
 */
const load = () => import(/* webpackChunkName: "kiosk" */ './kioskScreens');

export const KioskShell = lazyWithRetry(() => load().then((m) => ({ default: m.KioskShell })));
export const KioskOrderPanel = lazyWithRetry(() => load().then((m) => ({ default: m.KioskOrderPanel })));
export const LanguageChoice = lazyWithRetry(() => load().then((m) => ({ default: m.LanguageChoice })));

/**
 * Asks for the kiosk's screens as the page starts (a kiosk's store waits for them): one request, and each
 * screen is then drawn in the render that first needs it (the order panel with the store beside it).
 */
export function preloadKioskScreens(): void {
  for (const screen of [KioskShell, KioskOrderPanel, LanguageChoice]) screen.preload();
}
