import { lazy } from 'react';

/**
 * The kiosk's screens, loaded only on a kiosk: a customer's phone never downloads them (one small chunk,
 * fetched once by the tablet). The slice, the idle machine and the selectors stay in the main bundle.
 */
const load = () => import(/* webpackChunkName: "kiosk" */ './kioskScreens');

export const KioskShell = lazy(() => load().then((m) => ({ default: m.KioskShell })));
export const KioskOrderPanel = lazy(() => load().then((m) => ({ default: m.KioskOrderPanel })));
export const LanguageChoice = lazy(() => load().then((m) => ({ default: m.LanguageChoice })));
