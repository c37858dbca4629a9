import { expect } from '@playwright/test';
import { unstable_startWorker } from 'wrangler';
import { E2E_PORT, serverPort } from './helpers/servers';
import { test, watchCspViolations } from './helpers/test';
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
import { PHONE } from './helpers/shop';

/**
 * Issue 22 on Cloudflare's own runtime: the worker of wrangler.toml (dist-server/cloudflareWorker.mjs, dist/ as
 * its static assets) runs in workerd from npm's wrangler, offline, in front of this worker's demo server (its
 * API_ORIGIN; /api/ and the demo's /demo/ pages passed through on the worker's origin). The shop is rendered
 * by workerd, hydrated in Chromium and paid for.
 */
test.use({ viewport: PHONE });

let worker: Awaited<ReturnType<typeof unstable_startWorker>> | undefined;
let origin = '';

test.beforeAll(async () => {
  const { parallelIndex } = test.info();
  // Offline and quiet: no usage metrics, no request for Cloudflare's request.cf data.
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  worker = await unstable_startWorker({
    config: 'wrangler.toml',
    bindings: {
      API_ORIGIN: {
        type: 'plain_text',
        value: `http://127.0.0.1:${serverPort('own', parallelIndex)}`,
      },
      PROXY_PATHS: { type: 'plain_text', value: '/api/,/demo/' },
      // As for the demo server's render (playwright.config.ts): a page asserted rendered must not race the
      // shop's 250 ms on a loaded machine.
      RENDER_PATIENCE_MS: { type: 'plain_text', value: '15000' },
    },
    dev: {
      server: { hostname: '127.0.0.1', port: E2E_PORT + 40 + parallelIndex },
      inspector: false,
      watch: false,
      persist: false,
      logLevel: 'warn',
    },
  });
  origin = (await worker.url).origin;
});

test.afterAll(async () => {
  await worker?.dispose();
});

test('the café rendered by the Cloudflare worker in workerd is hydrated in Chromium and paid for with Swish', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
  const violations = await watchCspViolations(context);
  const hydrationErrors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  const page = await context.newPage();
  try {
    const response = await page.goto('/cafe');
    expect(response?.headers()['cache-control']).toContain('stale-while-revalidate');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    await expect(page.locator('script#rendered-page')).toHaveCount(1);
    await expect(page).toHaveTitle('Café Kanelbullen');

    await cafeCartWith(page, [{ title: 'Kanelbulle' }]);
    await fillDetails(page, { phone: CUSTOMER.phone });
    await chooseMethod(page, METHOD.swish);
    await holdSwishCompletion(page.request);
    await page.getByRole('button', { name: 'Pay with Swish' }).click();
    await expect(page.getByText('Open the Swish app and approve the payment')).toBeVisible();
    await approvePayment(page.request, await sessionPaymentId(page));
    await expectReceipt(page);
    await expect(page.getByRole('article')).toContainText('Kanelbulle');
    expect(hydrationErrors).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    await page.request.post('/demo/api/swish', { data: { autoComplete: true } });
    await context.close();
  }
});
