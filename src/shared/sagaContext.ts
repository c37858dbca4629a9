import type { Api } from './api';
import type { PageSignals } from './pageSignals';
import type { ReportContext } from './reporting';

/**
 * Everything a saga reaches outside the store, provided through redux-saga's context so tests can hand
 * in doubles (DESIGN rule 4): the API, in-app navigation, full-page navigation and facts of the device.
 */
export interface SagaContext {
  api: Api;
  navigate: (path: string, options?: { replace?: boolean }) => void;
  /** Leaves the app: a provider's hosted page or an app-scheme link. */
  assignLocation: (url: string) => void;
  /** The page's origin, for callback addresses handed to providers. */
  origin: string;
  /** A phone or tablet that can open the Swish app itself (§2 Swish panel). */
  isMobile: boolean;
  /** §2 Viva hosted checkout base (config). */
  vivaCheckoutUrl: string;
  /** Per-tab storage (sessionStorage): what must outlive a reload or a provider's redirect. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Where a failure that is not shown to the customer goes (error reporting), with optional tags. */
  reportError: (error: unknown, context?: ReportContext) => void;
  /** Visibility, online, back-forward-cache returns and other tabs' cart saves (see pageSignals.ts). */
  page: PageSignals;
  /** The address's query string now (a provider's return parameters, e.g. Viva's `t`). */
  currentSearch: () => string;
  /** Replaces the page with a fresh document at `path` (a kiosk's next customer: nothing of the last stays). */
  replaceLocation: (path: string) => void;
}
