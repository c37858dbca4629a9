import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { HOSTILE_STRINGS } from '../../src/demo-api/fixtures/fixtures';
import { addButton, headerCartLink, KIOSK, openShop, productDialog } from './helpers/shop';

/** Issue 4 shop states of the §2 decision order (closed, not found) and hostile shop data rendered as text. */

test.use({ viewport: KIOSK });

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('closed shop: the title and the opening hours of all 7 days, no store and no cart (§2 decision order 3)', async ({
  page,
}) => {
  await openShop(page, '/closed');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'The shop is closed' })).toBeVisible();
  const hours = main.getByRole('region', { name: 'Opening hours' });
  await expect(hours.getByRole('term')).toHaveText(WEEKDAYS);
  await expect(hours.getByRole('definition')).toHaveText(Array(7).fill('11:00–21:00'));
  await expect(page.getByRole('navigation', { name: 'Categories' })).toHaveCount(0);
  await expect(headerCartLink(page)).toHaveCount(0);
  // Shown once on the page: the footer leaves them to the closed page.
  await expect(page.getByRole('region', { name: 'Opening hours' })).toHaveCount(1);
});

test("an unknown shop shows 'Shop not found' and asks to check the address (§2 decision order 1)", async ({
  page,
}) => {
  await page.goto('/no-such-shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop not found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Check that the address is correct.');
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('hostile shop: markup in shop texts renders literally — no alert, no injected <script> or event handlers, no javascript: links (issue 4 hostile data)', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await openShop(page, '/hostile');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${HOSTILE_STRINGS.script} Hostile & Co`);
  await expect(page.getByRole('banner')).toContainText(`${HOSTILE_STRINGS.script} Hostile & Co`);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    `${HOSTILE_STRINGS.img} Kategori`,
  );
  await expect(page.getByRole('main')).toContainText(`${HOSTILE_STRINGS.img} ${HOSTILE_STRINGS.sql}`);
  await expect(
    page.getByRole('heading', { level: 3, name: `${HOSTILE_STRINGS.script} Smörgås` }),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(HOSTILE_STRINGS.img);

  // The popup of the product with extras: group, extras and the tag are text too.
  await addButton(page, HOSTILE_STRINGS.sql).click();
  const popup = productDialog(page);
  await expect(popup.getByRole('group', { name: HOSTILE_STRINGS.img })).toBeVisible();
  await expect(
    popup.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(HOSTILE_STRINGS.script)}`) }),
  ).toBeVisible();
  await expect(popup).toContainText('<b>fet</b> <a href="javascript:alert(1)">klicka</a>');
  await popup.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(HOSTILE_STRINGS.script)}`) }).check();
  await popup.getByRole('button', { name: 'Add', exact: true }).click();
  await headerCartLink(page).click();
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(HOSTILE_STRINGS.sql);

  await page.getByRole('link', { name: 'Refund policy' }).click();
  await expect(page.getByRole('main')).toContainText(
    `<a href="${HOSTILE_STRINGS.jsUrl}">Återbetalning</a> ${HOSTILE_STRINGS.script}`,
  );

  for (const path of ['/hostile', '/hostile/products/x-script']) {
    await openShop(page, path);
    await expect(page.getByRole('main')).toContainText(HOSTILE_STRINGS.script);
    const injected = await page.evaluate(() => ({
      // The page's own inline scripts (the tap holding, the early start) and its data blocks (its settings, the rendered
      // page's data, JSON that never runs) are not shop text.
      scripts: document.querySelectorAll(
        '#root script, body > script:not([src]):not(#hold-taps):not(#early-start):not([type="application/json"])',
      ).length,
      handlers: [...document.querySelectorAll('*')].filter((el) =>
        [...el.attributes].some((a) => /^on/i.test(a.name)),
      ).length,
      jsLinks: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i]').length,
      boldOrUnderline: document.querySelectorAll('main b, main u, footer u').length,
    }));
    expect(injected, path).toEqual({ scripts: 0, handlers: 0, jsLinks: 0, boldOrUnderline: 0 });
  }
  expect(dialogs).toEqual([]);
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
