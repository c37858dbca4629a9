/**
 * §Hostile data: whatever a merchant types reaches the page as text, never as markup, script, CSS or a
 * javascript: URL. The shop goes through the real API edge mapping (toShopData), as in the app.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { ShopResponse } from '../../../src/contract';
import { selectTheme } from '../../../src/features/shopState/shopSelectors';
import { toShopData } from '../../../src/shared/api/wireMappers';
import { DEFAULT_BACKGROUND, DEFAULT_PRIMARY } from '../../../src/domain/theme';
import { defaultTheme } from '../../../src/shared/theme/defaultTheme';
import { renderApp } from '../../helpers/renderApp';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const CSS = 'red;background:url(javascript:alert(1))';
const sek = (amount: number) => ({ amount, currency: 'SEK' as const });

function hostileShop(displayType: 'LARGE_IMAGE' | 'SMALL_IMAGE' = 'LARGE_IMAGE'): ShopResponse {
  return {
    company: {
      name: `</title>${SCRIPT} AB`,
      organizationnumber: '" OR 1=1 --',
      street: IMG,
      postalCode: '<u>123</u>',
      city: JS_URL,
      phone: '"><svg onload=alert(1)>',
      email: 'x@example.com<script>',
      country: 'SWEDEN',
      logo: JS_URL,
    },
    shop: {
      shopId: 'hostile',
      title: `${SCRIPT} Hostile & Co`,
      description: `${IMG} fresh`,
      primaryColor: CSS,
      backgroundColor: 'expression(alert(1))',
      displayType,
      openHours: [{ weekday: 1, opens: '<b>08:00</b>', closes: SCRIPT }],
      active: true,
      isOpen: true,
      requireReference: false,
      refundPolicy: `<a href="${JS_URL}">Refunds</a> ${SCRIPT}`,
      customerInputs: null,
    },
    articles: {
      'x-script': {
        id: 'x-script',
        title: `${SCRIPT} Sandwich`,
        description: `${IMG} tasty`,
        price: sek(5000),
        image: JS_URL,
        category: 'x-cat',
        tags: ['x-tag'],
        count: 0,
        limitStock: false,
        availableDeviations: null,
      },
      'x-sql': {
        id: 'x-sql',
        title: '<b>Bold</b> bowl',
        description: '<a href="javascript:alert(1)">click</a>',
        price: sek(2500),
        image: 'data:image/svg+xml,<svg onload=alert(1)>',
        category: 'x-cat',
        tags: [],
        count: 0,
        limitStock: false,
        availableDeviations: { deviationGroupes: ['x group'] },
      },
      'x y': {
        id: 'x y',
        title: 'Spaced id',
        description: null,
        price: sek(1000),
        image: null,
        category: 'x-cat',
        tags: [],
        count: 0,
        limitStock: false,
        availableDeviations: null,
      },
    },
    deviations: {
      'x-dev': { id: 'x-dev', name: SCRIPT, price: sek(100) },
      'x-dev2': { id: 'x-dev2', name: IMG, price: null },
    },
    deviationGroups: {
      'x group': { id: 'x group', name: IMG, deviationIds: ['x-dev', 'x-dev2'], minCount: 0, maxCount: 2 },
    },
    categories: [{ id: 'x-cat', name: `${IMG} Category`, sortedProducts: ['x-script', 'x-sql', 'x y'] }],
    paymentMethods: [{ id: 'pm-hostile-swish', type: 'SWISH_TRADE', stripeAccountId: null }],
    tags: { 'x-tag': { id: 'x-tag', tag: SCRIPT, color: CSS } },
  } as ShopResponse;
}

/** No markup from the data became elements or event handlers, and no URL attribute runs script. */
function expectNoInjectedMarkup() {
  expect(document.body.querySelector('script, svg[onload], u, b, [onerror], [onload]')).toBeNull();
  expect([...document.body.querySelectorAll('img')].map((img) => img.getAttribute('src'))).not.toContain('x');
  for (const el of document.body.querySelectorAll('[href], [src]')) {
    for (const name of ['href', 'src']) {
      const value = (el.getAttribute(name) ?? '').trim().toLowerCase();
      expect(value.startsWith('javascript:') || value.startsWith('data:')).toBe(false);
    }
  }
}

