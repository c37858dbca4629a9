import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addFromGrid, headerCartLink, openShop } from './shop';

/** Issue 5 journeys: the customer every test uses (the brief's fixed test person). */
export const CUSTOMER = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '0701234567' } as const;

export { shot } from './shots';

/** The café's payment method names as the choice shows them (translations/en.json paymentMethods.names). */
export const METHOD = {
  swish: 'Swish',
  viva: 'Card or wallet (Viva)',
  stripe: 'Debit or credit card',
} as const;

/**
 * Puts products of the café into the cart from the grid and opens the cart page through the header link
 * (no reload: the SPA keeps the cart it has told the server about).
 */
export async function cafeCartWith(page: Page, products: { title: string; times?: number }[]): Promise<void> {
  await openShop(page, '/cafe');
  for (const { title, times } of products) await addFromGrid(page, title, times ?? 1);
  await headerCartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
}

/** Fills the café's 'your details' form (§2) so the payment choice appears; extraInfo carries Swish's MSS codes. */
export async function fillDetails(
  page: Page,
  extra: { phone?: string; extraInfo?: string } = {},
): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(CUSTOMER.name);
  await page.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
  if (extra.phone !== undefined) await page.getByLabel(/^Phone number/).fill(extra.phone);
  if (extra.extraInfo !== undefined) await page.getByLabel(/^Additional information/).fill(extra.extraInfo);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose payment' })).toBeVisible();
}

/** 'Choose payment' on the cart page (§2); the open method's panel follows right below it. */
export function paymentSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Choose payment' });
}

/** The toggle button of one payment method in 'Choose payment'. */
export function methodButton(page: Page, name: string): Locator {
  return paymentSection(page).getByRole('button', { name, exact: true });
}

/** Chooses a payment method and checks the toggle says so. */
export async function chooseMethod(page: Page, name: string): Promise<void> {
  await methodButton(page, name).click();
  await expect(methodButton(page, name)).toHaveAttribute('aria-pressed', 'true');
}

/** The receipt page of the café, reached by the saga's navigation after COMPLETED (§2, §4). */
export async function expectReceipt(page: Page, shopId = 'cafe'): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/${shopId}/receipt/[^/?#]+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  const receiptId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
  await expect(page.getByText(`Receipt number: ${receiptId}`)).toBeVisible();
  return receiptId;
}

/** A payment as the demo's control API lists it (src/demo-api/routes/simulatorRoutes.ts). */
export interface SimulatorPayment {
  paymentId: string;
  shopId: string;
  methodId: string;
  methodType: string;
  status: 'STARTED' | 'COMPLETED' | 'FAILED' | 'ERROR' | 'CANCELLED';
  message: string | null;
  amount: number;
  currency: string;
  receiptId: string | null;
}

/** One payment by id from the control API (GET /demo/api/payments?status=all). */
export async function simulatorPayment(
  request: APIRequestContext,
  paymentId: string,
): Promise<SimulatorPayment | undefined> {
  const response = await request.get('/demo/api/payments?status=all');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as SimulatorPayment[]).find((p) => p.paymentId === paymentId);
}

/** The payment id the browser's session holds now (GET …/cart with the page's cookie). */
export async function sessionPaymentId(page: Page, shopId = 'cafe'): Promise<string> {
  const response = await page.request.get(`/api/v2/webshop/${shopId}/cart`);
  expect(response.ok()).toBe(true);
  const { paymentId } = (await response.json()) as { paymentId: string | null };
  expect(paymentId, 'the session has a payment').toBeTruthy();
  return paymentId as string;
}

/**
 * Holds the demo's Swish auto-completion (SWISH_DELAY_MS) for the rest of the test, through the simulator's
 * control API: Swish payments started meanwhile stay pending until the test approves them
 * (`approvePayment`), so no test races the server's timer (issue 21). A worker's server runs one test at a
 * time; the hold ends with the test (the `test` of helpers/test.ts lets it go afterwards).
 */
export async function holdSwishCompletion(request: APIRequestContext): Promise<void> {
  expect((await request.post('/demo/api/swish', { data: { autoComplete: false } })).ok()).toBe(true);
}

/** Approves a pending payment in the simulator (its control API), as the customer's bank app would. */
export async function approvePayment(request: APIRequestContext, paymentId: string): Promise<void> {
  const response = await request.post(`/demo/api/payments/${paymentId}/approve`);
  expect(response.ok(), await response.text()).toBe(true);
}

/** Puts stock, tabs and the card page's seeded intents back to the fixtures (the /demo page's reset). */
export async function resetDemo(request: APIRequestContext): Promise<void> {
  const response = await request.post('/demo/reset', { maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/**
 * A whole purchase through the API alone, as another customer (or a quick way to a receipt): PUT cart,
 * start with `paymentMethodId` and approve it in the demo's simulator. `request` carries that customer's
 * session cookie (a browser context's or page's `request`). Answers the completed payment.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  items: { productId: string; count: number; deviations?: string[] }[],
  paymentMethodId = 'pm-cafe-viva',
): Promise<SimulatorPayment> {
  expect((await request.get('/api/v2/webshop/cafe/cart')).ok()).toBe(true);
  const cart = items.map((item, i) => ({ id: `api-item-${i}`, deviations: [], description: '', ...item }));
  expect((await request.put('/api/v2/webshop/cafe/cart', { data: { cart, tabItems: [] } })).ok()).toBe(true);
  const started = await request.post('/api/v2/webshop/cafe/cart/startPayment', {
    data: {
      paymentMethodId,
      customerInfo: {
        name: CUSTOMER.name,
        email: CUSTOMER.email,
        phone: '',
        extraInfo: '',
        postalCode: '',
        address: '',
        city: '',
        isMobile: false,
      },
      orderReference: null,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentId } = (await started.json()) as { paymentId: string };
  const approved = await request.post(`/demo/api/payments/${paymentId}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  const payment = (await approved.json()) as SimulatorPayment;
  expect(payment).toMatchObject({ status: 'COMPLETED', receiptId: expect.any(String) });
  return payment;
}

/**
 * Holds the page's session reads (GET …/cart), the only way a payment's outcome reaches it, until the
 * returned release is called: a pending state (waiting for the Swish app, a QR code) can be looked at however
 * slow the machine, while the demo's Swish completes, or applies a message's code, on the server after
 * SWISH_DELAY_MS (issue 21: no test races that timer).
 */
export function holdSessionReads(page: Page, shopId = 'cafe'): Promise<() => void> {
  return holdRequests(page, new RegExp(`/api/v2/webshop/${shopId}/cart$`), 'GET');
}

/**
 * Holds the browser's requests matching `url` (and `method`, if given) until the returned release is called,
 * so a passing state (LOADING while a start is on its way, STARTED between session polls) can be looked at
 * without a race. Other requests go through untouched.
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await held;
    await route.fallback();
  });
  return release;
}
