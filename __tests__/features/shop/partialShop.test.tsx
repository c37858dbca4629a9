/**
 * Issue 37: a big shop's page comes from the host with only the products its first render draws (src/ssr,
 * firstScreenOf); the app reads the whole shop after it hydrates (shopSagas). Until then every control still
 * works or says it is busy and does what was asked once the products are in: a block further down, the
 * search, a product's page. Nothing shows a total without the products it needs (the cart's summary, the
 * cart page).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { firstScreenOf } from '../../../src/app/renderedPage';
import type { ShopData } from '../../../src/domain/types';
import { bigShop } from '../../helpers/bigShop';
import { session } from '../../helpers/fixtures';
import { installFakeIntersectionObserver } from '../../helpers/intersectionObserver';
import { deferred, renderApp } from '../../helpers/renderApp';

installFakeIntersectionObserver();

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const cards = (name: string) => section(name).querySelectorAll('article');
const emptyBlock = (name: string) => screen.getByRole('button', { name: `Show the products in ${name}` });

/** The big shop's page as the host sends it, with the whole shop's read held until `whole.resolve`. */
async function renderPartial(path = '/bigshop', options: Parameters<typeof renderApp>[1] = {}) {
  const data = bigShop();
  const page = firstScreenOf({ shopId: 'bigshop', language: 'en', shop: data });
  const whole = deferred<ShopData>();
  const app = await renderApp(path, {
    ...options,
    fromPage: { data: page.shop as ShopData, partial: page.partial },
    api: { getShop: jest.fn(() => whole.promise), ...options.api },
  });
  const complete = () => act(async () => whole.resolve(data));
  return { ...app, complete, carried: page.shop?.products.length };
}

describe("issue 37: a big shop's page that came with its first products", () => {
  it('carries the first block alone, and asks for the whole shop once', async () => {
    const { carried, api, store } = await renderPartial();
    expect(carried).toBe(50);
    expect(cards('Category 1')).toHaveLength(50);
    expect(store.getState().shop.partial).toBe(true);
    expect(api.getShop).toHaveBeenCalledTimes(1);
  });

  it('a category jumped to before its products are in is busy, and its cards are drawn once they are', async () => {
    const { user, complete } = await renderPartial();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', {
        name: 'Category 30',
      }),
    );
    expect(cards('Category 30')).toHaveLength(0);
    expect(emptyBlock('Category 30')).toHaveAttribute('aria-busy', 'true');
    await complete();
    expect(cards('Category 30')).toHaveLength(50);
    // A block nobody asked for stays empty, and is not busy.
    expect(emptyBlock('Category 31')).not.toHaveAttribute('aria-busy');
  });

  it('Tab into a block whose products are not in yet: focus goes to its first card once they are', async () => {
    const { user, complete } = await renderPartial();
    const adds = within(section('Category 1')).getAllByRole('button', { name: /^Add Item/ });
    (adds[adds.length - 1] as HTMLElement).focus();
    await user.tab();
    expect(document.activeElement).toBe(emptyBlock('Category 2'));
    expect(emptyBlock('Category 2')).toHaveAttribute('aria-busy', 'true');
    await complete();
    expect(document.activeElement).toBe(
      within(section('Category 2')).getByRole('button', { name: 'Item 51' }),
    );
  });

  it('focus moved elsewhere meanwhile stays where the customer put it when the cards arrive', async () => {
    const { user, complete } = await renderPartial();
    const adds = within(section('Category 1')).getAllByRole('button', { name: /^Add Item/ });
    (adds[adds.length - 1] as HTMLElement).focus();
    await user.tab();
    expect(document.activeElement).toBe(emptyBlock('Category 2'));
    const first = within(section('Category 1')).getByRole('button', { name: 'Item 1' });
    act(() => first.focus());
    await complete();
    expect(document.activeElement).toBe(first);
  });

  it('the search asked for is busy until the whole shop is in, then opens with the focus in its field', async () => {
    const { user, complete } = await renderPartial();
    const open = screen.getByRole('button', { name: 'Search the menu' });
    await user.click(open);
    // Its code may be here already: the products are not.
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Search the menu' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await complete();
    const field = await screen.findByRole('searchbox', { name: 'Search the menu' });
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("the cart's summary waits while the cart holds a product not read yet, then shows the right total", async () => {
    const item = { id: 'l1', productId: 'b-1500', count: 2, deviations: [], description: '' };
    const { complete } = await renderPartial('/bigshop', { session: session({ cart: [item] }) });
    expect(screen.queryByRole('navigation', { name: 'Cart' })).not.toBeInTheDocument();
    await complete();
    const price = bigShop().products.find((p) => p.id === 'b-1500')?.price.amount ?? 0;
    const total = `${((2 * price) / 100).toFixed(2).replace('.', ',')}`;
    expect(within(screen.getByRole('navigation', { name: 'Cart' })).getByRole('link')).toHaveTextContent(
      total,
    );
  });

  it('the cart page reached meanwhile (Back) waits for the whole shop: no line is left out of its total', async () => {
    const item = { id: 'l1', productId: 'b-1500', count: 1, deviations: [], description: '' };
    const { complete } = await renderPartial('/bigshop/cart', { session: session({ cart: [item] }) });
    expect(screen.getByText('Loading the shop…')).toBeInTheDocument();
    await complete();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByText('Item 1500')).toBeInTheDocument();
  });

  it('the refund policy, reached meanwhile, needs no product: it shows at once', async () => {
    await renderPartial('/bigshop/refundPolicy');
    expect(screen.queryByText('Loading the shop…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it("a product's page further down is loading, not 'not found', until the whole shop is in", async () => {
    const { complete } = await renderPartial('/bigshop/products/b-1500');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The product could not be found' })).not.toBeInTheDocument();
    await complete();
    expect(await screen.findByRole('heading', { level: 1, name: 'Item 1500' })).toBeInTheDocument();
  });
});
