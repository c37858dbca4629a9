import { act, screen, waitFor, within } from '@testing-library/react';
import { selectCartItems } from '../../../src/features/cart/cartSelectors';
import type { DisplayType, ShopData } from '../../../src/domain/types';
import { product, session, shopData } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

const sek = (amount: number) => ({ amount, currency: 'SEK' as const });

function withDisplay(displayType: DisplayType, overrides: Partial<ShopData> = {}): ShopData {
  const base = shopData(overrides);
  return { ...base, shop: { ...base.shop, displayType } };
}

/** The product cards in a section, in page order, by their titles. */
const cardNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('§2 store page sections', () => {
  it('§2 one section per category in category order, products in sortedProducts order', async () => {
    const data = shopData({
      products: [
        product('a', { title: 'Apple', categoryId: 'fruit' }),
        product('b', { title: 'Banana', categoryId: 'fruit' }),
        product('c', { title: 'Cherry', categoryId: 'fruit' }),
        product('t', { title: 'Tea', categoryId: 'drinks' }),
      ],
      categories: [
        { id: 'drinks', name: 'Drinks', productIds: ['t'] },
        { id: 'fruit', name: 'Fruit', productIds: ['c', 'a', 'b'] },
      ],
    });
    await renderApp('/cafe', { data });
    await screen.findByRole('heading', { name: 'Fruit' });
    const main = screen.getByRole('main');
    const sections = within(main).getAllByRole('region');
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Drinks',
      'Fruit',
    ]);
    expect(cardNames(sections[1] as HTMLElement)).toEqual(['Cherry', 'Apple', 'Banana']);
    expect(cardNames(sections[0] as HTMLElement)).toEqual(['Tea']);
  });

  it('§2 the category bar has one anchor per category pointing at its section', async () => {
    await renderApp('/cafe');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Drinks', 'Bakery']);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target).not.toBeNull();
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
  });

  it('§2 once scrolled past its place the category bar sticks and also shows a cart link', async () => {
    const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    class FakeIntersectionObserver {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, target: null });
      }
      observe(target: Element) {
        (observers[observers.length - 1] as { target: Element | null }).target = target;
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    const original = window.IntersectionObserver;
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    try {
      await renderApp('/cafe');
      const nav = await screen.findByRole('navigation', { name: 'Categories' });
      expect(within(nav).queryByRole('link', { name: /^Cart:/ })).not.toBeInTheDocument();
      const scrolled = (isIntersecting: boolean, top: number) =>
        act(() => {
          for (const { callback, target } of observers) {
            callback(
              [
                {
                  isIntersecting,
                  boundingClientRect: { top } as DOMRectReadOnly,
                  target,
                } as IntersectionObserverEntry,
              ],
              {} as IntersectionObserver,
            );
          }
        });
      scrolled(false, -10);
      expect(within(nav).getByRole('link', { name: 'Cart: 0 items, 0,00 kr' })).toHaveAttribute(
        'href',
        '/cafe/cart',
      );
      scrolled(true, 5);
      expect(within(nav).queryByRole('link', { name: /^Cart:/ })).not.toBeInTheDocument();
    } finally {
      window.IntersectionObserver = original;
    }
  });

  it('§2 the optional shop description is shown as text', async () => {
    await renderApp('/cafe', {
      data: shopData({ shop: { ...shopData().shop, description: 'Fresh every morning' } }),
    });
    expect(await screen.findByText('Fresh every morning')).toBeInTheDocument();
  });

  it('§2 a shop without categories says there are no products yet', async () => {
    await renderApp('/cafe', { data: shopData({ categories: [], products: [] }) });
    expect(await screen.findByText('There are no products here yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('§2 no categories but an active tab: the store redirects to the cart', async () => {
    const tab = { id: 't1', customerReference: 'Bord 3', entries: [] };
    const { history } = await renderApp('/cafe', {
      data: shopData({ categories: [], products: [] }),
      session: session({ activeTab: tab }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/cafe/cart');
  });
});

describe('§2 the three display types', () => {
  it('§2 LARGE_IMAGE: the title is a link to /{shop}/products/{id}, which opens the product page', async () => {
    const { user } = await renderApp('/cafe', { data: withDisplay('LARGE_IMAGE') });
    const link = await screen.findByRole('link', { name: 'Bun' });
    expect(link).toHaveAttribute('href', '/cafe/products/bun');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bun' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('§2 SMALL_IMAGE: the title opens the product popup', async () => {
    const { user } = await renderApp('/cafe', { data: withDisplay('SMALL_IMAGE') });
    await user.click(await screen.findByRole('button', { name: 'Bun' }));
    expect(await screen.findByRole('dialog', { name: 'Bun' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bun' })).not.toBeInTheDocument();
  });

  it('§2 NO_IMAGE: the title opens the popup and no card shows an image, even when the product has one', async () => {
    const data = withDisplay('NO_IMAGE', {
      products: [product('bun', { title: 'Bun', image: 'https://cdn.example/bun.jpg', categoryId: 'c1' })],
      categories: [{ id: 'c1', name: 'Bakery', productIds: ['bun'] }],
    });
    const { user } = await renderApp('/cafe', { data });
    const card = await screen.findByRole('article', { name: 'Bun' });
    expect(card.querySelector('img')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Bun' }));
    expect(await screen.findByRole('dialog', { name: 'Bun' })).toBeInTheDocument();
  });

  it('§2/§9 SMALL_IMAGE cards show a 150 px image with width and height set (no layout shift)', async () => {
    const data = withDisplay('SMALL_IMAGE', {
      products: [product('bun', { title: 'Bun', image: 'https://cdn.example/bun.jpg', categoryId: 'c1' })],
      categories: [{ id: 'c1', name: 'Bakery', productIds: ['bun'] }],
    });
    await renderApp('/cafe', { data });
    const img = (await screen.findByRole('article', { name: 'Bun' })).querySelector('img');
    expect(img).toHaveAttribute('src', 'https://cdn.example/bun.jpg');
    expect(img).toHaveAttribute('width', '150');
    expect(img).toHaveAttribute('height', '150');
  });

  it('§Performance only the first four card images load eagerly, the rest lazily; all have width and height', async () => {
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const data = withDisplay('LARGE_IMAGE', {
      products: ids.map((id, i) =>
        product(id, {
          title: `Item ${i + 1}`,
          image: `https://cdn.example/${id}.jpg`,
          categoryId: i < 3 ? 'c1' : 'c2',
        }),
      ),
      categories: [
        { id: 'c1', name: 'First', productIds: ids.slice(0, 3) },
        { id: 'c2', name: 'Second', productIds: ids.slice(3) },
      ],
    });
    await renderApp('/cafe', { data });
    await screen.findByRole('article', { name: 'Item 7' });
    const images = within(screen.getByRole('main')).getAllByRole('presentation') as HTMLImageElement[];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });
});

describe('§2 product cards', () => {
  it('§2 a card shows its price, description and tags by name', async () => {
    const data = withDisplay('SMALL_IMAGE', {
      products: [
        product('bun', {
          title: 'Bun',
          description: 'With cardamom',
          price: sek(2500),
          tagIds: ['vegan', 'new'],
        }),
      ],
      categories: [{ id: 'c1', name: 'Bakery', productIds: ['bun'] }],
      tags: [
        { id: 'vegan', tag: 'Vegan', color: '#2e7d32' },
        { id: 'new', tag: 'New', color: '#ffeb3b' },
      ],
    });
    await renderApp('/cafe', { data });
    const card = await screen.findByRole('article', { name: 'Bun' });
    expect(within(card).getByText('25,00 kr')).toBeInTheDocument();
    expect(within(card).getByText('With cardamom')).toBeInTheDocument();
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Vegan', 'New']);
    // Each chip in its own colour, with readable text (§3): white on dark green, black on yellow.
    expect(getComputedStyle(within(tags).getByText('Vegan')).backgroundColor).toBe('rgb(46, 125, 50)');
    expect(getComputedStyle(within(tags).getByText('Vegan')).color).toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(within(tags).getByText('New')).color).toBe('rgb(0, 0, 0)');
  });

  it('§2/§5 an out-of-stock product is marked and cannot be added', async () => {
    await renderApp('/cafe');
    const cake = await screen.findByRole('article', { name: 'Cake' });
    expect(within(cake).getByText('Out of stock')).toBeInTheDocument();
    expect(within(cake).getByRole('button', { name: 'Add Cake to the cart' })).toBeDisabled();
    const bun = screen.getByRole('article', { name: 'Bun' });
    expect(within(bun).queryByText('Out of stock')).not.toBeInTheDocument();
    expect(within(bun).getByRole('button', { name: 'Add Bun to the cart' })).toBeEnabled();
  });

  it('§4 + on a product without extras adds one directly: store, card and cart summary update, no popup', async () => {
    const { user, store, api } = await renderApp('/cafe');
    const bun = await screen.findByRole('article', { name: 'Bun' });
    await user.click(within(bun).getByRole('button', { name: 'Add Bun to the cart' }));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ productId: 'bun', count: 1, deviations: [], description: '' }),
    ]);
    expect(within(bun).getByText('1 in cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart: 1 item, 25,00 kr' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.putCart).toHaveBeenCalled());
  });

  it('§5 + is disabled once the cart holds the whole stock', async () => {
    const { user } = await renderApp('/cafe');
    const bun = await screen.findByRole('article', { name: 'Bun' });
    const add = within(bun).getByRole('button', { name: 'Add Bun to the cart' });
    await user.click(add);
    await user.click(add);
    expect(add).toBeEnabled();
    await user.click(add);
    expect(within(bun).getByText('3 in cart')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });

  it('§4 + on a product with extras opens the popup instead of adding', async () => {
    const { user, store } = await renderApp('/cafe');
    const coffee = await screen.findByRole('article', { name: 'Coffee' });
    await user.click(within(coffee).getByRole('button', { name: 'Add Coffee to the cart' }));
    expect(await screen.findByRole('dialog', { name: 'Coffee' })).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual([]);
  });
});
