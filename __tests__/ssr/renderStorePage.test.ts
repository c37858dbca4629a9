/**
 * Issue 22: the host's render function (src/ssr/renderStorePage.tsx). What it renders and what it leaves to
 * the static page, what it reads (the public shop only) and sends (cacheable, no cookie), and that nothing
 * can make it worse than the static page: an API that errs, is slow or answers nonsense, a render that throws
 * and a template it does not know each answer index.html with its usual headers.
 */
import type * as ReactStatic from 'react-dom/static.edge';
import {
  API_REST,
  createStorePageRenderer,
  DEFAULT_TIMEOUT_MS,
  RENDERED_CACHE_CONTROL,
  renderCacheKey,
  renderTarget,
  type RendererOptions,
} from '../../src/ssr/renderStorePage';
import type { RenderedPage } from '../../src/app/renderedPage';
import { BLOCK_SIZE, WINDOW_FROM } from '../../src/features/shop/storeWindow';
import { indexTemplate } from '../helpers/indexTemplate';
import { shopResponse } from '../shared/api/wireFixtures';

const INDEX = indexTemplate();
const DOCUMENT_HEADERS = { 'Content-Security-Policy': "default-src 'self'", 'Cache-Control': 'no-cache' };

/** A fetch that answers the shop request with `answer` and records what it was asked. */
function apiAnswering(answer: (signal?: AbortSignal | null) => Promise<Response>) {
  return jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    void input;
    return answer(init?.signal);
  });
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

function renderer(fetch: RendererOptions['fetch'], options: Partial<RendererOptions> = {}) {
  const onError = jest.fn();
  const render = createStorePageRenderer({
    indexHtml: INDEX,
    documentHeaders: DOCUMENT_HEADERS,
    apiBaseUrl: 'https://api.example',
    fetch,
    onError,
    ...options,
  });
  return { render, onError };
}

const page = (address: string, init?: RequestInit) => new Request(`https://shop.example${address}`, init);

/** The static page exactly: the template's text with the document headers it always has. */
async function expectStaticPage(response: Response) {
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(INDEX);
  expect(Object.fromEntries(response.headers)).toEqual({
    'content-security-policy': "default-src 'self'",
    'cache-control': 'no-cache',
    'content-type': 'text/html; charset=utf-8',
  });
}

describe('what the host renders (issue 22)', () => {
  it.each([
    ['/cafe', { shopId: 'cafe', language: 'en' }],
    ['/cafe/', { shopId: 'cafe', language: 'en' }],
    ['/caf%C3%A9?lng=sv-SE&table=07', { shopId: 'café', language: 'se' }],
    ['/kahvila?lng=fi&kiosk=0', { shopId: 'kahvila', language: 'fi' }],
  ])('%s is a store page', (address, target) => {
    expect(renderTarget(page(address))).toEqual(target);
  });

  it.each([
    '/',
    '/cafe/cart',
    '/cafe/products/latte',
    '/cafe/receipt/r1',
    '/download?url=x',
    '/stripe',
    '/integrateFortnox',
    '/company/c1/payment/pi_1',
    '/robots.txt',
    '/index.html',
    '/%E0%A4%A',
    '/..',
    '/cafe?kiosk=1',
    '/cafe?kiosk=true&lng=se',
  ])('%s is left to the static page', (address) => {
    expect(renderTarget(page(address))).toBeNull();
  });

  it('only GET is rendered', () => {
    expect(renderTarget(page('/cafe', { method: 'HEAD' }))).toBeNull();
  });

  it('§1 the language: ?lng, then the i18next cookie, then English; an unknown ?lng does not hide the cookie', () => {
    const withCookie = (address: string, cookie: string) => page(address, { headers: { Cookie: cookie } });
    expect(renderTarget(withCookie('/cafe', 'sid=1; i18next=fi'))?.language).toBe('fi');
    expect(renderTarget(withCookie('/cafe?lng=se', 'i18next=fi'))?.language).toBe('se');
    expect(renderTarget(withCookie('/cafe?lng=de', 'i18next=fi'))?.language).toBe('fi');
    expect(renderTarget(withCookie('/cafe', 'i18next=%E0'))?.language).toBe('en');
  });

  it('the cache key is the shop and the language, nothing of the visitor', () => {
    const a = renderTarget(
      page('/caf%C3%A9?table=07&tabId=t1', { headers: { Cookie: 'sid=abc; i18next=se' } }),
    );
    const b = renderTarget(page('/café?lng=se'));
    expect(a && renderCacheKey(a)).toBe('/caf%C3%A9?lng=se');
    expect(b && renderCacheKey(b)).toBe(a && renderCacheKey(a));
  });
});

