import { screen, waitFor, within } from '@testing-library/react';
import { selectCartItems } from '../../../src/features/cart/cartSelectors';
import { NetworkError } from '../../../src/shared/api';
import { cartLine, openTab, session, shopData } from '../../helpers/fixtures';
import { recordActions, renderApp, wholeText } from '../../helpers/renderApp';

/** The list item of the cart line or openTab() entry whose title is `title`. */
function row(title: string | RegExp, container: HTMLElement = screen.getByRole('main')) {
  const item = within(container)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(title) !== null);
  if (!item) throw new Error(`no row for ${String(title)}`);
  return item;
}

describe('§2 cart page: the cart', () => {
  it('§2 an empty cart says so and links back to the shop', async () => {
    await renderApp('/cafe/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/cafe');
  });

  it('§2 each line shows title, extras with prices, the note, the unit price and the line total; the sum adds them', async () => {
    await renderApp('/cafe/cart', {
      session: session({
        cart: [cartLine('l1', 'coffee', 2, ['oat'], 'extra hot'), cartLine('l2', 'bun', 1)],
      }),
    });
    const coffee = row('Coffee', await screen.findByRole('main'));
    expect(within(coffee).getByText(wholeText('Oat milk (+5,00 kr)'))).toBeInTheDocument();
    expect(within(coffee).getByText('extra hot')).toBeInTheDocument();
    expect(within(coffee).getByText('40,00 kr')).toBeInTheDocument();
    expect(within(coffee).getByText('80,00 kr')).toBeInTheDocument();
    expect(within(coffee).getByRole('group', { name: 'Quantity Coffee: 2' })).toBeInTheDocument();
    const bun = row('Bun');
    expect(within(bun).getAllByText('25,00 kr')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Amount to pay 105,00 kr' })).toBeInTheDocument();
  });

  it('§5 a line’s stepper goes up to its count plus the remaining stock', async () => {
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'bun', 1), cartLine('l2', 'bun', 1, [], 'warm')] }),
    });
    const first = row(/^Bun$/, await screen.findByRole('main'));
    const increase = within(first).getAllByRole('button', {
      name: 'Increase quantity of Bun',
    })[0] as HTMLElement;
    // Stock 3, two in the cart: this line may hold 1 + 1.
    await user.click(increase);
    expect(increase).toBeDisabled();
    expect(selectCartItems(store.getState()).map((i) => i.count)).toEqual([2, 1]);
    for (const button of screen.getAllByRole('button', { name: 'Increase quantity of Bun' }))
      expect(button).toBeDisabled();
  });

  it('§5 decreasing a line to 0 removes it, and so does Remove', async () => {
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'coffee', 1, ['cow']), cartLine('l2', 'bun', 2)] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Decrease quantity of Coffee' }));
    await waitFor(() => expect(screen.queryByText('Coffee')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Bun from the cart' }));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it('§4 Edit reopens the product in the popup in Update mode; Update changes the item', async () => {
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'coffee', 1, ['cow'])] }),
    });
    const edit = await screen.findByRole('button', { name: 'Edit Coffee' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Coffee' });
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /^Milk/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Oat milk/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allergies or notes' }), 'no foam');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectCartItems(store.getState())).toEqual([cartLine('l1', 'coffee', 1, ['oat'], 'no foam')]);
    expect(within(row('Coffee')).getByText('no foam')).toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it('§5 an edited item that now matches another merges with it', async () => {
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({
        cart: [cartLine('l1', 'coffee', 1, ['oat']), cartLine('l2', 'coffee', 2, ['cow'])],
      }),
    });
    await user.click((await screen.findAllByRole('button', { name: 'Edit Coffee' }))[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Coffee' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Oat milk/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectCartItems(store.getState()).map((i) => [i.deviations, i.count])).toEqual([[['oat'], 3]]);
    expect(screen.getAllByRole('button', { name: 'Edit Coffee' })).toHaveLength(1);
  });

  it('§5 an edited item keeps its own count available on top of the remaining stock', async () => {
    const { user } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'bun', 3)] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Bun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bun' });
    expect(within(dialog).getByRole('group', { name: 'Quantity: 3' })).toBeInTheDocument();
    expect(within(dialog).getByText('Only 3 in stock')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
  });
});

