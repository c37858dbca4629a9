/**
 * Issue 39 §1: when nothing names a language (`?lng`, the `i18next` cookie, local storage), the browser's
 * preferred languages pick Swedish, Finnish or English before the English fallback, in the host's render as in
 * the app. The render reads them from `Accept-Language` (negotiator: quality values, `q=0`, `*`), keys its
 * cache by the language it picked (one of three, never the raw header) and says what the page varies on.
 */
import fc from 'fast-check';
import { RENDER_KEY_LANGUAGE_HEADER } from '../../src/hosting/hostConfigs';
import { preferredLanguage } from '../../src/shared/i18n/languages';
import { acceptedLanguages } from '../../src/ssr/acceptLanguage';
import cloudflareWorker from '../../src/ssr/cloudflareWorker';
import netlifyEdgeFunction, {
  NETLIFY_BROWSER_CACHE_CONTROL,
  NETLIFY_VARY,
} from '../../src/ssr/netlifyEdgeFunction';
import { nodeRequestListener } from '../../src/ssr/nodeAdapter';
import {
  createStorePageRenderer,
  RENDERED_CACHE_CONTROL,
  RENDERED_VARY,
  renderCacheKey,
  renderTarget,
} from '../../src/ssr/renderStorePage';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indexTemplate } from '../helpers/indexTemplate';
import { shopResponse } from '../shared/api/wireFixtures';

const INDEX = indexTemplate();
const request = (address: string, headers: Record<string, string> = {}) =>
  new Request(`https://shop.example${address}`, { headers });
const languageFor = (acceptLanguage: string, address = '/cafe', headers: Record<string, string> = {}) =>
  renderTarget(request(address, { 'Accept-Language': acceptLanguage, ...headers }))?.language;

describe('§1 issue 39: Accept-Language as the render reads it', () => {
  it.each([
    ['sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7', ['sv-SE', 'sv', 'en-US', 'en']],
    ['en;q=0.5, fi-FI', ['fi-FI', 'en']],
    ['de-DE, sv;q=0, fi;q=0.1', ['de-DE', 'fi']],
    ['*, sv;q=0.5', ['sv']],
    ['', []],
  ])('%p is the preference list %p (sorted by q, q=0 and * dropped)', (header, tags) => {
    expect(acceptedLanguages(header)).toEqual(tags);
  });

  it('no header is no preference', () => {
    expect(acceptedLanguages(null)).toEqual([]);
  });

  it.each([
    ['sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7', 'se'],
    ['fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7', 'fi'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,sv;q=0.8', 'se'],
    ['en-GB;q=0.8, fi;q=0.9', 'fi'],
    ['sv;q=0, fi', 'fi'],
    // 'se' in a browser's list is Northern Sami, not our Swedish.
    ['se-NO, nb;q=0.9', 'en'],
    ['de-DE,fr;q=0.5', 'en'],
    ['*', 'en'],
  ])('Accept-Language %p renders %p', (header, language) => {
    expect(languageFor(header)).toBe(language);
  });

  it('a header is read up to 1 KiB only (a browser sends under 200 characters)', () => {
    expect(languageFor(`${'de,'.repeat(400)}fi`)).toBe('en');
    expect(languageFor(`${'de,'.repeat(100)}fi`)).toBe('fi');
  });

  it('§1 sources a server sees come first: ?lng, then the i18next cookie, then Accept-Language', () => {
    expect(languageFor('fi-FI', '/cafe?lng=sv')).toBe('se');
    expect(languageFor('fi-FI', '/cafe', { Cookie: 'i18next=en' })).toBe('en');
    expect(languageFor('fi-FI', '/cafe?lng=xx', { Cookie: 'i18next=zz' })).toBe('fi');
  });

  it("the browser's list and the header give the same language (one rule, shared/i18n/languages.ts)", () => {
    const tag = fc.constantFrom('sv', 'sv-SE', 'fi', 'fi-FI', 'en', 'en-US', 'de', 'se', 'nb-NO', 'fr-FR');
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 5 }), (tags) => {
        // A browser's header lists its tags by preference, with falling q values.
        const header = tags.map((t, i) => (i === 0 ? t : `${t};q=${(0.9 - i * 0.1).toFixed(1)}`)).join(',');
        expect(languageFor(header)).toBe(preferredLanguage(tags) ?? 'en');
      }),
    );
  });
});

describe('§1 issue 39: the cache key stays one of three languages', () => {
  it('any Accept-Language and cookie give a key of the shop and one of se, en, fi, nothing of the header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 20 }), (header, cookie) => {
        const target = renderTarget(
          request('/cafe?table=7', { 'Accept-Language': header, Cookie: `i18next=${cookie}` }),
        );
        expect(target).not.toBeNull();
        expect(renderCacheKey(target!)).toMatch(/^\/cafe\?lng=(se|en|fi)$/);
      }),
    );
  });

  it('two Swedish browsers with different headers share one key', () => {
    const a = renderTarget(request('/cafe', { 'Accept-Language': 'sv-SE,sv;q=0.9,en-US;q=0.8' }));
    const b = renderTarget(request('/cafe', { 'Accept-Language': 'sv' }));
    expect(renderCacheKey(a!)).toBe('/cafe?lng=se');
    expect(renderCacheKey(b!)).toBe('/cafe?lng=se');
  });
});

