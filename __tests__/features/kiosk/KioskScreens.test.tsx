/**
 * Issue 10: the kiosk's screens in the real app (routes, store, sagas, English texts): the order panel and
 * language control only on a kiosk, nothing leading off the shop, no autofill of customer fields, the Swish
 * QR code, the receipt's QR code and New order, the idle question as an alertdialog, and a receipt that is
 * not the current customer's never shown.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { kioskActions } from '../../../src/features/kiosk/kioskSlice';
import { receipt, session } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

const KIOSK = { kiosk: { idleMs: 60_000 } };

describe('kiosk screens', () => {
  it('a kiosk store shows the order panel (aside with a heading) and the language group; others get neither', async () => {
    const kiosk = await renderApp('/cafe', KIOSK);
    const panel = await screen.findByRole('complementary', { name: 'Your order' });
    expect(within(panel).getByText('Tap a product to add it to your order.')).toBeVisible();
    const languages = await screen.findByRole('group', { name: 'Language' });
    expect(
      within(languages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Svenska', 'English', 'Suomi']);
    kiosk.unmount();

    await renderApp('/cafe');
    await screen.findByRole('heading', { name: 'Drinks' });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it("a customer's language stays until the customer leaves; the next one starts in the shop's (Swedish)", async () => {
    const { user, i18n, store } = await renderApp('/cafe', KIOSK);
    const languages = await screen.findByRole('group', { name: 'Language' });
    await waitFor(() => expect(i18n.language).toBe('se'));
    await user.click(within(languages).getByRole('button', { name: 'Suomi' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(i18n.language).toBe('fi');
    act(() => {
      store.dispatch(kioskActions.customerLeft());
    });
    await waitFor(() => expect(i18n.language).toBe('se'));
    await act(() => i18n.changeLanguage('en')); // the shared instance of this file goes back to English
  });

  it('the order panel lists the lines with steppers, the sum and the way to payment', async () => {
    const { user } = await renderApp('/cafe', KIOSK);
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    const panel = await screen.findByRole('complementary', { name: 'Your order' });
    await user.click(within(panel).getByRole('button', { name: /increase/i }));
    expect(within(panel).getByText('Bun')).toBeVisible();
    expect(within(panel).getAllByText('50,00 kr').length).toBeGreaterThan(0);
    expect(within(panel).getByRole('link', { name: 'Go to payment (2 items)' })).toHaveAttribute(
      'href',
      '/cafe/cart',
    );
  });

  it('nothing on a kiosk leads off the shop: the footer gives phone and e-mail as text', async () => {
    await renderApp('/cafe', KIOSK);
    await screen.findByRole('complementary', { name: 'Your order' });
    expect(screen.getByText(/08-123 45 67/)).toBeVisible();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /^(tel:|mailto:|https?:)/.test(href))).toEqual([]);
  });

  it("a kiosk's customer fields are never autofilled nor kept by the browser", async () => {
    const { user } = await renderApp('/cafe', KIOSK);
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await user.click(screen.getByRole('link', { name: 'Go to payment (1 item)' }));
    await screen.findByRole('heading', { name: 'Your details' });
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('Swish on a kiosk shows the QR code of the request and the phone alternative, no app link', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1', token: 'tok-1' }));
    const { user } = await renderApp('/cafe', { ...KIOSK, api: { startPayment } });
    await user.click(await screen.findByRole('button', { name: 'Add Bun to the cart' }));
    await user.click(screen.getByRole('link', { name: 'Go to payment (1 item)' }));
    await user.click(await screen.findByRole('button', { name: 'Swish' }));
    expect(await screen.findByRole('img', { name: 'QR code of the Swish payment' })).toBeVisible();
    expect(screen.getByText('Scan the QR code with the Swish app on your phone')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send to my phone' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /open the swish app/i })).toBeNull();
    expect(startPayment).toHaveBeenCalledWith('cafe', expect.objectContaining({ kiosk: true }));
  });

  it('the idle question is an alertdialog with Continue and a countdown for screen readers', async () => {
    const { store, user } = await renderApp('/cafe', KIOSK);
    await screen.findByRole('complementary', { name: 'Your order' });
    act(() => {
      store.dispatch(kioskActions.idlePromptShown({ endsAt: Date.now() + 15_000 }));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your order will be cleared so that the next customer can start.',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('15 seconds left');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(store.getState().kiosk.promptEndsAt).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the kiosk receipt offers its QR code, e-mail and New order; the download link that opens a tab is gone', async () => {
    const { store } = await renderApp('/cafe/receipt/R1', {
      ...KIOSK,
      session: session({
        paymentStatus: 'COMPLETED',
        paymentId: 'p1',
        receiptId: 'R1',
        paymentMethodId: 'pm-swish',
      }),
      api: { getReceipt: jest.fn(() => Promise.resolve(receipt)), putCart: jest.fn(() => Promise.resolve()) },
    });
    expect(await screen.findByRole('img', { name: "QR code of your receipt's download page" })).toBeVisible();
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).toHaveAttribute('autocomplete', 'off');
    expect(screen.queryByRole('link', { name: 'Download receipt' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New order' })).toBeVisible();
    expect(store.getState().kiosk.receiptId).toBe('R1');
  });

  it("a receipt that is not the current customer's is never shown on a kiosk", async () => {
    const getReceipt = jest.fn(() => Promise.resolve(receipt));
    const { history } = await renderApp('/cafe/receipt/R0', { ...KIOSK, api: { getReceipt } });
    await screen.findByRole('complementary', { name: 'Your order' });
    expect(history.location.pathname).toBe('/cafe');
    expect(getReceipt).not.toHaveBeenCalled();
  });
});
