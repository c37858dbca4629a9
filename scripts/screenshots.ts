/**
 * `npm run screenshots`: PNGs of every customer screen at phone (390×844) and kiosk (1024×768) sizes in
 * docs/screenshots/ (committed; the README shows them). Starts the demo API on the built SPA (run
 * `npm run build:demo` first) with a fresh in-memory database on SCREENSHOT_PORT (4399), unless BASE_URL
 * points at a running one. Uses Debian's Chromium, never a downloaded browser.
 *
 * Each size walks the same visits in order; the café purchase (Swish to a phone number, which the demo
 * approves after SWISH_DELAY_MS) yields the receipt that the receipt download pages then show.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startDemoServer } from './demoServer';

const OUT = path.resolve(__dirname, '..', 'docs', 'screenshots');
const PORT = Number(process.env.SCREENSHOT_PORT ?? 4399);
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'kiosk', width: 1024, height: 768 },
];

/** Takes a screenshot named `name` (the size is appended), optionally the whole page or centred on `focus`. */
type Snap = (name: string, options?: { fullPage?: boolean; focus?: Locator }) => Promise<void>;

/** What one visit learnt that a later one needs. */
interface Found {
  base: string;
  receiptId?: string;
}

interface Visit {
  /** Where the visit starts. */
  path: string | ((found: Found) => string);
  /** Without `steps`: one screenshot of this name once the page is quiet. */
  name?: string;
  fullPage?: boolean;
  /** When the page is ready to be taken; by default, once the network has been idle for 0.5 s. */
  ready?: (page: Page) => Promise<void>;
  /** The visit's own clicks and screenshots. */
  steps?: (page: Page, snap: Snap, found: Found) => Promise<void>;
}

const addToCart = (page: Page, name: string) =>
  page.getByRole('button', { name: `Add ${name} to the cart` }).click();

const toCart = (page: Page) =>
  page
    .getByRole('link', { name: /^Cart:/ })
    .first()
    .click();

/** The receipt id the café purchase found. */
const receiptId = (f: Found) => {
  if (!f.receiptId) throw new Error('the café purchase should have found a receipt id');
  return f.receiptId;
};

const VISITS: Visit[] = [
  { name: 'cafe-store', path: '/cafe?lng=en' },
  {
    path: '/cafe?lng=en',
    steps: async (page, snap) => {
      await addToCart(page, 'Cappuccino');
      await page.getByRole('dialog').waitFor();
      await snap('cafe-popup-extras');
    },
  },
  { name: 'cafe-product-page', path: '/cafe/products/latte?lng=en' },
  {
    path: '/cafe?lng=en',
    steps: async (page, snap, f) => {
      await addToCart(page, 'Bryggkaffe');
      await addToCart(page, 'Bryggkaffe');
      await toCart(page);
      await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByLabel(/^Phone number/).fill('0701234567');
      await page.getByLabel('Email', { exact: true }).blur();
      await snap('cafe-cart', { fullPage: true });
      const payment = page.getByRole('region', { name: 'Choose payment' });
      await payment.getByRole('button', { name: 'Swish', exact: true }).click();
      await page.getByRole('button', { name: 'Pay with Swish' }).click();
      await page.getByText('Open the Swish app and approve the payment').waitFor();
      await snap('cafe-swish-waiting', { focus: payment });
      // The demo approves the Swish payment after SWISH_DELAY_MS; the page then goes to the receipt.
      await page.waitForURL(/\/cafe\/receipt\/[^/?#]+$/, { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
      f.receiptId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      await snap('cafe-receipt', { fullPage: true });
    },
  },
  { name: 'receipt-download', path: (f) => `/receipt/c-cafe/${encodeURIComponent(receiptId(f))}?lng=en` },
  {
    name: 'download-link',
    path: (f) =>
      `/download?lng=en&url=${encodeURIComponent(
        `${f.base}/api/v2/webshop/cafe/receipt/${encodeURIComponent(receiptId(f))}/download`,
      )}`,
  },
  { name: 'card-payment-page', path: '/company/c-cafe/payment/pi_demo_pending' },
  { name: 'cafe-refund-policy', path: '/cafe/refundPolicy?lng=en' },
  { name: 'restaurant-reference', path: '/restaurant?lng=en' },
  {
    path: '/restaurant?lng=en',
    steps: async (page, snap) => {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').waitFor();
      await snap('restaurant-reference-error');
    },
  },
  { name: 'restaurant-store', path: '/restaurant?table=07&lng=en' },
  { name: 'restaurant-tab-cart', path: '/restaurant/cart?table=12&tabId=tab-12&lng=en', fullPage: true },
  { name: 'closed', path: '/closed?lng=en' },
  { name: 'shop-not-found', path: '/no-such-shop?lng=en' },
  { name: 'kahvila-fi', path: '/kahvila?lng=fi' },
  { name: 'bigshop', path: '/bigshop?lng=se' },
  { name: 'hostile', path: '/hostile?lng=en', fullPage: true },
  {
    name: 'page-not-found',
    path: '/a/b/c/d?lng=en',
    // Never network-idle: index.html's early start asks for shop "a" and its cart, and the 404 route never
    // reads those answers.
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor(),
  },
];

async function main() {
  // Start clean, so a screen that is no longer taken does not linger in the docs.
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) if (file.endsWith('.png')) rmSync(path.join(OUT, file));
  const server = process.env.BASE_URL ? null : await startDemoServer(PORT);
  const base = process.env.BASE_URL ?? server?.base ?? '';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const size of SIZES) {
      const f: Found = { base };
      for (const visit of VISITS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          baseURL: base,
        });
        const page = await context.newPage();
        const snap: Snap = async (name, { fullPage = false, focus } = {}) => {
          if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
          // Lazy images off screen never load; every other one must have.
          await page.waitForFunction(() =>
            [...document.images].every((image) => image.complete || image.loading === 'lazy'),
          );
          await page.waitForTimeout(200);
          const file = path.join(OUT, `${name}-${size.name}.png`);
          await page.screenshot({ path: file, fullPage });
          console.log(path.relative(process.cwd(), file));
        };
        await page.goto(typeof visit.path === 'function' ? visit.path(f) : visit.path);
        await (visit.ready ? visit.ready(page) : page.waitForLoadState('networkidle'));
        if (visit.steps) await visit.steps(page, snap, f);
        else await snap(visit.name ?? 'unnamed', { fullPage: visit.fullPage });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
