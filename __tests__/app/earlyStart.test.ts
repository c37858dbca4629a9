/**
 * The page's early start (src/earlyStart/earlyStart.js, inlined into index.html) and the app's adoption of
 * its answers (src/shared/api/earlyStart.ts): the first screen's requests start before the scripts run
 * (issue 11: no request chain on first load), and the app never sends them twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adoptingEarlyStart, createApi, type EarlyStart } from '../../src/shared/api';
import { MONEY_LOCALE } from '../../src/domain/money';
import { earlyStartSettings } from '../../src/earlyStart/settings';
import { sessionActions } from '../../src/features/session';
import { EAGER_IMAGES } from '../../src/features/shop/ProductBlock';
import { intlLocale } from '../../src/shared/i18n/languages';
import en from '../../translations/en.json';
import fi from '../../translations/fi.json';
import se from '../../translations/se.json';
import { sessionResponse, shopResponse } from '../shared/api/wireFixtures';

const SCRIPT = readFileSync(path.join(__dirname, '../../src/earlyStart/earlyStart.js'), 'utf8');
const HOLD_TAPS = readFileSync(path.join(__dirname, '../../src/earlyStart/holdTaps.js'), 'utf8');
const TEXTS = { se, en, fi };
/** As webpack.config.ts writes them. */
const SETTINGS = earlyStartSettings((language) => TEXTS[language]);
const CHUNKS = { se: '/assets/i18n-se.1.js', en: '/assets/i18n-en.1.js', fi: '/assets/i18n-fi.1.js' };

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** Runs the script at `address` with `fetch` answering the shop; returns the requests and preloads made. */
async function startAt(address: string, shop: unknown = shopResponse(), apiBaseUrl = '') {
  window.history.replaceState(null, '', address);
  document.head.innerHTML = `<script id="early-start-config" type="application/json">${JSON.stringify({
    apiBaseUrl,
    translations: CHUNKS,
    ...SETTINGS,
  })}</script>`;
  document.body.innerHTML = '<div role="status"><span id="boot-label" lang="en">Loading…</span></div>';
  const fetch = jest.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(url.endsWith('/cart') ? answer(sessionResponse()) : answer(shop)),
  );
  window.fetch = fetch as unknown as typeof window.fetch;
  new Function(SCRIPT)();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const preloads = [...document.head.querySelectorAll('link[rel=preload]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    high: link.getAttribute('fetchpriority') === 'high',
  }));
  return { fetch, preloads, early: window.__earlyStart as EarlyStart };
}

afterEach(() => {
  // A page runs the tap holding once; these tests run it once each: the last one stops before the next.
  window.__earlyStart?.releaseTaps?.();
  delete window.__earlyStart;
  document.cookie = 'i18next=; max-age=0';
  localStorage.clear();
});

