import { expect, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { text } from './helpers/i18n';
import { test } from './helpers/test';
import { PHONE, renderStorePages } from './helpers/shop';

/**
 * Issue 11 in the browser: the first screen's requests start at once, each is sent once, the LCP image is
 * preloaded early and at high priority, and the cart's code is fetched on intent. This is the first load
 * from a plain static host (and the render's fallback), so the store pages are served static here; the
 * rendered page's first load is renderedStore.spec.ts.
 */
test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  await renderStorePages(page, 'static');
});

const path = (request: Request) => new URL(request.url()).pathname + new URL(request.url()).search;

test('first load of a shop: shop, cart and translations start from index.html itself, each once', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(path(request)));
  // Who started each request: the page's inline early start (a frame in the document itself) or the app.
  const startedByDocument: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const frames = event.initiator.stack?.callFrames ?? [];
    if (frames.length > 0 && frames.every((frame) => new URL(frame.url).pathname === '/cafe'))
      startedByDocument.push(new URL(event.request.url).pathname + new URL(event.request.url).search);
  });
  await page.goto('/cafe?table=07&lng=se');
  await expect(page.getByRole('article').first()).toBeVisible();

  expect(startedByDocument).toEqual(
    expect.arrayContaining(['/api/v2/webshop/cafe', '/api/v2/webshop/cafe/cart?table=07']),
  );
  expect(requests.filter((r) => r === '/api/v2/webshop/cafe')).toHaveLength(1);
  expect(requests.filter((r) => r === '/api/v2/webshop/cafe/cart?table=07')).toHaveLength(1);
  expect(requests.filter((r) => r.startsWith('/assets/i18n-se-json'))).toHaveLength(1);
  // The app adopted the early answers: the cart's table reference is in the header.
  await expect(page.getByRole('banner')).toContainText('07');
});

test("while the scripts download the page already shows the app's loading view, in the visitor's language, and the app replaces it", async ({
  page,
}) => {
  // Hold the app's scripts back: what a customer on a slow network sees while they download.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cafe?lng=se', { waitUntil: 'commit' });
  const status = page.getByRole('status');
  await expect(status).toHaveText(text('se', 'shop.loading'));
  await expect(status.getByText(text('se', 'shop.loading'))).toHaveAttribute('lang', 'sv');
  await expectNoAxeViolations(page, 'index.html before the scripts ran');

  release();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.locator('.boot')).toHaveCount(0);
});

test("index.html's loading view sits exactly where the store's own loading view draws (no jump when the app takes over)", async ({
  page,
}) => {
  const boxes = () =>
    page.getByRole('status').evaluate((status) =>
      [status, status.lastElementChild!].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
  // Before the scripts: index.html's view (the scripts never arrive).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/cafe?lng=se', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText(text('se', 'shop.loading'));
  const fromHtml = await boxes();
  await page.unrouteAll();
  // The app's own view: the shop's answer never arrives.
  await page.route('**/api/v2/webshop/cafe', () => undefined);
  await page.goto('/cafe?lng=se');
  await expect(page.locator('.boot')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(text('se', 'shop.loading'));
  expect(await boxes()).toEqual(fromHtml);
});

test("the first product's image is preloaded at high priority and is the first card's image", async ({
  page,
}) => {
  await page.goto('/cafe?lng=se');
  const firstImage = page.getByRole('article').first().locator('img');
  await expect(firstImage).toBeVisible();
  const preload = page.locator('link[rel=preload][as=image][fetchpriority=high]');
  await expect(preload).toHaveCount(1);
  const src = await firstImage.getAttribute('src');
  expect(await preload.getAttribute('href')).toBe(src);
});

test("the cart page's code is fetched when a finger or pointer lands on the cart link", async ({ page }) => {
  // Idle time would fetch it too: hold it back to see the intent alone.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (path(request).startsWith('/assets/cart.')) chunks.push(path(request));
  });
  await page.goto('/cafe?lng=se');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(chunks).toEqual([]);
  await page
    .getByRole('link', { name: /^Varukorg:/ })
    .first()
    .hover();
  await expect.poll(() => chunks.length).toBe(1);
});

test('a page that is no shop starts no shop request', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (request) => {
    if (path(request).startsWith('/api/')) api.push(path(request));
  });
  await page.goto('/download?url=https%3A%2F%2Fexample.test%2Fr.pdf');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // (Error reports, when configured, go to Sentry's ingest under /api/… too: not shop requests.)
  expect(api.filter((r) => r.startsWith('/api/v2/'))).toEqual([]);
});
