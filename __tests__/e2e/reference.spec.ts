import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { headerCartLink, KIOSK, openShop, PHONE } from './helpers/shop';

/**
 * Issue 4 table reference and open tab flows on the restaurant (requires a table '01'–'20', tab `tab-12`)
 * and the tab-only bar (no categories, tab `tab-7`).
 */

test.use({ viewport: KIOSK });

const headerTitle = (page: Page) => page.getByRole('banner').getByRole('paragraph');

test("reference flow: Save empty → 'You must enter a table number'; '99' → 'Table number not found'; '07' → the store titled '… - 07' (§2 reference page, §5)", async ({
  page,
}) => {
  await openShop(page, '/restaurant');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your table number' })).toBeVisible();
  const table = page.getByLabel('Table number');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(table).toHaveAttribute('placeholder', '01');
  // No cart before a table is set (§2: the store comes after the reference page).
  await expect(headerCartLink(page)).toHaveCount(0);

  await save.click();
  await expect(table).toHaveAccessibleDescription('You must enter a table number');
  await expect(table).toHaveAttribute('aria-invalid', 'true');

  await table.fill('99');
  await save.click();
  await expect(table).toHaveAccessibleDescription('Table number not found');

  await table.fill('07');
  await save.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Varmrätter' })).toBeVisible();
  await expect(headerTitle(page)).toHaveText('Restaurang Sjöboden - 07');
  await expect(headerCartLink(page)).toBeVisible();
});

test('§5 a ?table= without a table’s shape (40 digits: a bad QR sticker) shows the reference page saying what a table number is, its field empty, and a typed table opens the store', async ({
  page,
}) => {
  await openShop(page, `/restaurant?table=${'1'.repeat(40)}`);
  const table = page.getByLabel('Table number');
  await expect(table).toHaveAccessibleDescription(
    'A table number has 1–6 letters or digits, for example 07 or A12',
  );
  await expect(table).toHaveValue('');
  await expect(page.getByText(/Something went wrong with the connection/)).toHaveCount(0);
  await table.fill('07');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(headerTitle(page)).toHaveText('Restaurang Sjöboden - 07');
});

test('/restaurant?table=12 goes straight to the store with the table in the header title (§2 table query)', async ({
  page,
}) => {
  await openShop(page, '/restaurant?table=12');
  await expect(page.getByRole('heading', { level: 2, name: 'Förrätter' })).toBeVisible();
  await expect(headerTitle(page)).toHaveText('Restaurang Sjöboden - 12');
  await expect(page.getByRole('heading', { name: 'Enter your table number' })).toHaveCount(0);
});

test("open tab: 'Bord 12' lists the tab; + Add moves an entry to 'added from the tab', the sum follows and its stepper stops at the tab count (§2, §5 tab max)", async ({
  page,
}) => {
  await openShop(page, '/restaurant/cart?table=12&tabId=tab-12');
  const openTab = page.getByRole('region', { name: 'Open tab' });
  await expect(openTab).toContainText('Tab reference: Bord 12');
  await expect(openTab.getByRole('listitem')).toHaveCount(4);
  const sum = page.getByRole('heading', { level: 2, name: /^Amount to pay/ });
  await expect(sum).toHaveAccessibleName('Amount to pay 0,00 kr');

  await openTab.getByRole('button', { name: 'Add Lättöl' }).click();
  const added = page.getByRole('region', { name: 'Added from the tab' });
  await expect(added).toBeVisible();
  await expect(added.getByRole('listitem')).toHaveCount(1);
  await expect(added).toContainText('1 × Lättöl');
  await expect(openTab).toContainText('2 × Lättöl');
  await expect(sum).toHaveAccessibleName('Amount to pay 45,00 kr');
  await expect(headerCartLink(page)).toHaveAccessibleName('Cart: 1 item, 45,00 kr');

  const more = added.getByRole('button', { name: 'Increase quantity of Lättöl' });
  await more.click();
  await more.click();
  await expect(added.getByRole('status')).toHaveText('3');
  await expect(more).toBeDisabled();
  await expect(sum).toHaveAccessibleName('Amount to pay 135,00 kr');
  // All three are taken: Lättöl is no longer offered from the tab.
  await expect(openTab.getByRole('button', { name: 'Add Lättöl' })).toHaveCount(0);

  await added.getByRole('button', { name: 'Decrease quantity of Lättöl' }).click();
  await expect(added.getByRole('status')).toHaveText('2');
  await expect(sum).toHaveAccessibleName('Amount to pay 90,00 kr');
});

test('a tab-only shop (no categories) with an open tab redirects from the store to its cart (§2)', async ({
  page,
}) => {
  await page.goto('/tabonly?tabId=tab-7');
  await expect(page).toHaveURL(/\/tabonly\/cart/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open tab' })).toContainText('Tab reference: Nota 7');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("with an open tab and an empty cart the mobile bottom bar offers 'pay tab' with the tab total and its unpaid count (§2)", async ({
    page,
  }) => {
    await openShop(page, '/restaurant?table=12&tabId=tab-12');
    // 2 × 145 + 1 × (195 + 10) + 3 × 45 + 2 × 105 kr, 8 items.
    const bar = page.getByRole('link', { name: 'Pay tab 8 items 840,00 kr' });
    await expect(bar).toBeInViewport();
    await bar.click();
    await expect(page).toHaveURL(/\/restaurant\/cart$/);
    await expect(page.getByRole('region', { name: 'Open tab' })).toContainText('Tab reference: Bord 12');
  });
});