describe('§1 issue 39: the page says what it varies on, per host', () => {
  const api = async () =>
    new Response(JSON.stringify(shopResponse()), { headers: { 'Content-Type': 'application/json' } });
  const render = createStorePageRenderer({
    indexHtml: INDEX,
    documentHeaders: {},
    apiBaseUrl: 'https://api.example',
    fetch: api,
  });

  it('the render: Vary: Accept-Language, Cookie, Content-Language the language it picked', async () => {
    const response = await render(request('/cafe', { 'Accept-Language': 'fi-FI,fi;q=0.9' }));
    expect(response.headers.get('vary')).toBe(RENDERED_VARY);
    expect(RENDERED_VARY).toBe('Accept-Language, Cookie');
    expect(response.headers.get('content-language')).toBe('fi');
    expect(await response.text()).toContain('<html lang="fi">');
  });

  it('the Cloudflare worker keeps one copy per language under its own key, and visitors get the Vary', async () => {
    const store = new Map<string, Response>();
    (globalThis as { caches?: unknown }).caches = {
      default: {
        match: async (key: Request) => store.get(key.url)?.clone(),
        put: async (key: Request, response: Response) => void store.set(key.url, response.clone()),
      },
    };
    jest.spyOn(globalThis, 'fetch').mockImplementation(api);
    const pending: Promise<unknown>[] = [];
    const env = {
      ASSETS: { fetch: async () => new Response(INDEX, { headers: { 'content-type': 'text/html' } }) },
      API_ORIGIN: 'https://api.example',
    };
    const get = async (headers: Record<string, string>) => {
      const response = await cloudflareWorker.fetch(request('/cafe', headers), env, {
        waitUntil: (p) => void pending.push(p),
      });
      await Promise.all(pending.splice(0));
      return response;
    };
    try {
      const first = await get({ 'Accept-Language': 'sv-SE,sv;q=0.9,en;q=0.8' });
      expect(first.headers.get('vary')).toBe(RENDERED_VARY);
      const again = await get({ 'Accept-Language': 'sv' });
      expect(again.headers.get('vary')).toBe(RENDERED_VARY);
      expect(await again.text()).toContain('<html lang="sv">');
      await get({ 'Accept-Language': 'fi' });
      expect([...store.keys()].sort()).toEqual([
        'https://shop.example/cafe?lng=fi',
        'https://shop.example/cafe?lng=se',
      ]);
      for (const kept of store.values()) expect(kept.headers.get('vary')).toBeNull();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("Netlify: its CDN keys by Netlify-Vary (the language among ours), not by a raw header's Vary", async () => {
    (globalThis as { Netlify?: unknown }).Netlify = { env: { get: () => undefined } };
    jest.spyOn(globalThis, 'fetch').mockImplementation(api);
    try {
      const next = async () => new Response(INDEX, { headers: { 'content-type': 'text/html' } });
      const response = await netlifyEdgeFunction(request('/cafe', { 'Accept-Language': 'fi-FI' }), { next });
      expect(await response.text()).toContain('<html lang="fi">');
      expect(response.headers.get('netlify-vary')).toBe(NETLIFY_VARY);
      expect(NETLIFY_VARY).toBe('query=lng,cookie=i18next,language=sv|fi|en');
      expect(response.headers.get('vary')).toBeNull();
      expect(response.headers.get('netlify-cdn-cache-control')).toBe(RENDERED_CACHE_CONTROL);
      expect(response.headers.get('cache-control')).toBe(NETLIFY_BROWSER_CACHE_CONTROL);
    } finally {
      jest.restoreAllMocks();
    }
  });

  describe('nginx and the render server', () => {
    let server: Server;
    let origin = '';
    beforeAll(async () => {
      const nodeRender = createStorePageRenderer({
        indexHtml: INDEX,
        documentHeaders: {},
        apiBaseUrl: 'https://api.example',
        fetch: api,
      });
      server = createServer(nodeRequestListener(nodeRender, { onError: () => undefined }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const fromNginx = (keyLanguage: string, acceptLanguage: string) =>
      fetch(`${origin}/cafe`, {
        headers: { 'Accept-Language': acceptLanguage, [RENDER_KEY_LANGUAGE_HEADER]: keyLanguage },
      });

    it("a page in the language of nginx's key may be kept; in another, nginx is told not to keep it", async () => {
      const same = await fromNginx('se', 'sv-SE,sv;q=0.9');
      expect(same.headers.get('content-language')).toBe('sv');
      expect(same.headers.get('vary')).toBe(RENDERED_VARY);
      expect(same.headers.get('x-accel-expires')).toBeNull();
      // nginx read the header in its written order ('en' first); the render by q ('fi').
      const other = await fromNginx('en', 'en-GB;q=0.8, fi;q=0.9');
      expect(other.headers.get('content-language')).toBe('fi');
      expect(other.headers.get('x-accel-expires')).toBe('0');
      await Promise.all([same.text(), other.text()]);
    });
  });
});
