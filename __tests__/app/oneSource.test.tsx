/**
 * Issue 34, item 6: what the early start (src/earlyStart/earlyStart.js), the host's render (src/ssr) and the
 * app each need to agree on is written once, and each test here fails when one of them has a copy that
 * differs: the language a request names, the top-level routes that are no shop, and the store.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ResourceLanguage } from 'i18next';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { Saga } from 'redux-saga';
import { AppRoutes } from '../../src/app/router';
import { makeStore } from '../../src/app/store';
import { earlyStartSettings } from '../../src/earlyStart/settings';
import { currentLanguage, htmlLang, initI18n, type Language } from '../../src/shared/i18n';
import { parseLanguage } from '../../src/shared/i18n/languages';
import { APP_ROUTES } from '../../src/shared/routes';
import { renderTarget } from '../../src/ssr/renderStorePage';
import en from '../../translations/en.json';
import fi from '../../translations/fi.json';
import se from '../../translations/se.json';
import { testStore } from '../helpers/testStore';

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = readFileSync(path.join(ROOT, 'src/earlyStart/earlyStart.js'), 'utf8');
const TEXTS = { se, en, fi };
/** As webpack.config.ts writes them. */
const SETTINGS = earlyStartSettings((language) => TEXTS[language]);
const CHUNKS: Record<Language, string> = { se: '/i18n-se.js', en: '/i18n-en.js', fi: '/i18n-fi.js' };
const RESOURCES: Record<Language, ResourceLanguage> = {
  se: { translation: se },
  en: { translation: en },
  fi: { translation: fi },
};

/** Runs the early start at `address`; returns the shop requests it made and the language it preloaded. */
function runEarlyStart(address: string) {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = '';
  return runEarlyStartOn(() => undefined);
}

/** Runs the early start on the page as it is once `arrange` has laid out its body. */
function runEarlyStartOn(arrange: () => void) {
  document.head.innerHTML = `<script id="early-start-config" type="application/json">${JSON.stringify({
    apiBaseUrl: '',
    translations: CHUNKS,
    ...SETTINGS,
  })}</script>`;
  arrange();
  const fetch = jest.fn((_url: string) => new Promise<Response>(() => undefined));
  window.fetch = fetch as unknown as typeof window.fetch;
  new Function(SCRIPT)();
  const first = document.head.querySelector('link[rel=preload][as=script]')?.getAttribute('href');
  const language = (Object.keys(CHUNKS) as Language[]).find((lng) => CHUNKS[lng] === first);
  return { requests: fetch.mock.calls.map(([url]) => url), language };
}

function setCookie(value: string | null) {
  document.cookie =
    value === null ? 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `i18next=${value}; path=/`;
}

function forgetLanguage() {
  setCookie(null);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
}

afterEach(forgetLanguage);

