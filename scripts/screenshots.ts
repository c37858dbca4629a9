/**
 * `npm run screenshots`: PNGs of every customer screen at phone (390×844) and kiosk (1024×768) sizes in
 * screenshots/ (git-ignored). Starts the demo API on the built SPA (run `npm run build:demo` first) unless
 * BASE_URL points at a running one. Uses Debian's Chromium, never a downloaded browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

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

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  let server: ChildProcess | null = null;
  let base = process.env.BASE_URL;
  if (!base) {
    base = `http://127.0.0.1:${PORT}`;
    server = spawn('npx', ['tsx', 'src/demo-api/main.ts', '--dist'], {
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DEMO_DB: ':memory:' },
      stdio: 'ignore',
    });
    await waitFor(`${base}/demo`, 30_000);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
    server?.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
