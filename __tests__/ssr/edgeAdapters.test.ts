/**
 * Issue 22: the edge adapters around the render function. The Cloudflare worker (caching by hand in the
 * Workers Cache API: fresh a minute, then stale-while-revalidate for ten) and the Netlify edge function
 * (Netlify's CDN caches by its headers), each with the host's static index.html as template and fallback.
 * The platforms are stood in for by their documented interfaces: ASSETS.fetch, caches.default,
 * ctx.waitUntil, context.next(), Netlify.env.
 */
import cloudflareWorker from '../../src/ssr/cloudflareWorker';
import netlifyEdgeFunction, { config as netlifyConfig } from '../../src/ssr/netlifyEdgeFunction';
import { RENDERED_CACHE_CONTROL } from '../../src/ssr/renderStorePage';
import { indexTemplate } from '../helpers/indexTemplate';
import { shopResponse } from '../shared/api/wireFixtures';

const INDEX = indexTemplate();
/** The host's answer for index.html: its `_headers` in lower case, and headers of the stored file. */
const staticPage = () =>
  new Response(INDEX, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'self'",
      'cache-control': 'public, max-age=0, must-revalidate',
      etag: '"abc"',
    },
  });

let apiCalls: string[] = [];
let apiUp = true;
beforeEach(() => {
  apiCalls = [];
  apiUp = true;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    apiCalls.push(url);
    if (!apiUp) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(shopResponse()), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the Cloudflare worker', () => {
  const store = new Map<string, Response>();
  let now = Date.UTC(2026, 10, 26, 10, 0, 0);
  const pending: Promise<unknown>[] = [];
  const env = {
    ASSETS: { fetch: jest.fn(async (_request: Request) => staticPage()) },
    API_ORIGIN: 'https://api.example',
  };
  const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
  const get = async (address: string, init?: RequestInit) => {
    const response = await cloudflareWorker.fetch(
      new Request(`https://shop.example${address}`, init),
      env,
      ctx,
    );
    await Promise.all(pending.splice(0));
    return response;
  };

  beforeAll(() => {
    (globalThis as { caches?: unknown }).caches = {
      default: {
        match: async (key: Request) => store.get(key.url)?.clone(),
        put: async (key: Request, response: Response) => void store.set(key.url, response.clone()),
      },
    };
  });
  beforeEach(() => {
    store.clear();
    env.ASSETS.fetch.mockClear();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  it('renders a store page, keeps it a minute per shop and language, then serves it stale while it renders anew', async () => {
    const first = await get('/cafe?table=07');
    expect(first.headers.get('cache-control')).toBe(RENDERED_CACHE_CONTROL);
    expect(await first.text()).toContain('<script id="rendered-page"');
    expect(apiCalls).toEqual(['https://api.example/api/v2/webshop/cafe']);
    expect([...store.keys()]).toEqual(['https://shop.example/cafe?lng=en']);

    now += 30_000;
    const kept = await get('/cafe?table=12');
    expect(await kept.text()).toContain('<script id="rendered-page"');
    expect(kept.headers.get('cache-control')).toBe(RENDERED_CACHE_CONTROL);
    expect(kept.headers.has('x-rendered-at')).toBe(false);
    expect(apiCalls).toHaveLength(1);

    now += 60_000;
    apiUp = false; // the background render fails: the kept page stays
    const stale = await get('/cafe');
    expect(await stale.text()).toContain('<script id="rendered-page"');
    expect(apiCalls).toHaveLength(2);
    expect(store.has('https://shop.example/cafe?lng=en')).toBe(true);

    now += 11 * 60_000;
    const late = await get('/cafe');
    // Too old to serve and the API down: the static page, which is never kept.
    expect(await late.text()).toBe(INDEX);
    expect(late.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('issue 37: a stale page is renewed by one visitor at a time, and a failed renew is tried again a minute later', async () => {
    await get('/cafe');
    now += 90_000;
    apiUp = false;
    await get('/cafe'); // starts a renew, which fails: the API is down
    expect(apiCalls).toHaveLength(2);
    const kept = () => store.get('https://shop.example/cafe?lng=en')!;
    expect(kept().headers.has('x-renew-after')).toBe(true);
    // Everyone in the next minute gets the stale page, and nobody asks the API again.
    for (let i = 0; i < 5; i++) {
      now += 10_000;
      expect(await (await get('/cafe')).text()).toContain('<script id="rendered-page"');
    }
    expect(apiCalls).toHaveLength(2);
    now += 10_000;
    apiUp = true;
    const renewing = await get('/cafe');
    expect(renewing.headers.has('x-renew-after')).toBe(false);
    expect(apiCalls).toHaveLength(3);
    expect(kept().headers.has('x-renew-after')).toBe(false);
    // Renewed: fresh for a minute again.
    now += 30_000;
    await get('/cafe');
    expect(apiCalls).toHaveLength(3);
  });

  it('another language is another page', async () => {
    await get('/cafe');
    await get('/cafe', { headers: { Cookie: 'i18next=fi' } });
    expect([...store.keys()].sort()).toEqual([
      'https://shop.example/cafe?lng=en',
      'https://shop.example/cafe?lng=fi',
    ]);
  });

  it("passes /api/ to the API on the shop's origin and leaves every other path to the static assets", async () => {
    await get('/api/v2/webshop/cafe/cart?table=07');
    expect(apiCalls).toEqual(['https://api.example/api/v2/webshop/cafe/cart?table=07']);
    await get('/cafe/cart');
    await get('/cafe?kiosk=1');
    expect(env.ASSETS.fetch.mock.calls.map(([r]) => new URL(r.url).pathname + new URL(r.url).search)).toEqual(
      ['/cafe/cart', '/cafe?kiosk=1'],
    );
    expect(store.size).toBe(0);
  });
  it('RENDER_PATIENCE_MS (tests and benchmarks only) lets a render wait longer than 250 ms for the shop', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    try {
      // The shop answers after 400 ms, unless the render's limit aborts the request first.
      const answer = (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          setTimeout(() => resolve(new Response(JSON.stringify(shopResponse()))), 400);
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        });
      jest.spyOn(globalThis, 'fetch').mockImplementation(answer);
      const slow = (patience?: string) =>
        cloudflareWorker.fetch(
          new Request(`https://shop.example/cafe?lng=${patience ? 'fi' : 'se'}`),
          { ...env, ...(patience ? { RENDER_PATIENCE_MS: patience } : {}) },
          ctx,
        );
      const patient = slow('5000');
      const usual = slow();
      await jest.advanceTimersByTimeAsync(400);
      expect(await (await patient).text()).toContain('<script id="rendered-page"');
      expect(await (await usual).text()).toBe(INDEX);
      await Promise.all(pending.splice(0));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the Netlify edge function', () => {
  beforeAll(() => {
    (globalThis as { Netlify?: unknown }).Netlify = { env: { get: () => undefined } };
  });
  const next = jest.fn(async () => staticPage());

  it("renders a store page from the API on the site's own origin, cached by Netlify per shop and language", async () => {
    const response = await netlifyEdgeFunction(new Request('https://shop.example/cafe?lng=se'), { next });
    expect(await response.text()).toContain('<html lang="sv">');
    expect(response.headers.get('netlify-vary')).toBe('query=lng,cookie=i18next,language=sv|fi|en');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(RENDERED_CACHE_CONTROL);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('etag')).toBeNull();
    expect(apiCalls).toEqual(['https://shop.example/api/v2/webshop/cafe']);
  });

  it('answers the static page, uncached, when the API fails; leaves other paths to Netlify', async () => {
    apiUp = false;
    const response = await netlifyEdgeFunction(new Request('https://shop.example/cafe'), { next });
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('netlify-vary')).toBeNull();
    const other = await netlifyEdgeFunction(new Request('https://shop.example/cafe/cart'), { next });
    expect(other.headers.get('etag')).toBe('"abc"');
  });

  it('is declared for every path but the API, the bundle and files; a function that fails is bypassed', () => {
    expect(netlifyConfig).toEqual({
      path: '/*',
      excludedPath: ['/api/*', '/assets/*', '/static/*', '/*.*'],
      onError: 'bypass',
      cache: 'manual',
    });
  });
});