describe('§8 cart page: out of stock at payment', () => {
  it('§8 OUT_OF_STOCK from the server marks each line with what is left and says so under the payment', async () => {
    const startPayment = jest.fn(() =>
      Promise.reject(
        new NetworkError('OUT_OF_STOCK', {
          status: 400,
          code: 'OUT_OF_STOCK',
          stockLevels: [
            { id: 'bun', stock: 1 },
            { id: 'coffee', stock: 0 },
          ],
        }),
      ),
    );
    const { user } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'bun', 3), cartLine('l2', 'coffee', 1, ['oat'])] }),
      api: { startPayment },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number (optional)' }), '0701234567');
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    expect(await within(row('Bun')).findByRole('alert')).toHaveTextContent('Only 1 left in stock');
    expect(within(row('Coffee')).getByRole('alert')).toHaveTextContent('Out of stock');
    expect(
      screen.getAllByRole('alert').some((alert) => alert.textContent === 'Articles are out of stock'),
    ).toBe(true);
    // The line may now only go down: 3 in the cart, 1 left.
    expect(within(row('Bun')).getByRole('button', { name: 'Increase quantity of Bun' })).toBeDisabled();
  });
});

describe('§2 cart page: the open tab', () => {
  it('§2 shows the tab’s customer reference and the entries not yet in the cart', async () => {
    await renderApp('/cafe/cart', { session: session({ activeTab: openTab() }) });
    const section = await screen.findByRole('region', { name: 'Open tab' });
    expect(within(section).getByText('Tab reference: Bord 12')).toBeInTheDocument();
    const burger = row('2 × Burger', section);
    expect(within(burger).getByText('No onion')).toBeInTheDocument();
    expect(within(burger).getByText('well done')).toBeInTheDocument();
    expect(within(burger).getByText('129,00 kr')).toBeInTheDocument();
    expect(within(section).getByText('1 × Beer')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Added from the tab' })).not.toBeInTheDocument();
  });

  it('§2 + Add moves one of an entry to "added from the tab", whose stepper goes up to the tab count; the sum includes it', async () => {
    const { user, store } = await renderApp('/cafe/cart', { session: session({ activeTab: openTab() }) });
    const section = await screen.findByRole('region', { name: 'Open tab' });
    await user.click(within(section).getByRole('button', { name: 'Add Burger' }));
    expect(within(section).getByText('1 × Burger')).toBeInTheDocument();
    const added = screen.getByRole('region', { name: 'Added from the tab' });
    expect(within(added).getByText('1 × Burger')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Amount to pay 129,00 kr' })).toBeInTheDocument();
    const increase = within(added).getByRole('button', { name: 'Increase quantity of Burger' });
    await user.click(increase);
    expect(within(added).getByRole('group', { name: 'Quantity Burger: 2' })).toBeInTheDocument();
    expect(increase).toBeDisabled();
    expect(store.getState().session.tabItems).toEqual([{ id: 'e1', count: 2 }]);
    // Fully chosen: no longer offered in the open tab.
    expect(
      within(screen.getByRole('region', { name: 'Open tab' })).queryByText(/Burger/),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Amount to pay 258,00 kr' })).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: 'Decrease quantity of Burger' }));
    await user.click(within(added).getByRole('button', { name: 'Decrease quantity of Burger' }));
    expect(screen.queryByRole('region', { name: 'Added from the tab' })).not.toBeInTheDocument();
    expect(store.getState().session.tabItems).toEqual([]);
  });

  it('§2 pay whole tab selects every tab line in one action: every entry with its full count, and the open tab section goes away', async () => {
    const { user, store, api } = await renderApp('/cafe/cart', {
      session: session({ activeTab: openTab(), cart: [cartLine('l1', 'bun', 1)] }),
    });
    const seen = recordActions(store);
    await user.click(await screen.findByRole('button', { name: 'Pay the whole tab' }));
    expect(seen.filter((type) => type.startsWith('session/'))).toEqual(['session/wholeTabChosen']);
    await waitFor(() => expect(api.putCart).toHaveBeenCalledTimes(1));
    expect(api.putCart.mock.calls[0]?.[1]).toMatchObject({
      tabItems: [
        { id: 'e1', count: 2 },
        { id: 'e2', count: 1 },
      ],
    });
    expect(screen.queryByRole('region', { name: 'Open tab' })).not.toBeInTheDocument();
    const added = screen.getByRole('region', { name: 'Added from the tab' });
    expect(within(added).getByText('2 × Burger')).toBeInTheDocument();
    expect(within(added).getByText('1 × Beer')).toBeInTheDocument();
    // 2 × 129 + 35 + the bun's 25.
    expect(screen.getByRole('heading', { level: 2, name: 'Amount to pay 318,00 kr' })).toBeInTheDocument();
  });
});

describe('§3 cart page: a tab line is held while another guest pays for it', () => {
  /** openTab() with `beingPaid` units of each entry held by another guest's pending payment. */
  const heldTab = (beingPaid: { e1: number; e2: number }) => {
    const tab = openTab();
    return { ...tab, entries: tab.entries.map((e) => ({ ...e, beingPaid: beingPaid[e.id as 'e1' | 'e2'] })) };
  };

  it('§3 the open tab says what someone else is paying for, and offers only what is free of it', async () => {
    const { user, store } = await renderApp('/restaurant/cart', {
      session: session({ activeTab: heldTab({ e1: 1, e2: 1 }) }),
    });
    const section = await screen.findByRole('region', { name: 'Open tab' });
    const beer = row('1 × Beer', section);
    expect(within(beer).getByText('Someone at your table is paying for it right now')).toBeInTheDocument();
    expect(within(beer).queryByRole('button')).not.toBeInTheDocument();
    const burger = row('2 × Burger', section);
    expect(
      within(burger).getByText('Someone at your table is paying for 1 of these right now'),
    ).toBeInTheDocument();
    await user.click(within(burger).getByRole('button', { name: 'Add Burger' }));
    // One of two is free: once chosen, nothing more of it is offered.
    expect(within(row('1 × Burger', section)).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay the whole tab' }));
    expect(store.getState().session.tabItems).toEqual([{ id: 'e1', count: 1 }]);
  });

  it('§3 a chosen line someone else started paying for is named under the payment, in words', async () => {
    await renderApp('/restaurant/cart', {
      session: session({ activeTab: heldTab({ e1: 0, e2: 1 }), tabItems: [{ id: 'e2', count: 1 }] }),
    });
    expect(
      await screen.findByText(
        'Someone at your table is paying for Beer right now. Wait a moment or take it out of your order.',
      ),
    ).toBeInTheDocument();
    const added = screen.getByRole('region', { name: 'Added from the tab' });
    expect(
      within(row('1 × Beer', added)).getByText('Someone at your table is paying for it right now'),
    ).toBeInTheDocument();
  });
});

describe('§2/§5 cart page: your details', () => {
  it('§3 without a config only email and phone are shown, both optional', async () => {
    await renderApp('/cafe/cart');
    const form = await screen.findByRole('region', { name: 'Your details' });
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('autocomplete')),
    ).toEqual(['email', 'tel']);
    expect(within(form).getByRole('textbox', { name: 'Email (optional)' })).not.toBeRequired();
    expect(within(form).getByRole('textbox', { name: 'Phone number (optional)' })).not.toBeRequired();
  });

  it('§3 the shop’s config shows and requires the fields it marks', async () => {
    const base = shopData();
    const customerInputs = {
      nameInput: { active: true, required: true },
      emailInput: { active: true, required: true },
      phoneInput: { active: false, required: false },
      addressInput: { active: true, required: false },
      extraInfoInput: { active: true, required: true },
    };
    await renderApp('/cafe/cart', { data: { ...base, shop: { ...base.shop, customerInputs } } });
    const form = await screen.findByRole('region', { name: 'Your details' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBeRequired();
    expect(within(form).getByRole('textbox', { name: 'Additional information' })).toBeRequired();
    expect(within(form).getByRole('textbox', { name: 'Address (optional)' })).not.toBeRequired();
    expect(within(form).queryByRole('textbox', { name: /Phone number/ })).not.toBeInTheDocument();
  });

  it('§5 "The field is required" appears only once a required field is left, tied to that field', async () => {
    const base = shopData();
    const customerInputs = {
      nameInput: { active: true, required: true },
      emailInput: { active: true, required: false },
      phoneInput: { active: true, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: false, required: false },
    };
    const { user } = await renderApp('/cafe/cart', {
      data: { ...base, shop: { ...base.shop, customerInputs } },
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('The field is required')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(name);
    expect(screen.queryByText('The field is required')).not.toBeInTheDocument();
    await user.tab();
    const message = await screen.findByText('The field is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The field is required');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    await user.type(name, 'Ada');
    expect(screen.queryByText('The field is required')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('§5 "Enter a valid email" appears only after leaving the field, is tied to it, and goes once the address is valid', async () => {
    const { user } = await renderApp('/cafe/cart');
    const email = await screen.findByRole('textbox', { name: 'Email (optional)' });
    await user.type(email, 'ada at example');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(email).toHaveAccessibleDescription('Enter a valid email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The phone field is untouched and carries no message.
    expect(screen.getByRole('textbox', { name: 'Phone number (optional)' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
  });

  it('§5 an optional e-mail left empty is valid', async () => {
    const { user } = await renderApp('/cafe/cart');
    const email = await screen.findByRole('textbox', { name: 'Email (optional)' });
    await user.click(email);
    await user.tab();
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});

describe('§2 cart page: choose payment', () => {
  it('§2 the payment choice appears only with something in the cart and a valid form', async () => {
    const { user } = await renderApp('/cafe/cart');
    await screen.findByRole('region', { name: 'Your details' });
    // Valid (empty, optional) form but an empty cart: no choice.
    expect(screen.queryByRole('heading', { name: 'Choose payment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue shopping' }));
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await user.click(screen.getByRole('link', { name: /^Cart: 1 item/ }));
    expect(await screen.findByRole('heading', { name: 'Choose payment' })).toBeInTheDocument();
    // An invalid e-mail hides it again.
    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'nope');
    expect(screen.queryByRole('heading', { name: 'Choose payment' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), '@example.com');
    expect(screen.getByRole('heading', { name: 'Choose payment' })).toBeInTheDocument();
  });

  it('§2 tab items alone count as something to pay', async () => {
    const { user } = await renderApp('/cafe/cart', { session: session({ activeTab: openTab() }) });
    await user.click(await screen.findByRole('button', { name: 'Add Beer' }));
    expect(screen.getByRole('heading', { name: 'Choose payment' })).toBeInTheDocument();
  });

  it('§2 one toggle per payment method; choosing the chosen one again deselects it', async () => {
    const { user, store } = await renderApp('/cafe/cart', {
      session: session({ cart: [cartLine('l1', 'bun', 1)] }),
    });
    const section = (await screen.findByRole('heading', { name: 'Choose payment' })).closest(
      'section',
    ) as HTMLElement;
    const swish = within(section).getByRole('button', { name: 'Swish' });
    const viva = within(section).getByRole('button', { name: 'Card or wallet (Viva)' });
    expect(swish).toHaveAttribute('aria-pressed', 'false');
    expect(viva).toHaveAttribute('aria-pressed', 'false');
    await user.click(swish);
    expect(swish).toHaveAttribute('aria-pressed', 'true');
    expect(viva).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().payment.selectedPaymentMethod).toBe('pm-swish');
    await user.click(swish);
    expect(swish).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().payment.selectedPaymentMethod).toBeNull();
  });
});
