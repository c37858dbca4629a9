import { screen, waitFor, within } from '@testing-library/react';
import { selectCartItems } from '../../../src/features/cart/cartSelectors';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import type { ShopData } from '../../../src/domain/types';
import { product, session, shopData } from '../../helpers/fixtures';
import { dispatchInAct, renderApp, wholeText } from '../../helpers/renderApp';
import { isModalDialog } from '../../helpers/setupDom';
import { paymentView } from '../../helpers/paymentView';

const sek = (amount: number) => ({ amount, currency: 'SEK' as const });

/** The café as SMALL_IMAGE (titles open the popup), plus a bowl with one group of each §5 hint kind. */
function shop(): ShopData {
  const base = shopData();
  return {
    ...base,
    shop: { ...base.shop, displayType: 'SMALL_IMAGE' },
    products: [
      ...base.products,
      product('bowl', {
        title: 'Bowl',
        price: sek(9000),
        categoryId: 'c1',
        deviationGroupIds: ['base', 'toppings', 'sauce', 'sides'],
      }),
    ],
    categories: [
      { id: 'c1', name: 'Drinks', productIds: ['coffee', 'bowl'] },
      { id: 'c2', name: 'Bakery', productIds: ['bun', 'cake'] },
    ],
    deviations: [
      ...base.deviations,
      { id: 'rice', name: 'Rice', price: null },
      { id: 'quinoa', name: 'Quinoa', price: null },
      { id: 'kale', name: 'Kale', price: null },
      { id: 'tofu', name: 'Tofu', price: sek(1500) },
      { id: 'egg', name: 'Egg', price: sek(1000) },
      { id: 'corn', name: 'Corn', price: null },
      { id: 'soy', name: 'Soy', price: null },
      { id: 'chili', name: 'Chili', price: null },
      { id: 'bread', name: 'Bread', price: null },
      { id: 'soup', name: 'Soup', price: null },
    ],
    deviationGroups: [
      ...base.deviationGroups,
      { id: 'base', name: 'Base', deviationIds: ['rice', 'quinoa', 'kale'], minCount: 2, maxCount: 2 },
      { id: 'toppings', name: 'Toppings', deviationIds: ['tofu', 'egg', 'corn'], minCount: 1, maxCount: 3 },
      { id: 'sauce', name: 'Sauce', deviationIds: ['soy', 'chili'], minCount: 1, maxCount: null },
      { id: 'sides', name: 'Sides', deviationIds: ['bread', 'soup'], minCount: null, maxCount: 1 },
    ],
  };
}

async function openPopup(title: string, options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp('/cafe', { data: shop(), ...options });
  const opener = await screen.findByRole('button', { name: title });
  await app.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...app, opener, dialog };
}

