/**
 * The session feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Its shared events are in src/shared/events.ts.
 */
export { LazyReferencePage } from './lazyReferencePage';
export {
  selectActiveTab,
  selectOrderReference,
  selectSessionLoaded,
  selectSessionShopId,
  selectSessionStatus,
  selectTabSelections,
  sessionActions,
} from './sessionSlice';
