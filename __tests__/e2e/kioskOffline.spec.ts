import { expect, type Page, type Request, type Response } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { setVisibility } from './helpers/devices';
import {
  assistBar,
  expectEmptyStore,
  expectKioskReceipt,
  fillKioskDetails,
  idleDialog,
  idleUntil,
  KIOSK_METHOD,
  kioskAdd,
  kioskMethodButton,
  openKiosk,
  orderPanel,
  pageNow,
  panelQuantity,
  panelSum,
  fastForwardUntil,
  pauseClock,
  pausedDialog,
  se,
  swishQr,
  toKioskCart,
} from './helpers/kiosk';
import { paymentsSince, test } from './helpers/moneyTrust';
import { approvePayment, holdSwishCompletion, shot, simulatorPayment } from './helpers/payment';
import { serverCart } from './helpers/shop';
import { paymentTags } from '../helpers/paymentStates';

/**
 * Issue 23, a kiosk that stays awake and stays calm: it holds a screen wake lock while it is shown (taken
 * again when the page is visible again, let go when the kiosk clears), and when the API stops answering it
 * shows "Beställningen är pausad" over the order (which is kept) and carries on by itself once the API
 * answers again, a payment approved meanwhile ending on its receipt. The API is cut with route
 * interception; the page's clock is installed paused, so every wait is moved on by the test.
 */

test.use({ viewport: { width: 1024, height: 768 } });

declare global {
  interface Window {
    __wakeLocks?: (EventTarget & { released: boolean; release(): Promise<void> })[];
  }
}

/** Where the wake-lock stub logs, in the tab's sessionStorage: it survives the kiosk's fresh page after a reset. */
const WAKE_LOG = 'test.wakeLock';

/**
 * Replaces `navigator.wakeLock` before the app loads (every document of the page): `request(type)` logs
 * 'request' (or 'request:type' for any other type than 'screen') and answers a sentinel, kept in
 * `window.__wakeLocks`, whose `release()` logs 'release', sets `released` and fires 'release' (once). With
 * `refuse` every request is logged and rejected, as a browser in battery saver does.
 */
async function installWakeLock(page: Page, { refuse = false } = {}): Promise<void> {
  await page.addInitScript(
    ({ key, refuse }) => {
      const log = (entry: string) => {
        const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        list.push(entry);
        sessionStorage.setItem(key, JSON.stringify(list));
      };
      const locks: NonNullable<Window['__wakeLocks']> = [];
      window.__wakeLocks = locks;
      class FakeSentinel extends EventTarget {
        released = false;
        readonly type = 'screen';
        onrelease: ((event: Event) => void) | null = null;
        release(): Promise<void> {
          if (!this.released) {
            log('release');
            this.released = true;
            const released = new Event('release');
            this.onrelease?.(released);
            this.dispatchEvent(released);
          }
          return Promise.resolve();
        }
      }
      const wakeLock = {
        request(type = 'screen') {
          log(type === 'screen' ? 'request' : `request:${type}`);
          if (refuse) return Promise.reject(new DOMException('Wake lock refused', 'NotAllowedError'));
          const sentinel = new FakeSentinel();
          locks.push(sentinel);
          return Promise.resolve(sentinel);
        },
      };
      Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
    },
    { key: WAKE_LOG, refuse },
  );
}

/** The stub's log of this tab so far. */
function wakeLog(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], WAKE_LOG);
}

/** Every error thrown in the page and not caught (unhandled rejections included), from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Cuts the API: every request to /api/ fails as a dropped connection does. Answers how many were cut. */
async function cutApi(page: Page): Promise<() => number> {
  let cut = 0;
  await page.route(API, (route) => {
    cut++;
    return route.abort('internetdisconnected');
  });
  return () => cut;
}

const API = /\/api\//;

/** "Beställningen är pausad": a dialog over the whole kiosk. */
const isShown = (page: Page) => async () => (await pausedDialog(page).count()) > 0;
const isGone = (page: Page) => async () => (await pausedDialog(page).count()) === 0;

