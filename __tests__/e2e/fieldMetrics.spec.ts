import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { IPHONE } from './helpers/devices';
import {
  approvePayment,
  cafeCartWith,
  chooseMethod,
  CUSTOMER,
  expectReceipt,
  fillDetails,
  holdSwishCompletion,
  METHOD,
  sessionPaymentId,
} from './helpers/payment';
import { addFromGrid, openShop } from './helpers/shop';
import { shot } from './helpers/shots';

// Issue 36 field metrics in the built app: its SENTRY_DSN is the reports server (`npm run test:e2e`), whose
// collector keeps what arrives (/demo/field-metrics) and draws it (/demo/vitals). The suite's build measures
// practically no tab by itself (SENTRY_TRACES_SAMPLE_RATE=0.000001), so only these tests' tabs send: each
// carries the draw of a measured tab ('1' in session storage, as src/shared/reporting/fieldSampling.ts keeps
// it) or of one that is not ('0'). Serial: they clear and read the one collector.
test.use({ server: 'reports' });
test.describe.configure({ mode: 'serial' });

interface PageView {
  kind: string;
  shop: string | null;
  render: string | null;
  lang: string | null;
  device: string | null;
  metrics: Partial<Record<'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb', number>>;
  attribution: Partial<Record<'lcpTarget' | 'inpTarget' | 'inpType' | 'clsTarget', string>>;
}
interface Attempt {
  shop: string | null;
  method: string;
  outcome: string;
  durations: Partial<Record<'started' | 'outcome' | 'receipt', number>>;
}
interface FieldMetrics {
  pageViews: PageView[];
  paymentAttempts: Attempt[];
}

async function fieldMetrics(request: APIRequestContext): Promise<FieldMetrics> {
  return (await (await request.get('/demo/field-metrics')).json()) as FieldMetrics;
}

/** Everything the browser sent to the collector, as sent. */
async function everythingSent(request: APIRequestContext): Promise<string> {
  const { envelopes } = (await (await request.get('/demo/error-reports')).json()) as {
    envelopes: { raw: string }[];
  };
  return envelopes.map((e) => e.raw).join('\n');
}

/** Gives this page's tab the draw of a measured tab ('1') or of one that is not ('0'). */
async function drawTab(page: Page, draw: '1' | '0'): Promise<void> {
  await page.addInitScript((value) => window.sessionStorage.setItem('fieldMetrics.sampled', value), draw);
}

/**
 * Waits until the page measures (the field-metrics chunk loads after the first paint, with the reporting
 * SDK, and marks when its observers listen): a quick tap before then is not one the browser keeps for INP.
 */
async function measuring(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('storefront:field-metrics').length > 0);
}

/**
 * A tab of a browser of its own (a new context), closed as a customer closes a tab: `browser.newPage()`'s
 * `close()` would end its whole context at once, and with it the network a page view still leaving is on.
 * The contexts end with the test.
 */
const contexts: BrowserContext[] = [];
async function newTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

test.beforeEach(async ({ request }) => {
  expect((await request.delete('/demo/field-metrics')).status()).toBe(204);
});