describe('§Hostile data renders as text', () => {
  it('shop, company, category, product and tag texts with markup show literally and create no elements', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText(`${SCRIPT} Hostile & Co`)).toBeInTheDocument();
    expect(screen.getByText(`${IMG} fresh`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `${IMG} Category` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${SCRIPT} Sandwich` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '<b>Bold</b> bowl' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText(SCRIPT)).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`</title>${SCRIPT} AB`);
    expect(footer).toHaveTextContent(IMG);
    expect(footer).toHaveTextContent('<u>123</u>');
    expectNoInjectedMarkup();
  });

  it('contact links keep only what their scheme allows', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '"><svg onload=alert(1)>' })).toHaveAttribute(
      'href',
      'tel:1',
    );
    const mail = within(footer).getByRole('link', { name: 'x@example.com<script>' });
    expect(mail.getAttribute('href')).toBe('mailto:x@example.com%3Cscript%3E');
  });

  it('extras names and product descriptions in the popup and on the product page show literally', async () => {
    const { user } = await renderApp('/hostile', { data: toShopData(hostileShop()) });
    await user.click(await screen.findByRole('button', { name: 'Add <b>Bold</b> bowl to the cart' }));
    const dialog = await screen.findByRole('dialog', { name: '<b>Bold</b> bowl' });
    expect(within(dialog).getByRole('group', { name: IMG })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', { name: /<script>alert\(1\)<\/script>/ }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('<a href="javascript:alert(1)">click</a>')).toBeInTheDocument();
    expectNoInjectedMarkup();
  });

  it('the refund policy shows its markup as text', async () => {
    await renderApp('/hostile/refundPolicy', { data: toShopData(hostileShop()) });
    await screen.findByRole('heading', { level: 1, name: 'Refund policy' });
    const main = screen.getByRole('main');
    expect(within(main).getByText(`<a href="${JS_URL}">Refunds</a> ${SCRIPT}`)).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Refunds' })).not.toBeInTheDocument();
    expectNoInjectedMarkup();
  });

  it('opening hours with markup show as text', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    // The footer writes its days one render after the page.
    await waitFor(() => expect(hours).toHaveTextContent(`<b>08:00</b>–${SCRIPT}`));
    expectNoInjectedMarkup();
  });
});

describe('§Hostile data never reaches an attribute that runs', () => {
  it('a javascript: logo falls back to the default logo', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const home = await screen.findByRole('link', { name: "Go to the shop's start page" });
    expect(home.querySelector('img')).toHaveAttribute('src', defaultTheme.logo);
  });

  it('javascript: and data: product images are dropped: the cards show the placeholder, not an <img>', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    for (const name of [`${SCRIPT} Sandwich`, '<b>Bold</b> bowl']) {
      expect((await screen.findByRole('article', { name })).querySelector('img')).toBeNull();
    }
    expectNoInjectedMarkup();
  });

  it('the same holds when the product page shows the product', async () => {
    await renderApp('/hostile/products/x-script', { data: toShopData(hostileShop()) });
    await screen.findByRole('heading', { level: 1, name: `${SCRIPT} Sandwich` });
    expect(within(screen.getByRole('main')).queryByRole('img')).toBeNull();
    expectNoInjectedMarkup();
  });
});

describe('§Hostile data: invalid colours fall back to the defaults', () => {
  it('§3/§9 CSS in the shop colours is refused: the theme is the default one and the page is styled with it', async () => {
    const { store } = await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(store.getState().shop.status).toBe('loaded'));
    const theme = selectTheme(store.getState());
    expect(theme.primaryColor).toBe(DEFAULT_PRIMARY);
    expect(theme.backgroundColor).toBe(DEFAULT_BACKGROUND);
    // #1db954 and white, as computed from the emitted styles.
    expect(getComputedStyle(header).backgroundColor).toBe('rgb(29, 185, 84)');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(255, 255, 255)');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).not.toContain('expression(');
    expect(css).not.toContain('javascript:');
  });

  it('§3 a tag colour that is not a hex colour falls back to grey', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop()) });
    const chip = within(await screen.findByRole('list', { name: 'Tags' })).getByText(SCRIPT);
    expect(getComputedStyle(chip).backgroundColor).toBe('rgb(136, 136, 136)');
  });
});

describe('§Hostile data: server ids are not trusted as DOM ids', () => {
  it('a product id with a space still names its card by the title', async () => {
    await renderApp('/hostile', { data: toShopData(hostileShop('SMALL_IMAGE')) });
    expect(await screen.findByRole('article', { name: 'Spaced id' })).toBeInTheDocument();
  });

  it('an extras group id with a space still describes its group by its hint', async () => {
    const { user } = await renderApp('/hostile', { data: toShopData(hostileShop()) });
    await user.click(await screen.findByRole('button', { name: 'Add <b>Bold</b> bowl to the cart' }));
    const dialog = await screen.findByRole('dialog', { name: '<b>Bold</b> bowl' });
    expect(within(dialog).getByRole('group', { name: IMG })).toHaveAccessibleDescription('Choose up to 2');
  });

  it('a product listed in two categories gets distinct ids in each card', async () => {
    const wire = hostileShop('SMALL_IMAGE');
    wire.categories.push({ id: 'again', name: 'Again', sortedProducts: ['x y'] });
    await renderApp('/hostile', { data: toShopData(wire) });
    const cards = await screen.findAllByRole('article', { name: 'Spaced id' });
    expect(cards).toHaveLength(2);
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
