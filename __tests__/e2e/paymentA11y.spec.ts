import { expect } from '@playwright/test';
import { COMMITTED, test } from './helpers/test';
import { text } from './helpers/i18n';
import { expectNoAxeViolations } from './helpers/axe';
import { PHONE } from './helpers/shop';
import {
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  fillDetails,
  holdRequests,
  METHOD,
  methodButton,
  paymentSection,
  shot,
} from './helpers/payment';

/**
 * Issue 5 accessibility: axe finds no violations on the cart at 390×844 with each payment panel open (SPEC §2
 * payment method panels), in the states a customer stops to read: before starting, waiting, and after a
 * failure. The receipt page and the card payment page are checked in their own specs.
 */

test.use({ viewport: PHONE });

test('axe: cart with the Swish panel open — phone entry, waiting for the app, declined (§2 Swish)', async ({
  page,
}) => {
  await cafeCartWith(page, [{ title: 'Bryggkaffe' }]);
  await fillDetails(page, { phone: CUSTOMER.phone, extraInfo: 'RF07' });
  await chooseMethod(page, METHOD.swish);
  await expect(page.getByRole('button', { name: 'Pay with Swish' })).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Swish panel before start');

  // The session polls wait while axe looks at the waiting state (the demo declines after 1.5 s).
  const releasePolls = await holdRequests(page, '**/api/v2/webshop/cafe/cart', 'GET');
  await page.getByRole('button', { name: 'Pay with Swish' }).click();
  await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Swish waiting for the app');
  releasePolls();

  await expect(
    page.getByRole('alert').filter({ hasText: text('en', 'paymentErrors.swishDeclined') }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Swish declined');
});

test('axe: cart with the Viva panel open — taking the customer to the checkout (§2 Viva)', async ({
  page,
}) => {
  await cafeCartWith(page, [{ title: 'Bryggkaffe' }]);
  await fillDetails(page);
  const release = await holdRequests(page, '**/cart/startPayment');
  await methodButton(page, METHOD.viva).click();
  await expect(page.getByText('Taking you to the card payment…')).toBeVisible();
  await shot(page, 'viva-0-redirecting', paymentSection(page));
  await expectNoAxeViolations(page, 'cart, Viva panel redirecting');
  release();
  await page.waitForURL(/\/demo\/viva\/web\/checkout\?/, COMMITTED);
  // Back from the checkout after a decline: the Viva panel with the failure and 'Start over'.
  await page.getByRole('button', { name: 'Neka (decline)' }).click();
  await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Viva declined on return');
});

test('axe: cart with the card (Stripe) panel open — card form and a declined card (§2 card via Stripe)', async ({
  page,
}) => {
  await cafeCartWith(page, [{ title: 'Bryggkaffe' }]);
  await fillDetails(page);
  await chooseMethod(page, METHOD.stripe);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Stripe card form');

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expectNoAxeViolations(page, 'cart, Stripe declined');
});
