/**
 * `npm run screenshots`: PNGs of every customer screen at phone (390×844) and kiosk (1024×768) sizes in
 * screenshots/ (git-ignored). Starts the demo API on the built SPA (run `npm run build:demo` first) unless
 * BASE_URL points at a running one. Uses Debian's Chromium, never a downloaded browser.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startDemoServer } from './demoServer';

const OUT = path.resolve(__dirname, '..', 'screenshots');
const PORT = Number(process.env.SCREENSHOT_PORT ?? 4399);
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'kiosk', width: 1024, height: 768 },
];

type Shot = { name: string; path: string; act?: (page: Page) => Promise<void>; fullPage?: boolean };

const addToCart = (page: Page, name: string) =>
  page.getByRole('button', { name: `Add ${name} to the cart` }).click();

const SHOTS: Shot[] = [
  { name: 'cafe-store', path: '/cafe?lng=en' },
  { name: 'cafe-store-full', path: '/cafe?lng=en', fullPage: true },
  {
    name: 'cafe-popup-extras',
    path: '/cafe?lng=en',
    act: async (page) => {
      await addToCart(page, 'Cappuccino');
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'cafe-product-page', path: '/cafe/products/latte?lng=en' },
  {
    name: 'cafe-cart',
    path: '/cafe?lng=en',
    act: async (page) => {
      await addToCart(page, 'Bryggkaffe');
      await addToCart(page, 'Bryggkaffe');
      await page
        .getByRole('link', { name: /^Cart:/ })
        .first()
        .click();
      await page.getByLabel(/^Name/).fill('Ada Lovelace');
      await page.getByLabel(/^Email/).fill('ada@example.com');
      await page.getByLabel(/^Email/).blur();
    },
    fullPage: true,
  },
  { name: 'cafe-refund-policy', path: '/cafe/refundPolicy?lng=en' },
  { name: 'restaurant-reference', path: '/restaurant?lng=en' },
  {
    name: 'restaurant-reference-error',
    path: '/restaurant?lng=en',
    act: async (page) => {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'restaurant-store', path: '/restaurant?table=07&lng=en' },
  { name: 'restaurant-tab-cart', path: '/restaurant/cart?table=12&tabId=tab-12&lng=en', fullPage: true },
  { name: 'closed', path: '/closed?lng=en' },
  { name: 'shop-not-found', path: '/no-such-shop?lng=en' },
  { name: 'kahvila-fi', path: '/kahvila?lng=fi' },
  { name: 'bigshop', path: '/bigshop?lng=se' },
  { name: 'hostile', path: '/hostile?lng=en', fullPage: true },
  { name: 'page-not-found', path: '/a/b/c/d?lng=en' },
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = process.env.BASE_URL ? null : await startDemoServer(PORT);
  const base = process.env.BASE_URL ?? server?.base;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const size of SIZES) {
      for (const shot of SHOTS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          baseURL: base,
        });
        const page = await context.newPage();
        await page.goto(shot.path);
        await page.waitForLoadState('networkidle');
        if (shot.act) await shot.act(page);
        await page.waitForTimeout(200);
        const file = path.join(OUT, `${shot.name}-${size.name}.png`);
        await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
        console.log(file);
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
