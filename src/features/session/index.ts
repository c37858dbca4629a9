/**
 * The session feature's public face: what other features may import (ESLint allows nothing else from
 * outside this folder, see eslint.config.mjs). Events live in their own `*Events.ts` modules.
 */
export { LazyReferencePage } from './lazyReferencePage';
export { sessionActions } from './sessionSlice';
export type { SessionState } from './sessionSlice';
