import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { text } from './helpers/i18n';
import { PHONE } from './helpers/shop';
import {
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  expectReceipt,
  fillDetails,
  holdSessionReads,
  METHOD,
  paymentSection,
  sessionPaymentId,
  shot,
  simulatorPayment,
} from './helpers/payment';
import { paymentTags } from '../helpers/paymentStates';

/**
 * Issue 5 QA determinism, Swish against the demo's simulator (SPEC §2 Swish panel, §4, §8): the payment
 * completes after SWISH_DELAY_MS (1.5 s in playwright.config.ts) unless "Additional information" carries one
 * of Swish's MSS codes (RF07 declined, BANKIDCL cancelled), which the demo applies when the delay is over.
 * Where a test looks at the waiting state, the page's session reads are held meanwhile (holdSessionReads),
 * so the outcome cannot overtake the check on a slow machine.
 */

test.use({ viewport: PHONE });

const waiting = 'Open the Swish app and approve the payment';
const payWithSwish = 'Pay with Swish';
const restart = 'Start the payment again';

test(
  '§4 Swish paid: phone entry, start, waiting for the app, then the receipt',
  { tag: paymentTags('SWISH_TRADE:LOADING', 'SWISH_TRADE:STARTED', 'SWISH_TRADE:COMPLETED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone });
    await chooseMethod(page, METHOD.swish);
    await shot(page, 'swish-1-not-started', paymentSection(page));
    const release = await holdSessionReads(page);
    await page.getByRole('button', { name: payWithSwish }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    await shot(page, 'swish-2-started-waiting', paymentSection(page));
    const paymentId = await sessionPaymentId(page);

    release();
    await expectReceipt(page);
    await expect(page.getByText(`Paid by ${METHOD.swish}`)).toBeVisible();
    await expect(page.getByRole('article')).toContainText('Kanelbulle');
    await shot(page, 'swish-3-receipt');
    expect((await simulatorPayment(page.request, paymentId))?.status).toBe('COMPLETED');
  },
);

test(
  "§5 Swish without a phone number on a computer: 'You must enter a phone number' and no payment starts",
  { tag: paymentTags('SWISH_TRADE:ERROR') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page);
    await chooseMethod(page, METHOD.swish);
    await page.getByRole('button', { name: payWithSwish }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You must enter a phone number' })).toBeVisible();
    await expect(page.getByRole('button', { name: restart })).toBeVisible();
    await shot(page, 'swish-4-phone-required', paymentSection(page));
    const session = await (await page.request.get('/api/v2/webshop/cafe/cart')).json();
    expect(session.paymentId).toBeNull();
  },
);

test(
  '§4 §8 issue 39: Swish declined (RF07) says so in our words, never its code, and allows a restart',
  { tag: paymentTags('SWISH_TRADE:FAILED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Kardemummabulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone, extraInfo: 'RF07' });
    await chooseMethod(page, METHOD.swish);
    const release = await holdSessionReads(page);
    await page.getByRole('button', { name: payWithSwish }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    const declined = await sessionPaymentId(page);
    release();

    const error = page.getByRole('alert').filter({ hasText: text('en', 'paymentErrors.swishDeclined') });
    await expect(error).toBeVisible();
    await expect(paymentSection(page)).not.toContainText('RF07');
    await expect(page.getByRole('button', { name: restart })).toBeVisible();
    await expect(page).toHaveURL(/\/cafe\/cart$/);
    await shot(page, 'swish-5-declined-rf07', paymentSection(page));
    expect(await simulatorPayment(page.request, declined)).toMatchObject({
      status: 'FAILED',
      message: 'RF07',
    });
  },
);

test(
  '§4 Swish cancelled in BankID (BANKIDCL) says the payment was cancelled and allows a restart',
  { tag: paymentTags('SWISH_TRADE:CANCELLED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Kardemummabulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone, extraInfo: 'bankidcl' });
    await chooseMethod(page, METHOD.swish);
    const release = await holdSessionReads(page);
    await page.getByRole('button', { name: payWithSwish }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment was cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: restart })).toBeVisible();
    await shot(page, 'swish-6-cancelled-bankidcl', paymentSection(page));
    expect(await simulatorPayment(page.request, await sessionPaymentId(page))).toMatchObject({
      status: 'CANCELLED',
      message: 'BANKIDCL',
    });
  },
);

test(
  '§4 Swish restart after a failure starts a new payment, and a payment without the code then ends on the receipt',
  { tag: paymentTags('SWISH_TRADE:FAILED', 'SWISH_TRADE:STARTED', 'SWISH_TRADE:COMPLETED') },
  async ({ page }) => {
    await cafeCartWith(page, [{ title: 'Kardemummabulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone, extraInfo: 'RF07' });
    await chooseMethod(page, METHOD.swish);
    await page.getByRole('button', { name: payWithSwish }).click();
    const error = page.getByRole('alert').filter({ hasText: text('en', 'paymentErrors.swishDeclined') });
    await expect(error).toBeVisible();
    const first = await sessionPaymentId(page);

    // Restart: a new payment, waiting again; the same message makes Swish decline it again.
    const releaseSecond = await holdSessionReads(page);
    await page.getByRole('button', { name: restart }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    await expect(error).toHaveCount(0);
    const second = await sessionPaymentId(page);
    expect(second).not.toBe(first);
    releaseSecond();
    await expect(error).toBeVisible();
    expect((await simulatorPayment(page.request, second))?.status).toBe('FAILED');

    // The customer clears the message: §4 a customer-field change drops the failed payment and the choice.
    await page.getByLabel(/^Additional information/).fill('Utan socker, tack');
    await expect(error).toHaveCount(0);
    await chooseMethod(page, METHOD.swish);
    const releaseThird = await holdSessionReads(page);
    await page.getByRole('button', { name: payWithSwish }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    releaseThird();
    await expectReceipt(page);
    await expect(page.getByRole('article')).toContainText('Kardemummabulle');
  },
);
