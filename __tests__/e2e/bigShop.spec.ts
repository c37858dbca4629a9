import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { axeViolations } from './helpers/axe';
import { holdRequests } from './helpers/payment';
import { appReady, openShop, PHONE } from './helpers/shop';

/**
 * Issue 11, the 2,000-product shop: only the cards near the viewport are drawn, and yet the category bar,
 * the keyboard, the browser's find and axe all see a whole store. Sections are found by their headings
 * (the demo's 40 categories: Frukt, Grönsaker, …, Säsong).
 */

const DESKTOP = { width: 1280, height: 800 } as const;

/** A category's section, by its heading. */
function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The title of product `id` as the demo API serves it (titles are generated, not written out here). */
async function productTitle(page: Page, id: string): Promise<string> {
  const response = await page.request.get('/api/v2/webshop/bigshop');
  const shop = (await response.json()) as { articles: Record<string, { title: string }> };
  const title = shop.articles[id]?.title;
  if (!title) throw new Error(`no product ${id} in the big shop`);
  return title;
}

/** The controls Tab stops at in a part of the page, in order. */
function enabledButtons(container: Locator): Locator {
  return container.locator('button:not([disabled])');
}

async function openBigShop(page: Page) {
  await openShop(page, '/bigshop?lng=en');
  await expect(section(page, 'Frukt').getByRole('article').first()).toBeVisible();
}

test.describe('the big shop at 1280×800', () => {
  test.use({ viewport: DESKTOP });

  test('only the cards near the viewport are drawn; every category keeps its heading and its place', async ({
    page,
  }) => {
    await openBigShop(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(40);
    const drawn = await page.locator('main article').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(400);
    await expect(section(page, 'Säsong').getByRole('article')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show the products in Säsong' })).toHaveCount(1);
    // The empty blocks hold the place of their cards: the page is as long as the whole store.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(40 * 1500);
  });

  test('a category jump lands on its section with its cards drawn, under the sticky bar', async ({
    page,
  }) => {
    await openBigShop(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    await nav.getByRole('link', { name: 'Säsong', exact: true }).click();
    await expect(page).toHaveURL(/#category-39$/);
    const heading = page.getByRole('heading', { level: 2, name: 'Säsong', exact: true });
    await expect(heading).toBeInViewport();
    await expect(section(page, 'Säsong').getByRole('article').first()).toBeInViewport();
    await expect(nav).toBeInViewport();
    // The heading is not hidden under the sticky bar.
    const navBox = await nav.boundingBox();
    const headingBox = await heading.boundingBox();
    expect(headingBox!.y).toBeGreaterThanOrEqual(navBox!.y + navBox!.height - 1);

    // Another jump, back up past blocks drawn and emptied on the way.
    await nav.getByRole('link', { name: 'Kaffe', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Kaffe', exact: true })).toBeInViewport();
    await expect(section(page, 'Kaffe').getByRole('article').first()).toBeInViewport();
  });

  test('Tab walks through the cards in order, into categories not drawn yet, and focus is never lost', async ({
    page,
  }) => {
    await openBigShop(page);
    // The last control of the first category, then Tab: the first card of the next one.
    const fruit = section(page, 'Frukt');
    await enabledButtons(fruit).last().focus();
    await page.keyboard.press('Tab');
    const vegetables = section(page, 'Grönsaker');
    await expect(vegetables.getByRole('article').first().getByRole('button').first()).toBeFocused();

    // Tab arriving at a category that is not drawn (its empty block is one Tab stop): its first card.
    const empty = page.getByRole('button', { name: 'Show the products in Pasta' });
    await expect(empty).toHaveCount(1);
    await empty.focus();
    const pasta = enabledButtons(section(page, 'Pasta'));
    await expect(pasta.first()).toBeFocused();
    await expect(pasta.first()).toBeInViewport();
    // Further Tabs go through the cards' controls in order (a sold-out card's + is skipped).
    for (const n of [1, 2, 3]) {
      await page.keyboard.press('Tab');
      await expect(pasta.nth(n)).toBeFocused();
    }

    // Shift+Tab from the first card of a category into the one before it (drawn or not): its last control.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Säsong', exact: true })
      .click();
    const season = section(page, 'Säsong');
    await expect(season.getByRole('article').first()).toBeInViewport();
    await season.getByRole('article').first().getByRole('button').first().focus();
    await page.keyboard.press('Shift+Tab');
    const before = section(page, 'Kex');
    await expect(enabledButtons(before).last()).toBeFocused();
  });

  test("the browser's find reaches a product in a far category (hidden=until-found, beforematch)", async ({
    page,
  }) => {
    const title = await productTitle(page, 'b-1990');
    await openBigShop(page);
    const season = section(page, 'Säsong');
    await expect(season.getByRole('article')).toHaveCount(0);
    // The empty blocks get their titles once the page is idle.
    await expect(page.locator('[hidden="until-found"]', { hasText: title })).toHaveCount(1);
    // A text fragment runs the same find-in-page as Ctrl+F (which headless Chromium has no bar for): it
    // searches hidden=until-found content and fires beforematch there.
    await page.evaluate((text) => {
      location.hash = `:~:text=${encodeURIComponent(text)}`;
    }, title);
    const card = season.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card).toBeInViewport();
  });

  test('axe finds nothing serious or critical on the big shop', async ({ page }) => {
    await openBigShop(page);
    const violations = await axeViolations(page);
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(violations).toEqual([]);
  });
});

test.describe('the big shop on a phone', () => {
  test.use({ viewport: PHONE });

  test('a category jump on a phone lands on its section with its cards drawn', async ({ page }) => {
    await openBigShop(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    const link = nav.getByRole('link', { name: 'Flingor', exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Flingor', exact: true })).toBeInViewport();
    await expect(section(page, 'Flingor').getByRole('article').first()).toBeInViewport();
  });
});

test.describe("issue 37: the big shop's rendered page carries its first products; the rest follow", () => {
  test.use({ viewport: DESKTOP });

  test('a far category asked for before the rest arrive is busy, then drawn where it was asked; the shop is read once', async ({
    page,
  }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/webshop/bigshop') reads.push(request.method());
    });
    const release = await holdRequests(page, /\/api\/v2\/webshop\/bigshop$/);
    const response = await page.goto('/bigshop?lng=en');
    // The page is the first screen's, not the whole shop's (516 KiB before issue 37's cut).
    expect((await response!.body()).length).toBeLessThan(150_000);
    const block = JSON.parse((await page.locator('script#rendered-page').textContent()) ?? '') as {
      partial?: boolean;
      shop: { products: unknown[] };
    };
    expect(block.partial).toBe(true);
    expect(block.shop.products.length).toBeLessThanOrEqual(120);
    await appReady(page);

    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Säsong', exact: true })
      .click();
    const empty = page.getByRole('button', { name: 'Show the products in Säsong' });
    await expect(empty).toHaveAttribute('aria-busy', 'true');
    await expect(section(page, 'Säsong').getByRole('article')).toHaveCount(0);
    release();
    await expect(section(page, 'Säsong').getByRole('article').first()).toBeInViewport();
    await expect(page.getByRole('heading', { level: 2, name: 'Säsong', exact: true })).toBeInViewport();
    expect(reads).toEqual(['GET']);
  });
});