describe('issue 34: one rule says which language a raw code names (shared/i18n/languages.ts)', () => {
  /** Raw codes as a link, a cookie or storage may hold them, and the language each names (null: none). */
  const CODES: [string, Language | null][] = [
    ['se', 'se'],
    ['sv', 'se'],
    ['sv-SE', 'se'],
    ['sv_SE', 'se'],
    ['SV-se', 'se'],
    ['sv-FI', 'se'],
    [' sv ', 'se'],
    ['fi', 'fi'],
    ['fi-FI', 'fi'],
    ['fi_FI', 'fi'],
    ['FI_fi', 'fi'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['en_US', 'en'],
    ['en-US-x-test', 'en'],
    ['xx', null],
    ['de-DE', null],
    ['nb-NO', null],
    ['', null],
    ['sv-', null],
    ['sv_', null],
    ['sv.UTF-8', null],
    ['sv SE', null],
    ['sv-<b>', null],
    ['<b>x</b>', null],
    ['svenska', null],
    ['english', null],
    ['__proto__', null],
  ];

  /** The language each of the three finds for a request whose sources are set by `arrange`. */
  async function languages(address: string, cookie: string | null, storage: string | null) {
    const seen: Record<string, Language> = {};
    const arrange = () => {
      forgetLanguage();
      if (cookie !== null) setCookie(cookie);
      if (storage !== null) localStorage.setItem('i18nextLng', storage);
    };
    arrange();
    seen.earlyStart = runEarlyStart(address).language as Language;
    arrange();
    window.history.replaceState(null, '', address);
    seen.app = currentLanguage(await initI18n({ resources: RESOURCES }));
    // The render sees no storage: it is asked only where a server can see the code.
    if (storage === null) {
      const headers: Record<string, string> = cookie === null ? {} : { Cookie: `sid=1; i18next=${cookie}` };
      const target = renderTarget(new Request(`https://shop.example${address}`, { headers }));
      if (target) seen.render = target.language;
    }
    return seen;
  }

  it.each(CODES)(
    '%p names %p: in ?lng, the early start, the render and the app agree',
    async (code, named) => {
      expect(parseLanguage(code) ?? null).toBe(named);
      const all = await languages(`/cafe?lng=${encodeURIComponent(code)}`, null, null);
      expect(all).toEqual({ earlyStart: named ?? 'en', app: named ?? 'en', render: named ?? 'en' });
    },
  );

  it.each(CODES)(
    '%p names %p: in the cookie, percent-encoded, all three decode it and agree',
    async (code, named) => {
      const all = await languages('/cafe', encodeURIComponent(code), null);
      expect(all).toEqual({ earlyStart: named ?? 'en', app: named ?? 'en', render: named ?? 'en' });
    },
  );

  it.each(CODES.filter(([code]) => /^[\w-]+$/.test(code)))(
    '%p names %p: in the cookie as written, all three agree',
    async (code, named) => {
      const all = await languages('/cafe', code, null);
      expect(all).toEqual({ earlyStart: named ?? 'en', app: named ?? 'en', render: named ?? 'en' });
    },
  );

  it.each(CODES)('%p names %p: in local storage, the early start and the app agree', async (code, named) => {
    const all = await languages('/cafe', null, code);
    expect(all).toEqual({ earlyStart: named ?? 'en', app: named ?? 'en' });
  });

  it('a code that names none does not hide the next source, in all three', async () => {
    expect(await languages('/cafe?lng=sv.UTF-8', 'fi_FI', null)).toEqual({
      earlyStart: 'fi',
      app: 'fi',
      render: 'fi',
    });
    expect(await languages('/cafe?lng=xx', 'sv%', 'fi')).toEqual({ earlyStart: 'fi', app: 'fi' });
  });

  /** The language each of the three finds when nothing names one and the browser prefers `preferences`. */
  async function fromBrowser(preferences: string[], rendered?: Language) {
    forgetLanguage();
    const languagesOf = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(preferences);
    try {
      const seen: Record<string, Language | undefined> = {};
      seen.earlyStart = runEarlyStart('/cafe').language;
      // A page the host rendered carries its data block and says its language in <html lang>.
      const page = () => {
        if (!rendered) return;
        document.documentElement.lang = htmlLang(rendered);
        document.body.innerHTML = '<script id="rendered-page" type="application/json">{}</script>';
      };
      if (rendered) {
        page();
        seen.earlyStartOnRenderedPage = runEarlyStartOn(page).language;
      }
      window.history.replaceState(null, '', '/cafe');
      page();
      seen.app = currentLanguage(await initI18n({ resources: RESOURCES }));
      const header = preferences.map((tag, i) => `${tag};q=${(1 - i / 10).toFixed(1)}`).join(', ');
      seen.render = renderTarget(
        new Request('https://shop.example/cafe', { headers: { 'Accept-Language': header } }),
      )?.language;
      return seen;
    } finally {
      languagesOf.mockRestore();
      document.body.innerHTML = '';
      document.documentElement.lang = 'en';
    }
  }

  it.each([
    [['sv-SE', 'en-US'], 'se'],
    [['fi-FI', 'fi', 'en'], 'fi'],
    [['de-DE', 'fi'], 'fi'],
    [['en-GB'], 'en'],
    [['se-NO', 'nb'], 'en'],
    [['de-DE', 'fr-FR'], 'en'],
    [[], 'en'],
  ] as [string[], Language][])(
    'issue 39: nothing named, the browser prefers %p: the early start, the render and the app pick %p',
    async (preferences, language) => {
      expect(await fromBrowser(preferences)).toEqual({
        earlyStart: language,
        app: language,
        render: language,
      });
    },
  );

  it('issue 39: on a page the host rendered, the early start and the app take its language before the browser’s', async () => {
    const seen = await fromBrowser(['fi-FI'], 'se');
    expect(seen).toMatchObject({ earlyStartOnRenderedPage: 'se', app: 'se' });
  });

  it('the early start holds no language code or source name of its own: it reads them from its settings', () => {
    const code = SCRIPT.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code).not.toMatch(/['"/](se|sv|fi|en|lng|i18next|i18nextLng)\b/);
  });
});

/** The element of type `type` in a tree of React elements (the router's JSX), depth first. */
function findElement(node: ReactNode, type: unknown): ReactElement<{ children?: ReactNode }> | null {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<{ children?: ReactNode }>(child)) continue;
    if (child.type === type) return child;
    const found = findElement(child.props.children, type);
    if (found) return found;
  }
  return null;
}

