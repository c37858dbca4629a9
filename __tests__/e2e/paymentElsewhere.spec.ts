import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { openShop, PHONE, serverCart } from './helpers/shop';
import {
  approvePayment,
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  expectReceipt,
  fillDetails,
  holdSwishCompletion,
  METHOD,
  sessionPaymentId,
  shot,
  simulatorPayment,
} from './helpers/payment';
import { paymentTags } from '../helpers/paymentStates';

/**
 * docs/product-rules.md §4: a pending payment is read on every screen of the shop, so one approved while the
 * customer is elsewhere (Back to the store, a product page) leads to the receipt there and the cart bar never
 * offers the paid cart again; and a cart change while a payment is STARTED asks first. The demo's Swish
 * completion is held through its control API for each test (holdSwishCompletion): the payment stays pending
 * on the server until the test approves it, so nothing races the simulator's timer.
 */

test.use({ viewport: PHONE });

const waiting = 'Open the Swish app and approve the payment';

/** The mobile cart bar's link ("Go to cart · 1 item · 35,00 kr"). */
const cartBar = (page: Page) => page.getByRole('link', { name: /Go to cart/ });

/** A Swish payment for one Kanelbulle, started on the cart page and left pending; answers its id. */
async function swishPending(page: Page): Promise<string> {
  await holdSwishCompletion(page.request);
  await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
  await fillDetails(page, { phone: CUSTOMER.phone });
  await chooseMethod(page, METHOD.swish);
  await page.getByRole('button', { name: 'Pay with Swish' }).click();
  await expect(page.getByText(waiting)).toBeVisible();
  return sessionPaymentId(page);
}

test(
  '§4 Swish started, Back to the store, approved in the app: the store leads to the receipt and no unpaid cart bar stays',
  { tag: paymentTags('SWISH_TRADE:STARTED', 'SWISH_TRADE:COMPLETED') },
  async ({ page }) => {
    const paymentId = await swishPending(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/cafe$/);
    await expect(cartBar(page)).toContainText('1 item');

    await approvePayment(page.request, paymentId);
    await expectReceipt(page);
    await expect(page.getByRole('article')).toContainText('Kanelbulle');
    await expect(cartBar(page)).toHaveCount(0);
    await shot(page, 'elsewhere-1-receipt-after-approval-on-store');
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('COMPLETED');
    expect((await serverCart(page, 'cafe')).cart).toEqual([]);
  },
);

test('§4 Swish started, then a product page opened anew (the session says pending): approved in the app, the product page leads to the receipt', async ({
  page,
}) => {
  const paymentId = await swishPending(page);
  await openShop(page, '/cafe/products/kanelbulle');
  await expect(page.getByRole('heading', { level: 1, name: 'Kanelbulle' })).toBeVisible();

  await approvePayment(page.request, paymentId);
  await expectReceipt(page);
  await expect(cartBar(page)).toHaveCount(0);
  expect((await simulatorPayment(page.request, paymentId))?.status).toBe('COMPLETED');
});

test(
  '§4 a stepper change while Swish is pending asks first: "Keep paying" keeps cart and payment, "Change order" cancels the payment',
  { tag: paymentTags('SWISH_TRADE:CANCELLING', 'SWISH_TRADE:NOT_STARTED') },
  async ({ page }) => {
    const paymentId = await swishPending(page);
    const more = page.getByRole('button', { name: 'Increase quantity of Kanelbulle' });
    const question = page.getByRole('alertdialog', { name: 'Change your order?' });

    await more.click();
    await expect(question).toContainText('Changing your order cancels the Swish request. Change it anyway?');
    await expectNoAxeViolations(page, 'the question before a change cancels the payment');
    await shot(page, 'elsewhere-2-change-question');
    await question.getByRole('button', { name: 'Keep paying' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByText(waiting)).toBeVisible();
    await expect(page.getByRole('group', { name: /Quantity Kanelbulle/ })).toContainText('1');
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('STARTED');
    expect((await serverCart(page, 'cafe')).cart).toMatchObject([{ productId: 'kanelbulle', count: 1 }]);

    await more.click();
    await question.getByRole('button', { name: 'Change order' }).click();
    await expect(question).toHaveCount(0);
    // Cancelled on the server, then the changed cart is saved and the methods are offered again.
    await expect(page.getByText(waiting)).toHaveCount(0);
    await expect(page.getByRole('group', { name: /Quantity Kanelbulle/ })).toContainText('2');
    await expect(page.getByRole('button', { name: METHOD.swish, exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('CANCELLED');
  },
);
