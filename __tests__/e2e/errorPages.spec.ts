import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './helpers/test';

// §2 the 404 page and the generic route error page, in the built app served by the demo API.

test('an unknown address in a shop shows the 404 page with a link to the product homepage', async ({
  page,
}) => {
  await page.goto('/cafe/this/route/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /homepage|home page/i })).toHaveAttribute('href', '/demo');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('an unknown shop shows the shop-not-found page (§2 notFound comes first)', async ({ page }) => {
  await page.goto('/no-such-shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop not found' })).toBeVisible();
});

test('an address no route matches shows the 404 page, not "Shop not found" (§2 * route)', async ({
  page,
}) => {
  for (const path of [
    '/no/such/deep/page',
    '/company/c-cafe',
    '/integrate/fortnox',
    '/no-such-shop/anything',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});

test('the 404 page speaks Finnish with ?lng=fi and sets the document language', async ({ page }) => {
  await page.goto('/cafe/no/such/page?lng=fi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
});

test('Swedish (se) sets <html lang="sv">', async ({ page }) => {
  await page.goto('/cafe/no/such/page?lng=se');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
});

test('a screen whose code cannot load shows the generic error page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // From now on every lazily loaded chunk fails, as on a connection that dropped.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.evaluate(() => {
    window.history.pushState({}, '', '/receipt/c-cafe/r1');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
});