describe('the rendered page', () => {
  it('is the store in #root, named in the head, cacheable, with no cookie and no visitor data asked for', async () => {
    const fetch = apiAnswering(() => json(shopResponse()));
    const { render, onError } = renderer(fetch);
    const response = await render(page('/cafe?lng=se', { headers: { Cookie: 'sid=secret' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(RENDERED_CACHE_CONTROL);
    expect(response.headers.get('content-language')).toBe('sv');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('<title>Ängen</title>');
    expect(html).toContain('<meta property="og:site_name" content="Café &lt;Ängen&gt; &amp; Co">');
    expect(html).toContain('<meta name="description" content="Beställ och betala hos Ängen.">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example/cafe">');
    expect(html).toContain('<script id="rendered-page" type="application/json">');
    expect(onError).not.toHaveBeenCalled();
    // One request: the public shop, with no cookie and no credentials (edge runtimes refuse them).
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example/api/v2/webshop/cafe');
    expect(init).not.toHaveProperty('credentials');
    expect(JSON.stringify(init?.headers)).not.toContain('secret');
  });

  it("headers given in lower case (a host's own answer) are set once, the render's own winning", async () => {
    const { render } = renderer(
      apiAnswering(() => json(shopResponse())),
      {
        documentHeaders: {
          'content-type': 'text/html',
          'cache-control': 'public, max-age=0, must-revalidate',
        },
      },
    );
    const response = await render(page('/cafe'));
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(RENDERED_CACHE_CONTROL);
  });

  it('§2 a shop the API does not know is the rendered "Shop not found" page, status 404', async () => {
    const { render } = renderer(apiAnswering(() => json({ name: 'NOT_FOUND' }, 404)));
    const response = await render(page('/nosuch'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Shop not found');
  });
});

describe('never worse than the static page', () => {
  it('an API that answers 500: the static page', async () => {
    const { render, onError } = renderer(apiAnswering(() => json({ name: 'INTERNAL_ERROR' }, 500)));
    await expectStaticPage(await render(page('/cafe')));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('an API that is down: the static page', async () => {
    const { render } = renderer(apiAnswering(() => Promise.reject(new TypeError('fetch failed'))));
    await expectStaticPage(await render(page('/cafe')));
  });

  it('an API that does not answer within the time limit: the static page (the request is aborted)', async () => {
    let aborted = false;
    const never = apiAnswering(
      (signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    );
    const { render } = renderer(never, { timeoutMs: 20 });
    await expectStaticPage(await render(page('/cafe')));
    expect(aborted).toBe(true);
  });

  it('the time limit is never over 300 ms, whatever is configured', async () => {
    const signals: AbortSignal[] = [];
    const never = apiAnswering((signal) => {
      if (signal) signals.push(signal);
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    const { render } = renderer(never, { timeoutMs: 60_000 });
    const started = Date.now();
    await expectStaticPage(await render(page('/cafe')));
    // Not a race: the API never answers, so only the limit can end the wait.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('an answer that is not a shop: the static page', async () => {
    const { render } = renderer(apiAnswering(() => json({ shop: 'nonsense' })));
    await expectStaticPage(await render(page('/cafe')));
  });

  it('a template the render does not know (no #root loading view): the static page', async () => {
    const indexHtml = '<!doctype html><html><body><div id="app"></div></body></html>';
    const { render } = renderer(
      apiAnswering(() => json(shopResponse())),
      { indexHtml },
    );
    const response = await render(page('/cafe'));
    expect(await response.text()).toBe(indexHtml);
  });

  it('a page that is no store page is the static page, and the API is not asked', async () => {
    const fetch = apiAnswering(() => json(shopResponse()));
    const { render } = renderer(fetch);
    await expectStaticPage(await render(page('/cafe/cart')));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a store page component that misbehaves', () => {
  /** The render function with StorePage replaced by `StorePage` (loaded anew, after the mock). */
  async function rendererWithStorePage(StorePage: () => never, options: Partial<RendererOptions> = {}) {
    jest.resetModules();
    jest.doMock('../../src/features/shop/StorePage', () => ({ StorePage }));
    const { createStorePageRenderer: create } = await import('../../src/ssr/renderStorePage');
    const onError = jest.fn();
    const render = create({
      indexHtml: INDEX,
      documentHeaders: DOCUMENT_HEADERS,
      apiBaseUrl: 'https://api.example',
      fetch: apiAnswering(() => json(shopResponse())),
      onError,
      ...options,
    });
    return { render, onError };
  }
  afterEach(() => jest.dontMock('../../src/features/shop/StorePage'));

  it('a render that never finishes answers the static page at its deadline: it never hangs the page', async () => {
    // A component that waits for something that never comes (React keeps the render open for it).
    const { render, onError } = await rendererWithStorePage(
      () => {
        throw new Promise(() => undefined);
      },
      { deadlineMs: 50 },
    );
    // Not a race: the render never ends, so only the deadline can answer.
    await expectStaticPage(await render(page('/cafe')));
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'the render missed its deadline' }),
      expect.any(Request),
    );
  });

  it('a render that throws answers the static page, and says why', async () => {
    const { render, onError } = await rendererWithStorePage(() => {
      throw new Error('a component that throws');
    });
    await expectStaticPage(await render(page('/cafe')));
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'a component that throws' }),
      expect.any(Request),
    );
  });
});

describe('issue 34: a render that cannot hang, and stops with its answer', () => {
  // The render's timers (the API's limit, the deadline, React's own work) on a clock the test moves; the
  // rest of Node's event loop (streams, promises) runs as usual.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  /** A shop request that never answers; it rejects only when its signal aborts. */
  function apiThatNeverAnswers() {
    const signals: AbortSignal[] = [];
    const fetch = apiAnswering((signal) => {
      if (signal) signals.push(signal);
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    return { fetch, signals };
  }

  it('the deadline aborts the shop request: the signal fetch was given is aborted when the page is answered', async () => {
    const { fetch, signals } = apiThatNeverAnswers();
    // The API's limit (300 ms at most) is after the deadline: only the deadline can stop this request.
    const { render, onError } = renderer(fetch, { timeoutMs: 300, deadlineMs: 100 });
    const answered = render(page('/cafe'));
    await jest.advanceTimersByTimeAsync(100);
    await expectStaticPage(await answered);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toEqual(new Error('the render missed its deadline'));
    // Reported once, as before: the deadline, not the abort it caused.
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'the render missed its deadline' }),
      expect.any(Request),
    );
  });

  it('the API limit still aborts a slow shop request (the static page, reported as a time-out)', async () => {
    const { fetch, signals } = apiThatNeverAnswers();
    const { render, onError } = renderer(fetch, { timeoutMs: 250 });
    const answered = render(page('/cafe'));
    await jest.advanceTimersByTimeAsync(250);
    await expectStaticPage(await answered);
    expect(signals[0]?.reason).toEqual(expect.objectContaining({ name: 'TimeoutError' }));
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'ABORTED', status: 0 }),
      expect.any(Request),
    );
  });

  it("the browser suite's patience replaces both limits: a shop that answers after 5 s still gives the rendered page", async () => {
    let answer: (response: Response) => void = () => undefined;
    const late = apiAnswering(async () => new Promise<Response>((resolve) => (answer = resolve)));
    const { render, onError } = renderer(late, { timeoutMs: 250, deadlineMs: 1500, patienceMs: 15_000 });
    const answered = render(page('/cafe'));
    // Past the 300 ms cap and the 1.5 s deadline: neither applies.
    await jest.advanceTimersByTimeAsync(5000);
    answer(await json(shopResponse()));
    expect(await (await answered).text()).toContain('<script id="rendered-page"');
    expect(onError).not.toHaveBeenCalled();
  });

  it('patience still ends: a shop that never answers gives the static page once it has passed', async () => {
    const { fetch, signals } = apiThatNeverAnswers();
    const { render } = renderer(fetch, { patienceMs: 15_000 });
    const answered = render(page('/cafe'));
    await jest.advanceTimersByTimeAsync(15_000);
    await expectStaticPage(await answered);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('a visitor who goes away stops the render (the request is aborted), and it is not reported', async () => {
    const { fetch, signals } = apiThatNeverAnswers();
    const { render, onError } = renderer(fetch, { timeoutMs: 300 });
    const visitor = new AbortController();
    const answered = render(page('/cafe', { signal: visitor.signal }));
    await jest.advanceTimersByTimeAsync(10);
    visitor.abort(new Error('the visitor went away'));
    await expectStaticPage(await answered);
    expect(signals[0]?.aborted).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a rendered page leaves nothing running: the signal its request had is aborted once it is answered', async () => {
    const signals: AbortSignal[] = [];
    const { render } = renderer(
      apiAnswering((signal) => {
        if (signal) signals.push(signal);
        return json(shopResponse());
      }),
    );
    const answered = render(page('/cafe'));
    await jest.advanceTimersByTimeAsync(1000);
    expect((await answered).headers.get('cache-control')).toBe(RENDERED_CACHE_CONTROL);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('a prerender that suspends forever is aborted at the deadline, and its work stops', async () => {
    let renders = 0;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = false;
    jest.resetModules();
    // A store page waiting for something that comes only after the deadline (or never).
    jest.doMock('../../src/features/shop/StorePage', () => ({
      StorePage: () => {
        renders += 1;
        if (!done) throw held;
        return null;
      },
    }));
    // React's prerender as it is, watched: the signal it was given and whether it has settled.
    const prerenders: { signal?: AbortSignal; settled: boolean }[] = [];
    jest.doMock('react-dom/static.edge', () => {
      const actual = jest.requireActual<typeof ReactStatic>('react-dom/static.edge');
      return {
        ...actual,
        prerender: (...args: Parameters<typeof actual.prerender>) => {
          const watched = { signal: args[1]?.signal, settled: false };
          prerenders.push(watched);
          const result = actual.prerender(...args);
          void result.then(
            () => (watched.settled = true),
            () => (watched.settled = true),
          );
          return result;
        },
      };
    });
    try {
      const { createStorePageRenderer: create } = await import('../../src/ssr/renderStorePage');
      const onError = jest.fn();
      const render = create({
        indexHtml: INDEX,
        documentHeaders: DOCUMENT_HEADERS,
        apiBaseUrl: 'https://api.example',
        fetch: apiAnswering(() => json(shopResponse())),
        deadlineMs: 100,
        onError,
      });
      const answered = render(page('/cafe'));
      await jest.advanceTimersByTimeAsync(100);
      await expectStaticPage(await answered);
      expect(onError).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'the render missed its deadline' }),
        expect.any(Request),
      );
      expect(prerenders).toHaveLength(1);
      expect(prerenders[0]?.signal?.aborted).toBe(true);
      // React finishes its abort on a timer of its own.
      await jest.advanceTimersByTimeAsync(100);
      expect(prerenders[0]?.settled).toBe(true);
      const rendersAtDeadline = renders;
      expect(rendersAtDeadline).toBeGreaterThan(0);
      // What it waited for comes: an aborted render does not take it up again.
      done = true;
      release();
      await jest.advanceTimersByTimeAsync(1000);
      expect(renders).toBe(rendersAtDeadline);
    } finally {
      jest.dontMock('react-dom/static.edge');
      jest.dontMock('../../src/features/shop/StorePage');
    }
  });
});

describe('issue 37: what a render costs', () => {
  /** The renderer with React's prerender watched: how often it was called. */
  async function watchedRenderer(storePage?: () => null) {
    jest.resetModules();
    if (storePage) jest.doMock('../../src/features/shop/StorePage', () => ({ StorePage: storePage }));
    const prerender = jest.fn();
    jest.doMock('react-dom/static.edge', () => {
      const actual = jest.requireActual<typeof ReactStatic>('react-dom/static.edge');
      return {
        ...actual,
        prerender: (...args: Parameters<typeof actual.prerender>) => {
          prerender();
          return actual.prerender(...args);
        },
      };
    });
    const { createStorePageRenderer: create } = await import('../../src/ssr/renderStorePage');
    const render = create({
      indexHtml: INDEX,
      documentHeaders: DOCUMENT_HEADERS,
      apiBaseUrl: 'https://api.example',
      fetch: apiAnswering(() => json(shopResponse())),
    });
    return { render, prerender };
  }
  afterEach(() => {
    jest.dontMock('react-dom/static.edge');
    jest.dontMock('../../src/features/shop/StorePage');
  });

  it('a store page that waits for nothing is rendered at once, without the stream of prerender', async () => {
    const { render, prerender } = await watchedRenderer();
    const response = await render(page('/cafe'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1');
    expect(prerender).not.toHaveBeenCalled();
  });

  it('a page that waits for something is rendered by prerender, which waits for it: never a fallback left to the client', async () => {
    let ready = false;
    const { render, prerender } = await watchedRenderer(() => {
      if (!ready)
        throw new Promise<void>((resolve) => {
          ready = true;
          resolve();
        });
      return null;
    });
    const html = await (await render(page('/cafe'))).text();
    expect(prerender).toHaveBeenCalledTimes(1);
    expect(html).toContain('id="rendered-page"');
    expect(html).not.toContain('<!--$!');
  });
});

describe('issue 37: a struggling API is asked about a shop about once a minute, not by every visitor', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  /** An API whose shop answers are 500 until `healthy` is set. */
  function failingApi() {
    const api = { healthy: false };
    const fetch = apiAnswering(() =>
      api.healthy ? json(shopResponse()) : json({ name: 'INTERNAL_ERROR', errorCode: 'INTERNAL_ERROR' }, 500),
    );
    return { api, fetch };
  }

  it("after three failed reads in a row the shop's pages are the static page for 5 s without a read, unreported", async () => {
    const { fetch } = failingApi();
    const { render, onError } = renderer(fetch);
    // One or two failures (a cold start, a loaded machine) cost nothing: the next page asks again.
    await expectStaticPage(await render(page('/cafe')));
    await expectStaticPage(await render(page('/cafe?lng=fi')));
    await expectStaticPage(await render(page('/cafe?lng=se')));
    expect(fetch).toHaveBeenCalledTimes(API_REST.afterFailures);
    expect(onError).toHaveBeenCalledTimes(API_REST.afterFailures);
    await expectStaticPage(await render(page('/cafe')));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(3);
    // Another shop is asked as usual.
    await render(page('/restaurant'));
    expect(fetch).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(API_REST.firstMs - 1);
    await render(page('/cafe'));
    expect(fetch).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(1);
    await render(page('/cafe'));
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('each further failure in a row doubles the rest, up to a minute; an answer ends it', async () => {
    const { api, fetch } = failingApi();
    const { render } = renderer(fetch);
    const rests: number[] = [];
    for (let i = 0; i < API_REST.afterFailures; i++) await render(page('/cafe'));
    for (let reads = API_REST.afterFailures; reads < API_REST.afterFailures + 6; reads++) {
      // Ask every second until the next read: how long the shop rested.
      let waited = 0;
      while (fetch.mock.calls.length === reads) {
        await jest.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
        await render(page('/cafe'));
      }
      rests.push(waited);
    }
    expect(rests).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    await jest.advanceTimersByTimeAsync(API_REST.longestMs);
    api.healthy = true;
    expect((await render(page('/cafe'))).headers.get('Cache-Control')).toBe(RENDERED_CACHE_CONTROL);
    // An answer ends it, and counting starts again: after two more failures the third page still asks.
    api.healthy = false;
    await render(page('/cafe'));
    await render(page('/cafe'));
    await render(page('/cafe'));
    expect(fetch).toHaveBeenCalledTimes(API_REST.afterFailures + 6 + 1 + 3);
  });

  it('a visitor who went away, or a shop the API does not know, does not make the shop rest', async () => {
    const never = apiAnswering(
      (signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason)),
        ),
    );
    const { render } = renderer(never);
    for (let i = 0; i < API_REST.afterFailures; i++) {
      const visitor = new AbortController();
      const answered = render(page('/cafe', { signal: visitor.signal }));
      await jest.advanceTimersByTimeAsync(10);
      visitor.abort(new Error('the visitor went away'));
      await answered;
    }
    const next = render(page('/cafe'));
    await jest.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    await expectStaticPage(await next);
    expect(never).toHaveBeenCalledTimes(API_REST.afterFailures + 1);

    const unknown = apiAnswering(() => json({ name: 'NOT_FOUND', errorCode: 'NOT_FOUND' }, 404));
    const { render: renderUnknown } = renderer(unknown);
    for (let i = 0; i <= API_REST.afterFailures; i++)
      expect((await renderUnknown(page('/nope'))).status).toBe(404);
    expect(unknown).toHaveBeenCalledTimes(API_REST.afterFailures + 1);
  });
});

describe("issue 37: a big shop's page carries only the products it draws first", () => {
  /** The fixture shop with `count` coffees in two categories (10 in the first, the rest in the second). */
  function bigShop(count: number) {
    const answer = shopResponse();
    const coffee = answer.articles['p-2']!;
    const ids = Array.from({ length: count }, (_, i) => `a-${i}`);
    answer.articles = Object.fromEntries(
      ids.map((id, i) => [id, { ...coffee, id, title: `Coffee ${i}`, category: i < 10 ? 'c-1' : 'c-2' }]),
    );
    answer.categories = [
      { id: 'c-1', name: 'Food', sortedProducts: ids.slice(0, 10) },
      { id: 'c-2', name: 'Drinks', sortedProducts: ids.slice(10) },
    ];
    return { answer, ids };
  }

  /** The data block of a rendered page. */
  async function dataBlock(response: Response) {
    const html = await response.text();
    const text = /<script id="rendered-page" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    return { html, block: JSON.parse(text ?? 'null') as RenderedPage };
  }

  it('the first blocks of a windowed shop (those starting within FIRST_DRAWN) are all it carries, marked partial', async () => {
    const { answer, ids } = bigShop(WINDOW_FROM + 50);
    const { render, onError } = renderer(apiAnswering(() => json(answer)));
    const { html, block } = await dataBlock(await render(page('/cafe?lng=en')));
    expect(onError).not.toHaveBeenCalled();
    // Food's 10 and the first BLOCK_SIZE of Drinks (which starts at 10, within FIRST_DRAWN); not the rest.
    const carried = ids.slice(0, 10 + BLOCK_SIZE);
    expect(block.partial).toBe(true);
    expect(block.shop?.products.map((product) => product.id).sort()).toEqual([...carried].sort());
    // Every category still names all its products: the page keeps its full height and its anchors.
    expect(block.shop?.categories.map((category) => category.productIds)).toEqual([
      ids.slice(0, 10),
      ids.slice(10),
    ]);
    // What it carries is what it draws: the last carried card is on the page, the next one is not.
    expect(html).toContain(`>Coffee ${10 + BLOCK_SIZE - 1}<`);
    expect(html).not.toContain(`>Coffee ${10 + BLOCK_SIZE}<`);
  });

  it('a shop that is not windowed carries every product, and is not marked partial', async () => {
    const { answer, ids } = bigShop(WINDOW_FROM);
    const { render } = renderer(apiAnswering(() => json(answer)));
    const { block } = await dataBlock(await render(page('/cafe?lng=en')));
    expect(block.partial).toBeUndefined();
    expect(block.shop?.products).toHaveLength(ids.length);
  });

  it('an article it does not draw is not read: a bad one further down still gives the rendered page', async () => {
    const { answer, ids } = bigShop(WINDOW_FROM + 50);
    (answer.articles as Record<string, unknown>)[ids.at(-1)!] = { id: ids.at(-1), title: 7 };
    const { render, onError } = renderer(apiAnswering(() => json(answer)));
    const { block } = await dataBlock(await render(page('/cafe?lng=en')));
    expect(onError).not.toHaveBeenCalled();
    expect(block.partial).toBe(true);
  });

  it('an article it draws is vouched for: a bad one on the first screen gives the static page, said why', async () => {
    const { answer, ids } = bigShop(WINDOW_FROM + 50);
    (answer.articles as Record<string, unknown>)[ids[3]!] = { id: ids[3], title: 7 };
    const { render, onError } = renderer(apiAnswering(() => json(answer)));
    await expectStaticPage(await render(page('/cafe?lng=en')));
    expect(String(onError.mock.calls[0]?.[0]?.detail)).toContain(`articles.${ids[3]}`);
  });
});
