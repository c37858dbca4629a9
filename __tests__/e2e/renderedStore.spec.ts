import { expect } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { holdRequests } from './helpers/payment';
import { test } from './helpers/test';
import { PHONE, addButton, appReady, headerCartLink, renderStorePages } from './helpers/shop';

/**
 * Issue 22 in the browser: the store page comes rendered by the host (the demo's Node adapter runs the
 * built render function), readable without JavaScript, hydrated without being drawn again, and every way the
 * render can fail still serves a working shop.
 */
test.use({ viewport: PHONE });

test('with JavaScript off the café is readable: its categories, cards and prices are in the page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
  const page = await context.newPage();
  const response = await page.goto('/cafe?lng=se');
  expect(response?.headers()['cache-control']).toContain('stale-while-revalidate');
  await expect(page).toHaveTitle('Café Kanelbullen');
  await expect(page.getByRole('heading', { level: 2, name: 'Kaffe' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Bakverk' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Bryggkaffe' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('32,00 kr');
  await expect(page.getByRole('article')).toHaveCount(20);
  await context.close();
});

test('the rendered café is hydrated, not drawn again, with no layout shift, and its first tap adds', async ({
  page,
}) => {
  // Counts product cards taken out of the page once it is parsed: hydration keeps every one.
  await page.addInitScript(() => {
    const w = window as unknown as { removedCards: number; shifts: number };
    w.removedCards = 0;
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    // Once the parser has written #root, before the deferred scripts run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches('article') || node.querySelector('article')))
              w.removedCards += 1;
      }).observe(document.getElementById('root') as HTMLElement, { childList: true, subtree: true });
    });
  });
  await page.goto('/cafe');
  await expect(page.locator('script#rendered-page')).toHaveCount(1);
  await appReady(page);
  await addButton(page, 'Kanelbulle').click();
  await expect(headerCartLink(page)).toHaveAccessibleName(/^Cart: 1 item/);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { removedCards: number; shifts: number };
    return { removedCards: w.removedCards, shifts: w.shifts };
  });
  expect(seen.removedCards).toBe(0);
  expect(seen.shifts).toBeLessThanOrEqual(0.02);
  await expectNoAxeViolations(page);
});

test('a button tapped before the app is ready says it is busy and is pressed once the app is: added once', async ({
  page,
}) => {
  // The app's scripts held back: a customer tapping on a slow network.
  const release = await holdRequests(page, /\/assets\/.*\.js$/);
  // Deferred scripts hold DOMContentLoaded back too: the page is there once the button is.
  await page.goto('/cafe', { waitUntil: 'commit' });
  const add = addButton(page, 'Kanelbulle');
  await expect(add).toBeVisible();
  // A double tap: the second one must not add a second bun.
  await add.click();
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(headerCartLink(page)).toHaveAccessibleName(/^Cart: 1 item/);
  await expect(add).not.toHaveAttribute('aria-busy');
  await expect(page.getByRole('article', { name: 'Kanelbulle' })).toContainText('1 in cart');
});

for (const fault of ['apiDown', 'apiSlow', 'renderThrows', 'static'] as const) {
  test(`fallback (${fault}): the static page is served and the shop works as it always has`, async ({
    page,
  }) => {
    await renderStorePages(page, fault);
    const response = await page.goto('/cafe');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.locator('script#rendered-page')).toHaveCount(0);
    await addButton(page, 'Kanelbulle').click();
    await expect(headerCartLink(page)).toHaveAccessibleName(/^Cart: 1 item/);
  });
}

test('the shop names itself to link previews: title, description and Open Graph tags, in the language asked for', async ({
  page,
}) => {
  await page.goto('/kahvila?lng=fi');
  await expect(page).toHaveTitle('Kahvila Mustikka');
  expect(await page.locator('html').getAttribute('lang')).toBe('fi');
  const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await og('og:title')).toBe('Kahvila Mustikka');
  expect(await og('og:locale')).toBe('fi_FI');
  expect(await og('og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/images\/logo-kahvila\.svg$/);
});
