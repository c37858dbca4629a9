import { screen, waitFor, within } from '@testing-library/react';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { paymentErrorText } from '../../../src/features/payment/panels/paymentTexts';
import { NetworkError } from '../../../src/shared/api';
import { session, shopData } from '../../helpers/fixtures';
import { dispatchInAct, recordActions, renderApp, testI18n } from '../../helpers/renderApp';
import { paymentView } from '../../helpers/paymentView';

const cart = session({ cart: [{ id: 'i1', productId: 'bun', count: 1, deviations: [], description: '' }] });
const inputs = (phoneActive: boolean) => ({
  nameInput: { active: false, required: false },
  emailInput: { active: true, required: false },
  phoneInput: { active: phoneActive, required: false },
  addressInput: { active: false, required: false },
  extraInfoInput: { active: false, required: false },
});
const shopWith = (phoneActive: boolean) =>
  shopData({ shop: { ...shopData().shop, customerInputs: inputs(phoneActive) } });

async function openCart(phoneActive: boolean, api = {}) {
  const view = await renderApp('/cafe/cart', { data: shopWith(phoneActive), session: cart, api });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  return view;
}

/** Chooses Swish on a computer, enters a number and starts: the panel waits for the app. */
async function startSwish(user: Awaited<ReturnType<typeof openCart>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Swish' }));
  await user.type(screen.getByLabelText('Phone number for Swish'), '070');
  await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
  await screen.findByText(/open the Swish app/i);
}

/** A Swish payment started on the cart page, then ended as the session reports it (§4). */
async function swishEndedAs(paymentStatus: 'FAILED' | 'CANCELLED' | 'ERROR', message: string) {
  const { user, store } = await openCart(false, { startPayment: () => Promise.resolve({ paymentId: 'p1' }) });
  await startSwish(user);
  dispatchInAct(
    store,
    sessionActions.loaded({
      shopId: 'cafe',
      session: session({ ...cart, paymentStatus, paymentId: 'p1', message }),
    }),
  );
}

describe('§2 Swish panel', () => {
  it('asks for the phone number in the panel when the form does not, and starts with it', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1' }));
    const { user } = await openCart(false, { startPayment });
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.type(screen.getByLabelText('Phone number for Swish'), '0701234567');
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    expect(await screen.findByText(/open the Swish app/i)).toBeInTheDocument();
    expect(startPayment).toHaveBeenCalledWith(
      'cafe',
      expect.objectContaining({
        paymentMethodId: 'pm-swish',
        customerInfo: expect.objectContaining({ phone: '0701234567' }),
      }),
    );
  });

  it('uses the form’s phone field when the shop shows one (no second field)', async () => {
    const { user } = await openCart(true);
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    expect(screen.queryByLabelText('Phone number for Swish')).not.toBeInTheDocument();
  });

  it('§5 without a phone number on a computer says "You must enter a phone number" and sends nothing', async () => {
    const startPayment = jest.fn();
    const { user } = await openCart(false, { startPayment });
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must enter a phone number');
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('§8 a declined payment shows the error with its message and offers a restart that starts again', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1' }));
    const { user, store } = await openCart(false, { startPayment });
    await startSwish(user);
    dispatchInAct(
      store,
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ ...cart, paymentStatus: 'FAILED', paymentId: 'p1', message: 'RF07' }),
      }),
    );
    // Issue 39: the Swish code in our words, never the code itself.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment was declined in Swish. Start it again if you want to pay.');
    expect(alert).not.toHaveTextContent('RF07');
    await user.click(screen.getByRole('button', { name: 'Start the payment again' }));
    expect(startPayment).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['FAILED', 'RF07'],
    ['CANCELLED', 'BANKIDCL'],
    ['ERROR', 'TM01'],
  ] as const)(
    '§4 a payment that ends %s puts the focus on its message, so it is in view and read',
    async (paymentStatus, message) => {
      await swishEndedAs(paymentStatus, message);
      expect(await screen.findByRole('alert')).toHaveFocus();
    },
  );

  it('§8 a payment the payer cancelled says "Payment was cancelled"', async () => {
    await swishEndedAs('CANCELLED', 'BANKIDCL');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment was cancelled');
  });
});

