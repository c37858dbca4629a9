import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { addButton, headerCartLink, KIOSK, openShop, productDialog } from './helpers/shop';

/** Issue 4 cart page (§2): editing an item, the empty cart, and the payment choice only once the form is valid. */

test.use({ viewport: KIOSK });

test('Edit on a cart line reopens the popup with its extras and note, and Update changes the line (§2 cart page)', async ({
  page,
}) => {
  await openShop(page, '/cafe');
  await addButton(page, 'Espresso').click();
  const dialog = productDialog(page);
  await dialog.getByLabel('Allergies or notes').fill('I en liten kopp');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await headerCartLink(page).click();

  await page.getByRole('button', { name: 'Edit Espresso' }).click();
  await expect(dialog).toHaveAccessibleName('Espresso');
  await expect(dialog.getByLabel('Allergies or notes')).toHaveValue('I en liten kopp');
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await dialog
    .getByRole('group', { name: 'Extra espresso' })
    .getByRole('checkbox', { name: /Extra shot/ })
    .check();
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toHaveCount(0);

  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Espresso' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Extra shot (+8,00 kr)');
  await expect(line.getByRole('status')).toHaveText('2');
  // (30 + 8) × 2 kr.
  await expect(page.getByRole('heading', { level: 2, name: /^Amount to pay/ })).toHaveAccessibleName(
    'Amount to pay 76,00 kr',
  );
  await expect(page.getByRole('button', { name: 'Edit Espresso' })).toBeFocused();
});

test('an empty cart says so and offers no payment choice even with valid details (§2: payment only when quantity > 0)', async ({
  page,
}) => {
  await openShop(page, '/cafe/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Anna');
  await page.getByLabel('Email', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Email', { exact: true }).blur();
  await expect(page.getByRole('heading', { name: 'Choose payment' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(/\/cafe$/);
});

test("required fields say 'The field is required' once touched, tied to the field (§5)", async ({ page }) => {
  await openShop(page, '/cafe');
  await addButton(page, 'Kanelbulle').click();
  await headerCartLink(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveAttribute('required', '');
  await expect(page.getByText('The field is required')).toHaveCount(0);
  await name.focus();
  await name.blur();
  await expect(name).toHaveAccessibleDescription('The field is required');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Anna');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
});
