import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test as base } from './test';
import { resetDemo, type SimulatorPayment } from './payment';

/**
 * Issue 9 "a checkout you can trust with money": what the customer was shown against what the demo's
 * payment providers were asked to charge, and the few fault tools the trust specs share.
 */

/** All payments the demo's control API knows now (every status). */
async function allPayments(request: APIRequestContext): Promise<SimulatorPayment[]> {
  const response = await request.get('/demo/api/payments?status=all');
  expect(response.ok()).toBe(true);
  return (await response.json()) as SimulatorPayment[];
}

/** The ids of every payment so far: pass them to {@link paymentsSince} to see what a test started. */
async function paymentIdsNow(request: APIRequestContext): Promise<Set<string>> {
  return new Set((await allPayments(request)).map((p) => p.paymentId));
}

/** Payments created since `before` (each worker has a demo server of its own, so these are the test's). */
export async function paymentsSince(
  request: APIRequestContext,
  before: Set<string>,
): Promise<SimulatorPayment[]> {
  return (await allPayments(request)).filter((p) => !before.has(p.paymentId));
}

/**
 * Ends the test's payments that are still pending (a Swish payment left pending completes by itself after
 * SWISH_DELAY_MS and would take stock after the reset), then puts the demo's stock back.
 */
async function cleanUpPayments(request: APIRequestContext, before: Set<string>): Promise<void> {
  for (const payment of await paymentsSince(request, before)) {
    if (payment.status === 'STARTED') await request.post(`/demo/api/payments/${payment.paymentId}/cancel`);
  }
  await resetDemo(request);
}

/** '1 050,00 kr' (sv-SE money as the shop shows it, §9) → 105000 minor units. */
function minorUnits(shown: string): number {
  const match = /(-?\d[\d\s\u00a0]*),(\d{2})\s*kr/.exec(shown);
  const [, kronor, ore] = match ?? [];
  if (kronor === undefined || ore === undefined) throw new Error(`No amount in kronor in "${shown}"`);
  return Number(kronor.replace(/[\s\u00a0]/g, '')) * 100 + Number(ore);
}

/** The cart page's 'Amount to pay' heading (§2 payment section: the sum). */
export function amountToPay(page: Page): Locator {
  return page.getByRole('heading', { level: 2, name: /^Amount to pay/ });
}

/** The Pay buttons of the café's panels: Stripe's 'Pay', Swish's 'Pay with Swish' and its restart. */
const PAY_BUTTON_TEXTS = ['Pay', 'Pay with Swish', 'Start the payment again', 'Start over'];

/**
 * Records, at the very moment a Pay button is clicked (a capturing listener runs before the app's own
 * handler), the total the page shows in 'Amount to pay'. Answers a function reading the recorded totals in
 * minor units, one per press, so a test can hold every charge against what the customer saw.
 */
export async function recordTotalAtPay(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate((texts) => {
    const w = window as unknown as { __shownAtPay?: string[] };
    w.__shownAtPay = [];
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest('button');
        if (!button || !texts.includes((button.textContent ?? '').trim())) return;
        const sum = [...document.querySelectorAll('h2')].find((h) =>
          (h.textContent ?? '').startsWith('Amount to pay'),
        );
        w.__shownAtPay?.push(sum?.textContent ?? '');
      },
      true,
    );
  }, PAY_BUTTON_TEXTS);
  return async () =>
    (await page.evaluate(() => (window as unknown as { __shownAtPay?: string[] }).__shownAtPay ?? [])).map(
      minorUnits,
    );
}

/**
 * The money rule of issue 9: every payment the test caused was asked for exactly a total the customer saw
 * on the page when pressing Pay (and at least one Pay was pressed).
 */
export async function expectChargedAsShown(
  request: APIRequestContext,
  before: Set<string>,
  shownAtPay: () => Promise<number[]>,
): Promise<void> {
  const shown = await shownAtPay();
  expect(shown.length, 'Pay was pressed').toBeGreaterThan(0);
  const charged = (await paymentsSince(request, before)).map((p) => ({
    paymentId: p.paymentId,
    method: p.methodType,
    status: p.status,
    amount: p.amount,
  }));
  const wrong = charged.filter((p) => !shown.includes(p.amount));
  expect(
    wrong,
    `payments asked for another amount than the page showed at Pay (shown: ${shown.join(', ')} öre)`,
  ).toEqual([]);
}

/** Every request the page makes to Swish's app scheme (swish://…), as the browser tries to open the app. */
export function swishAppRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('swish:')) urls.push(request.url());
  });
  return urls;
}

/**
 * The trust specs' `test`: every test's payments are cleaned up when it ends, passed or failed (pending
 * ones cancelled, demo stock reset); `paymentsBefore` holds the payment ids that existed when it began.
 */
export const test = base.extend<{ paymentsBefore: Set<string> }>({
  paymentsBefore: [
    async ({ page }, use) => {
      const before = await paymentIdsNow(page.request);
      await use(before);
      await cleanUpPayments(page.request, before);
    },
    { auto: true },
  ],
});
