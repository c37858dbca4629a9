import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { addFromGrid, openShop, PHONE, serverCart } from './helpers/shop';
import { cafeCartWith, expectReceipt, fillDetails, paymentSection, resetDemo, shot } from './helpers/payment';
import { amountToPay, paymentsSince, test } from './helpers/moneyTrust';
import { fillKioskDetails, kioskAdd, openKiosk, se, toKioskCart } from './helpers/kiosk';

/**
 * Issue 25 Apple Pay and Google Pay through Stripe's Express Checkout Element, on the demo's Stripe.js double:
 * the wallet is chosen per demo session (`?demoWallet=applePay|googlePay|none`, a `demo_wallet` cookie), its
 * sheet shows the merchant and the amount and offers Approve, Decline and Cancel, and approving confirms the
 * payment against the same endpoint as a card. Every journey runs under the CSP fixture (helpers/test.ts).
 */

test.use({ viewport: PHONE });

const walletGroup = (page: Page) => page.getByRole('group', { name: 'Express checkout' });
const sheet = (page: Page, wallet = 'Apple Pay') => page.getByRole('dialog', { name: `${wallet} (demo)` });
const sheetAmount = (dialog: Locator) => dialog.locator('[data-demo-stripe="amount"]');

/**
 * An amount in minor units, however it is written: the page's '35,00 kr' and a wallet sheet's 'SEK 35.00'
 * (a wallet writes amounts in the device's language) are both 3500.
 */
function minorUnits(text: string | null): number {
  const match = /\d[\d\s\u00a0]*[.,]\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0].replace(/\D/g, ''));
}

/** The amount a wallet's sheet asks for, in minor units. */
const sheetMinorUnits = async (dialog: Locator) => minorUnits(await sheetAmount(dialog).textContent());

/** The café's cart with a Kanelbulle, the details filled in and this session's wallet set to `wallet`. */
async function cartWithWallet(page: Page, wallet: 'applePay' | 'googlePay' | 'none'): Promise<void> {
  await page.goto(`/demo?demoWallet=${wallet}`);
  await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
  await fillDetails(page);
}

/** Taps the wallet button above the choices and waits for its sheet to show the page's exact total. */
async function openSheet(page: Page): Promise<Locator> {
  const total = minorUnits(await amountToPay(page).textContent());
  await walletGroup(page).getByRole('button', { name: 'Pay with Apple Pay' }).click();
  const dialog = sheet(page);
  await expect(dialog).toBeVisible();
  expect(await sheetMinorUnits(dialog)).toBe(total);
  return dialog;
}

test('wallet available: the sheet shows the merchant and the exact total, Approve pays it and the receipt follows', async ({
  page,
  paymentsBefore,
}) => {
  await cartWithWallet(page, 'applePay');
  await expect(walletGroup(page)).toBeVisible();
  await shot(page, 'wallet-1-buttons', walletGroup(page));
  await expectNoAxeViolations(page, 'cart with wallet buttons');
  const dialog = await openSheet(page);
  await expect(dialog).toContainText('Café Kanelbullen');
  await shot(page, 'wallet-2-sheet');
  await expectNoAxeViolations(page, 'wallet sheet');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectReceipt(page);
  await expect(page.getByRole('article')).toContainText('Kanelbulle');
  const payments = await paymentsSince(page.request, paymentsBefore);
  expect(payments.map((p) => [p.methodType, p.status, p.amount])).toEqual([['STRIPE', 'COMPLETED', 3500]]);
});