describe('issue 9: Swish and method changes without dead ends', () => {
  it('§5 a hidden phone field never leaves a dead end: after "You must enter a phone number" the field stays and a restart with a number starts', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1' }));
    const { user } = await openCart(false, { startPayment });
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must enter a phone number');
    await user.type(screen.getByLabelText('Phone number for Swish'), '0701234567');
    await user.click(screen.getByRole('button', { name: 'Start the payment again' }));
    expect(await screen.findByText(/open the Swish app/i)).toBeInTheDocument();
    expect(startPayment).toHaveBeenCalledTimes(1);
  });

  it('§2 on a phone, Swish chosen but not started (e.g. back on the cart page) offers "Pay with Swish", never an empty panel', async () => {
    // The panel reads the device from the browser; the saga context here says "computer", so choosing does
    // not start the payment, as when the customer comes back to a cart page with Swish still chosen.
    const userAgent = jest
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)');
    try {
      const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1' }));
      const { user } = await openCart(true, { startPayment });
      await user.type(screen.getByLabelText(/^Phone/), '0701234567');
      await user.click(screen.getByRole('button', { name: 'Swish' }));
      expect(startPayment).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
      await waitFor(() => expect(startPayment).toHaveBeenCalledTimes(1));
    } finally {
      userAgent.mockRestore();
    }
  });

  it('no stale error: the Swish "phone required" error is gone after choosing another method', async () => {
    const { user } = await openCart(false, { startPayment: () => new Promise(() => undefined) });
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    await screen.findByText('You must enter a phone number');
    await user.click(screen.getByRole('button', { name: 'Card or wallet (Viva)' }));
    expect(screen.queryByText('You must enter a phone number')).not.toBeInTheDocument();
  });

  it('cancel button dispatches cancelClicked and the saga cancels the pending payment', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { user, store } = await openCart(false, {
      startPayment: () => Promise.resolve({ paymentId: 'p1' }),
      cancelPayment,
    });
    await startSwish(user);
    const seen = recordActions(store);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(seen[0]).toBe(paymentActions.cancelClicked.type);
    expect(seen).not.toContain(paymentActions.methodSelected.type);
    await waitFor(() => expect(paymentView(store.getState()).state).toBe('NOT_STARTED'));
    expect(cancelPayment).toHaveBeenCalledWith('cafe');
    expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
      paymentId: null,
      selectedPaymentMethod: null,
    });
    expect(screen.getByRole('button', { name: 'Swish' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a cancel the server does not take keeps the payment shown as pending and says it is trying again', async () => {
    const cancelPayment = jest.fn(() => Promise.reject(new NetworkError('HTTP 500', { status: 500 })));
    const { user } = await openCart(false, {
      startPayment: () => Promise.resolve({ paymentId: 'p1' }),
      cancelPayment,
    });
    await startSwish(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('The payment could not be cancelled yet. Trying again…'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with Swish' })).not.toBeInTheDocument();
  });
});

describe('issue 12: a start answered 429 (too many starts for this session or this phone number)', () => {
  const tooMany = () => Promise.reject(new NetworkError('TOO_MANY_REQUESTS', { status: 429 }));

  it('Swish to a phone number: asks the customer to wait, never shows the answer, and offers a restart', async () => {
    const startPayment = jest.fn(tooMany);
    const { user } = await openCart(false, { startPayment });
    await user.click(screen.getByRole('button', { name: 'Swish' }));
    await user.type(screen.getByLabelText('Phone number for Swish'), '0701234567');
    await user.click(screen.getByRole('button', { name: 'Pay with Swish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(alert).not.toHaveTextContent(/TOO_MANY_REQUESTS|RATE_LIMITED|429|An error occurred/);
    expect(screen.getByRole('button', { name: 'Start the payment again' })).toBeInTheDocument();
    expect(startPayment).toHaveBeenCalledTimes(1);
  });

  it('Viva: the same text under the panel', async () => {
    const { user } = await openCart(false, { startPayment: jest.fn(tooMany) });
    await user.click(screen.getByRole('button', { name: 'Card or wallet (Viva)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});

describe('§2 Viva panel', () => {
  it('choosing Viva starts the payment and sends the browser to the hosted checkout', async () => {
    const { user, assignLocation } = await openCart(false, {
      startPayment: () => Promise.resolve({ paymentId: '7001' }),
    });
    await user.click(screen.getByRole('button', { name: 'Card or wallet (Viva)' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalled());
    expect(assignLocation).toHaveBeenCalledWith('https://viva.test/web/checkout?ref=7001&color=1db954');
  });

  it('§8 issue 39: a refused start shows an error in our words (never the server’s code) and a restart', async () => {
    const startPayment = jest.fn(() =>
      Promise.reject(new NetworkError('SHOP_CLOSED', { status: 400, code: 'X' })),
    );
    const { user } = await openCart(false, { startPayment });
    await user.click(screen.getByRole('button', { name: 'Card or wallet (Viva)' }));
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('The payment failed, please try again');
    expect(panel).not.toHaveTextContent('SHOP_CLOSED');
    expect(panel).toHaveFocus(); // §4 the failure's message takes the focus
    expect(
      within(panel.parentElement as HTMLElement).getByRole('button', { name: 'Start over' }),
    ).toBeInTheDocument();
  });
});

describe('§8 payment texts', () => {
  it('OUT_OF_STOCK has no panel text: the cart page says it once, with each line’s stock', async () => {
    const i18n = await testI18n();
    expect(
      paymentErrorText(i18n.t, 'swish', 'ERROR', { code: 'OUT_OF_STOCK', message: 'OUT_OF_STOCK' }),
    ).toBeNull();
  });

  it('issue 24: CART_NOT_SAVED has no panel text: the header says it while unsaved and nothing stays after the save', async () => {
    const i18n = await testI18n();
    for (const provider of ['swish', 'stripe'] as const)
      expect(paymentErrorText(i18n.t, provider, 'ERROR', { code: 'CART_NOT_SAVED', message: '' })).toBeNull();
  });

  it.each([
    ['swish', 'CANCELLED', null, 'Payment was cancelled'],
    [
      'swish',
      'ERROR',
      { code: 'PHONE_REQUIRED', message: 'PHONE_REQUIRED' },
      'You must enter a phone number',
    ],
    ['swish', 'FAILED', { code: 'FAILED', message: 'RF07' }, 'The payment was declined in Swish.'],
    ['swish', 'ERROR', { code: 'ERROR', message: 'TM01' }, 'The payment was not approved in time.'],
    ['swish', 'CANCELLED', { code: 'CANCELLED', message: 'EXPIRED' }, 'Payment was cancelled'],
    ['swish', 'FAILED', { code: 'FAILED', message: 'EXPIRED' }, 'The payment took too long'],
    ['swish', 'FAILED', { code: 'FAILED', message: 'DECLINED' }, 'Your card was declined. Try another card.'],
    ['swish', 'FAILED', { code: 'FAILED', message: 'SOMETHING_NEW' }, 'The payment failed, please try again'],
    ['stripe', 'ERROR', { code: 'CARD_DECLINED', message: '' }, 'The card payment did not go through.'],
    [
      'stripe',
      'ERROR',
      { code: 'CARD_DECLINED', message: 'generic_decline' },
      'Your card was declined. Try another card.',
    ],
    [
      'stripe',
      'ERROR',
      { code: 'CARD_DECLINED', message: 'insufficient_funds' },
      'There is not enough money on the card.',
    ],
    ['stripe', 'ERROR', { code: 'CARD_DECLINED', message: 'expired_card' }, 'The card has expired.'],
    [
      'stripe',
      'ERROR',
      { code: 'CARD_DECLINED', message: 'payment_intent_authentication_failure' },
      'The card could not be verified.',
    ],
    ['stripe', 'FAILED', { code: 'FAILED', message: 'processing_error' }, 'could not be processed just now'],
    [
      'swish',
      'ERROR',
      { code: 'CART_CHANGED', message: '' },
      'Your order was changed in another window. Check the items and the total, then pay again.',
    ],
    ['swish', 'ERROR', { code: 'NETWORK', message: 'Failed to fetch' }, 'You are offline'],
    [
      'stripe',
      'ERROR',
      { code: 'RATE_LIMITED', message: 'TOO_MANY_REQUESTS' },
      'Too many attempts. Please wait a few minutes and try again.',
    ],
  ] as const)('%s %s %j reads "%s"', async (provider, state, error, text) => {
    const i18n = await testI18n();
    const shown = paymentErrorText(i18n.t, provider, state, error);
    expect(shown).toContain(text);
    // Issue 39 §4: never a provider's or our server's code on screen.
    if (error?.message && /^[A-Za-z]+[_0-9A-Z]/.test(error.message))
      expect(shown).not.toContain(error.message);
  });
});
