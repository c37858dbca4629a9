import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { PHONE } from './helpers/shop';
import { pdfDrawnTexts } from '../helpers/pdfText';
import { buyThroughApi, CUSTOMER, holdRequests, shot } from './helpers/payment';

/**
 * Issue 5 QA determinism, the receipt page (SPEC §2 receipt page, §4 receipt e-mail idle → sending → sent or
 * error, §8 'receipt.emailError'): the e-mail reaches the demo outbox and the PDF downloads. The receipt comes
 * from a purchase made through the API and approved in the simulator (the browser journeys to a receipt are
 * in payment*.spec.ts).
 */

test.use({ viewport: PHONE });

/** Buys 2 Kanelbullar with this page's session (Viva, approved in the simulator) and opens the receipt page. */
async function openFreshReceipt(page: Page): Promise<string> {
  const { receiptId } = await buyThroughApi(page.request, [{ productId: 'kanelbulle', count: 2 }]);
  await page.goto(`/cafe/receipt/${receiptId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  return receiptId as string;
}

interface OutboxMail {
  receiptId: string;
  to: string;
  subject: string;
  body: string;
}

test('§2 the receipt page shows seller, lines as count × price (issue 39), VAT, net, total, payment, date, register and control code; axe finds nothing', async ({
  page,
}) => {
  const receiptId = await openFreshReceipt(page);
  // §4 COMPLETED shows success, above the receipt.
  await expect(page.getByRole('status').filter({ hasText: 'Payment completed – thank you!' })).toBeVisible();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(`Receipt number: ${receiptId}`);
  await expect(receipt).toContainText('Café Kanelbullen AB');
  await expect(receipt).toContainText('Organisation number: 559123-4567');
  await expect(receipt).toContainText('Storgatan 12');
  await expect(receipt).toContainText('111 22 Stockholm');
  // §9 every receipt line reads count × unit price = amount.
  await expect(receipt).toContainText('2 × Kanelbulle35,00 kr70,00 kr');
  // 12 % VAT included in 70,00 kr: 70 × (1 − 1/1.12) = 7,50 kr; net 62,50 kr.
  await expect(receipt).toContainText('VAT 12 %7,50 kr');
  await expect(receipt).toContainText('Net62,50 kr');
  await expect(receipt).toContainText('Total70,00 kr');
  await expect(receipt).toContainText('Paid by Card or wallet (Viva)70,00 kr');
  for (const term of ['Date', 'Cash register', 'Control unit', 'Control code']) {
    await expect(receipt.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  await shot(page, 'receipt-1-page');
  await expectNoAxeViolations(page, 'receipt page (§2)');
});

test('§4 the receipt e-mail: Send shows sending then sent, and the mail reaches the demo outbox', async ({
  page,
}) => {
  const receiptId = await openFreshReceipt(page);
  const email = page.getByLabel('Email address');
  await email.fill(CUSTOMER.email);
  // Hold the request until 'sending' has been seen, so the middle state is checked, not guessed.
  const release = await holdRequests(page, '**/receipt/*/email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await shot(page, 'receipt-2-email-sending', email);
  release();
  await expect(page.getByRole('status').filter({ hasText: 'The receipt has been sent' })).toBeVisible();
  await shot(page, 'receipt-3-email-sent', email);

  const outbox = (await (await page.request.get('/demo/api/outbox')).json()) as OutboxMail[];
  const mail = outbox.find((m) => m.receiptId === receiptId);
  expect(mail, 'the receipt e-mail is in the demo outbox').toBeDefined();
  expect(mail?.to).toBe(CUSTOMER.email);
  expect(mail?.body).toContain(receiptId);
});

test("§8 a receipt e-mail that cannot be sent says 'Could not send receipt'; an invalid address is refused before sending", async ({
  page,
}) => {
  await openFreshReceipt(page);
  let requests = 0;
  await page.route('**/receipt/*/email', (route) => {
    requests++;
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'mail server down' });
  });
  const email = page.getByLabel('Email address');
  await email.fill('ada at example');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(email).toHaveAccessibleDescription('Enter a valid email');
  expect(requests).toBe(0);

  await email.fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not send receipt' })).toBeVisible();
  expect(requests).toBe(1);
  await shot(page, 'receipt-4-email-error', email);
});

test('§2 §7 Download receipt opens the download endpoint, which answers the receipt as a PDF', async ({
  page,
}) => {
  const receiptId = await openFreshReceipt(page);
  const link = page.getByRole('link', { name: 'Download receipt' });
  // Issue 39: the PDF in the page's language.
  await expect(link).toHaveAttribute('href', `/api/v2/webshop/cafe/receipt/${receiptId}/download?lng=en`);
  const pdf = page
    .context()
    .waitForEvent('response', (r) => r.url().endsWith(`/receipt/${receiptId}/download?lng=en`));
  const popup = page.waitForEvent('popup');
  await link.click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.headers()['content-disposition']).toContain(`kvitto-${receiptId}.pdf`);
  // The bytes are a PDF (fetched again with the same session: the opened tab may hand them to a viewer).
  const body = await (await page.request.get(`/api/v2/webshop/cafe/receipt/${receiptId}/download`)).body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await (await popup).close();
});

test('§9 every receipt line reads count × unit price = amount, the same on the page, in the e-mail and in the PDF: two cappuccinos with vanilla and soy in one line', async ({
  page,
}) => {
  const { receiptId } = await buyThroughApi(page.request, [
    { productId: 'cappuccino', count: 2, deviations: ['d-soy', 'd-vanilla'] },
  ]);
  await page.goto(`/cafe/receipt/${receiptId}?lng=se`);
  const receipt = page.getByRole('article', { name: 'Kvitto' });
  await expect(receipt).toBeVisible();
  // Each extra is counted for both coffees: 2 × 45,00 + 2 × 3,00 + 2 × 5,00 = 106,00 kr.
  const rows = [
    ['2 × Cappuccino', '45,00 kr', '90,00 kr'],
    ['2 × Sojadryck', '3,00 kr', '6,00 kr'],
    ['2 × Vaniljsirap', '5,00 kr', '10,00 kr'],
  ];
  for (const [name, unit, amount] of rows)
    await expect(receipt.getByText(name!, { exact: true }).locator('..')).toHaveText(
      `${name}${unit}${amount}`,
    );
  await expect(receipt.getByRole('row', { name: /^Moms 12 %/ })).toHaveText(
    'Moms 12 %11,36 kr94,64 kr106,00 kr',
  );
  await expect(receipt).toContainText('Totalt106,00 kr');
  await shot(page, 'receipt-5-extras-per-unit');
  await expectNoAxeViolations(page, 'receipt page with extras (§9)');

  await page.getByLabel('E-postadress').fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Skicka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kvittot har skickats' })).toBeVisible();
  const outbox = (await (await page.request.get('/demo/api/outbox')).json()) as OutboxMail[];
  const mail = outbox.find((m) => m.receiptId === receiptId);
  for (const [name, unit, amount] of rows)
    expect(mail?.body).toMatch(new RegExp(`${name} +${unit} +${amount}`));
  expect(mail?.body).toMatch(/Moms 12 % +11,36 kr +94,64 kr +106,00 kr/);

  const pdf = await page.request.get(`/api/v2/webshop/cafe/receipt/${receiptId}/download?lng=se`);
  const texts = pdfDrawnTexts(await pdf.body()).map((drawn) => drawn.text);
  // Drawn in turn: each row's words, its unit price, its amount.
  for (const row of rows) expect(texts.join('|')).toContain(row.join('|'));
  expect(texts.join('|')).toContain('Moms 12 %|11,36 kr|94,64 kr|106,00 kr');
});
