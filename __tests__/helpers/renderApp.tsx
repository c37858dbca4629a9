/**
 * Renders the real app for screen tests: a real store (reducers and sagas) over a fake API, the real
 * English translations, the default theme and a memory history under the app's own routes, so the lazy
 * routes, the shop layout and its decision order all run as in the browser.
 */
import { act, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { Profiler, type ProfilerOnRenderCallback, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Saga } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router';
import { AppRoutes } from '../../src/app/router';
import type { Session, ShopData } from '../../src/domain/types';
import { DEFAULT_PROMPT_MS } from '../../src/features/kiosk/kioskMode';
import { initialKioskState } from '../../src/features/kiosk/kioskSlice';
import { shopActions } from '../../src/features/shopState';
import type { Api } from '../../src/shared/api';
import { initI18n } from '../../src/shared/i18n';
import { defaultTheme } from '../../src/shared/theme/defaultTheme';
import { ShopThemeProvider } from '../../src/shared/theme/ShopThemeProvider';
import en from '../../translations/en.json';
import { session as emptySession, shopData } from './fixtures';
import { testStore } from './testStore';

// Lazy routes compile on first use and suites share two cores: give findBy*/waitFor more than 1 s.
configure({ asyncUtilTimeout: 4000 });

// RTK's dev-only serializability and immutability checks say so when walking the state takes over 32 ms:
// on two shared cores (and on the 2,000-product shop) they sometimes do. A development cost only; production
// builds have neither check.
const warn = console.warn.bind(console);
jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^(Serializable|Immutable)StateInvariantMiddleware took/.test(args[0]))
    return;
  warn(...args);
});

let english: Promise<I18n> | null = null;

/** One English i18next instance per test file, with the real translations (nothing loaded lazily). */
export function testI18n(): Promise<I18n> {
  english ??= initI18n({ lng: 'en', resources: { en: { translation: en } } });
  return english;
}

export interface RenderAppOptions {
  /** The shop GET shop answers with (default: the café of fixtures.ts). */
  data?: ShopData;
  /** The session GET cart answers with (default: an empty first visit). */
  session?: Session;
  /** Further API doubles; they win over the defaults above. PUT cart succeeds unless replaced. */
  api?: Partial<Api>;
  /** Wraps the whole tree in a React Profiler with this callback. */
  onRender?: ProfilerOnRenderCallback;
  /** Another i18next instance than the shared English one (e.g. one that detected the language). */
  i18n?: I18n;
  /** Render as a counter kiosk (issue 10) with this idle time. */
  kiosk?: { idleMs: number };
  /** The shop the page came with, as the host rendered it (`partial`: a big shop's first products only). */
  fromPage?: { data: ShopData; partial?: boolean };
}

/** Renders `path` (e.g. '/cafe/cart?table=4') through the app's routes and returns the store, API and user. */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  // Each render is a fresh browser tab: nothing remembered by an earlier test (customer details, language).
  sessionStorage.clear();
  localStorage.clear();
  const data = options.data ?? shopData();
  const api = {
    getShop: jest.fn((_shopId: string) => Promise.resolve(data)),
    getSession: jest.fn((_shopId: string, _query?: unknown) =>
      Promise.resolve(options.session ?? emptySession()),
    ),
    putCart: jest.fn((_shopId: string, _body: unknown) => Promise.resolve()),
    ...options.api,
  } as Partial<Api>;
  const { store, navigate, assignLocation, reportError, page } = testStore(
    api,
    options.kiosk
      ? {
          kiosk: initialKioskState({
            idleMs: options.kiosk.idleMs,
            promptMs: DEFAULT_PROMPT_MS,
            language: null,
          }),
        }
      : undefined,
  );
  if (options.fromPage)
    store.dispatch(
      shopActions.renderedByHost({ shopId: options.fromPage.data.shop.shopId, ...options.fromPage }),
    );
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const i18n = options.i18n ?? (await testI18n());
  const user = userEvent.setup();
  let tree: ReactElement = (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShopThemeProvider theme={defaultTheme}>
          <HistoryRouter history={history}>
            <AppRoutes />
          </HistoryRouter>
        </ShopThemeProvider>
      </I18nextProvider>
    </Provider>
  );
  if (options.onRender) {
    tree = (
      <Profiler id="app" onRender={options.onRender}>
        {tree}
      </Profiler>
    );
  }
  const view = render(tree);
  // The shop layout asks for the shop and the session as it mounts; let those answers land inside act().
  await act(async () => {});
  return {
    ...view,
    store,
    api: api as Api & Record<keyof Api, jest.Mock>,
    /** The address the app is at (`history.location`) and how a test moves it (`history.push`). */
    history,
    user,
    i18n,
    navigate,
    assignLocation,
    reportError,
    /** The page's visibility and events, as the sagas see them. */
    page,
  };
}

/** Dispatches outside a user event (a server answer, a test's own action) inside act(). */
export function dispatchInAct(store: { dispatch: (action: never) => unknown }, action: unknown) {
  act(() => {
    store.dispatch(action as never);
  });
}

/**
 * Records the type of every action the store sees from now on (the components' dispatches and the sagas'
 * puts), in order: for tests that a user event is one action.
 */
export function recordActions(store: { injectSagas: (sagas: readonly Saga[]) => void }): string[] {
  const seen: string[] = [];
  store.injectSagas([
    function* recorder() {
      yield takeEvery('*', (action: { type: string }) => {
        seen.push(action.type);
      });
    },
  ]);
  return seen;
}

/** A promise the test resolves or rejects when it chooses (a slow or out-of-order server). */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Matches an element by its whole text where parts of it are elements of their own (an amount is a span of
 * its own: 'Total: ' and '35,00 kr'): the innermost element with exactly that text, so one matches.
 */
export const wholeText = (text: string) => (_: string, element: Element | null) =>
  element !== null &&
  element.textContent === text &&
  ![...element.children].some((child) => child.textContent === text);

/**
 * Matches the header's title paragraph by its whole text (shop name and reference are separate text nodes,
 * the reference glued to the name by no-break spaces, read here as plain ones).
 */
export const headerTitle = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent?.replace(/\u00a0/g, ' ') === text;
