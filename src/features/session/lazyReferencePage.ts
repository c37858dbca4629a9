import { lazyWithRetry } from '../../shared/lazyWithRetry';

/**
 * §2 reference page: only shops that ask for a table or order number show it, so it is a chunk of its own
 * (loaded again when it failed: lazyWithRetry).
 */
export const LazyReferencePage = lazyWithRetry(() =>
  import(/* webpackChunkName: "reference" */ './ReferencePage').then((m) => ({ default: m.ReferencePage })),
);
