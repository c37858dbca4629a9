/**
 * The kiosk's next customer (docs/kiosk.md "The next customer"): the fresh page a reset opens draws the store
 * from the menu the last page carried (src/features/kiosk/carriedMenu.ts) while the live answer, asked for at
 * the same moment as ever, is on its way; the live answer replaces it; taps work from that first frame and
 * reach the server once; the server judges every add and the amount at payment start (docs/product-rules.md
 * §4, §8); and a menu the live answer cannot confirm is not shown again: the kiosk waits under its pause.
 *
 * The live answer is held with a route (the rest of the suite blocks service workers: the menu crosses in the
 * tab's storage, with or without one), so what the fresh page shows before it can be looked at on any machine.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  fastForwardUntil,
  fillKioskDetails,
  idleDialog,
  KIOSK_METHOD,
  kioskAdd,
  kioskAddButton,
  kioskMethodButton,
  openKiosk,
  orderPanel,
  panelQuantity,
  pauseClock,
  pausedDialog,
  se,
  toKioskCart,
} from './helpers/kiosk';
import { CUSTOMER, holdRequests, holdSwishCompletion } from './helpers/payment';
import { serverCart } from './helpers/shop';
import { shot } from './helpers/shots';
import { test } from './helpers/test';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

/** The live answer the fresh page asks for: GET /api/v2/webshop/cafe. */
const LIVE_SHOP = /\/api\/v2\/webshop\/cafe$/;

/** Semla's card says it is sold out ('Slut i lager'). */
const semlaSoldOut = (page: Page) =>
  page.locator('article').filter({ hasText: 'Semla' }).getByText(se('product.outOfStock'), { exact: true });

/**
 * Another customer's pending Swish payment holds all 3 Semlor (Swish's completion held): the server's live
 * answer now says the kiosk's customers can have none. Answers its payment id, to cancel it afterwards.
 */
async function semlorHeldElsewhere(
  browser: Browser,
  request: APIRequestContext,
): Promise<() => Promise<void>> {
  await holdSwishCompletion(request);
  const other = await browser.newContext();
  const api = other.request;
  expect((await api.get('/api/v2/webshop/cafe/cart')).ok()).toBe(true);
  const cart = [{ id: 'semla-line', productId: 'semla', count: 3, deviations: [], description: '' }];
  expect((await api.put('/api/v2/webshop/cafe/cart', { data: { cart, tabItems: [] } })).ok()).toBe(true);
  const started = await api.post('/api/v2/webshop/cafe/cart/startPayment', {
    data: {
      paymentMethodId: 'pm-cafe-swish',
      customerInfo: { ...CUSTOMER, extraInfo: '', postalCode: '', address: '', city: '', isMobile: false },
      orderReference: null,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentId } = (await started.json()) as { paymentId: string };
  return async () => {
    expect((await request.post(`/demo/api/payments/${paymentId}/cancel`)).ok()).toBe(true);
    await other.close();
  };
}

/** The ids of the payments the simulator has pending. */
async function startedPayments(request: APIRequestContext): Promise<string[]> {
  const answer = await request.get('/demo/api/payments?status=STARTED');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { paymentId: string }[]).map((payment) => payment.paymentId).sort();
}

/** The last customer's order: a Kardemummabulle, saved on the server (the page's clock installed). */
async function lastCustomerOrdered(page: Page): Promise<void> {
  await page.clock.install();
  await openKiosk(page, '&idle=10');
  await kioskAdd(page, 'Kardemummabulle');
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((item) => item.count)).toEqual([1]);
}

/** The last customer walks away: the idle question, then "Börja om" (the page's clock paused for it). */
async function lastCustomerLeaves(page: Page): Promise<void> {
  await pauseClock(page);
  await page.clock.fastForward(11_000);
  await expect(idleDialog(page)).toBeVisible();
  await idleDialog(page)
    .getByRole('button', { name: se('kiosk.idle.startOver') })
    .click();
}

