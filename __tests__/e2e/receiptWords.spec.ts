import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { text, type Language } from './helpers/i18n';
import { buyThroughApi, CUSTOMER } from './helpers/payment';
import { PHONE } from './helpers/shop';
import { test } from './helpers/test';

/**
 * Issue 39 §5, the receipt reads the same everywhere: the page and the e-mail it sends use the same words
 * ('Betalat med …' on both), '×' for quantities, the e-mail is in the language of the page that sent it, and
 * times are the shop's (the café's Stockholm), its zone named when the device keeps another clock.
 */
test.use({ viewport: PHONE, timezoneId: 'America/New_York' });

interface OutboxMail {
  receiptId: string;
  subject: string;
  body: string;
}

/** A receipt of two Kanelbullar paid with Viva, opened in `lng`; its id. */
async function receiptIn(page: Page, lng: Language): Promise<string> {
  const { receiptId } = await buyThroughApi(page.request, [{ productId: 'kanelbulle', count: 2 }]);
  await page.goto(`/cafe/receipt/${receiptId}?lng=${lng}`);
  await expect(page.getByRole('heading', { level: 1, name: text(lng, 'receipt.title') })).toBeVisible();
  return receiptId as string;
}

async function emailFrom(page: Page, lng: Language, receiptId: string): Promise<OutboxMail> {
  await page.getByLabel(text(lng, 'receipt.email')).fill(CUSTOMER.email);
  await page.getByRole('button', { name: text(lng, 'receipt.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: text(lng, 'receipt.emailSent') })).toBeVisible();
  const outbox = (await (await page.request.get('/demo/api/outbox')).json()) as OutboxMail[];
  const mail = outbox.find((m) => m.receiptId === receiptId);
  expect(mail).toBeDefined();
  return mail as OutboxMail;
}

for (const lng of ['se', 'en', 'fi'] as const) {
  test(`§5 issue 39: a receipt page in ${lng} and the e-mail it sends say the same words, with ×`, async ({
    page,
  }) => {
    const receiptId = await receiptIn(page, lng);
    const receipt = page.getByRole('article', { name: text(lng, 'receipt.title') });
    const viva = text(lng, 'paymentMethods.names.vivaWallet');
    const paidBy = text(lng, 'receipt.paidBy', { method: viva });
    // §9 every receipt line reads count × unit price = amount.
    const line = text(lng, 'receipt.countTimes', { count: 2, name: 'Kanelbulle' });
    await expect(receipt).toContainText(paidBy);
    await expect(receipt).toContainText(`${line}35,00 kr70,00 kr`);
    await expect(receipt).not.toContainText('*');
    const mail = await emailFrom(page, lng, receiptId);
    expect(mail.subject.startsWith(text(lng, 'receipt.title'))).toBe(true);
    expect(mail.body).toContain(paidBy);
    expect(mail.body).toMatch(new RegExp(`${line} +35,00 kr +70,00 kr`));
    expect(mail.body).not.toContain('*');
    await expectNoAxeViolations(page);
  });
}

test("§5 issue 39: times are the shop's clock (Stockholm), with its zone named on a device in another zone", async ({
  page,
}) => {
  const receiptId = await receiptIn(page, 'se');
  const created = (await (await page.request.get(`/api/v2/webshop/cafe/receipt/${receiptId}`)).json()) as {
    dateCreated: string;
  };
  const stockholm = new Intl.DateTimeFormat('sv-SE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Stockholm',
  }).format(new Date(created.dateCreated));
  const date = page.getByRole('article').getByRole('definition').filter({ hasText: stockholm });
  // New York's clock is never Stockholm's: the page names the zone after the time.
  await expect(date).toHaveText(new RegExp(`${stockholm} (CET|CEST|GMT\\+[12]|UTC\\+[12])$`));
  const mail = await emailFrom(page, 'se', receiptId);
  expect(mail.body).toMatch(
    new RegExp(`${text('se', 'receipt.date')}: .*${stockholm} (CET|CEST|GMT\\+[12]|UTC\\+[12])`),
  );
});
