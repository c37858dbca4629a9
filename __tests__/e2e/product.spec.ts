import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { addButton, headerCartLink, KIOSK, openShop, PHONE, productDialog } from './helpers/shop';

/** Issue 4 product popup and product page (§2), their §5 extras rules and the modal dialog's keyboard use. */

test.use({ viewport: KIOSK });

test('keyboard: Tab reaches a product’s +, Enter opens the popup with focus inside, Escape closes it and focus returns to the + (issue 4 accessibility)', async ({
  page,
}) => {
  await openShop(page, '/cafe');
  const plus = addButton(page, 'Cappuccino');
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await plus.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches the + of Cappuccino').toBe(true);
  await expect(plus).toBeFocused();

  await page.keyboard.press('Enter');
  const dialog = productDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName('Cappuccino');
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  // Focus is trapped: tabbing past the end (7 extras, note, stepper, Add) wraps to Close, and Shift+Tab from
  // Close wraps to the last control: Add, which stays focusable while the extras are missing (aria-disabled:
  // a press says what is missing, issue 26).
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(), `focus after ${i + 1} Tab presses`).toBe(true);
  }
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  const add = dialog.getByRole('button', { name: /^Add/ });
  await expect(add).toBeFocused();
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  // The rest of the page is inert while the dialog is open: its controls cannot take focus.
  await headerCartLink(page).focus();
  await expect(headerCartLink(page)).not.toBeFocused();
  expect(await focusInside()).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(plus).toBeFocused();

  // The close button returns focus too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plus).toBeFocused();
});

test('a min–max extras group (toppings 1–3) is invalid below 1 and above 3; the shot group allows up to 1 (§5 hints and rules)', async ({
  page,
}) => {
  await openShop(page, '/cafe');
  await addButton(page, 'Varm choklad').click();
  const dialog = productDialog(page);
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  const topping = dialog.getByRole('group', { name: 'Topping' });
  await expect(topping).toContainText('Choose 1–3');
  await dialog.getByRole('group', { name: 'Mjölk' }).getByRole('checkbox', { name: 'Mellanmjölk' }).check();
  // Issue 26: below its minimum the group shows its rule only, until the customer tries to add.
  await expect(topping).not.toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeDisabled();
  await add.press('Enter');
  await expect(topping).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeDisabled();
  for (const name of ['Vispgrädde', 'Kanel', 'Kakaopulver'])
    await topping.getByRole('checkbox', { name }).check();
  await expect(topping).not.toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeEnabled();
  await topping.getByRole('checkbox', { name: /Chokladsås/ }).check();
  await expect(topping).toHaveAttribute('aria-invalid', 'true');
  // The message is tied to the group: screen readers hear it with the group.
  await expect(topping).toHaveAccessibleDescription(/Select all necessary add-ons/);
  await expect(add).toBeDisabled();
  await topping.getByRole('checkbox', { name: 'Kanel' }).uncheck();
  await expect(add).toBeEnabled();
  // 42 + 4 (chocolate sauce) kr.
  await expect(dialog).toContainText('Total: 46,00 kr');
  await add.click();
  await expect(headerCartLink(page)).toHaveAccessibleName('Cart: 1 item, 46,00 kr');
});

test('product page: a LARGE_IMAGE card links to /cafe/products/latte with category, price and extras; Add puts it in the cart and goes back to the shop (§2)', async ({
  page,
}) => {
  await openShop(page, '/cafe');
  await page.getByRole('article', { name: 'Caffè latte' }).getByRole('link', { name: 'Caffè latte' }).click();
  await expect(page).toHaveURL(/\/cafe\/products\/latte$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè latte' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Category: Kaffe');
  await expect(main).toContainText('48,00 kr');
  const add = main.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await main
    .getByRole('group', { name: 'Mjölk' })
    .getByRole('checkbox', { name: /Sojadryck/ })
    .check();
  await expect(main).toContainText('Total: 51,00 kr');
  await add.click();
  await expect(page).toHaveURL(/\/cafe$/);
  await expect(headerCartLink(page)).toHaveAccessibleName('Cart: 1 item, 51,00 kr');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the popup fits a 390 px phone and its Add button can be reached by scrolling the dialog (§9 popup max width 500 px)', async ({
    page,
  }) => {
    await openShop(page, '/cafe');
    await addButton(page, 'Cappuccino').click();
    const dialog = productDialog(page);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('group', { name: 'Mjölk' }).getByRole('checkbox', { name: 'Havredryck' }).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(headerCartLink(page)).toHaveAccessibleName('Cart: 1 item, 45,00 kr');
  });
});
