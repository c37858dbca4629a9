import { act, screen } from '@testing-library/react';
import type { PaymentIntent } from '../../../src/features/payment/cardPaymentSlice';
import { cardPaymentActions } from '../../../src/features/payment/cardPaymentSlice';
import { INTENT_POLL_MS } from '../../../src/features/payment/cardPaymentSagas';
import { NetworkError } from '../../../src/shared/api';
import se from '../../../translations/se.json';
import { dispatchInAct, renderApp, testI18n } from '../../helpers/renderApp';
import { paymentStates } from '../../helpers/paymentStates';

const intent = (status: PaymentIntent['status']): PaymentIntent => ({
  status,
  paymentData: {
    clientSecret: 'pi_1_secret_x',
    stripeAccountId: 'acct_1',
    pendingPaymentMethod: { amount: 24900, currency: 'SEK' },
    error: status === 'FAILED' ? { message: 'Kortet nekades' } : null,
  },
});

/** Moves the fake clock inside act(), so React sees the store updates the poll causes. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeAll(async () => {
  // The page speaks Swedish whatever the visitor's language (§2 gives its texts in Swedish).
  (await testI18n()).addResourceBundle('se', 'translation', se);
});

describe('§2 card payment page', () => {
  it(`shows 'Kortbetalning' and the amount in SEK ${paymentStates('CARD_PAGE:LOADED')}`, async () => {
    await renderApp('/company/c1/payment/pi_1', {
      api: { getPaymentIntent: () => Promise.resolve(intent('PENDING')) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kortbetalning' })).toBeInTheDocument();
    expect(await screen.findByText('249,00 kr')).toBeInTheDocument();
  });

  it("a COMPLETED intent shows 'Betalning genomförd'", async () => {
    await renderApp('/company/c1/payment/pi_1', {
      api: { getPaymentIntent: () => Promise.resolve(intent('COMPLETED')) },
    });
    expect(await screen.findByText('Betalning genomförd')).toBeInTheDocument();
  });

  it(`says it is loading until the intent is in, and that the card is being confirmed after Pay ${paymentStates(
    'CARD_PAGE:LOADING',
    'CARD_PAGE:PROCESSING',
  )}`, async () => {
    let answer!: (intent: PaymentIntent) => void;
    const { store } = await renderApp('/company/c1/payment/pi_1', {
      api: { getPaymentIntent: () => new Promise<PaymentIntent>((resolve) => (answer = resolve)) },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(se.cardPayment.loading);
    await act(async () => answer(intent('PENDING')));
    await screen.findByText('249,00 kr');
    dispatchInAct(store, cardPaymentActions.confirmStarted());
    expect(await screen.findByText(se.cardPayment.processing)).toBeInTheDocument();
  });

  it(`§8 a failed intent fetch is logged only (reported), and the page says the payment cannot be shown ${paymentStates('CARD_PAGE:NOT_FOUND')}`, async () => {
    const { reportError } = await renderApp('/company/c1/payment/pi_1', {
      api: { getPaymentIntent: () => Promise.reject(new NetworkError('boom', { status: 500 })) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(se.cardPayment.notFound);
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Failed to fetch payment intent' }),
    );
  });

  it(`§4 after confirmation the intent is polled every 5 s until it is final ${paymentStates('CARD_PAGE:CONFIRMED')}`, async () => {
    const answers = [intent('PENDING'), intent('PENDING'), intent('PENDING'), intent('COMPLETED')];
    const getPaymentIntent = jest.fn(() => Promise.resolve(answers.shift() ?? intent('COMPLETED')));
    const { store } = await renderApp('/company/c1/payment/pi_1', { api: { getPaymentIntent } });
    await screen.findByText('249,00 kr');
    jest.useFakeTimers();
    try {
      dispatchInAct(store, cardPaymentActions.confirmed());
      await advance(INTENT_POLL_MS - 1);
      expect(getPaymentIntent).toHaveBeenCalledTimes(1);
      await advance(1);
      expect(getPaymentIntent).toHaveBeenCalledTimes(2);
      await advance(2 * INTENT_POLL_MS);
      expect(getPaymentIntent).toHaveBeenCalledTimes(4);
      await advance(5 * INTENT_POLL_MS);
      expect(getPaymentIntent).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('Betalning genomförd')).toBeInTheDocument();
  });

  it('while the page is hidden the 5 s poll rests, and it reads at once when the page is shown again', async () => {
    const getPaymentIntent = jest.fn(() => Promise.resolve(intent('PENDING')));
    const { store, page } = await renderApp('/company/c1/payment/pi_1', { api: { getPaymentIntent } });
    await screen.findByText('249,00 kr');
    jest.useFakeTimers();
    try {
      page.hidden = true;
      dispatchInAct(store, cardPaymentActions.confirmed());
      await advance(2 * INTENT_POLL_MS);
      expect(getPaymentIntent).toHaveBeenCalledTimes(1);
      page.hidden = false;
      act(() => page.emit({ type: 'visible' }));
      await advance(10);
      expect(getPaymentIntent).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it(`a declined card shows the provider’s message ${paymentStates('CARD_PAGE:DECLINED')}`, async () => {
    const { store } = await renderApp('/company/c1/payment/pi_1', {
      api: { getPaymentIntent: () => Promise.resolve(intent('PENDING')) },
    });
    await screen.findByText('249,00 kr');
    dispatchInAct(
      store,
      cardPaymentActions.confirmFailed({ code: 'CARD_DECLINED', message: 'insufficient_funds' }),
    );
    // docs/product-rules.md §8 (one language per sentence): the Swedish page says why in Swedish, never Stripe's code.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Betalningen misslyckades: Det finns inte tillräckligt med pengar på kortet. Försök med ett annat kort.',
    );
  });
});