test('the fresh page after a reset draws the carried menu at once, a tap on it reaches the server once, and the live answer replaces it (a sold-out Semla shows)', async ({
  page,
  browser,
  request,
}) => {
  await lastCustomerOrdered(page);
  const letSemlorGo = await semlorHeldElsewhere(browser, request);
  try {
    const releaseLive = await holdRequests(page, LIVE_SHOP, 'GET');
    let liveAnswers = 0;
    page.on('response', (response) => {
      if (LIVE_SHOP.test(response.url())) liveAnswers += 1;
    });
    await lastCustomerLeaves(page);
    await page.clock.resume();

    // The fresh page, its live answer held: the store and the order panel from the carried menu, empty.
    await expect(orderPanel(page)).toBeVisible();
    await expect(kioskAddButton(page, 'Kanelbulle')).toBeVisible();
    await expect(panelQuantity(page, 'Kardemummabulle', 1)).toHaveCount(0);
    await expect(semlaSoldOut(page)).toHaveCount(0); // the carried menu had 3 Semlor
    expect(liveAnswers).toBe(0);
    await shot(page, 'kiosk-next-customer-carried-1024x768');

    // The next customer's first tap, before the live answer: in the order panel, and on the server once.
    await kioskAddButton(page, 'Kanelbulle').click();
    await expect(panelQuantity(page, 'Kanelbulle', 1)).toBeVisible();
    await expect
      .poll(async () => (await serverCart(page, 'cafe')).cart)
      .toEqual([expect.objectContaining({ productId: 'kanelbulle', count: 1 })]);

    // The live answer: Semla is gone (another customer's payment holds the last 3), at once.
    releaseLive();
    await expect(semlaSoldOut(page)).toBeVisible();
    expect(liveAnswers).toBe(1);
    await expect(panelQuantity(page, 'Kanelbulle', 1)).toBeVisible();
    await shot(page, 'kiosk-next-customer-live-1024x768');
    expect((await serverCart(page, 'cafe')).cart).toEqual([
      expect.objectContaining({ productId: 'kanelbulle', count: 1 }),
    ]);
  } finally {
    await letSemlorGo();
  }
});

test('a fresh page whose live answer fails shows no carried menu: ordering pauses, then the store by itself, and an order reaches the server', async ({
  page,
}) => {
  await lastCustomerOrdered(page);
  // The empty cart reaches the server; then the API is gone for the fresh page.
  let down = false;
  await page.route('**/api/**', (route) => (down ? route.abort('internetdisconnected') : route.fallback()));
  await page.route(
    (url) => url.pathname === '/cafe',
    async (route) => {
      down = true;
      await route.fallback();
    },
  );
  await lastCustomerLeaves(page);
  await fastForwardUntil(page, async () => (await pausedDialog(page).count()) > 0, 'the pause shows');
  // Nothing of the carried menu under the pause: it could not be confirmed.
  await expect(kioskAddButton(page, 'Kanelbulle')).toHaveCount(0);
  await shot(page, 'kiosk-next-customer-offline-1024x768');

  down = false;
  await page.clock.resume();
  await expect(pausedDialog(page)).toHaveCount(0);
  await expect(orderPanel(page)).toBeVisible();
  await expect(panelQuantity(page, 'Kardemummabulle', 1)).toHaveCount(0);
  await kioskAdd(page, 'Kanelbulle');
  await expect
    .poll(async () => (await serverCart(page, 'cafe')).cart.map((item) => item.productId))
    .toEqual(['kanelbulle']);
});

test('a tap on the carried menu for something sold out meanwhile is judged by the server: the stock words at payment start, and nothing charged', async ({
  page,
  browser,
  request,
}) => {
  await lastCustomerOrdered(page);
  const letSemlorGo = await semlorHeldElsewhere(browser, request);
  try {
    const releaseLive = await holdRequests(page, LIVE_SHOP, 'GET');
    await lastCustomerLeaves(page);
    await page.clock.resume();
    // The carried menu still has Semlor: the customer takes one before the live answer says they are gone.
    await kioskAddButton(page, 'Semla').click();
    await expect(panelQuantity(page, 'Semla', 1)).toBeVisible();
    releaseLive();
    await expect(semlaSoldOut(page)).toBeVisible();
    // Paying for it: the server judges the cart at payment start, in today's words, and starts nothing.
    const startedBefore = await startedPayments(request);
    await toKioskCart(page, 1);
    await fillKioskDetails(page);
    await kioskMethodButton(page, KIOSK_METHOD.swish).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: se('cart.outOfStockError') })
        .first(),
    ).toBeVisible();
    await shot(page, 'kiosk-next-customer-sold-out-meanwhile');
    expect(await startedPayments(request)).toEqual(startedBefore);
  } finally {
    await letSemlorGo();
  }
});

test('§2 Kiosk, every tap counts: the language buttons stay where they are when the session’s answer brings the header’s cart', async ({
  page,
}) => {
  const releaseSession = await holdRequests(page, /\/api\/v2\/webshop\/cafe\/cart$/, 'GET');
  await openKiosk(page);
  const header = page.getByRole('banner');
  const english = header.getByRole('button', { name: 'English', exact: true });
  // The empty cart's link, whatever its amount: "Varukorg: 0 varor, …".
  const emptyCart = se('shop.cartSummary', { count: 0, total: '' }).trim();
  const cart = header.getByRole('link', { name: new RegExp(`^${emptyCart}`) });
  await expect(english).toBeVisible();
  await expect(cart).toHaveCount(0);
  const before = await english.boundingBox();
  releaseSession();
  await expect(cart).toBeVisible();
  expect(await english.boundingBox()).toEqual(before);
});