test('cancelling the sheet leaves the cart, the details and the payment as they were', async ({
  page,
  paymentsBefore,
}) => {
  await cartWithWallet(page, 'applePay');
  const dialog = await openSheet(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(walletGroup(page).getByRole('button', { name: 'Pay with Apple Pay' })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await expect(amountToPay(page)).toContainText('35,00 kr');
  await expect(paymentSection(page).getByRole('button', { pressed: true })).toHaveCount(0);
  expect(await paymentsSince(page.request, paymentsBefore)).toEqual([]);
});

test('a declined wallet says so in our words like a declined card (issue 39), and approving again pays', async ({
  page,
}) => {
  await cartWithWallet(page, 'applePay');
  await (await openSheet(page)).getByRole('button', { name: 'Decline' }).click();
  await expect(sheet(page)).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined. Try another card.' }),
  ).toBeVisible();
  await shot(page, 'wallet-3-declined', walletGroup(page));
  await expectNoAxeViolations(page, 'wallet declined');
  await (await openSheet(page)).getByRole('button', { name: 'Approve' }).click();
  await expectReceipt(page);
});

test('the cart changed in another tab while the sheet is open: CART_CHANGED closes it, the new total shows, nothing is charged', async ({
  page,
  paymentsBefore,
}) => {
  await cartWithWallet(page, 'applePay');
  const dialog = await openSheet(page); // 35,00 kr
  const tabB = await page.context().newPage();
  await openShop(tabB, '/cafe');
  await addFromGrid(tabB, 'Kanelbulle', 1);
  await expect
    .poll(async () => (await serverCart(tabB, 'cafe')).cart.reduce((n, item) => n + item.count, 0))
    .toBe(2);
  await page.bringToFront();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your order was changed in another window' }),
  ).toBeVisible();
  await expect(amountToPay(page)).toContainText('70,00 kr');
  await expectNoAxeViolations(page, 'wallet, cart changed');
  expect((await paymentsSince(page.request, paymentsBefore)).filter((p) => p.status !== 'CANCELLED')).toEqual(
    [],
  );
  // The next tap's sheet asks for the new total.
  expect(await sheetMinorUnits(await openSheet(page))).toBe(7000);
});

test('no wallet on this device: no button, no label and no gap above the choices', async ({ page }) => {
  await cartWithWallet(page, 'none');
  await expect(paymentSection(page)).toBeVisible();
  await expect(walletGroup(page)).toHaveCount(0);
  await expect(page.locator('[data-demo-stripe="expressCheckout"]')).toHaveCount(0);
  // Between the top of the payment column and the choices there is nothing but their heading's own margin.
  const { gap, headingMargin } = await paymentSection(page).evaluate((section) => ({
    gap: section.getBoundingClientRect().top - section.parentElement!.getBoundingClientRect().top,
    headingMargin: parseFloat(getComputedStyle(section.querySelector('h2')!).marginTop),
  }));
  expect(gap).toBeCloseTo(headingMargin, 1);
  await expectNoAxeViolations(page, 'cart without wallet');
});

test('never on a kiosk: a counter tablet shows no wallet buttons and loads no Stripe, whatever the device says', async ({
  page,
}) => {
  const walletRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/wallet\.|\/demo\/stripe\/v3\.js/.test(r.url())) walletRequests.push(r.url());
  });
  await page.goto('/demo?demoWallet=applePay');
  await openKiosk(page);
  await kioskAdd(page, 'Kanelbulle');
  await toKioskCart(page, 1);
  await fillKioskDetails(page);
  await expect(page.getByRole('heading', { level: 2, name: se('paymentMethods.title') })).toBeVisible();
  await expect(page.getByRole('group', { name: se('paymentMethods.wallet.label') })).toHaveCount(0);
  expect(walletRequests).toEqual([]);
});

test.describe('the card payment page', () => {
  test.afterEach(async ({ request }) => {
    await resetDemo(request); // paying pi_demo_pending completes it: the next test needs it pending
  });

  test('the wallet buttons beside the card form pay the intent: Betalning genomförd', async ({ page }) => {
    await page.clock.install();
    await page.goto('/company/c-cafe/payment/pi_demo_pending?demoWallet=googlePay');
    await expect(page.getByText('Belopp: 249,00 kr')).toBeVisible();
    const group = page.getByRole('group', { name: 'Snabbkassa' });
    await expect(group).toBeVisible();
    await shot(page, 'wallet-4-card-page');
    await group.getByRole('button', { name: 'Betala med Google Pay' }).click();
    const dialog = sheet(page, 'Google Pay');
    await expect(sheetAmount(dialog)).toHaveText(/249,00\s*kr/); // a Swedish device writes it as the page does
    await expectNoAxeViolations(page, 'card payment page, wallet sheet');
    await dialog.getByRole('button', { name: 'Godkänn' }).click(); // the sheet speaks the page's Swedish
    await expect(page.getByText('Tack! Vi bekräftar din betalning.')).toBeVisible();
    await page.clock.fastForward(5_000); // §4 the page reads the intent again 5 s after confirmation
    await expect(page.getByRole('status').filter({ hasText: 'Betalning genomförd' })).toBeVisible();
    await shot(page, 'wallet-5-card-page-completed');
    await expectNoAxeViolations(page, 'card payment page, paid by wallet');
  });
});
