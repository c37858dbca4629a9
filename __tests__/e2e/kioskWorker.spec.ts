/**
 * Issue 35: a kiosk that survives the venue's Wi-Fi. Its service worker (src/serviceWorker/sw.ts) lets it
 * open, reload and restart without the network, makes it installable as this shop's kiosk, and takes a new
 * build only between customers. The rest of the suite blocks service workers (playwright.config.ts): its
 * tests cut the network with `page.route`, which a worker's own requests would pass by; this file allows
 * them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/demoServer';
import { expectNoAxeViolations } from './helpers/axe';
import {
  fastForwardUntil,
  fillKioskDetails,
  idleDialog,
  KIOSK_METHOD,
  kioskAdd,
  kioskMethodButton,
  openKiosk,
  orderPanel,
  panelQuantity,
  pauseClock,
  pausedDialog,
  se,
  swishQr,
  toKioskCart,
} from './helpers/kiosk';
import { holdSwishCompletion } from './helpers/payment';
import { serverCart } from './helpers/shop';
import { test, watchCspViolations } from './helpers/test';

test.use({ serviceWorkers: 'allow', viewport: { width: 1024, height: 768 } });

const paused = (page: Page) => async () => (await pausedDialog(page).count()) > 0;

/** Waits until the kiosk's worker serves the page (it claims the page that installed it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true);
}

/** Every URL in Cache Storage, by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys())
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return all;
  });
}

/** The store shows again by itself once the API answers, and an order placed then reaches the server. */
async function storeAgainAndOrder(page: Page): Promise<void> {
  await expect(pausedDialog(page)).toHaveCount(0);
  await expect(orderPanel(page)).toBeVisible();
  await kioskAdd(page, 'Kanelbulle');
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((item) => item.count)).toEqual([1]);
}

test('issue 35: installable as this shop’s kiosk — the worker serves the page, the manifest opens this kiosk full screen, named after the shop, and its icons load', async ({
  page,
  context,
}) => {
  await openKiosk(page, '&idle=90');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url).toContain('/kiosk.webmanifest?');
  const { data, errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Café Kanelbullen',
    start_url: '/cafe?kiosk=1&idle=90&prompt=30',
    display: 'fullscreen',
    display_override: ['fullscreen', 'standalone'],
    theme_color: '#7b4a2d',
    background_color: '#fdf8f3',
  });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['any', '192x192', '512x512']);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
  }
});

test('issue 35: no API answer is ever in Cache Storage (shop, session, cart), only the build and pictures', async ({
  page,
}) => {
  await openKiosk(page);
  await controlled(page);
  await kioskAdd(page, 'Kanelbulle');
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((item) => item.count)).toEqual([1]);
  // A reload: the page, its scripts and the shop's pictures now come through the worker.
  await page.reload();
  await expect(orderPanel(page)).toBeVisible();
  const caches = await cachedUrls(page);
  expect(Object.keys(caches).sort()).toEqual([
    'pictures',
    expect.stringMatching(/^workbox-precache-v2-/) as unknown as string,
  ]);
  const urls = Object.values(caches).flat();
  expect(urls.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(urls.some((url) => /\/assets\/kiosk\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(urls.some((url) => /\/assets\/i18n-se-json\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
});

test('issue 35: a reload without the network opens the kiosk from the cache with "Ordering is paused", then the store by itself; an order placed then reaches the server', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await openKiosk(page);
  await controlled(page);
  await context.setOffline(true);
  await page.reload();
  await pauseClock(page);
  // Never the browser's error page, never a blank screen: the kiosk's own pause, 4 s on.
  await fastForwardUntil(page, paused(page), 'the pause shows');
  await expect(pausedDialog(page)).toContainText(se('kiosk.paused.text'));
  // Its spinner stays round beside words over two lines (a flex item is squeezed into an ellipse otherwise).
  const spinner = pausedDialog(page).getByRole('status').locator('[aria-hidden="true"]');
  expect(await spinner.evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight])).toEqual([24, 24]);
  // axe and the way back run on the page's own timers.
  await page.clock.resume();
  await expectNoAxeViolations(page, 'kiosk opened offline');
  await context.setOffline(false);
  await storeAgainAndOrder(page);
});

test('issue 35: a reset without the network keeps the kiosk (paused, its order cleared), then the store by itself', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await openKiosk(page, '&idle=10');
  await controlled(page);
  await kioskAdd(page, 'Kanelbulle');
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((item) => item.count)).toEqual([1]);
  await pauseClock(page);
  await page.clock.fastForward(11_000);
  await expect(idleDialog(page)).toBeVisible();
  await context.setOffline(true);
  await idleDialog(page)
    .getByRole('button', { name: se('kiosk.idle.startOver') })
    .click();
  await fastForwardUntil(page, paused(page), 'the pause shows');
  await page.clock.resume();
  await context.setOffline(false);
  await expect(pausedDialog(page)).toHaveCount(0);
  // The last customer's order is gone, on the page and on the server.
  await expect(panelQuantity(page, 'Kanelbulle', 1)).toHaveCount(0);
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart).toEqual([]);
  await storeAgainAndOrder(page);
});

