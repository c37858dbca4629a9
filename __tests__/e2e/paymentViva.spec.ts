import { expect, type Page } from '@playwright/test';
import { COMMITTED, test } from './helpers/test';
import { text } from './helpers/i18n';
import { PHONE } from './helpers/shop';
import {
  cafeCartWith,
  expectReceipt,
  fillDetails,
  METHOD,
  paymentSection,
  methodButton,
  shot,
  simulatorPayment,
} from './helpers/payment';
import { paymentTags } from '../helpers/paymentStates';

/**
 * Issue 5 QA determinism, Viva Wallet against the demo's hosted checkout (SPEC §2 Viva panel, §4): choosing
 * Viva starts the payment and sends the browser to the checkout with the order code and the shop's primary
 * colour without '#'; Pay or Decline there returns to /{shop}/cart?s=…&t=… like Viva does, and the SPA
 * picks the outcome up from the session.
 */

test.use({ viewport: PHONE });

/** Chooses Viva and waits for the demo's hosted checkout; answers the order code it was sent with. */
async function toVivaCheckout(page: Page): Promise<string> {
  // Choosing Viva starts the payment at once and leaves the shop (no pressed state to look at).
  await methodButton(page, METHOD.viva).click();
  await page.waitForURL(/\/demo\/viva\/web\/checkout\?/, COMMITTED);
  const url = new URL(page.url());
  // §2 the payment reference and the café's primary colour (#7b4a2d) without '#'.
  expect(url.searchParams.get('color')).toBe('7b4a2d');
  const orderCode = url.searchParams.get('ref') as string;
  expect(orderCode).toMatch(/^\d{16}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Café Kanelbullen AB' })).toBeVisible();
  return orderCode;
}

test(
  '§2 §4 Viva paid: hosted checkout with the reference and colour, Pay returns to the shop and ends on the receipt',
  { tag: paymentTags('VIVA_WALLET_WEB:STARTED', 'VIVA_WALLET_WEB:COMPLETED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Ostfralla' }]);
    await fillDetails(page);
    const orderCode = await toVivaCheckout(page);
    await expect(page.getByText('49,00 kr', { exact: true })).toBeVisible();
    await shot(page, 'viva-1-hosted-checkout');

    await page.getByRole('button', { name: /^Betala 49,00 kr/ }).click();
    // Back in the shop as Viva returns (s = order code, t = transaction), then on to the receipt.
    await page.waitForURL(new RegExp(`/cafe/cart\\?s=${orderCode}&t=`), COMMITTED);
    const receiptId = await expectReceipt(page);
    await expect(page.getByText(`Paid by ${METHOD.viva}`)).toBeVisible();
    await expect(page.getByRole('article')).toContainText('Ostfralla');
    await shot(page, 'viva-2-receipt');
    expect(await simulatorPayment(page.request, orderCode)).toMatchObject({ status: 'COMPLETED', receiptId });
  },
);

test(
  '§4 §8 issue 39: Viva declined: Decline returns to the shop, which says why in our words (never its code) and allows a restart',
  { tag: paymentTags('VIVA_WALLET_WEB:FAILED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Ostfralla' }]);
    await fillDetails(page);
    const orderCode = await toVivaCheckout(page);

    await page.getByRole('button', { name: 'Neka (decline)' }).click();
    await page.waitForURL(new RegExp(`/cafe/cart\\?s=${orderCode}&t=[^&]+&eventId=10051`), COMMITTED);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    // The cart is kept for another try.
    await expect(page.getByRole('group', { name: /Quantity Ostfralla/ })).toBeVisible();
    // Viva's event 10051 is "insufficient funds".
    const alert = page.getByRole('alert').filter({ hasText: text('en', 'paymentErrors.insufficientFunds') });
    await expect(alert).toBeVisible();
    // §4 the page opens at its top after Viva's redirect: the message takes the focus, so it is in view and read.
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    await shot(page, 'viva-3b-declined-message-in-view');
    await expect(paymentSection(page)).not.toContainText(/DECLINED|10051/);
    await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
    await shot(page, 'viva-3-declined-back-in-shop', paymentSection(page));
    expect(await simulatorPayment(page.request, orderCode)).toMatchObject({ status: 'FAILED' });

    // Restart: a new payment at the checkout, which this time is paid.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.waitForURL(/\/demo\/viva\/web\/checkout\?/, COMMITTED);
    const second = new URL(page.url()).searchParams.get('ref');
    expect(second).not.toBe(orderCode);
    await page.getByRole('button', { name: /^Betala / }).click();
    await expectReceipt(page);
  },
);
