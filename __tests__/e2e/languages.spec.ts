import { expect, type Page } from '@playwright/test';
import { test } from './helpers/test';
import { text } from './helpers/i18n';
import { KIOSK, openShop, productDialog } from './helpers/shop';

/**
 * Issue 4 Languages: `?lng=fi` shows Finnish throughout. The Finnish EUR shop (kahvila) with every visible
 * UI text checked against translations/fi.json, none of the English ones leaking, prices in € in the §9
 * sv-SE style ('4,50 €') and <html lang="fi">.
 */

test.use({ viewport: KIOSK });

/** Asserts each Finnish text is on the page and its English counterpart is not. */
async function expectFinnish(page: Page, texts: [key: string, vars?: Record<string, string | number>][]) {
  const shown = await page.locator('body').innerText();
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label]')]
      .map((el) => el.getAttribute('aria-label') ?? '')
      .join('\n'),
  );
  const all = `${shown}\n${labels}`;
  for (const [key, vars] of texts) {
    const fi = text('fi', key, vars);
    const en = text('en', key, vars);
    expect(all, `fi ${key}`).toContain(fi);
    if (en !== fi) expect(all, `English leaking for ${key}`).not.toContain(en);
  }
}

test('the Finnish EUR shop with ?lng=fi: Finnish UI texts, no English, prices like 4,50 €, <html lang="fi"> (issue 4 Languages, §9)', async ({
  page,
}) => {
  await openShop(page, '/kahvila?lng=fi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

  await test.step('store page, header and footer', async () => {
    await expect(page.getByRole('navigation', { name: text('fi', 'shop.categories') })).toBeVisible();
    const cappuccino = page.getByRole('article', { name: 'Cappuccino' });
    await expect(cappuccino).toContainText('4,50 €');
    await expect(page.getByRole('article', { name: 'Suodatinkahvi' })).toContainText('3,20 €');
    await expect(
      page.getByRole('link', { name: text('fi', 'shop.cartSummary', { count: 0, total: '0,00 €' }) }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/maanantai/i);
    await expectFinnish(page, [
      ['shop.categories'],
      ['shop.companyDetails'],
      ['shop.contact'],
      ['shop.openingHours'],
      ['shop.refundPolicy'],
      ['shop.orgNumber', { number: '1234567-8' }],
      ['shop.closedAllDay'],
      ['shop.home'],
      ['common.skipToContent'],
      ['product.addToCart', { name: 'Korvapuusti' }],
    ]);
  });

  await test.step('product popup with its extras group', async () => {
    await page.getByRole('button', { name: text('fi', 'product.addToCart', { name: 'Cappuccino' }) }).click();
    const dialog = productDialog(page);
    await expect(dialog).toHaveAccessibleName('Cappuccino');
    const milk = dialog.getByRole('group', { name: 'Maito' });
    await expect(milk).toContainText(text('fi', 'deviations.hintExact', { count: 1 }));
    // Issue 26: the message shows once the customer tries to add.
    await dialog.getByRole('button', { name: text('fi', 'product.add'), exact: true }).press('Enter');
    await expect(milk).toContainText(text('fi', 'deviations.selectRequired'));
    await expect(milk.getByRole('checkbox', { name: /Kauramaito/ })).toHaveAccessibleName(
      'Kauramaito +0,50 €',
    );
    await expectFinnish(page, [
      ['deviations.selectRequired'],
      ['cart.note'],
      ['product.add'],
      ['product.close'],
      ['product.increase'],
      ['product.decrease'],
    ]);
    await milk.getByRole('checkbox', { name: /Kauramaito/ }).check();
    await expect(dialog).toContainText(text('fi', 'product.total', { total: '5,00 €' }));
    await dialog.getByRole('button', { name: text('fi', 'product.add'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('cart page with the your-info form and its messages', async () => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: text('fi', 'shop.cartSummary', { count: 1, total: '5,00 €' }) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text('fi', 'cart.title') })).toBeVisible();
    const email = page.getByLabel(text('fi', 'fields.email'), { exact: true });
    await email.fill('x@');
    await email.blur();
    await expect(email).toHaveAccessibleDescription(text('fi', 'validation.email'));
    await expect(
      page.getByRole('heading', { level: 2, name: `${text('fi', 'cart.sum')} 5,00 €` }),
    ).toBeVisible();
    await expectFinnish(page, [
      ['cart.title'],
      ['cart.sum'],
      ['cart.yourInfo'],
      ['cart.edit'],
      ['cart.remove'],
      ['cart.increase', { name: 'Cappuccino' }],
      ['fields.name'],
      ['fields.extraInfo'],
      ['fields.optionalLabel', { field: text('fi', 'fields.name') }],
      ['validation.email'],
    ]);
    await email.fill('maija@example.fi');
    await expect(page.getByRole('heading', { name: text('fi', 'paymentMethods.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  });
});
