import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { chooseMethod, CUSTOMER, expectReceipt, fillDetails, METHOD, shot } from './helpers/payment';
import { addFromGrid, headerCartLink, openShop, PHONE } from './helpers/shop';

/**
 * docs/product-rules.md §5, text from the address: a page shows only the shop's own words. A sticker over a
 * shop's QR code can make its address say anything; what it says is never drawn as the shop's, nor kept by
 * the server for the next visit. On a phone, with the store page as the host renders it and hydrated.
 */

test.use({ viewport: PHONE });

const LURE = 'Swisha till 0739876543';
const LURED_TABLE = `/cafe?table=${encodeURIComponent(LURE)}`;
const LURED_SEARCH = `/cafe?q=${encodeURIComponent(LURE)}`;

const headerTitle = (page: Page) => page.getByRole('banner').getByRole('paragraph');

/** Neither the sentence nor its number anywhere on the page, fields included. */
async function expectNoLure(page: Page) {
  await expect(page.locator('body')).not.toContainText('Swisha');
  await expect(page.locator('body')).not.toContainText('0739876543');
  for (const value of await page
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
    expect(value).not.toContain('0739876543');
}

/** The café's order reference as the server keeps it for this browser (GET cart, §7). */
async function serverReference(page: Page): Promise<unknown> {
  const answer = await page.request.get('/api/v2/webshop/cafe/cart');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { orderReference: unknown }).orderReference;
}

test('§5: the lure /cafe?table=Swisha till 07… reaches neither the header, the cart, the checkout and the receipt, nor the server’s session; a plain /cafe afterwards shows no reference', async ({
  page,
}) => {
  // Every API call the page (and its early start) makes: none carries the lure.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  await openShop(page, LURED_TABLE);
  await expect(headerTitle(page)).toHaveText('Café Kanelbullen');
  await expectNoLure(page);
  await shot(page, 'address-lure-store');
  expect(await serverReference(page)).toBeNull();

  await addFromGrid(page, 'Kanelbulle');
  await headerCartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await fillDetails(page, { phone: CUSTOMER.phone });
  await chooseMethod(page, METHOD.swish);
  await expect(headerTitle(page)).toHaveText('Café Kanelbullen');
  await expectNoLure(page);
  await page.getByRole('button', { name: 'Pay with Swish' }).click();
  await expectReceipt(page);
  await expectNoLure(page);

  expect(await serverReference(page)).toBeNull();
  expect(sent.filter((line) => /Swisha|0739876543/.test(decodeURIComponent(line)))).toEqual([]);
  expect(sent.length).toBeGreaterThan(0);
  await openShop(page, '/cafe');
  await expect(headerTitle(page)).toHaveText('Café Kanelbullen');
  expect(await serverReference(page)).toBeNull();
});

test('§5: the store page the host renders for /cafe?table=… and /cafe?q=… does not carry the lure', async ({
  request,
}) => {
  for (const path of [LURED_TABLE, LURED_SEARCH]) {
    const answer = await request.get(path);
    expect(answer.ok()).toBe(true);
    const html = await answer.text();
    // The host's render (its data block), not the plain index.html.
    expect(html).toContain('id="rendered-page"');
    expect(html).toContain('Café Kanelbullen');
    for (const part of ['Swisha', '0739876543', encodeURIComponent(LURE)]) expect(html).not.toContain(part);
  }
});

test('§5: a search the address brings that is no plain short search opens the search empty, the whole menu shown', async ({
  page,
}) => {
  await openShop(page, LURED_SEARCH);
  const field = page.getByRole('searchbox', { name: 'Search the menu' });
  await expect(field).toHaveValue('');
  await expect(page.getByText('No products match your search.')).toHaveCount(0);
  await expectNoLure(page);
  await shot(page, 'address-lure-search');

  await openShop(page, '/cafe?q=kanelbulle');
  await expect(field).toHaveValue('kanelbulle');
});

test('§5: a shop that requires a table, given the lure, asks for the table with its field empty and says what a table number is', async ({
  page,
}) => {
  await openShop(page, `/restaurant?table=${encodeURIComponent(LURE)}`);
  const table = page.getByLabel('Table number');
  await expect(table).toHaveValue('');
  await expect(table).toHaveAccessibleDescription(
    'A table number has 1–6 letters or digits, for example 07 or A12',
  );
  await expectNoLure(page);
  await expectNoAxeViolations(page);
  await shot(page, 'address-lure-restaurant');
});

test('§5: a table the shop knows (/restaurant?table=07) and one of a table’s shape at a shop without a list (/cafe?table=A12) are shown as given', async ({
  page,
}) => {
  await openShop(page, '/restaurant?table=07');
  await expect(headerTitle(page)).toHaveText('Restaurang Sjöboden - 07');
  await shot(page, 'address-table-restaurant-07');
  await openShop(page, '/cafe?table=A12');
  await expect(headerTitle(page)).toHaveText('Café Kanelbullen - A12');
  await shot(page, 'address-table-cafe-A12');
  expect(await serverReference(page)).toBe('A12');
});
