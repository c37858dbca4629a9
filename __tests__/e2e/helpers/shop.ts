import { expect, type Locator, type Page } from '@playwright/test';

/** The two sizes of issue 4's quality bar: a phone at a table and a kiosk tablet at a counter. */
export const PHONE = { width: 390, height: 844 } as const;
export const KIOSK = { width: 1024, height: 768 } as const;

/**
 * Opens a shop address and waits until the shop has loaded (the <main> landmark is there) and the app has
 * taken over the page the host rendered (before that, the early start holds taps: src/earlyStart).
 */
export async function openShop(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await appReady(page);
}

/**
 * How the demo answers store pages for the rest of the test (POST /demo/api/render; helpers/test.ts puts it
 * back): `static` as a plain static host does (the client renders; tests that change the shop's answer in the
 * browser need it, since a rendered page carries the shop), or with a fault the render must survive.
 */
export async function renderStorePages(
  page: Page,
  fault: 'none' | 'static' | 'apiDown' | 'apiSlow' | 'renderThrows',
): Promise<void> {
  expect((await page.request.post('/demo/api/render', { data: { fault } })).ok()).toBe(true);
}

/** Waits until the app runs the page: taps are no longer held for it (a rendered store page, issue 22). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__earlyStart?.holdingTaps !== true);
}

/** The '+' button of a product card in the store grid. */
export function addButton(page: Page, productTitle: string): Locator {
  return page.getByRole('button', { name: `Add ${productTitle} to the cart`, exact: true });
}

/** The header's cart summary link (its accessible name says the count and the total). */
export function headerCartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart: / });
}

/** The open product popup. */
export function productDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/**
 * Adds products without extras from the café grid (each click adds one) and waits for the header to count
 * them, so a following navigation starts from a cart the server has been told about.
 */
export async function addFromGrid(page: Page, productTitle: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await addButton(page, productTitle).click();
  await expect(page.getByRole('article', { name: productTitle })).toContainText(/in cart/);
}

/**
 * Waits until the cart the client holds has been stored by the server: the next PUT /cart answer after a
 * change. Call it before the action that changes the cart.
 */
export function cartSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/cart(\?|$)/.test(r.url()) && r.ok(),
  );
}

/** One cart item as the server stores it (GET …/cart). */
export interface ServerCartItem {
  productId: string;
  count: number;
  deviations: string[];
  description: string;
}

/**
 * The cart the server holds for this browser's session (the page's cookies ride along), to prove that a
 * change reached it with PUT cart.
 */
export async function serverCart(
  page: Page,
  shopId: string,
): Promise<{ cart: ServerCartItem[]; tabItems: { id: string; count: number }[] }> {
  const response = await page.request.get(`/api/v2/webshop/${shopId}/cart`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { cart: ServerCartItem[]; tabItems: { id: string; count: number }[] };
}
