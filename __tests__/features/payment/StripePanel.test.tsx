import { screen, waitFor } from '@testing-library/react';
import { session, shopData } from '../../helpers/fixtures';
import { renderApp } from '../../helpers/renderApp';

/**
 * Stripe's own order for the Payment Element: `elements.submit()` first, in the Pay handler, before any
 * other async work (here the startPayment round trip); only then is the payment confirmed (issue 9).
 */
const order: string[] = [];
const elements = {
  submit: jest.fn(() => {
    order.push('submit');
    return Promise.resolve({});
  }),
};
const stripe = {};

jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  PaymentElement: () => null,
  ExpressCheckoutElement: () => null,
  useStripe: () => stripe,
  useElements: () => elements,
}));
jest.mock('../../../src/features/payment/providers/stripe', () => ({
  STRIPE_LOCALE: jest.requireActual('../../../src/features/payment/providers/stripe').STRIPE_LOCALE,
  loadStripeFor: () => Promise.resolve(stripe),
  confirmCard: jest.fn(() => {
    order.push('confirm');
    return Promise.resolve({ kind: 'succeeded' });
  }),
}));

const data = shopData({
  paymentMethods: [{ id: 'pm-stripe', type: 'STRIPE', stripeAccountId: 'acct_1' }],
});
const cart = session({ cart: [{ id: 'i1', productId: 'bun', count: 1, deviations: [], description: '' }] });

test('Pay submits the card elements before the start round trip, then confirms with the client secret', async () => {
  order.length = 0;
  const startPayment = jest.fn(() => {
    order.push('start');
    return Promise.resolve({ paymentId: 'p1', clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' });
  });
  const { user } = await renderApp('/cafe/cart', { data, session: cart, api: { startPayment } });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Debit or credit card' }));
  await user.click(await screen.findByRole('button', { name: 'Pay' }));
  await waitFor(() => expect(order).toEqual(['submit', 'start', 'confirm']));
});

test('card details Stripe rejects on submit start no payment', async () => {
  order.length = 0;
  elements.submit.mockImplementationOnce(() => Promise.resolve({ error: { message: 'Incomplete' } }));
  const startPayment = jest.fn();
  const { user } = await renderApp('/cafe/cart', { data, session: cart, api: { startPayment } });
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Debit or credit card' }));
  await user.click(await screen.findByRole('button', { name: 'Pay' }));
  await waitFor(() => expect(elements.submit).toHaveBeenCalled());
  expect(startPayment).not.toHaveBeenCalled();
});
