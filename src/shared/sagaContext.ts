import type { Api } from './api';

/**
 * Everything a saga reaches outside the store, provided through redux-saga's context so tests can hand
 * in doubles (DESIGN rule 4): the API, in-app navigation and full-page browser navigation.
 */
export interface SagaContext {
  api: Api;
  navigate: (path: string, options?: { replace?: boolean }) => void;
  /** Leaves the app: a provider's hosted page or an app-scheme link. */
  assignLocation: (url: string) => void;
}
