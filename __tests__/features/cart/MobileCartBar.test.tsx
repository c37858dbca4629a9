import { screen, within } from '@testing-library/react';
import { openTab, session } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

const bun = { id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' };

/** The fixed bottom bar (a navigation landmark named after the cart). */
const bar = () => screen.queryByRole('navigation', { name: 'Cart' });

describe('§2 mobile bottom bar', () => {
  it('§2 with items in the cart it says "Go to cart" with the count and total, linking to the cart', async () => {
    const { user } = await renderApp('/cafe', { session: session({ cart: [bun] }) });
    await screen.findByRole('heading', { name: 'Drinks' });
    const link = within(bar() as HTMLElement).getByRole('link');
    expect(link).toHaveTextContent('Go to cart');
    expect(link).toHaveTextContent('2 items');
    expect(link).toHaveTextContent('50,00 kr');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
  });

  it('§2 it follows the cart: adding updates the count and total', async () => {
    const { user } = await renderApp('/cafe');
    await screen.findByRole('heading', { name: 'Drinks' });
    expect(bar()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Bun to the cart' }));
    expect(within(bar() as HTMLElement).getByRole('link')).toHaveTextContent('Go to cart1 item25,00 kr');
  });

  it('§2 with an empty cart and unpaid tab items it says "Pay tab" with the tab total and the unpaid count', async () => {
    await renderApp('/cafe', { session: session({ activeTab: openTab() }) });
    await screen.findByRole('heading', { name: 'Drinks' });
    const link = within(bar() as HTMLElement).getByRole('link');
    expect(link).toHaveTextContent('Pay tab');
    expect(link).toHaveTextContent('3 items');
    expect(link).toHaveTextContent('293,00 kr');
    expect(link).toHaveAttribute('href', '/cafe/cart');
  });

  it('§2 the unpaid count leaves out tab items already chosen for payment', async () => {
    await renderApp('/cafe', {
      session: session({ activeTab: openTab(), tabItems: [{ id: 'e1', count: 2 }] }),
    });
    await screen.findByRole('heading', { name: 'Drinks' });
    // Tab items in the cart count as cart contents: the bar offers the cart with them.
    expect(within(bar() as HTMLElement).getByRole('link')).toHaveTextContent('Go to cart2 items258,00 kr');
  });

  it('§2 with an empty cart and no tab there is no bar', async () => {
    await renderApp('/cafe');
    await screen.findByRole('heading', { name: 'Drinks' });
    expect(bar()).not.toBeInTheDocument();
  });

  it('§2 the bar is hidden on the cart page', async () => {
    await renderApp('/cafe/cart', { session: session({ cart: [bun] }) });
    await screen.findByRole('heading', { level: 1, name: 'Cart' });
    expect(bar()).not.toBeInTheDocument();
  });
});
