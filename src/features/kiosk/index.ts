/**
 * The kiosk feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Events live in their own `*Events.ts` modules.
 */
export { selectIsKiosk, selectKiosk } from './kioskSelectors';
export { kioskActions } from './kioskSlice';
export { PRIMARY_ACTION } from './kioskTargets';
export { KioskOrderPanel, KioskShell, LanguageChoice } from './lazyKiosk';