test('issue 23: the kiosk holds a screen wake lock while shown, and takes it again when the page is visible again after the browser let it go (not while hidden, nor twice)', async ({
  page,
}) => {
  await installWakeLock(page);
  const errors = pageErrors(page);
  await openKiosk(page);
  await expect(orderPanel(page)).toBeVisible();
  await expect.poll(() => wakeLog(page)).toEqual(['request']);

  // Hidden, the browser releases the lock itself; nothing is asked while hidden, and it is taken again once
  // the page is visible.
  await page.evaluate(() => window.__wakeLocks?.at(-1)?.release());
  await setVisibility(page, 'hidden');
  expect(await wakeLog(page)).toEqual(['request', 'release']);
  await setVisibility(page, 'visible');
  await expect.poll(() => wakeLog(page)).toEqual(['request', 'release', 'request']);
  await expect
    .poll(() => page.evaluate(() => (window.__wakeLocks ?? []).map((lock) => lock.released)))
    .toEqual([true, false]);
  // A visibility change while the lock is held asks for nothing more.
  await setVisibility(page, 'hidden');
  await setVisibility(page, 'visible');
  await kioskAdd(page, 'Kanelbulle');
  expect(await wakeLog(page)).toEqual(['request', 'release', 'request']);
  expect(errors).toEqual([]);
});

test('issue 23: clearing the kiosk ("Börja om" in the idle question) lets the wake lock go, and the next customer\'s fresh page takes it again', async ({
  page,
}) => {
  await installWakeLock(page);
  await page.clock.install();
  const errors = pageErrors(page);
  await openKiosk(page);
  await expect.poll(() => wakeLog(page)).toEqual(['request']);
  await kioskAdd(page, 'Kanelbulle');
  const lastInput = await pageNow(page);
  await pauseClock(page);
  await idleUntil(page, lastInput, 60_500);
  await idleDialog(page)
    .getByRole('button', { name: se('kiosk.idle.startOver'), exact: true })
    .click();
  await page.clock.resume(); // the next customer's fresh page needs its timers running
  await expectEmptyStore(page);
  // The fresh page holds a lock of its own…
  await expect
    .poll(() => page.evaluate(() => (window.__wakeLocks ?? []).map((lock) => lock.released)))
    .toEqual([false]);
  const log = await wakeLog(page);
  expect(log.at(-1), "the next customer's page takes it again").toBe('request');
  // …and the last customer's page let its own go before it went.
  expect(log.slice(1, -1), "between the first page's request and the fresh page's").toContain('release');
  expect(errors).toEqual([]);
});

for (const browser of [
  { name: 'without navigator.wakeLock', install: 'none' },
  { name: 'whose wake lock request is refused', install: 'refuse' },
] as const) {
  test(`issue 23: a browser ${browser.name} shows the kiosk as usual, without a page error, also after the page is hidden and visible again`, async ({
    page,
  }) => {
    if (browser.install === 'none')
      await page.addInitScript(() => {
        delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
      });
    else await installWakeLock(page, { refuse: true });
    const errors = pageErrors(page);
    await openKiosk(page);
    await expect(orderPanel(page)).toBeVisible();
    await expect(assistBar(page)).toBeVisible();
    if (browser.install === 'none') expect(await page.evaluate(() => 'wakeLock' in navigator)).toBe(false);
    else await expect.poll(() => wakeLog(page)).toEqual(['request']);
    await kioskAdd(page, 'Kanelbulle');
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    if (browser.install === 'refuse') await expect.poll(() => wakeLog(page)).toEqual(['request', 'request']);
    await kioskAdd(page, 'Kladdkaka');
    await expect(panelSum(page)).toContainText('80,00 kr');
    expect(errors).toEqual([]);
  });
}

