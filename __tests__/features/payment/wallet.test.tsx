/**
 * Issue 25 the wallet buttons (Apple Pay, Google Pay through Stripe's Express Checkout Element) in the cart,
 * with the real react-stripe-js over a fake Stripe.js whose Elements and element record what the page asks of
 * them and let a test play the wallet's events (ready, click, confirm, cancel) as Stripe.js would.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { cartLine, session, shopData } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

type Handler = (event: unknown) => void;

/** The Express Checkout Element as the page drives it: its options and the handlers react-stripe-js attached. */
const express = {
  created: 0,
  handlers: new Map<string, Handler>(),
  emit(name: string, event: unknown) {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`no ${name} handler attached`);
    act(() => handler(event));
  },
};

/** One Elements group per `stripe.elements()` call; `update` records every amount the page passes on. */
const elementsUpdate = jest.fn();
const confirmPayment = jest.fn((_args: { clientSecret: string }) =>
  Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
);
const fakeStripe = {
  elements: jest.fn(() => ({
    create: jest.fn((type: string) => {
      if (type === 'expressCheckout') express.created++;
      return {
        mount: jest.fn(),
        destroy: jest.fn(),
        update: jest.fn(),
        on: jest.fn((name: string, handler: Handler) => express.handlers.set(name, handler)),
        off: jest.fn((name: string) => express.handlers.delete(name)),
      };
    }),
    update: elementsUpdate,
    submit: jest.fn(() => Promise.resolve({})),
    getElement: jest.fn(() => null),
  })),
  createToken: jest.fn(),
  createPaymentMethod: jest.fn(),
  confirmCardPayment: jest.fn(),
  confirmPayment,
  handleNextAction: jest.fn(),
};

jest.mock('../../../src/features/payment/providers/stripe', () => ({
  ...jest.requireActual('../../../src/features/payment/providers/stripe'),
  loadStripeFor: () => Promise.resolve(fakeStripe),
}));

const base = shopData();
/** A shop with a card method whose form asks for an e-mail (required): the choices wait for it (§2). */
const STRIPE_SHOP = shopData({
  shop: {
    ...base.shop,
    customerInputs: {
      nameInput: { active: false, required: false },
      emailInput: { active: true, required: true },
      phoneInput: { active: false, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: false, required: false },
    },
  },
  paymentMethods: [
    { id: 'pm-swish', type: 'SWISH_TRADE', stripeAccountId: null },
    { id: 'pm-stripe', type: 'STRIPE', stripeAccountId: 'acct_1' },
  ],
});
/** Two buns: 50.00 SEK. */
const TWO_BUNS = session({ cart: [cartLine('i1', 'bun', 2)] });

beforeEach(() => {
  express.created = 0;
  express.handlers.clear();
  jest.clearAllMocks();
});

/** The café's cart with the details filled in, and the wallet (available on this device) ready. */
async function cartWithWallet(options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp('/cafe/cart', { data: STRIPE_SHOP, session: TWO_BUNS, ...options });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  await app.user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await waitFor(() => expect(express.handlers.has('ready')).toBe(true));
  express.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: { applePay: true } });
  return app;
}

/** A tap on a wallet button: what the page answered (resolve opens the sheet, reject does nothing). */
function tapWallet() {
  const tap = { resolve: jest.fn(), reject: jest.fn() };
  express.emit('click', { elementType: 'expressCheckout', expressPaymentType: 'apple_pay', ...tap });
  return tap;
}

/** The customer approves in the wallet's sheet. */
async function approveInSheet() {
  const paymentFailed = jest.fn();
  const handler = express.handlers.get('confirm')!;
  await act(async () => {
    handler({ elementType: 'expressCheckout', expressPaymentType: 'apple_pay', paymentFailed });
  });
  return paymentFailed;
}

test('§2 gating: the wallet buttons load only once your info is valid and the cart has something to pay', async () => {
  const { user } = await renderApp('/cafe/cart', { data: STRIPE_SHOP, session: TWO_BUNS });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  expect(express.created).toBe(0);
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await waitFor(() => expect(express.created).toBe(1));
});

test('no wallet on this device: no group, no label, nothing drawn', async () => {
  await renderApp('/cafe/cart', { data: STRIPE_SHOP, session: TWO_BUNS }).then(async ({ user }) => {
    await screen.findByRole('heading', { level: 1, name: 'Cart' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  });
  await waitFor(() => expect(express.handlers.has('ready')).toBe(true));
  express.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined });
  expect(screen.queryByRole('group', { name: 'Express checkout' })).toBeNull();
});

