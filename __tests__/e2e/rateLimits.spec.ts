import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { PHONE } from './helpers/shop';
import { buyThroughApi, CUSTOMER, shot } from './helpers/payment';

/**
 * Issue 12 point 4 in the browser: the demo API's default limit on e-mails of one receipt (3 in 10 minutes,
 * src/demo-api/http/rateLimits.ts) answers 429, and the receipt page says so in words, never the answer itself.
 * A fresh receipt per run, so no other test shares its counter.
 */

test.use({ viewport: PHONE });

interface OutboxMail {
  receiptId: string;
}

test('issue 12: the 4th e-mail of one receipt is refused with 429 and Retry-After; the page says "Too many attempts…" and nothing more is sent', async ({
  page,
}) => {
  const { receiptId } = await buyThroughApi(page.request, [{ productId: 'kanelbulle', count: 1 }]);
  await page.goto(`/cafe/receipt/${receiptId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  const mailsOfReceipt = async () =>
    ((await (await page.request.get('/demo/api/outbox')).json()) as OutboxMail[]).filter(
      (m) => m.receiptId === receiptId,
    ).length;

  await page.getByLabel('Email address').fill(CUSTOMER.email);
  const send = page.getByRole('button', { name: 'Send' });
  for (let sent = 1; sent <= 3; sent++) {
    await send.click();
    await expect.poll(mailsOfReceipt).toBe(sent);
    await expect(send).toBeEnabled();
  }

  const refused = page.waitForResponse((r) => r.url().endsWith(`/receipt/${receiptId}/email`));
  await send.click();
  const response = await refused;
  expect(response.status()).toBe(429);
  expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Too many attempts. Please wait a few minutes and try again.' });
  await expect(alert).toBeVisible();
  await expect(page.getByText(/TOO_MANY_REQUESTS|RATE_LIMITED|Could not send receipt/)).toHaveCount(0);
  await shot(
    page,
    'receipt-5-email-rate-limited',
    page.getByRole('form', { name: 'Get the receipt by email' }),
  );
  expect(await mailsOfReceipt()).toBe(3);
});
