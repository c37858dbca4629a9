/**
 * Issue 22: the store page the host renders (src/ssr) is hydrated, not drawn twice. Every demo shop in se,
 * en and fi is rendered by the render function (in a Node process of its own: server builds of the
 * libraries, a demo API on a fixed clock) and then hydrated here as index.tsx does (app/mountApp.tsx), with
 * the page's modules loaded after the page is in the document, as a browser runs deferred scripts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { HOSTILE_STRINGS } from '../../src/demo-api/fixtures/fixtures';
import { readFileSync } from 'node:fs';
import type { AppStore } from '../../src/app/store';
import type { RenderedPage } from '../../src/app/renderedPage';
import { demoShopFixtures } from '../../src/demo-api/fixtures/fixtures';
import { buildShopResponse, ShopCatalog } from '../../src/demo-api/services/shopCatalog';
import type { ShopData } from '../../src/domain/types';
import { toShopData } from '../../src/shared/api/wireMappers';
import type { EarlyStart } from '../../src/shared/api';
import en from '../../translations/en.json';
import fi from '../../translations/fi.json';
import se from '../../translations/se.json';
import { FakeIntersectionObserver } from '../helpers/intersectionObserver';

const EARLY_START = ['holdTaps.js', 'earlyStart.js'].map((file) =>
  readFileSync(path.join(__dirname, '../../src/earlyStart', file), 'utf8'),
);

type Rendered = Record<string, { status: number; headers: Record<string, string>; html: string }>;

const SHOPS = ['cafe', 'restaurant', 'closed', 'kahvila', 'bigshop', 'tabonly', 'hostile'];
const LANGUAGES = ['se', 'en', 'fi'] as const;
const ADDRESSES = SHOPS.flatMap((shop) => LANGUAGES.map((lng) => `/${shop}?lng=${lng}`));
const MORE = ['/cafe', '/nosuchshop?lng=se'];

/** Runs helpers/renderDemoShops.ts under tsx with the given time zone. */
function renderPages(addresses: string[], timeZone: string): Rendered {
  const out = execFileSync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, '../helpers/renderDemoShops.ts'), ...addresses],
    {
      env: { ...process.env, TZ: timeZone },
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return JSON.parse(out.toString('utf8')) as Rendered;
}

let pages: Rendered;
beforeAll(() => {
  pages = renderPages([...ADDRESSES, ...MORE], 'Europe/Stockholm');
}, 180_000);

