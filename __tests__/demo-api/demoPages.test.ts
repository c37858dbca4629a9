/** The demo's own pages and the SPA hosting: links, escaping, phone-friendly markup, index.html fallback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemoApi } from '../../src/demo-api/demoApi';
import { securityHeaders } from '../../src/hosting/securityHeaders';
import { startDemo, type Answer, type Harness } from './demoTestClient';

let h: Harness;
beforeAll(async () => {
  h = await startDemo();
});
afterAll(async () => {
  await h.close();
});

function expectPhonePage(res: Answer): void {
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.text).toMatch(/^<!doctype html><html lang="(sv|fi|en)">/);
  expect(res.text).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1" ?\/?>/);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
}

describe('/demo', () => {
  it('lists every shop and tool with its links', async () => {
    const res = await h.client().get('/demo');
    expect(res.status).toBe(200);
    expectPhonePage(res);
    for (const href of [
      '/cafe',
      '/restaurant',
      '/restaurant?table=07',
      '/restaurant?tabId=tab-12',
      '/closed',
      '/kahvila',
      '/bigshop',
      '/tabonly?tabId=tab-7',
      '/hostile',
      '/demo/simulator',
      '/demo/outbox',
      '/demo/vitals',
      '/demo/field-metrics',
      '/company/c-cafe/payment/pi_demo_pending',
      '/integrate/fortnox/c-cafe/DEMOAUTH?companyName=Caf%C3%A9%20Kanelbullen%20AB',
      '/integrate/visma/c-cafe/DEMOAUTH?companyName=Caf%C3%A9%20Kanelbullen%20AB',
      '/auth/passwordreset?oobCode=demo-oob-code',
    ]) {
      expect(res.text).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    }
    for (const text of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0025 0000 3155',
      'RF07',
      'TM01',
      'BANKIDCL',
    ])
      expect(res.text).toContain(text);
  });

  it('escapes the hostile shop texts', async () => {
    const res = await h.client().get('/demo');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('the simulator and outbox pages are phone-friendly HTML', async () => {
    expectPhonePage(await h.client().get('/demo/simulator'));
    expectPhonePage(await h.client().get('/demo/outbox'));
    const oauth = await h.client().get('/demo/oauth/visma/authorize?companyId=c-hostile&scopeState=DEMOAUTH');
    expectPhonePage(oauth);
    expect(oauth.text).not.toContain('<script>alert(1)</script>');
  });
});

describe('SPA hosting', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'static'));
    const indexHtml =
      '<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Shop</title></head><body><div id="root"></div></body></html>';
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    // What the build writes next to index.html (src/hosting): the headers the demo server sends.
    fs.writeFileSync(path.join(dist, 'headers.json'), JSON.stringify(securityHeaders({}, indexHtml)));
    fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1);\n'.repeat(400));
    fs.writeFileSync(path.join(dist, 'static', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html as built, and keeps /api and /demo', async () => {
    const spa = await startDemo({ spa: { distDir: dist, render: false } });
    try {
      const c = spa.client();
      for (const route of [
        '/',
        '/cafe',
        '/cafe/cart?s=1&t=2',
        '/company/c-cafe/payment/pi_demo_pending',
        '/integrateFortnox?code=x',
      ]) {
        const page = await c.get(route);
        expect(page.status).toBe(200);
        // As built: the SPA loads the Stripe.js double itself, only when a card panel opens.
        expect(page.text).toContain('<head><meta charset="utf-8"><title>Shop</title>');
      }
      const js = await c.get('/assets/main.0123456789.js');
      expect(js.headers.get('content-type')).toContain('javascript');
      expect(js.headers.get('cache-control')).toContain('immutable');
      // Compressed as a production host would serve it.
      const compressed = await fetch(`${spa.origin}/assets/main.0123456789.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers.get('content-encoding')).toBe('br');
      expect(await compressed.text()).toBe('console.log(1);\n'.repeat(400));
      expect((await c.get('/static/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
      expect((await c.get('/assets/missing.js')).status).toBe(404);
      expect((await c.get('/static/../../../etc/passwd')).text).not.toContain('root:');
      expect((await c.get('/%2e%2e/%2e%2e/etc/passwd')).text).not.toContain('root:');
      expect((await c.get('/api/nope')).json).toEqual({ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' });
      expect((await c.get('/demo')).text).toContain('Demo av webbshoppen');
    } finally {
      await spa.close();
    }
  });

  it('the Node adapter answers store pages with the built render function, and index.html when it throws', async () => {
    // A render function with the built one's export (CommonJS: Jest loads no ES module); it says what it got.
    const renderModule = path.join(dist, 'render.cjs');
    fs.writeFileSync(
      renderModule,
      `exports.createStorePageRenderer = function (options) {
        return async (request) => {
          const api = options.fetch ? await options.fetch(options.apiBaseUrl + '/api/v2/webshop/cafe').then(
            () => 'answered', (error) => error.message) : 'platform fetch';
          return new Response('rendered ' + new URL(request.url).pathname + ' from ' + options.apiBaseUrl + ' (' + api + ')', {
            status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-rendered': 'yes' } });
        };
      };\n`,
    );
    const spa = await startDemo({ spa: { distDir: dist, renderModule } });
    try {
      const c = spa.client();
      const page = await c.get('/cafe?lng=se');
      expect(page.text).toBe(`rendered /cafe from ${spa.origin} (platform fetch)`);
      expect(page.headers.get('x-rendered')).toBe('yes');
      expect(page.headers.get('set-cookie')).toBeNull();
      // The demo's faults (POST /demo/api/render): the API down for the render; the render throwing.
      expect((await c.post('/demo/api/render', { fault: 'apiDown' })).json).toEqual({ fault: 'apiDown' });
      expect((await c.get('/cafe')).text).toContain('demo fault: the API is down');
      for (const fault of ['renderThrows', 'static']) {
        await c.post('/demo/api/render', { fault });
        const fallback = await c.get('/cafe');
        expect(fallback.status).toBe(200);
        expect(fallback.text).toContain('<title>Shop</title>');
        expect(fallback.headers.get('content-security-policy')).toContain("default-src 'self'");
      }
      for (const body of [{}, { fault: 'meltdown' }, { fault: 'none', extra: 1 }])
        expect((await c.post('/demo/api/render', body)).status).toBe(400);
      expect(spa.api.ctx.renderFault).toBe('static');
    } finally {
      await spa.close();
    }
  });

  it('issue 34: the Node adapter renders the café in each language once it listens, before any visitor’s store page', async () => {
    // A render function that takes a second (on the test's clock) and notes when each of its renders began.
    const renderModule = path.join(dist, 'render-noting.cjs');
    fs.writeFileSync(
      renderModule,
      `exports.createStorePageRenderer = function () {
        return async (request) => {
          globalThis.demoRenders.push([new URL(request.url).pathname + new URL(request.url).search, Date.now()]);
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return new Response('rendered', { headers: { 'content-type': 'text/html; charset=utf-8' } });
        };
      };\n`,
    );
    const renders: [string, number][] = [];
    (globalThis as { demoRenders?: unknown }).demoRenders = renders;
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'hrtime'],
    });
    const spa = await startDemo({ spa: { distDir: dist, renderModule } });
    try {
      const start = Date.now();
      // Asked for at once: the page waits for the warm-up before its render begins.
      const page = spa.client().get('/kahvila?lng=fi');
      let answered = false;
      void page.finally(() => (answered = true));
      while (!answered) await jest.advanceTimersByTimeAsync(50);
      expect((await page).text).toBe('rendered');
      expect(renders.map(([address]) => address)).toEqual([
        '/cafe?lng=se',
        '/cafe?lng=en',
        '/cafe?lng=fi',
        '/kahvila?lng=fi',
      ]);
      expect(renders[3]?.[1]).toBeGreaterThanOrEqual(start + 3000);
    } finally {
      jest.useRealTimers();
      await spa.close();
      delete (globalThis as { demoRenders?: unknown }).demoRenders;
    }
  });

  it('refuses to start without a built SPA', async () => {
    const api = createDemoApi({ dbPath: ':memory:', spa: { distDir: path.join(dist, 'nope') } });
    await expect(api.listen(0, '127.0.0.1')).rejects.toThrow(/npm run build/);
    await api.close().catch(() => undefined);
  });
});