test('a wallet on this device: the buttons are one labelled group above the choices', async () => {
  await cartWithWallet();
  const group = screen.getByRole('group', { name: 'Express checkout' });
  const choices = screen.getByRole('heading', { name: 'Choose payment' });
  expect(group.compareDocumentPosition(choices) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('never on a kiosk: a counter tablet shows no wallet buttons, whatever the device says', async () => {
  const { user } = await renderApp('/cafe/cart', {
    data: STRIPE_SHOP,
    session: TWO_BUNS,
    kiosk: { idleMs: 60_000 },
  });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await screen.findByRole('heading', { name: 'Choose payment' });
  expect(express.created).toBe(0);
});

test('the amount never drifts: a cart change while the buttons show reaches Elements before the next tap', async () => {
  const { user } = await cartWithWallet();
  await user.click(screen.getByRole('button', { name: 'Increase quantity of Bun' }));
  await waitFor(() => expect(elementsUpdate).toHaveBeenCalledWith(expect.objectContaining({ amount: 7500 })));
  elementsUpdate.mockClear();
  const tap = tapWallet();
  // The tap itself hands Elements the total the page shows at that moment, then opens the sheet.
  expect(elementsUpdate).toHaveBeenCalledWith({ amount: 7500 });
  expect(tap.resolve).toHaveBeenCalled();
});

test('approving starts the payment for the amount the sheet showed and confirms it with the client secret', async () => {
  const startPayment = jest.fn(() =>
    Promise.resolve({ paymentId: 'p1', clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' }),
  );
  const { store } = await cartWithWallet({ api: { startPayment } });
  tapWallet();
  const paymentFailed = await approveInSheet();
  await waitFor(() => expect(confirmPayment).toHaveBeenCalledTimes(1));
  expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret' }));
  expect(startPayment).toHaveBeenCalledWith(
    'cafe',
    expect.objectContaining({ paymentMethodId: 'pm-stripe', cartFingerprint: expect.any(String) }),
  );
  expect(paymentFailed).not.toHaveBeenCalled();
  // A wallet's attempt chooses no method in the list: no card panel opens to confirm it a second time.
  expect(store.getState().payment.selectedPaymentMethod).toBeNull();
  expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
});

test('no tap while a payment is STARTED: the sheet does not open and nothing is started', async () => {
  const startPayment = jest.fn(() =>
    Promise.resolve({ paymentId: 'p1', clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' }),
  );
  const { store } = await cartWithWallet({ api: { startPayment } });
  tapWallet();
  await approveInSheet();
  await waitFor(() => expect(store.getState().payment.machine.status).toBe('STARTED'));
  const second = tapWallet();
  expect(second.reject).toHaveBeenCalled();
  expect(second.resolve).not.toHaveBeenCalled();
  expect(startPayment).toHaveBeenCalledTimes(1);
});

test('a cart that changed after the sheet opened is not charged: CART_CHANGED, the sheet closes, no start', async () => {
  const startPayment = jest.fn();
  const { user } = await cartWithWallet({ api: { startPayment } });
  tapWallet(); // the sheet shows 50.00
  await user.click(screen.getByRole('button', { name: 'Increase quantity of Bun' }));
  const paymentFailed = await approveInSheet();
  await waitFor(() => expect(paymentFailed).toHaveBeenCalled());
  expect(startPayment).not.toHaveBeenCalled();
  expect(await screen.findByRole('alert')).toHaveTextContent('Your order was changed in another window');
});

test('cancelling the sheet leaves cart, form and payment as they were', async () => {
  const startPayment = jest.fn();
  const { store } = await cartWithWallet({ api: { startPayment } });
  const before = store.getState();
  const tap = tapWallet();
  expect(tap.resolve).toHaveBeenCalled(); // the sheet opened…
  // …and the customer closed it: Stripe.js says so to a `cancel` handler where the page has one; this page
  // needs none, so only the absence of any change is checked.
  if (express.handlers.has('cancel')) express.emit('cancel', { elementType: 'expressCheckout' });
  const after = store.getState();
  expect(after.payment).toEqual(before.payment);
  expect(after.cart).toEqual(before.cart);
  expect(startPayment).not.toHaveBeenCalled();
});

test('issue 39: a declined wallet says so in our words, like a declined card', async () => {
  const startPayment = jest.fn(() =>
    Promise.resolve({ paymentId: 'p1', clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' }),
  );
  confirmPayment.mockResolvedValueOnce({
    error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
  } as never);
  await cartWithWallet({ api: { startPayment } });
  tapWallet();
  await approveInSheet();
  expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Try another card.');
});
