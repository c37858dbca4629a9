/**
 * The typed root, as in Redux Toolkit's own examples: the store's state and dispatch types, and React-Redux
 * hooks that know them. The one module of app/ that features import (ESLint's import rules say so); the
 * types come from store.ts by `import type`, so no feature pulls the store's code in.
 */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

export type { AppDispatch, AppStore, RootState };

/** `useDispatch` typed with the app's dispatch. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** `useSelector` typed with the app's whole state. */
export const useAppSelector = useSelector.withTypes<RootState>();

/** `useStore` typed with the app's store: for handlers that read the state at the moment they run. */
export const useAppStore = useStore.withTypes<AppStore>();
