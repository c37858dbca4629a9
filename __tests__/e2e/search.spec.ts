import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { headerCartLink, openShop, PHONE } from './helpers/shop';
import { shot } from './helpers/payment';
import { idleDialog, KIOSK_VIEWPORTS, openKiosk, se } from './helpers/kiosk';

/**
 * Issue 26 the menu's search and tag filters on the café (`/cafe`): the search button in the sticky category
 * bar, `?q=` and `?tags=` in the address, results in the shop's categories and order, a polite count, an
 * empty state with a way back. The matching rules themselves are pinned in Jest
 * (__tests__/features/shop/search.test.ts).
 */

const field = (page: Page, name = 'Search the menu') => page.getByRole('searchbox', { name });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /products?$|No products/ });
const product = (page: Page, title: string) => page.getByRole('article', { name: title });

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search the menu' }).click();
  await expect(field(page)).toBeFocused();
}

/** Types a query and waits for the address to carry it (the results follow it). */
async function search(page: Page, text: string): Promise<void> {
  await field(page).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}(&|$)`),
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('typing finds "Caffè latte" by latte, LATTE, lattte and caffe, and "Flat white på havre" by havre and pa havre', async ({
    page,
  }) => {
    await openShop(page, '/cafe');
    await openSearch(page);
    for (const query of ['latte', 'LATTE', 'lattte', 'caffe']) {
      await search(page, query);
      await expect(product(page, 'Caffè latte'), query).toBeVisible();
      await expect(product(page, 'Kanelbulle'), query).toHaveCount(0);
    }
    await shot(page, 'search-1-latte');
    for (const query of ['havre', 'pa havre']) {
      await search(page, query);
      await expect(product(page, 'Flat white på havre'), query).toBeVisible();
      await expect(count(page)).toHaveText('1 product');
    }
    await expectNoAxeViolations(page, 'search results');
  });

  test('the Vegansk chip with a search narrows to products with the tag and the words, in the address too', async ({
    page,
  }) => {
    await openShop(page, '/cafe');
    await openSearch(page);
    const vegan = page.getByRole('button', { name: 'Vegansk', exact: true });
    await vegan.click();
    await expect(vegan).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]tags=t-vegan(&|$)/);
    await expect(product(page, 'Vegansk wrap med falafel')).toBeVisible();
    await expect(product(page, 'Kanelbulle')).toHaveCount(0);
    await shot(page, 'search-2-vegan-chip');
    await expectNoAxeViolations(page, 'search with a chip');
    await search(page, 'wrap');
    await expect(count(page)).toHaveText('1 product');
    await expect(product(page, 'Vegansk wrap med falafel')).toBeVisible();
  });

  test('Back returns to the results: the query is in the address', async ({ page }) => {
    await openShop(page, '/cafe');
    await openSearch(page);
    await search(page, 'latte');
    await headerCartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await page.goBack();
    await expect(field(page)).toHaveValue('latte');
    await expect(product(page, 'Caffè latte')).toBeVisible();
    await expect(product(page, 'Kanelbulle')).toHaveCount(0);
  });

  test('nothing matches: it says so and offers to clear the search, which brings the whole menu back', async ({
    page,
  }) => {
    await openShop(page, '/cafe');
    await openSearch(page);
    await search(page, 'xylofon');
    await expect(count(page)).toContainText('No products match your search.');
    await shot(page, 'search-3-nothing');
    await expectNoAxeViolations(page, 'search without results');
    await page.getByRole('button', { name: 'Clear the search', exact: true }).click();
    await expect(field(page)).toHaveValue('');
    await expect(product(page, 'Kanelbulle')).toBeVisible();
    await expect(product(page, 'Caffè latte')).toBeVisible();
  });

  test('Escape empties the field; Close goes back to the whole menu and its categories', async ({ page }) => {
    await openShop(page, '/cafe');
    await openSearch(page);
    await search(page, 'latte');
    await field(page).press('Escape');
    await expect(field(page)).toHaveValue('');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(field(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first(),
    ).toBeVisible();
  });

  test('keyboard only: Tab reaches the search, the results follow the field, and the count is a polite status', async ({
    page,
  }) => {
    await openShop(page, '/cafe');
    const opener = page.getByRole('button', { name: 'Search the menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(field(page)).toBeFocused();
    await page.keyboard.type('latte');
    await expect(count(page)).toHaveText('2 products');
    await expect(count(page)).toHaveAttribute('role', 'status');
    // Tab from the field leads into the results.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await product(page, 'Caffè latte').evaluate((a) => a.contains(document.activeElement))) return;
    }
    throw new Error('Tab never reached the "Caffè latte" result');
  });
});

test.describe('on a kiosk', () => {
  test.use({ viewport: KIOSK_VIEWPORTS[0] });

  test('the field suits the on-screen keyboard, and the reset for the next customer clears the search', async ({
    page,
  }) => {
    await page.clock.install();
    await openKiosk(page);
    await page.getByRole('button', { name: se('search.open') }).click();
    const kioskField = field(page, se('search.label'));
    await expect(kioskField).toHaveAttribute('enterkeyhint', 'search');
    await expect(kioskField).toHaveAttribute('autocapitalize', 'off');
    await expect(kioskField).toHaveAttribute('autocorrect', 'off');
    await kioskField.fill('latte');
    await expect(product(page, 'Caffè latte')).toBeVisible();
    await expectNoAxeViolations(page, 'kiosk search');
    await page.clock.fastForward(60_500); // the idle minute: "Är du kvar?"
    await idleDialog(page)
      .getByRole('button', { name: se('kiosk.idle.startOver') })
      .click();
    await page.clock.resume();
    await expect(product(page, 'Kanelbulle')).toBeVisible();
    await expect(field(page, se('search.label'))).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]q=/);
  });
});
