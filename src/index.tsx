import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { mountApp } from './app/mountApp';
import { config } from './shared/config';
import { makeStore } from './app/store';
import { readKioskSetting } from './features/kiosk/kioskMode';
import { initialKioskState } from './features/kiosk/kioskSlice';
import { preloadKioskScreens } from './features/kiosk/lazyKiosk';
import { adoptingEarlyStart, createApi } from './shared/api';
import { watchAnswers } from './shared/api/watchAnswers';
import { isMobileDevice } from './shared/device';
import { initI18n } from './shared/i18n';
import { browserPageSignals } from './shared/pageSignals';
import { leaveKioskWorker } from './shared/serviceWorker/leave';
import { initReporting, reportError } from './shared/reporting';

/** Web storage, or a per-page stand-in where the browser refuses it (some private modes throw). */
function storageOrMemory(
  kind: 'sessionStorage' | 'localStorage',
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    window[kind].getItem('probe');
    return window[kind];
  } catch {
    const data = new Map<string, string>();
    return {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
  }
}

async function main() {
  // Kiosk mode on or off (`?kiosk=1`/`?kiosk=0`, kept in local storage) before anything is waited for, as the
  // language is remembered (§1): a `?kiosk=0` page left while its translations load has ended kiosk mode.
  const kiosk = readKioskSetting(window.location.search, storageOrMemory('localStorage'));
  // A kiosk's store is drawn once its screens are in: they load while the translations do.
  if (kiosk) preloadKioskScreens();
  const i18n = await initI18n();
  const history = createBrowserHistory({ v5Compat: true });
  // The kiosk's touch sizes (index.html's style, features/kiosk/kioskPageCss.ts) from the first frame.
  if (kiosk) document.documentElement.dataset.kiosk = '';
  const page = browserPageSignals();
  // The shop and cart requests index.html started while the scripts loaded (src/earlyStart).
  const apiFetch = adoptingEarlyStart((input, init) => window.fetch(input, init), window.__earlyStart);
  const store = makeStore(
    {
      api: createApi({
        baseUrl: config.apiBaseUrl,
        // A kiosk watches whether the API answers, to pause ordering while it does not (issue 23).
        fetch: kiosk ? watchAnswers(apiFetch, (reached) => page.reportAnswer(reached)) : apiFetch,
      }),
      navigate: (path, options) => (options?.replace ? history.replace(path) : history.push(path)),
      assignLocation: (url) => window.location.assign(url),
      origin: window.location.origin,
      vivaCheckoutUrl: config.vivaCheckoutUrl,
      storage: storageOrMemory('sessionStorage'),
      isMobile: isMobileDevice(navigator),
      reportError,
      page,
      currentSearch: () => window.location.search,
      replaceLocation: (path) => window.location.replace(path),
    },
    { kiosk: initialKioskState(kiosk) },
  );
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const { mounted } = mountApp(root, {
    store,
    i18n,
    history,
    kiosk: kiosk !== null,
    releaseEarlyTaps: window.__earlyStart?.releaseTaps,
    // Shown in the console and reported (scrubbed), so a mismatch in production gets fixed.
    onHydrationError(error) {
      console.error('Hydration error', error);
      reportError(error, { phase: 'hydration' });
    },
  });
  if (!kiosk)
    leaveKioskWorker(() => {
      void import(/* webpackChunkName: "kiosk" */ './shared/serviceWorker/page').then((worker) =>
        worker.keepServiceWorker(false),
      );
    });
  // Loads @sentry/browser only after the first paint, and only when a DSN is configured (§8, DESIGN rule 7).
  initReporting({
    dsn: config.sentryDsn,
    release: config.sentryRelease,
    // The customer's details as typed (payment slice, §3): reports must not carry them, echoed or not.
    typedCustomer: () => store.getState().payment.customer,
    // Web Vitals and the payment funnel (issue 36), in the tabs that measure them.
    fieldMetrics: (send) =>
      import(/* webpackChunkName: "vitals" */ './app/fieldMetrics').then((metrics) =>
        metrics.startFieldMetrics(send, store, i18n, mounted),
      ),
  });
}

void main();