let unmount: (() => Promise<void>) | null = null;
const originalIntersectionObserver = window.IntersectionObserver;
beforeEach(() => {
  // The browser's (the windowed big shop draws as it will in the browser).
  window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(async () => {
  await unmount?.();
  unmount = null;
  window.IntersectionObserver = originalIntersectionObserver;
  document.cookie = 'i18next=; max-age=0; path=/';
  localStorage.clear();
  // A page runs the tap holding once; these tests run it once each: the last one stops before the next.
  window.__earlyStart?.releaseTaps?.();
  delete window.__earlyStart;
});

/** Puts a rendered page in the document at its address, as the browser has it before any script runs. */
function loadDocument(address: string, html: string): void {
  window.history.replaceState(null, '', address);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}

/** Runs the page's tap holding and early start (src/earlyStart) on the document, requests left unanswered. */
function startEarly(): EarlyStart {
  window.fetch = (() => new Promise<never>(() => undefined)) as typeof window.fetch;
  for (const script of EARLY_START) new Function(script)();
  return window.__earlyStart as EarlyStart;
}

/** The modules index.tsx starts the app with. */
async function pageModules() {
  return {
    act: (await import('react')).act,
    mountApp: (await import('../../src/app/mountApp')).mountApp,
    initI18n: (await import('../../src/shared/i18n')).initI18n,
    testStore: (await import('../helpers/testStore')).testStore,
    createBrowserHistory: (await import('react-router')).UNSAFE_createBrowserHistory,
  };
}

/** Starts the app on the document as index.tsx does; resolves once React has committed. */
async function startApp({
  kiosk = false,
  heldTap = null as HTMLElement | null,
  releaseEarlyTaps = undefined as (() => HTMLElement | null) | undefined,
  shop = new Promise<never>(() => undefined) as Promise<ShopData>,
} = {}) {
  // Loaded after the page is in place, like the deferred scripts: Emotion moves the page's styles out of
  // #root when it starts, before React hydrates.
  let modules!: Awaited<ReturnType<typeof pageModules>>;
  await jest.isolateModulesAsync(async () => {
    modules = await pageModules();
  });
  const i18n = await modules.initI18n({
    resources: { se: { translation: se }, en: { translation: en }, fi: { translation: fi } },
  });
  const getShop = jest.fn((_shopId: string, _signal?: AbortSignal) => shop);
  const { store } = modules.testStore({ getShop, getSession: () => new Promise<never>(() => undefined) });
  const errors: unknown[] = [];
  const root = document.getElementById('root') as HTMLElement;
  let result!: ReturnType<typeof modules.mountApp>;
  await modules.act(async () => {
    result = modules.mountApp(root, {
      store: store as unknown as AppStore,
      i18n,
      history: modules.createBrowserHistory({ v5Compat: true }),
      kiosk,
      onHydrationError: (error) => errors.push(error),
      releaseEarlyTaps: releaseEarlyTaps ?? (() => heldTap),
    });
  });
  unmount = () => modules.act(async () => result.root.unmount());
  return { mounted: result.mounted, errors, store, getShop };
}

describe('the store page as the host renders it (issue 22)', () => {
  it.each(ADDRESSES)('%s renders and hydrates with no recoverable error', async (address) => {
    const page = pages[address];
    expect(page?.status).toBe(200);
    loadDocument(address, page?.html ?? '');
    const heading = document.querySelector('#root header, #root main');
    expect(heading).not.toBeNull();
    const consoleError = jest.spyOn(console, 'error');
    const { mounted: how, errors } = await startApp();
    expect(how).toBe('hydrated');
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // Hydration keeps the server's nodes: the heading on screen is the very element the page came with.
    expect(heading?.isConnected).toBe(true);
  });

  it('§2 the shop that does not exist is rendered as "Shop not found" with status 404, and hydrates', async () => {
    const page = pages['/nosuchshop?lng=se'];
    expect(page?.status).toBe(404);
    loadDocument('/nosuchshop?lng=se', page?.html ?? '');
    expect(document.querySelector('#root h1')?.textContent).toBe(se.shop.notFound.title);
    const { mounted: how, errors } = await startApp();
    expect([how, errors]).toEqual(['hydrated', []]);
  });

  it('§1 a language the server could not see (kept in local storage) renders anew in that language, from the shop the page carries', async () => {
    const page = pages['/cafe'];
    expect(page?.headers['content-language']).toBe('en');
    loadDocument('/cafe', page?.html ?? '');
    localStorage.setItem('i18nextLng', 'fi');
    const { mounted: how, errors, getShop } = await startApp();
    expect([how, errors]).toEqual(['redrawn', []]);
    expect(document.documentElement.lang).toBe('fi');
    // The shop's data is the same in every language: the store is drawn in Finnish at once, asking nothing.
    expect(document.querySelector('#root [aria-label="Lisää Kanelbulle ostoskoriin"]')).not.toBeNull();
    expect(getShop).not.toHaveBeenCalled();
  });

  it("issue 34: a button tapped on the markup of another language is pressed once on the app's own, once it replaced it", async () => {
    loadDocument('/cafe', pages['/cafe']?.html ?? '');
    localStorage.setItem('i18nextLng', 'fi');
    const early = startEarly();
    const add = document.querySelector<HTMLElement>('#root button[aria-label="Add Kanelbulle to the cart"]');
    add?.click();
    add?.click(); // a double tap
    expect(add?.getAttribute('aria-busy')).toBe('true');
    const { store } = await startApp({ releaseEarlyTaps: early.releaseTaps });
    const lines = Object.values(store.getState().cart.entities).map((i) => `${i?.productId}×${i?.count}`);
    expect(lines).toEqual(['kanelbulle×1']);
    expect(add?.isConnected).toBe(false);
    expect(early.holdingTaps).toBe(false);
  });

  it("issue 34: a kiosk drawn anew over the phone's rendered store presses the held tap on its own button, once", async () => {
    loadDocument('/cafe', pages['/cafe']?.html ?? '');
    const early = startEarly();
    document.querySelector<HTMLElement>('#root button[aria-label="Add Kanelbulle to the cart"]')?.click();
    const { store } = await startApp({ kiosk: true, releaseEarlyTaps: early.releaseTaps });
    const lines = Object.values(store.getState().cart.entities).map((i) => `${i?.productId}×${i?.count}`);
    expect(lines).toEqual(['kanelbulle×1']);
  });

  it('a kiosk (the setting kept in local storage) renders anew: the server cannot see it', async () => {
    loadDocument('/cafe', pages['/cafe']?.html ?? '');
    const { mounted: how } = await startApp({ kiosk: true });
    expect(how).toBe('redrawn');
  });

  it('a page rendered for another address is not hydrated there', async () => {
    loadDocument('/restaurant', pages['/cafe']?.html ?? '');
    const { mounted: how } = await startApp();
    expect(how).toBe('redrawn');
  });

  it('a button tapped before the app was ready is pressed once it has hydrated: the bun is added, once', async () => {
    loadDocument('/cafe?lng=en', pages['/cafe?lng=en']?.html ?? '');
    const add = document.querySelector<HTMLElement>('#root button[aria-label="Add Kanelbulle to the cart"]');
    expect(add).not.toBeNull();
    add?.setAttribute('aria-busy', 'true');
    const { store } = await startApp({ heldTap: add });
    const lines = Object.values(store.getState().cart.entities).map((i) => `${i?.productId}×${i?.count}`);
    expect(lines).toEqual(['kanelbulle×1']);
    expect(add?.hasAttribute('aria-busy')).toBe(false);
  });

  it('issue 34: every button of every rendered store says which it is (data-tap), so a tap held on it finds it again when the app draws the page anew', () => {
    for (const address of ADDRESSES) {
      const doc = new DOMParser().parseFromString(pages[address]?.html ?? '', 'text/html');
      const unnamed = [...doc.querySelectorAll('#root button:not([data-tap])')].map((b) => b.outerHTML);
      expect({ address, unnamed }).toEqual({ address, unnamed: [] });
    }
  });

  it('the hydrated store does not fetch the shop the page carries', async () => {
    loadDocument('/cafe', pages['/cafe']?.html ?? '');
    const { store, getShop } = await startApp();
    expect(store.getState().shop.status).toBe('loaded');
    expect(getShop).not.toHaveBeenCalled();
  });

  /** The shops of the reads not aborted. */
  const readsOnTheirWay = (getShop: jest.Mock<unknown, [string, AbortSignal?]>) =>
    getShop.mock.calls.filter(([, signal]) => !signal?.aborted).map(([shopId]) => shopId);

  /** The demo's whole big shop, as the app's API edge maps it. */
  function wholeBigShop(): ShopData {
    const shop = new ShopCatalog(demoShopFixtures()).all().find((each) => each.shopId === 'bigshop')!;
    return toShopData(buildShopResponse(shop, new Map(shop.fixture.products.map((p) => [p.id, 20]))));
  }

  it("issue 37: a big shop's page hydrates with the products it draws first, then reads the whole shop once; its cards stay", async () => {
    const html = pages['/bigshop?lng=en']?.html ?? '';
    loadDocument('/bigshop?lng=en', html);
    const block = JSON.parse(document.getElementById('rendered-page')?.textContent ?? '') as RenderedPage;
    const whole = wholeBigShop();
    expect(block.partial).toBe(true);
    expect(block.shop?.products.length).toBeLessThan(whole.products.length / 10);
    const firstCard = document.querySelector('#root article');
    let answer!: (data: ShopData) => void;
    const {
      mounted: how,
      errors,
      store,
      getShop,
    } = await startApp({
      shop: new Promise((resolve) => (answer = resolve)),
    });
    expect([how, errors]).toEqual(['hydrated', []]);
    expect(store.getState().shop.partial).toBe(true);
    // One read on its way (StrictMode's second effect in a development build aborts the first).
    expect(readsOnTheirWay(getShop)).toEqual(['bigshop']);
    const { act } = await import('react');
    await act(async () => answer(whole));
    expect(store.getState().shop.partial).toBe(false);
    expect(store.getState().shop.products.ids).toHaveLength(whole.products.length);
    expect(firstCard?.isConnected).toBe(true);
  });

  it("issue 37: a big shop's page drawn anew (a kiosk) takes none of its products: it reads the whole shop", async () => {
    loadDocument('/bigshop?lng=en', pages['/bigshop?lng=en']?.html ?? '');
    const { mounted: how, store, getShop } = await startApp({ kiosk: true });
    expect(how).toBe('redrawn');
    expect(store.getState().shop).toMatchObject({ fromPage: null, partial: false, status: 'loading' });
    expect(readsOnTheirWay(getShop)).toEqual(['bigshop']);
  });

  it('the render is the same in every time zone the host may run in (TZ=UTC and Europe/Stockholm)', () => {
    const some = ['/cafe?lng=se', '/closed?lng=en', '/kahvila?lng=fi', '/restaurant?lng=se'];
    const utc = renderPages(some, 'UTC');
    for (const address of some) expect(utc[address]?.html).toBe(pages[address]?.html);
  }, 60_000);

  it("the hostile shop's texts come out as text: in the page, its title, its meta tags and its data block", () => {
    const html = pages['/hostile?lng=se']?.html ?? '';
    // Not one of the hostile strings is markup anywhere in the page.
    for (const text of [HOSTILE_STRINGS.script, HOSTILE_STRINGS.img]) expect(html).not.toContain(text);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toContain(HOSTILE_STRINGS.script);
    expect(doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toContain(
      HOSTILE_STRINGS.script,
    );
    expect(doc.querySelectorAll('img[onerror], [onerror], [onclick]')).toHaveLength(0);
    expect(doc.querySelector('#root h1')?.textContent).toContain(HOSTILE_STRINGS.script);
    // The data block is one JSON text: '</script>', '<!--' and U+2028/2029 cannot end or bend it.
    const block = doc.getElementById('rendered-page')?.textContent ?? '';
    expect(JSON.parse(block).shop.shop.title).toContain(HOSTILE_STRINGS.script);
  });

  it('the rendered pages run no inline script but the tap holding and the early start, each allowed by its hash (CSP)', () => {
    for (const [address, page] of Object.entries(pages)) {
      const policy = page.headers['content-security-policy'] ?? '';
      const doc = new DOMParser().parseFromString(page.html, 'text/html');
      for (const script of doc.querySelectorAll('script:not([src])')) {
        if (script.getAttribute('type') === 'application/json') continue;
        const hash = createHash('sha256')
          .update(script.textContent ?? '')
          .digest('base64');
        expect([address, script.id, policy]).toEqual([
          address,
          expect.stringMatching(/^(hold-taps|early-start)$/),
          expect.stringContaining(hash),
        ]);
      }
    }
  });
});