/** What the worker that serves the page answers to `/__build` (the test's deploy below says 'two'). */
function servingBuild(page: Page): Promise<string> {
  return page.evaluate(async () => (await fetch('/__build')).text());
}

/**
 * Runs `during` with a deploy at hand: `deploy()` puts a new dist/sw.js on the host (a route would not see the
 * browser's own update checks), which answers `/__build` with 'two', and `waiting()` asks the browser for it
 * and waits until it is installed and waiting. The build's own file is put back after. Only this file's
 * tests run workers (the rest of the suite blocks them), one at a time.
 */
async function withNewBuild(
  page: Page,
  during: (deploy: { deploy: () => void; waiting: () => Promise<void> }) => Promise<void>,
): Promise<void> {
  const file = path.resolve('dist', 'sw.js');
  const built = fs.readFileSync(file, 'utf8');
  try {
    await during({
      deploy: () =>
        fs.writeFileSync(
          file,
          `${built}\nself.addEventListener('fetch', (e) => { if (e.request.url.endsWith('/__build')) e.respondWith(new Response('two')); });`,
        ),
      waiting: async () => {
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await page.waitForFunction(
          async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
        );
      },
    });
  } finally {
    fs.writeFileSync(file, built);
  }
}

test('issue 35: a new build waits while a customer orders and pays (Swish started), and takes over at the reset between customers', async ({
  page,
}) => {
  await withNewBuild(page, async ({ deploy, waiting }) => {
    await holdSwishCompletion(page.request);
    await page.clock.install();
    await openKiosk(page);
    await controlled(page);
    expect(await servingBuild(page)).not.toBe('two');
    await kioskAdd(page, 'Kanelbulle');
    await toKioskCart(page, 1);
    await fillKioskDetails(page);
    await kioskMethodButton(page, KIOSK_METHOD.swish).click();
    await expect(swishQr(page)).toBeVisible();

    // A deploy while the customer approves the payment: the new build is fetched and waits.
    deploy();
    await waiting();
    expect(await servingBuild(page)).not.toBe('two');
    await expect(swishQr(page)).toBeVisible();

    // The customer walks away: the reset cancels the payment and opens the next customer's page on the new
    // build.
    await pauseClock(page);
    await page.clock.fastForward(3 * 60_000 + 1_000);
    await idleDialog(page)
      .getByRole('button', { name: se('kiosk.idle.startOver') })
      .click();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/cafe\?kiosk=1&idle=60&prompt=30$/);
    await expect(orderPanel(page)).toBeVisible();
    expect(await servingBuild(page)).toBe('two');
    await storeAgainAndOrder(page);
  });
});

test('issue 35: a kiosk left on its empty store page takes a new build by itself after the idle time, and not before', async ({
  page,
}) => {
  await withNewBuild(page, async ({ deploy, waiting }) => {
    await page.clock.install();
    await openKiosk(page, '&idle=10');
    await controlled(page);
    // The idle time counts from the new build's arrival: it arrives with the page's clock standing still.
    await pauseClock(page);
    deploy();
    await waiting();
    await page.clock.fastForward(9_000);
    expect(await servingBuild(page)).not.toBe('two');
    await page.clock.fastForward(2_000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/cafe\?kiosk=1&idle=10&prompt=30$/);
    await expect.poll(() => servingBuild(page)).toBe('two');
    await storeAgainAndOrder(page);
  });
});

test.describe('the tablet’s own browser profile, on disk (installed, restarted)', () => {
  let profile = '';
  test.beforeEach(() => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-profile-'));
  });
  test.afterEach(() => fs.rmSync(profile, { recursive: true, force: true }));

  /** The tablet's browser with its own profile on disk, which outlives a restart. */
  async function tablet(baseURL: string): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: { width: 1024, height: 768 },
      serviceWorkers: 'allow',
    });
    const csp = await watchCspViolations(context);
    return { context, page: context.pages()[0] ?? (await context.newPage()), csp };
  }

  test('installable, by the browser’s own check: Chromium’s installability report of a kiosk page in a real profile finds nothing missing', async ({
    baseURL,
  }) => {
    const { context, page, csp } = await tablet(baseURL!);
    await openKiosk(page, '&idle=90');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getAppManifest')).url)
      .toContain('/kiosk.webmanifest?');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    expect(csp).toEqual([]);
    await context.close();
  });

  test('issue 35: the kiosk opens from the cache, paused until the API answers, then the store; an order reaches the server', async ({
    baseURL,
  }) => {
    const first = await tablet(baseURL!);
    await openKiosk(first.page);
    await controlled(first.page);
    expect(first.csp).toEqual([]);
    await first.context.close();

    const restarted = await tablet(baseURL!);
    await restarted.context.setOffline(true);
    await restarted.page.clock.install();
    await restarted.page.goto('/cafe?kiosk=1');
    await pauseClock(restarted.page);
    await fastForwardUntil(restarted.page, paused(restarted.page), 'the pause shows');
    await restarted.page.clock.resume();
    await restarted.context.setOffline(false);
    await storeAgainAndOrder(restarted.page);
    expect(restarted.csp).toEqual([]);
    await restarted.context.close();
  });
});