test('issue 23: when the API stops answering the kiosk shows "Beställningen är pausad" after 4 s over the order, which stays (axe clean), and once the API answers again the dialog goes by itself, on the same screen with the order intact and saved', async ({
  page,
}) => {
  await page.clock.install();
  await openKiosk(page);
  await kioskAdd(page, 'Kanelbulle');
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((i) => i.count)).toEqual([1]);
  await pauseClock(page);

  // The connection drops while the customer adds one more.
  const cut = await cutApi(page);
  const failed = page.waitForEvent('requestfailed', (r) => API.test(r.url()));
  await orderPanel(page)
    .getByRole('button', { name: se('cart.increase', { name: 'Kanelbulle' }), exact: true })
    .click();
  await expect(panelQuantity(page, 'Kanelbulle', 2)).toBeVisible();
  await failed;
  // A moment without answers is no pause.
  await page.clock.fastForward(3_000);
  await expect(pausedDialog(page)).toHaveCount(0);
  await fastForwardUntil(page, isShown(page), 'the pause shows');
  expect(cut()).toBeGreaterThan(1); // the save and the connection check's probes

  const dialog = pausedDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(se('kiosk.paused.text'));
  await expect(page).toHaveURL(/\/cafe(\?kiosk=1)?$/);
  // The order underneath is as it was (out of reach while paused).
  await expect(page.locator('aside')).toContainText('Kanelbulle');
  await expect(page.locator('aside')).toContainText('70,00 kr');
  await expect(page.locator('aside').locator('output')).toHaveText('2');
  // axe runs on timers of its own: the clock goes on meanwhile (the API is still cut, so nothing changes).
  await page.clock.resume();
  await expectNoAxeViolations(page, 'kiosk: ordering paused');
  await shot(page, 'kiosk-paused');
  await pauseClock(page);
  await expect(dialog).toBeVisible();

  // The API answers again: the pause ends by itself, on the same screen, the order kept and saved.
  await page.unroute(API);
  await fastForwardUntil(page, isGone(page), 'the pause ends');
  await expect(page).toHaveURL(/\/cafe(\?kiosk=1)?$/);
  await expect(panelQuantity(page, 'Kanelbulle', 2)).toBeVisible();
  await expect(panelSum(page)).toContainText('70,00 kr');
  await fastForwardUntil(
    page,
    async () => (await serverCart(page, 'cafe')).cart.map((i) => i.count).join() === '2',
    'the order saved',
  );
  await expect(idleDialog(page)).toHaveCount(0);
});

const START_PAYMENT = /\/api\/v2\/webshop\/cafe\/cart\/startPayment$/;
const isStart = (r: Request) => START_PAYMENT.test(r.url()) && r.method() === 'POST';
const isStartAnswer = (r: Response) => isStart(r.request());

/** Kanelbulle and Kladdkaka in the cart, 'Dina uppgifter' filled, no method chosen yet (as kiosk.spec.ts). */
async function readyToPay(page: Page): Promise<void> {
  await openKiosk(page);
  await kioskAdd(page, 'Kanelbulle');
  await kioskAdd(page, 'Kladdkaka');
  await toKioskCart(page, 2);
  await fillKioskDetails(page);
}

test(
  'issue 23: a Swish payment approved while the kiosk is paused (API cut) ends on the receipt once the API answers again: the simulator has it COMPLETED, the only payment, started once',
  { tag: paymentTags('KIOSK:PAUSED') },
  async ({ page, paymentsBefore }) => {
    await holdSwishCompletion(page.request);
    await page.clock.install();
    await readyToPay(page);
    let starts = 0;
    page.on('request', (r) => {
      if (isStart(r)) starts++;
    });
    const startAnswer = page.waitForResponse(isStartAnswer);
    await kioskMethodButton(page, KIOSK_METHOD.swish).click();
    const { paymentId } = (await (await startAnswer).json()) as { paymentId: string };
    await expect(swishQr(page)).toBeVisible();
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('STARTED');
    await pauseClock(page);

    // The connection drops while the customer scans the code: the page's payment poll gets no answer.
    const cut = await cutApi(page);
    await fastForwardUntil(page, isShown(page), 'the pause shows');
    expect(cut()).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/cafe\/cart$/);

    // Meanwhile the customer approves it in the Swish app (the control API is not cut: page.request).
    await approvePayment(page.request, paymentId);
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('COMPLETED');

    await page.unroute(API);
    await fastForwardUntil(page, async () => /\/cafe\/receipt\//.test(page.url()), 'the receipt shows');
    await expect(pausedDialog(page)).toHaveCount(0);
    const receiptId = await expectKioskReceipt(page);
    expect(await simulatorPayment(page.request, paymentId)).toMatchObject({ status: 'COMPLETED', receiptId });
    const payments = await paymentsSince(page.request, paymentsBefore);
    expect(payments.map((p) => ({ paymentId: p.paymentId, status: p.status }))).toEqual([
      { paymentId, status: 'COMPLETED' },
    ]);
    expect(starts, 'startPayment requests the page sent').toBe(1);
  },
);