describe('§2 product popup as a modal dialog', () => {
  it('§Accessibility the popup is a modal dialog named by the product title, and focus moves into it', async () => {
    const { dialog } = await openPopup('Coffee');
    expect(isModalDialog(dialog)).toBe(true);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('heading', { name: 'Coffee' })).toBeInTheDocument();
    // The price, and the running total's amount (one coffee).
    expect(within(dialog).getAllByText('35,00 kr')).toHaveLength(2);
    expect(within(dialog).getByText(wholeText('Total: 35,00 kr'))).toBeInTheDocument();
  });

  it('§Accessibility Escape closes the popup and focus returns to the product that opened it', async () => {
    const { user, opener } = await openPopup('Coffee');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('§2 the close button closes the popup and focus returns to the product that opened it', async () => {
    const { user, opener, dialog } = await openPopup('Coffee');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('§Accessibility the + button that opened the popup gets focus back after adding', async () => {
    const { user } = await renderApp('/cafe', { data: shop() });
    const plus = await screen.findByRole('button', { name: 'Add Coffee to the cart' });
    await user.click(plus);
    const dialog = await screen.findByRole('dialog', { name: 'Coffee' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Milk/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(plus).toHaveFocus();
  });

  it('§2 the popup shows the out-of-stock marker and cannot add a sold-out product', async () => {
    const { dialog } = await openPopup('Cake');
    expect(within(dialog).getByText('Out of stock')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });
});

describe('§5 extras groups in the popup', () => {
  it('§5 each group shows its hint: exact count, min–max, min only, max only', async () => {
    const { dialog } = await openPopup('Bowl');
    expect(within(dialog).getByRole('group', { name: 'Base' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose 2'),
    );
    expect(within(dialog).getByRole('group', { name: 'Toppings' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose 1–3'),
    );
    expect(within(dialog).getByRole('group', { name: 'Sauce' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose at least 1'),
    );
    expect(within(dialog).getByRole('group', { name: 'Sides' })).toHaveAccessibleDescription(
      'Choose up to 1',
    );
  });

  it('§5 issue 26: a group below its minimum shows only its rule, neutral, until the customer tries to add; Add adds nothing and reads as disabled', async () => {
    const { dialog, user, store } = await openPopup('Bowl');
    const base = within(dialog).getByRole('group', { name: 'Base' });
    // Untouched: the rule as a hint, no message, not outlined in the error colour, not marked invalid.
    expect(base).toHaveAccessibleDescription('Choose 2');
    expect(base).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Select all necessary add-ons')).not.toBeInTheDocument();
    expect(getComputedStyle(base).borderColor).not.toBe('rgb(198, 40, 40)');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toHaveAttribute('aria-disabled', 'true');

    // The customer presses Add: nothing is added; the groups still short say so, and the first one gets focus.
    await user.click(add);
    expect(selectCartItems(store.getState())).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Bowl' })).toBeInTheDocument();
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(base).toHaveAccessibleDescription('Choose 2 Select all necessary add-ons');
    expect(within(base).getByText('Select all necessary add-ons')).toBeInTheDocument();
    expect(getComputedStyle(base).borderColor).toBe('rgb(198, 40, 40)');
    expect(within(dialog).getByRole('group', { name: 'Toppings' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: 'Sauce' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(base).getByRole('checkbox', { name: 'Rice' })).toHaveFocus();
    // A group without a minimum is valid with nothing chosen.
    expect(within(dialog).getByRole('group', { name: 'Sides' })).not.toHaveAttribute('aria-invalid');
    expect(add).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(base).getByRole('checkbox', { name: 'Rice' }));
    expect(base).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(base).getByRole('checkbox', { name: 'Quinoa' }));
    expect(base).not.toHaveAttribute('aria-invalid');
    expect(within(base).queryByText('Select all necessary add-ons')).not.toBeInTheDocument();
    expect(getComputedStyle(base).borderColor).not.toBe('rgb(198, 40, 40)');
    expect(add).toHaveAttribute('aria-disabled', 'true'); // toppings and sauce still need a choice
    await user.click(within(dialog).getByRole('checkbox', { name: /Corn/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Soy' }));
    expect(add).toBeEnabled();
    expect(add).not.toHaveAttribute('aria-disabled');
  });

  it('§5 issue 26: from the keyboard too (Enter on the focusable Add), a try to add shows the messages and adds nothing', async () => {
    const { dialog, user, store } = await openPopup('Bowl');
    const base = within(dialog).getByRole('group', { name: 'Base' });
    within(dialog).getByRole('button', { name: 'Add' }).focus();
    await user.keyboard('{Enter}');
    expect(selectCartItems(store.getState())).toHaveLength(0);
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(within(base).getByText('Select all necessary add-ons')).toBeInTheDocument();
  });

  it('§5 a group above its maximum is invalid at once (the customer chose too many) and Add reads as disabled', async () => {
    const { dialog, user } = await openPopup('Bowl');
    for (const name of ['Rice', 'Quinoa', 'Soy', 'Corn'])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeEnabled();
    expect(add).not.toHaveAttribute('aria-disabled');
    const base = within(dialog).getByRole('group', { name: 'Base' });
    await user.click(within(base).getByRole('checkbox', { name: 'Kale' }));
    expect(
      within(base)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(3);
    expect(base).toHaveAttribute('aria-invalid', 'true');
    expect(within(base).getByText('Select all necessary add-ons')).toBeInTheDocument();
    expect(add).toHaveAttribute('aria-disabled', 'true');
  });

  it('§5 a group with maxCount 1 behaves as a radio: choosing another replaces the choice', async () => {
    const { dialog, user } = await openPopup('Coffee');
    const milk = within(dialog).getByRole('group', { name: 'Milk' });
    const oat = within(milk).getByRole('checkbox', { name: /Oat milk/ });
    const cow = within(milk).getByRole('checkbox', { name: /^Milk/ });
    await user.click(oat);
    await user.click(cow);
    expect(oat).not.toBeChecked();
    expect(cow).toBeChecked();
    expect(milk).not.toHaveAttribute('aria-invalid');
  });

  it('§2 priced extras show their price and change the running total, which follows the quantity', async () => {
    const { dialog, user } = await openPopup('Coffee');
    expect(within(dialog).getByText(wholeText('Total: 35,00 kr'))).toBeInTheDocument();
    expect(within(dialog).getByText('+5,00 kr')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Oat milk/ }));
    expect(within(dialog).getByText(wholeText('Total: 40,00 kr'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(within(dialog).getByText(wholeText('Total: 80,00 kr'))).toBeInTheDocument();
  });
});

describe('§5 popup quantity', () => {
  it('§5 the quantity defaults to 1, goes down to 0 and no further, and Add needs at least 1', async () => {
    const { dialog, user } = await openPopup('Bun');
    const stepper = within(dialog).getByRole('group', { name: 'Quantity: 1' });
    expect(within(stepper).getByRole('status')).toHaveTextContent('1');
    const decrease = within(stepper).getByRole('button', { name: 'Decrease quantity' });
    await user.click(decrease);
    expect(within(dialog).getByRole('group', { name: 'Quantity: 0' })).toBeInTheDocument();
    expect(decrease).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('§5 the quantity maximum is the remaining stock, with "Only {count} in stock"', async () => {
    const { dialog, user } = await openPopup('Bun', {
      session: session({ cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }] }),
    });
    expect(within(dialog).getByText('Only 2 in stock')).toBeInTheDocument();
    const increase = within(dialog).getByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    expect(within(dialog).getByRole('group', { name: 'Quantity: 2' })).toBeInTheDocument();
    expect(increase).toBeDisabled();
  });

  it('§5 a product with unlimited stock shows no stock message', async () => {
    const { dialog } = await openPopup('Coffee');
    expect(within(dialog).queryByText(/in stock/)).not.toBeInTheDocument();
  });
});

describe('§4 adding from the popup', () => {
  it('§4 Add puts the item with its extras, quantity and note into the cart and closes the popup', async () => {
    const { dialog, user, store } = await openPopup('Coffee');
    await user.click(within(dialog).getByRole('checkbox', { name: /Oat milk/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allergies or notes' }), '  nut allergy ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'coffee',
        count: 2,
        deviations: ['oat'],
        description: 'nut allergy',
      }),
    ]);
    expect(screen.getByRole('link', { name: 'Cart: 2 items, 80,00 kr' })).toBeInTheDocument();
  });

  it('§4 adding an item resets the payment state to NOT_STARTED', async () => {
    const { dialog, user, store } = await openPopup('Coffee');
    // A failed start (Swish without a phone number on a computer) leaves the payment in ERROR.
    dispatchInAct(store, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    await waitFor(() => expect(paymentView(store.getState()).state).toBe('ERROR'));
    await user.click(within(dialog).getByRole('checkbox', { name: /Oat milk/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(paymentView(store.getState()).state).toBe('NOT_STARTED');
    expect(paymentView(store.getState()).error).toBeNull();
  });
});
