import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { shot } from './helpers/shots';

// §2 /download?url= and /receipt/:companyId/:receiptId in the built app, against the demo API.

test.use({ viewport: { width: 390, height: 844 } });

/** Pays a café order with Swish through the demo API (it completes by itself) and returns its receipt id. */
async function realReceipt(request: APIRequestContext): Promise<string> {
  const cart = {
    cart: [{ id: 'e2e-1', productId: 'brygg', count: 2, deviations: [], description: '' }],
    tabItems: [],
  };
  expect((await request.put('/api/v2/webshop/cafe/cart', { data: cart })).ok()).toBe(true);
  const start = await request.post('/api/v2/webshop/cafe/cart/startPayment', {
    data: {
      paymentMethodId: 'pm-cafe-swish',
      customerInfo: {
        name: 'Anna',
        email: 'anna@example.com',
        phone: '0701234567',
        extraInfo: '',
        postalCode: '',
        address: '',
        city: '',
        isMobile: false,
      },
      orderReference: null,
    },
  });
  expect(start.ok()).toBe(true);
  let receiptId: string | null = null;
  await expect
    .poll(async () => {
      const session = (await (await request.get('/api/v2/webshop/cafe/cart')).json()) as {
        receiptId?: string | null;
      };
      receiptId = session.receiptId ?? null;
      return receiptId;
    })
    .not.toBeNull();
  return receiptId as unknown as string;
}

test.describe('download page', () => {
  // Demo builds list only their own origin as a receipt host (RECEIPT_HOSTS=self): the demo API serves
  // the receipt PDFs beside the SPA.
  test("shows the logo and a link to a real receipt's PDF on a receipt host", async ({
    page,
    request,
    baseURL,
  }) => {
    const receiptId = await realReceipt(request);
    const url = `${baseURL}/api/v2/webshop/cafe/receipt/${encodeURIComponent(receiptId)}/download`;
    await page.goto(`/download?url=${encodeURIComponent(url)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Download your receipt' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Download receipt' });
    await expect(link).toHaveAttribute('href', url);
    await expect(page.locator('img[src="/static/logo-dark.svg"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'download-valid');
    const pdf = await request.get((await link.getAttribute('href')) as string);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  for (const [label, raw] of [
    ['another host', 'https://receipts.example.com/r/123.pdf'],
    ['look-alike host', 'http://127.0.0.1.evil.example/api/v2/webshop/cafe/receipt/r1/download'],
    ['another port of this host', 'http://127.0.0.1:1/api/v2/webshop/cafe/receipt/r1/download'],
  ] as const) {
    test(`a link to ${label} says it is not a receipt link and shows no link`, async ({ page }) => {
      await page.goto(`/download?url=${encodeURIComponent(raw)}`);
      await expect(page.getByRole('alert')).toHaveText('This link does not lead to a receipt from Kassa.');
      await expect(page.getByRole('link')).toHaveCount(0);
      await expectNoAxeViolations(page);
      if (label === 'another host') await shot(page, 'download-not-receipt');
    });
  }

  for (const [label, raw] of [
    ['javascript:', 'javascript:alert(document.domain)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['relative', '/api/receipt.pdf'],
  ] as const) {
    test(`refuses a ${label} URL with a clear message and no link`, async ({ page }) => {
      page.on('dialog', () => {
        throw new Error('a dialog opened: the URL ran');
      });
      await page.goto(`/download?url=${encodeURIComponent(raw)}`);
      await expect(page.getByRole('alert')).toHaveText('The link is not valid');
      await expect(page.getByRole('link')).toHaveCount(0);
      await expectNoAxeViolations(page);
      if (label === 'javascript:') await shot(page, 'download-invalid');
    });
  }
});

test.describe('receipt download page', () => {
  test("fetches a real receipt's PDF; Download opens it in a new window", async ({ page, request }) => {
    const receiptId = await realReceipt(request);
    // A first visit, no language named anywhere: §2 gives this page in Swedish.
    await page.goto(`/receipt/c-cafe/${receiptId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ladda ner ditt kvitto' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    const download = page.getByRole('link', { name: 'Ladda ner' });
    await expect(download).toHaveAttribute('href', /^blob:http:\/\/127\.0\.0\.1:\d+\//);
    await expectNoAxeViolations(page);
    await shot(page, 'receipt-download-ready');
    const [popup] = await Promise.all([page.waitForEvent('popup'), download.click()]);
    expect(popup.url()).toMatch(/^blob:/);
    // The window shows the blob as a PDF. (Reading the blob back with fetch() would be a connect-src
    // request the page's CSP rightly refuses, so the bytes are checked at the endpoint the page read.)
    expect(await popup.evaluate(() => document.contentType)).toBe('application/pdf');
    const answer = (await (await request.get(`/api/v1/webshop/download/c-cafe/${receiptId}`)).json()) as {
      pdfData: { data: number[] };
    };
    expect(String.fromCharCode(...answer.pdfData.data.slice(0, 5))).toBe('%PDF-');
  });

  test('§1 a visitor who names English gets English', async ({ page }) => {
    await page.route('**/api/v1/webshop/download/**', (route) =>
      route.fulfill({ json: { pdfData: { data: [37, 80, 68, 70, 45] } } }),
    );
    await page.goto('/receipt/c-cafe/r-demo?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Download your receipt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
  });

  test('Swedish: Ladda ner ditt kvitto, Ladda ner', async ({ page }) => {
    await page.route('**/api/v1/webshop/download/**', (route) =>
      route.fulfill({ json: { pdfData: { data: [37, 80, 68, 70, 45] } } }),
    );
    await page.goto('/receipt/c-cafe/r-demo?lng=se');
    await expect(page.getByRole('heading', { level: 1, name: 'Ladda ner ditt kvitto' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ladda ner' })).toBeVisible();
    await shot(page, 'receipt-download-ready-se');
  });

  test('shows that it is fetching', async ({ page }) => {
    await page.route('**/api/v1/webshop/download/**', () => undefined); // never answers
    await page.goto('/receipt/c-cafe/r-slow?lng=en');
    await expect(page.getByRole('status')).toContainText('Fetching the receipt…');
    await expectNoAxeViolations(page);
    await shot(page, 'receipt-download-loading');
  });

  test("§8 (issue 40): a refused receipt (a 400) says so in words, never the server's name", async ({
    page,
  }) => {
    await page.goto('/receipt/c-cafe/bad!id?lng=en');
    await expect(page.getByRole('alert')).toHaveText(
      'This receipt cannot be downloaded. Check the link you were given.',
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, 'receipt-download-400');
  });

  test('another failure (404) shows error.anErrorOccurred and can try again', async ({ page }) => {
    await page.goto('/receipt/c-cafe/no-such-receipt?lng=en');
    await expect(page.getByRole('alert')).toHaveText('An error occurred, please try again');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'receipt-download-error');
  });
});
