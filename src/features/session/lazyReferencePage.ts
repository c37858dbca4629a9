import { lazy } from 'react';

/** §2 reference page: only shops that ask for a table or order number show it, so it is a chunk of its own. */
export const LazyReferencePage = lazy(() =>
  import(/* webpackChunkName: "reference" */ './ReferencePage').then((m) => ({ default: m.ReferencePage })),
);