describe("issue 34: the top-level routes that are no shop's are listed once (shared/routes.ts)", () => {
  const routes = findElement(AppRoutes(), Routes);
  /** The router's own top-level paths, other than the shop's and the 404's. */
  const routerPaths = Children.toArray(routes?.props.children)
    .filter((child) => isValidElement<{ path?: string }>(child) && child.type === Route)
    .map((child) => (child as ReactElement<{ path?: string }>).props.path)
    .filter((route): route is string => route !== undefined && route !== ':webshopId' && route !== '*');
  const firstSegments = [...new Set(routerPaths.map((route) => route.split('/')[0]))];

  it('the router declares exactly the routes of shared/routes.ts', () => {
    expect(routerPaths.length).toBeGreaterThan(0);
    expect([...routerPaths].sort()).toEqual(Object.values(APP_ROUTES).flat().sort());
  });

  it("the early start's settings list the router's non-shop first segments", () => {
    expect([...SETTINGS.notShops].sort()).toEqual([...firstSegments].sort());
  });

  it.each(firstSegments)(
    '/%s… is no shop to the early start (nothing requested) nor to the render',
    (segment) => {
      for (const address of [`/${segment}`, `/${segment}/a/b/c`]) {
        expect([address, runEarlyStart(address).requests]).toEqual([address, []]);
      }
      expect(renderTarget(new Request(`https://shop.example/${segment}`))).toBeNull();
    },
  );

  it('any other first segment is a shop to both', () => {
    expect(runEarlyStart('/integrations').requests).toEqual([
      '/api/v2/webshop/integrations',
      '/api/v2/webshop/integrations/cart',
    ]);
    expect(renderTarget(new Request('https://shop.example/integrations'))?.shopId).toBe('integrations');
  });

  it('the early start holds no list of its own', () => {
    for (const segment of firstSegments) expect(SCRIPT).not.toContain(`'${segment}'`);
  });
});

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : /\.(ts|tsx|js)$/.test(name) ? [file] : [];
  });
}

describe('issue 34: the store is built once (app/store.ts makeStore), for the app and the render alike', () => {
  it('one configureStore in src, and no store cast into shape', () => {
    const texts = sources(path.join(ROOT, 'src')).map((file) => [file, readFileSync(file, 'utf8')] as const);
    const building = texts.filter(([, text]) => /configureStore\(/.test(text)).map(([file]) => file);
    expect(building.map((file) => path.relative(ROOT, file))).toEqual(['src/app/store.ts']);
    const casts = texts.filter(([, text]) => /as unknown as \w*Store\b/.test(text)).map(([file]) => file);
    expect(casts).toEqual([]);
  });

  it("without a saga context (the render's store) it has the app store's state and runs no saga", () => {
    const { store } = testStore(); // first: it adds every screen's slices (app/store.ts ScreenState)
    const renderStore = makeStore();
    expect(Object.keys(renderStore.getState())).toEqual(Object.keys(store.getState()));
    const ran: string[] = [];
    const saga: Saga = function* () {
      ran.push('ran');
      yield undefined;
    };
    renderStore.injectSagas([saga]);
    expect(ran).toEqual([]);
    store.injectSagas([saga]);
    expect(ran).toEqual(['ran']);
  });
});