describe('the early start (issue 11: everything the first screen needs starts at once)', () => {
  it('a shop address starts the shop and cart requests exactly as the app sends them, table and tabId included', async () => {
    const { fetch, early } = await startAt('/caf%C3%A9?table=07&tabId=t1&lng=en');
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/api/v2/webshop/caf%C3%A9', '/api/v2/webshop/caf%C3%A9/cart?table=07&tabId=t1']);
    expect(fetch.mock.calls[0]?.[1]).toEqual({
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    expect(Object.keys(early.requests)).toEqual(urls);
  });

  it('§5: a table without an order reference’s shape is not sent, exactly as the app leaves it out', async () => {
    const { fetch } = await startAt(`/cafe?table=${encodeURIComponent('Swisha till 0701234567')}&tabId=t1`);
    const cart = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('/cart'));
    expect(cart).toEqual(['/api/v2/webshop/cafe/cart?tabId=t1']);
    const app: string[] = [];
    await createApi({
      fetch: (url) => (app.push(url), Promise.resolve(answer(sessionResponse()))),
    }).getSession(
      'cafe',
      sessionActions.loadRequested('cafe', { table: 'Swisha till 0701234567', tabId: 't1' }).payload.query,
    );
    expect(app).toEqual(cart);
  });

  /** Runs the script on a page the host rendered (it carries the shop): `body` is the page's body. */
  function startOnRenderedPage(address: string, body: string) {
    window.history.replaceState(null, '', address);
    document.head.innerHTML = `<script id="early-start-config" type="application/json">${JSON.stringify({
      apiBaseUrl: '',
      translations: CHUNKS,
      ...SETTINGS,
    })}</script>`;
    document.body.innerHTML = `${body}<script id="rendered-page" type="application/json">{}</script>`;
    const fetch = jest.fn((_url: string) => Promise.resolve(answer(sessionResponse())));
    window.fetch = fetch as unknown as typeof window.fetch;
    new Function(HOLD_TAPS)();
    new Function(SCRIPT)();
    return fetch;
  }

  it('a page the host rendered (it carries the shop) requests only the cart, and preloads no image', () => {
    const fetch = startOnRenderedPage('/cafe?table=07', '');
    // No shop request, so no answer to wait for: nothing can preload an image later.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v2/webshop/cafe/cart?table=07']);
    expect(document.head.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(0);
  });

  it('on a rendered page the first button tapped before the app is ready is held (once) and handed over', () => {
    const pressed: string[] = [];
    document.addEventListener('click', (event) => pressed.push((event.target as HTMLElement).id));
    startOnRenderedPage(
      '/cafe',
      '<div id="root"><button id="add">+</button><button id="open">Latte</button></div>' +
        '<button id="outside">x</button>',
    );
    const add = document.getElementById('add') as HTMLButtonElement;
    add.click();
    add.click();
    (document.getElementById('open') as HTMLButtonElement).click();
    (document.getElementById('outside') as HTMLButtonElement).click();
    // Nothing inside the rendered page reacts yet; the first tap is held and shown busy.
    expect(pressed).toEqual(['outside']);
    expect(add.getAttribute('aria-busy')).toBe('true');
    const early = window.__earlyStart as EarlyStart;
    expect(early.releaseTaps?.()).toBe(add);
    // Released: taps go where they were aimed again.
    add.click();
    expect(pressed).toEqual(['outside', 'add']);
  });

  it('issue 34: the tap holding listens before any button of the page is parsed (the big shop: 460 KiB of data between its buttons and the early start)', () => {
    const pressed: string[] = [];
    const listener = (event: Event) => pressed.push((event.target as HTMLElement).id);
    document.addEventListener('click', listener);
    document.body.innerHTML = '';
    // holdTaps.js runs before #root; the parser then reaches the rendered buttons, then the rest of the page.
    new Function(HOLD_TAPS)();
    document.body.innerHTML = '<div id="root"><button id="first">+</button></div>';
    const first = document.getElementById('first') as HTMLButtonElement;
    first.click();
    expect(pressed).toEqual([]);
    expect(first.getAttribute('aria-busy')).toBe('true');
    expect((window.__earlyStart as EarlyStart).releaseTaps?.()).toBe(first);
    document.removeEventListener('click', listener);
  });

  it('the requests go to the configured API base', async () => {
    const { fetch } = await startAt('/cafe', shopResponse(), 'https://api.example.test/');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://api.example.test/api/v2/webshop/cafe',
      'https://api.example.test/api/v2/webshop/cafe/cart',
    ]);
  });

  it.each([
    '/',
    '/download?url=x',
    '/receipt/c1/r1',
    '/company/c1/payment/pi',
    '/auth/passwordreset',
    '/stripe',
  ])('a page that is no shop (%s) requests nothing', async (address) => {
    const { fetch } = await startAt(address);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("the visitor's language is preloaded with the English fallback, found as the app finds it: ?lng, cookie, local storage", async () => {
    expect((await startAt('/cafe?lng=sv-SE')).preloads.filter((p) => p.as === 'script')).toEqual([
      { href: CHUNKS.se, as: 'script', high: false },
      { href: CHUNKS.en, as: 'script', high: false },
    ]);
    document.cookie = 'i18next=fi';
    expect((await startAt('/cafe')).preloads.filter((p) => p.as === 'script').map((p) => p.href)).toEqual([
      CHUNKS.fi,
      CHUNKS.en,
    ]);
    document.cookie = 'i18next=; max-age=0';
    localStorage.setItem('i18nextLng', 'se');
    expect((await startAt('/cafe')).preloads[0]?.href).toBe(CHUNKS.se);
    localStorage.clear();
    expect((await startAt('/cafe')).preloads.filter((p) => p.as === 'script').map((p) => p.href)).toEqual([
      CHUNKS.en,
    ]);
  });

  it("the first screen's product images (the grid's eager ones, in store order) are preloaded as soon as the shop is in, the first at high priority, with the logo", async () => {
    const shop = shopResponse();
    // Two categories of four products each, so the first screen spans a category boundary.
    const template = shop.articles[shop.categories[0]!.sortedProducts[0]!]!;
    const ids = Array.from({ length: 2 * EAGER_IMAGES }, (_, index) => `p${index}`);
    shop.articles = Object.fromEntries(
      ids.map((id, index) => [id, { ...template, id, image: `https://img.example.test/${index}.jpg` }]),
    );
    shop.categories = [0, 1].map((n) => ({
      ...shop.categories[0]!,
      sortedProducts: ids.slice(n * EAGER_IMAGES - (n ? 1 : 0), (n + 1) * EAGER_IMAGES - (n ? 0 : 1)),
    }));
    shop.articles[ids[1]!]!.image = ''; // a product without an image still takes its place on the screen
    shop.company.logo = 'https://img.example.test/logo.png';
    const { preloads } = await startAt('/cafe?lng=en', shop);
    const eager = ids.slice(0, EAGER_IMAGES).map((_, index) => `https://img.example.test/${index}.jpg`);
    expect(preloads.filter((p) => p.as === 'image')).toEqual([
      { href: 'https://img.example.test/logo.png', as: 'image', high: false },
      ...eager
        .filter((_, index) => index !== 1)
        .map((href, index) => ({ href, as: 'image', high: index === 0 })),
    ]);
  });

  it.each([
    ['/cafe?lng=sv', 'sv', se.shop.loading],
    ['/cafe?lng=fi', 'fi', fi.shop.loading],
    ['/download?lng=fi', 'fi', fi.common.loading],
    ['/receipt/c1/r1', 'en', en.common.loading],
  ])(
    "the spinner index.html shows until the app draws speaks the visitor's language (%s: %s)",
    async (address, lang, words) => {
      await startAt(address);
      const label = document.getElementById('boot-label');
      expect(label?.textContent).toBe(words);
      expect(label?.getAttribute('lang')).toBe(lang);
    },
  );

  it("the Intl data of the first screen's locales (prices, the visitor's language) loads while the scripts download", async () => {
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      await startAt('/cafe?lng=fi');
      expect(numberFormat).toHaveBeenCalledWith(MONEY_LOCALE, expect.anything());
      expect(dateTimeFormat).toHaveBeenCalledWith(intlLocale('fi'), expect.anything());
    } finally {
      numberFormat.mockRestore();
      dateTimeFormat.mockRestore();
    }
  });

  it('a shop shown without images preloads none of its product images', async () => {
    const shop = shopResponse();
    shop.articles[shop.categories[0]!.sortedProducts[0]!]!.image = 'https://img.example.test/first.jpg';
    shop.shop.displayType = 'NO_IMAGE';
    const { preloads } = await startAt('/cafe?lng=en', shop);
    expect(preloads.filter((p) => p.as === 'image').map((p) => p.href)).not.toContain(
      'https://img.example.test/first.jpg',
    );
  });

  it('image addresses that are not http(s) or same-origin paths are never preloaded (hostile shop data)', async () => {
    const shop = shopResponse();
    for (const article of Object.values(shop.articles)) article.image = 'javascript:alert(1)';
    shop.company.logo = '//evil.test/logo.png';
    const { preloads } = await startAt('/cafe?lng=en', shop);
    expect(preloads.filter((p) => p.as === 'image')).toEqual([]);
  });
});

describe('adopting the early answers', () => {
  it('the first GET of an early URL takes its answer once; later calls and other requests go to the network', async () => {
    const early: EarlyStart = {
      requests: { '/api/v2/webshop/cafe': Promise.resolve(answer(shopResponse())) },
    };
    const network = jest.fn(() => Promise.resolve(answer(shopResponse())));
    const api = createApi({ fetch: adoptingEarlyStart(network, early) });
    await api.getShop('cafe');
    expect(network).not.toHaveBeenCalled();
    await api.getShop('cafe');
    expect(network).toHaveBeenCalledTimes(1);
    expect(early.requests).toEqual({});
  });

  it('a failed early request is the app’s failure to handle (a NetworkError, not a hang)', async () => {
    const early: EarlyStart = {
      requests: { '/api/v2/webshop/cafe': Promise.reject(new TypeError('Failed to fetch')) },
    };
    const api = createApi({ fetch: adoptingEarlyStart(jest.fn(), early) });
    await expect(api.getShop('cafe')).rejects.toMatchObject({ name: 'NetworkError', status: 0 });
  });

  it('without an early start every call goes to the network', async () => {
    const network = jest.fn(() => Promise.resolve(answer(shopResponse())));
    await createApi({ fetch: adoptingEarlyStart(network, undefined) }).getShop('cafe');
    expect(network).toHaveBeenCalledTimes(1);
  });
});
