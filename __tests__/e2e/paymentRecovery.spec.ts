import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { PHONE } from './helpers/shop';
import {
  buyThroughApi,
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  approvePayment,
  expectReceipt,
  fillDetails,
  holdSwishCompletion,
  METHOD,
  methodButton,
  paymentSection,
  resetDemo,
  sessionPaymentId,
  shot,
  simulatorPayment,
} from './helpers/payment';
import { paymentTags } from '../helpers/paymentStates';

/**
 * Issue 5 QA determinism, the journeys that are not one provider's: stock that ran out while the customer
 * filled the cart (§4 start, §8 OUT_OF_STOCK), and a reload in the middle of a payment (§4: picked up from
 * the session on load, never started twice, ends on the receipt).
 */

test.use({ viewport: PHONE });

test(
  '§4 §8 out-of-stock at start: another customer bought the last Semlor, the start shows the stock per line and under payment',
  { tag: paymentTags('SWISH_TRADE:ERROR') },
  async ({ page, browser }) => {
    // Semla is limited to 3 in the fixtures; this customer takes all 3 into the cart.
    await cafeCartWith(page, [{ title: 'Semla', times: 3 }]);
    await fillDetails(page, { phone: CUSTOMER.phone });
    const other = await browser.newContext();
    try {
      // Meanwhile another guest buys 2 of them (their own session, paid and approved in the simulator).
      await buyThroughApi(other.request, [{ productId: 'semla', count: 2 }]);

      await chooseMethod(page, METHOD.swish);
      await page.getByRole('button', { name: 'Pay with Swish' }).click();
      // §8 per item 'Only {count} left in stock' on the line, and the general text under the payment section.
      const line = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('group', { name: /Quantity Semla/ }) });
      await expect(line.getByText('Only 1 left in stock')).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Articles are out of stock' }).first(),
      ).toBeVisible();
      await expect(page.getByText('Open the Swish app and approve the payment')).toHaveCount(0);
      await shot(page, 'stock-1-out-of-stock-at-start', line);
      await shot(page, 'stock-2-out-of-stock-payment-section', paymentSection(page));
      const session = (await (await page.request.get('/api/v2/webshop/cafe/cart')).json()) as {
        paymentId: string | null;
      };
      expect(session.paymentId).toBeNull();
    } finally {
      await other.close();
      await resetDemo(page.request); // Semla back to 3 for whoever comes next
    }
  },
);

test(
  '§4 reload mid-payment: the pending Swish payment is picked up from the session, never started twice, and ends on the receipt',
  { tag: paymentTags('SWISH_TRADE:STARTED', 'SWISH_TRADE:COMPLETED') },
  async ({ page }) => {
    await holdSwishCompletion(page.request); // still pending at the reload, however slow the machine
    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone });
    await chooseMethod(page, METHOD.swish);
    const before = ((await (await page.request.get('/demo/api/payments?status=all')).json()) as unknown[])
      .length;
    await page.getByRole('button', { name: 'Pay with Swish' }).click();
    await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
    const paymentId = await sessionPaymentId(page);

    await page.reload();
    await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
    await approvePayment(page.request, paymentId);
    const receiptId = await expectReceipt(page);
    expect(await simulatorPayment(page.request, paymentId)).toMatchObject({ status: 'COMPLETED', receiptId });
    // One payment for this purchase: the reload did not start another.
    const after = ((await (await page.request.get('/demo/api/payments?status=all')).json()) as unknown[])
      .length;
    expect(after - before).toBe(1);
  },
);

test('§4 reload mid-payment with the payment still pending: polling resumes and the simulator approval ends on the receipt', async ({
  page,
}) => {
  // Stripe waits for the customer (no delay as with Swish), so the payment is surely pending after the reload.
  await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
  await fillDetails(page);
  await chooseMethod(page, METHOD.stripe);
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '3D Secure test authentication' })).toBeVisible();
  const paymentId = await sessionPaymentId(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  // The details survive the reload, so the payment under way is shown (and not cancelled by typing them again).
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(CUSTOMER.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(methodButton(page, METHOD.stripe)).toHaveAttribute('aria-pressed', 'true');
  // The SPA is polling the session again (§4 STARTED: every second); the provider now approves.
  await page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/webshop/cafe/cart') && r.request().method() === 'GET',
  );
  await shot(page, 'reload-1-pending-after-reload', paymentSection(page));
  expect((await simulatorPayment(page.request, paymentId))?.status).toBe('STARTED');
  expect((await page.request.post(`/demo/api/payments/${paymentId}/approve`)).ok()).toBe(true);
  await expectReceipt(page);
});