test.describe('on a phone', () => {
  test.use(IPHONE.options);

  test('issue 36 a store visit, a tap and a page hide send the page view’s LCP, CLS and INP with what it was, and the element of each as a selector, never a text, even when the page was never idle', async ({
    page,
    request,
  }) => {
    await drawTab(page, '1');
    await openShop(page, '/cafe?lng=en');
    await measuring(page);
    // A busy phone: the page is never idle, so web-vitals can only take up the tap's timing when the page is
    // hidden (it waits for an idle moment otherwise). Its INP must still be sent.
    await page.evaluate(() => {
      window.requestIdleCallback = () => 0;
    });
    await addFromGrid(page, 'Kanelbulle');
    // The browser hands the tap's timing to observers after its next paint; a page closed before then has no
    // INP to send (as in the field), so the test hides the page once the browser has timed the tap.
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    await page.close({ runBeforeUnload: true }); // hidden, then gone: the page view's values leave now

    await expect
      .poll(async () =>
        (await fieldMetrics(request)).pageViews.map((v) => Object.keys(v.metrics).sort().join()),
      )
      .toContain('cls,fcp,inp,lcp,ttfb');
    const [view] = (await fieldMetrics(request)).pageViews;
    expect(view).toMatchObject({
      kind: 'store',
      shop: 'cafe',
      render: 'hydrated',
      lang: 'en',
      device: 'phone',
    });
    expect(view?.metrics.lcp).toBeGreaterThan(0);
    expect(view?.metrics.inp).toBeGreaterThan(0);
    expect(view?.attribution.inpType).toBe('pointer');
    for (const target of [view?.attribution.lcpTarget, view?.attribution.inpTarget])
      expect(target).toMatch(/^[#a-z][\w#.>:\-\s()]*$/i);
    expect(JSON.stringify(view?.attribution)).not.toContain('Kanelbulle');
  });
});

test('issue 36 a Swish payment approved in the simulator sends one funnel event with its durations, and nothing the customer typed or any payment or receipt id', async ({
  page,
  request,
}) => {
  await drawTab(page, '1');
  await holdSwishCompletion(request);
  await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
  await fillDetails(page, { phone: CUSTOMER.phone, extraInfo: 'Portkod 4711' });
  await chooseMethod(page, METHOD.swish);
  await page.getByRole('button', { name: 'Pay with Swish' }).click();
  await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
  const paymentId = await sessionPaymentId(page);
  await approvePayment(request, paymentId);
  const receiptId = await expectReceipt(page);

  await expect.poll(async () => (await fieldMetrics(request)).paymentAttempts).toHaveLength(1);
  const [attempt] = (await fieldMetrics(request)).paymentAttempts;
  expect(attempt).toMatchObject({ shop: 'cafe', method: 'swish', outcome: 'completed' });
  const { started = NaN, outcome = NaN, receipt = NaN } = attempt?.durations ?? {};
  expect(started).toBeGreaterThan(0);
  expect(outcome).toBeGreaterThan(started);
  expect(receipt).toBeGreaterThanOrEqual(outcome);

  await page.close({ runBeforeUnload: true });
  await expect.poll(async () => (await fieldMetrics(request)).pageViews.length).toBeGreaterThan(0);
  const sent = await everythingSent(request);
  for (const secret of [
    CUSTOMER.name,
    'Lovelace',
    CUSTOMER.email,
    CUSTOMER.phone,
    '701234567',
    'Portkod',
    paymentId,
    receiptId,
  ])
    expect(sent, secret).not.toContain(secret);
});

test('issue 36 a tab that is not measured sends no field metrics', async ({ page, browser, request }) => {
  await drawTab(page, '0');
  await openShop(page, '/kahvila?lng=en');
  await addFromGrid(page, 'Korvapuusti');
  await page.close({ runBeforeUnload: true });

  // A measured tab afterwards: once its page view has arrived, the first tab's would have too.
  const measured = await newTab(browser);
  await drawTab(measured, '1');
  await openShop(measured, '/cafe?lng=en');
  await measuring(measured);
  await measured.close({ runBeforeUnload: true });
  await expect.poll(async () => (await fieldMetrics(request)).pageViews.length).toBe(1);
  expect((await fieldMetrics(request)).pageViews.map((v) => v.shop)).toEqual(['cafe']);
});

test('issue 36 /demo/vitals draws the page views and payments just made, per shop and page kind (axe clean)', async ({
  page,
  browser,
  request,
}) => {
  for (const path of ['/cafe?lng=en', '/cafe/cart?lng=en', '/kahvila?lng=fi']) {
    const visit = await newTab(browser);
    await drawTab(visit, '1');
    await visit.goto(path);
    await measuring(visit);
    await visit.close({ runBeforeUnload: true });
  }
  await expect.poll(async () => (await fieldMetrics(request)).pageViews.length).toBe(3);

  await page.goto('/demo/vitals');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const label of ['cafe', 'kahvila', 'store', 'cart'])
    await expect(page.getByText(label).first()).toBeVisible();
  await expectNoAxeViolations(page, '/demo/vitals');
  await shot(page, 'demo-vitals');
});
