/**
 * Issue 26: long one-word Swedish and Finnish titles (Kardemummabulle, Karjalanpiirakka) wrap inside their
 * box wherever a product's title is shown: the store card, the popup, the cart line and the kiosk's order
 * panel. Hyphenated in the page's language where the browser can (`hyphens: auto`; `<html lang>` follows the
 * language, see __tests__/shared/i18n/i18n.test.ts), broken anywhere as a last resort (`overflow-wrap:
 * anywhere`), never cut off by an ellipsis, `nowrap` or a clipping box of the title's own. jsdom lays nothing
 * out, so this pins the rules; the browser suite (e2e/textOverflow.spec.ts) measures the boxes.
 */
import { screen, within } from '@testing-library/react';
import { gridOf, storeStyles } from '../../../src/features/shop/storeStyles';
import { defaultTheme } from '../../../src/shared/theme/defaultTheme';
import { product, session, sek, shopData } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

const LONG = 'Kardemummabulle';

/** The café of the fixtures with the bun renamed to a long one-word Swedish title. */
const data = () =>
  shopData({
    products: [
      product('coffee', { title: 'Coffee', price: sek(3500), deviationGroupIds: ['milk'] }),
      product('bun', { title: LONG, price: sek(3600), categoryId: 'c2' }),
      product('cake', { title: 'Cake', price: sek(5500), limitStock: true, count: 0, categoryId: 'c2' }),
    ],
  });

const inCart = session({
  cart: [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }],
});

/**
 * The title wraps inside its box: overflow-wrap anywhere and hyphens auto where its text is laid out (the
 * element or the block that holds it), and nothing between the text and that block cuts it.
 */
function expectWraps(text: HTMLElement, block: HTMLElement = text) {
  const style = getComputedStyle(block);
  expect(style.overflowWrap).toBe('anywhere');
  expect(style.hyphens).toBe('auto');
  for (let el: HTMLElement | null = text; el; el = el === block ? null : el.parentElement) {
    const own = getComputedStyle(el);
    expect(own.textOverflow).not.toBe('ellipsis');
    expect(own.whiteSpace).not.toBe('nowrap');
    expect(own.overflow).not.toBe('hidden');
    // Said on each element down to the text (jsdom inherits no such property; a button may not either).
    expect(own.overflowWrap).toBe('anywhere');
  }
}

describe('issue 26: long one-word titles wrap in their box, never clipped', () => {
  it('issue 26: a store card title wraps (overflow-wrap anywhere, hyphens auto), in every card layout', async () => {
    for (const displayType of ['LARGE_IMAGE', 'SMALL_IMAGE', 'NO_IMAGE'] as const) {
      const base = data();
      const app = await renderApp('/cafe', { data: { ...base, shop: { ...base.shop, displayType } } });
      const card = await screen.findByRole('article', { name: LONG });
      const heading = within(card).getByRole('heading', { name: LONG });
      const control =
        displayType === 'LARGE_IMAGE'
          ? within(heading).getByRole('link', { name: LONG })
          : within(heading).getByRole('button', { name: LONG });
      expectWraps(control, heading);
      app.unmount();
    }
  });

  it("issue 26: a row card's grid column is never wider than a 320 px phone's page (min(300px, 100%))", () => {
    for (const kiosk of [false, true]) {
      for (const displayType of ['LARGE_IMAGE', 'SMALL_IMAGE', 'NO_IMAGE'] as const) {
        const grid = gridOf(displayType, kiosk);
        const styles = storeStyles(defaultTheme, grid, false);
        expect(styles['.store-grid']?.gridTemplateColumns).toBe(
          `repeat(auto-fill, minmax(min(${grid.minCard}px, 100%), 1fr))`,
        );
      }
    }
  });

  it('issue 26: the product popup title wraps', async () => {
    const base = data();
    const { user } = await renderApp('/cafe', {
      data: { ...base, shop: { ...base.shop, displayType: 'SMALL_IMAGE' } },
    });
    await user.click(await screen.findByRole('button', { name: LONG }));
    const dialog = await screen.findByRole('dialog', { name: LONG });
    expectWraps(within(dialog).getByRole('heading', { name: LONG }));
  });

  it('issue 26: a cart line title wraps', async () => {
    await renderApp('/cafe/cart', { data: data(), session: inCart });
    const title = await screen.findByText(LONG, { selector: 'li p' });
    expectWraps(title);
  });

  it("issue 26: the kiosk order panel's line title wraps", async () => {
    await renderApp('/cafe', { data: data(), session: inCart, kiosk: { idleMs: 60_000 } });
    const panel = await screen.findByRole('complementary', { name: 'Your order' });
    const title = await within(panel).findByText(LONG);
    expectWraps(title);
  });
});
