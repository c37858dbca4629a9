import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import {
  CUSTOMER,
  approvePayment,
  chooseMethod,
  expectReceipt,
  holdSwishCompletion,
  resetDemo,
  sessionPaymentId,
  shot,
  simulatorPayment,
} from './helpers/payment';
import { openShop, PHONE } from './helpers/shop';
import { test } from './helpers/test';
import { paymentTags } from '../helpers/paymentStates';

/**
 * docs/product-rules.md §3, "a tab line is held while it is paid": two guests at table 12, each on their own
 * phone (a browser context each, so a session each), choose the tab's one Köttbullar. Whoever starts paying
 * first holds it: the other phone shows it as being paid, and a start there is refused in words; a cancel
 * or an expiry gives it back; a completion takes it off the tab once. Swish is held through the simulator's
 * control API, so no outcome races the test.
 */

const TAB = '/restaurant/cart?table=12&tabId=tab-12';
const KOTTBULLAR = 'Köttbullar med potatismos';
const beingPaid = 'Someone at your table is paying for it right now';
const refused = `Someone at your table is paying for ${KOTTBULLAR} right now. Wait a moment or take it out of your order.`;

test.afterEach(async ({ request }) => {
  await resetDemo(request); // the tab back to its fixtures for the next test on this server
});

/** A guest's phone at table 12 with the open tab on the cart page and Köttbullar chosen. */
async function guestWithKottbullar(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  const page = await context.newPage();
  await openShop(page, TAB);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/restaurant/cart') && r.request().method() === 'PUT',
  );
  await page
    .getByRole('region', { name: 'Open tab' })
    .getByRole('button', { name: `Add ${KOTTBULLAR}` })
    .click();
  expect((await saved).ok()).toBe(true);
  // The restaurant asks for no details of its own: e-mail and phone, both optional (§3); Swish needs the phone.
  await page.getByLabel(/^Phone number/).fill(CUSTOMER.phone);
  await chooseMethod(page, 'Swish');
  return page;
}

async function startSwish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay with Swish' }).click();
  await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
}

/**
 * Anna's and Bo's phones, both with Köttbullar chosen and Swish held; `first` of them starts paying.
 * Answers both phones, the payer first, and the pending payment's id.
 */
async function oneGuestPaying(
  {
    browser,
    baseURL,
    request,
  }: { browser: Browser; baseURL: string | undefined; request: APIRequestContext },
  first: 'anna' | 'bo',
): Promise<{ payer: Page; other: Page; paymentId: string }> {
  await holdSwishCompletion(request);
  const anna = await guestWithKottbullar(browser, baseURL);
  const bo = await guestWithKottbullar(browser, baseURL);
  const [payer, other] = first === 'anna' ? [anna, bo] : [bo, anna];
  await startSwish(payer);
  return { payer, other, paymentId: await sessionPaymentId(payer, 'restaurant') };
}

for (const order of ['Anna starts first', 'Bo starts first'] as const) {
  test(
    `§3 ${order}: the other phone shows Köttbullar as being paid, and its start is refused in words`,
    { tag: paymentTags('SWISH_TRADE:STARTED', 'SWISH_TRADE:ERROR', 'SWISH_TRADE:COMPLETED') },
    async ({ browser, baseURL, request }) => {
      const {
        payer: first,
        other: second,
        paymentId,
      } = await oneGuestPaying({ browser, baseURL, request }, order === 'Anna starts first' ? 'anna' : 'bo');

      // The other phone learns it by itself (it reads the open tab again while it is in view).
      const added = second.getByRole('region', { name: 'Added from the tab' });
      await expect(added.getByText(beingPaid)).toBeVisible();
      await expect(second.getByText(refused)).toBeVisible();
      await shot(second, `shared-tab-being-paid-${order === 'Anna starts first' ? 'bo' : 'anna'}`);
      await expectNoAxeViolations(second);

      // Starting anyway is refused: nothing starts on the server, the words stay, no code is shown.
      await second.getByRole('button', { name: 'Pay with Swish' }).click();
      await expect(second.getByText(refused)).toBeVisible();
      await expect(second.getByRole('main')).not.toContainText('TAB_ITEM_BEING_PAID');
      const secondSession = await (await second.request.get('/api/v2/webshop/restaurant/cart')).json();
      expect(secondSession.paymentId).toBeNull();

      // The first guest pays: Köttbullar leaves the tab once, and nobody can pay it again.
      await approvePayment(request, paymentId);
      await expectReceipt(first, 'restaurant');
      expect((await simulatorPayment(request, paymentId))?.amount).toBe(19500 + 1000);
      const tab = (await (await request.get('/api/v2/webshop/restaurant/cart?tabId=tab-12')).json())
        .activeTab;
      expect(tab.cart.map((e: { id: string }) => e.id)).not.toContain('tab-12-2');
      await first.context().close();
      await second.context().close();
    },
  );
}

for (const end of ['cancel', 'expire'] as const) {
  test(
    `§3 a payment that ends by ${end === 'cancel' ? 'the guest’s cancel' : 'expiring'} gives Köttbullar back: the other guest pays it`,
    {
      tag: paymentTags(
        end === 'cancel' ? 'SWISH_TRADE:CANCELLING' : 'SWISH_TRADE:CANCELLED',
        'SWISH_TRADE:COMPLETED',
      ),
    },
    async ({ browser, baseURL, request }) => {
      const {
        payer: anna,
        other: bo,
        paymentId: annas,
      } = await oneGuestPaying({ browser, baseURL, request }, 'anna');
      await expect(bo.getByText(refused)).toBeVisible();

      if (end === 'cancel') await anna.getByRole('button', { name: 'Cancel' }).click();
      else expect((await request.post(`/demo/api/payments/${annas}/expire`)).ok()).toBe(true);
      await expect(bo.getByText(refused)).toBeHidden();
      await expect(bo.getByText(beingPaid)).toBeHidden();

      await startSwish(bo);
      const bos = await sessionPaymentId(bo, 'restaurant');
      await approvePayment(request, bos);
      await expectReceipt(bo, 'restaurant');
      expect((await simulatorPayment(request, annas))?.status).toBe('CANCELLED');
      await anna.context().close();
      await bo.context().close();
    },
  );
}
