import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { selectCartItems } from '../../../src/features/cart/cartSelectors';
import { cartLine, session } from '../../helpers/fixtures';
import { renderApp, wholeText } from '../../helpers/renderApp';

describe('§2 product page', () => {
  it('§2 shows title, category name, price and the extras with Add', async () => {
    await renderApp('/cafe/products/coffee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Category: Drinks')).toBeInTheDocument();
    // The price, and the total's amount (one coffee).
    expect(within(main).getAllByText('35,00 kr')).toHaveLength(2);
    expect(within(main).getByText(wholeText('Total: 35,00 kr'))).toBeInTheDocument();
    expect(within(main).getByRole('group', { name: 'Milk' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('§2 Add on the product page puts the item in the cart and returns to the store', async () => {
    const { user, store, history } = await renderApp('/cafe/products/coffee');
    await user.click(await screen.findByRole('checkbox', { name: /Oat milk/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ productId: 'coffee', count: 1, deviations: ['oat'] }),
    ]);
    await waitFor(() => expect(history.location.pathname).toBe('/cafe'));
  });

  it('§2: adding on a product page opened from the store returns to that store (Back), with no new history entry, so Back never reopens the product', async () => {
    const { user, history } = await renderApp('/cafe');
    const card = await screen.findByRole('article', { name: 'Coffee' });
    await user.click(within(card).getByRole('link', { name: 'Coffee' }));
    await user.click(await screen.findByRole('checkbox', { name: /Oat milk/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(history.location.pathname).toBe('/cafe'));
    // The store's own entry, the first: nothing before it to go Back to in the app.
    expect(history.index).toBe(0);
    expect(await screen.findByRole('article', { name: 'Coffee' })).toBeInTheDocument();
  });

  it("§2: a product's link opens its page in the app on a plain click; a click with a modifier key is the browser's (a new tab)", async () => {
    const { history } = await renderApp('/cafe');
    const link = within(await screen.findByRole('article', { name: 'Coffee' })).getByRole('link', {
      name: 'Coffee',
    });
    expect(link).toHaveAttribute('href', '/cafe/products/coffee');
    // After the app's handler (React listens at its root, inside the document): whether the app took the click;
    // then no navigation by jsdom, which has none.
    const takenByApp: boolean[] = [];
    const record = (event: Event) => {
      takenByApp.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    try {
      for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)
        fireEvent.click(link, { [modifier]: true });
      fireEvent.click(link, { button: 1 });
      expect(takenByApp).toEqual([false, false, false, false, false]);
      expect(history.location.pathname).toBe('/cafe');
      fireEvent.click(link);
      expect(takenByApp.at(-1)).toBe(true);
    } finally {
      document.removeEventListener('click', record);
    }
    await waitFor(() => expect(history.location.pathname).toBe('/cafe/products/coffee'));
    expect(history.action).toBe('PUSH');
  });

  it('§2: adding on a product page opened by its address puts the store in its place in the history', async () => {
    const { user, history } = await renderApp('/cafe/products/coffee');
    await user.click(await screen.findByRole('checkbox', { name: /Oat milk/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(history.location.pathname).toBe('/cafe'));
    expect(history.index).toBe(0);
    expect(history.action).toBe('REPLACE');
  });

  it('§2 ?edit={itemId} edits that cart item: its choices are preselected and the button says Update', async () => {
    const { user, store, history } = await renderApp('/cafe/products/coffee?edit=l1', {
      session: session({ cart: [cartLine('l1', 'coffee', 2, ['cow'], 'hot')] }),
    });
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Milk/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Allergies or notes' })).toHaveValue('hot');
    expect(screen.getByRole('group', { name: 'Quantity: 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Oat milk/ }));
    await user.click(update);
    expect(selectCartItems(store.getState())).toEqual([cartLine('l1', 'coffee', 2, ['oat'], 'hot')]);
    await waitFor(() => expect(history.location.pathname).toBe('/cafe/cart'));
    // §2 the cart takes the product page's place: Back from the cart does not reopen the product.
    expect(history.index).toBe(0);
  });

  it('§2 an ?edit= id that is not in the cart falls back to adding', async () => {
    await renderApp('/cafe/products/coffee?edit=gone');
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('§2 an unknown product shows "The product could not be found" with a way back to the shop', async () => {
    await renderApp('/cafe/products/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The product could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/cafe');
  });
});
