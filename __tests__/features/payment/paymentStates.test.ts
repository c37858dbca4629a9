/**
 * docs/product-rules.md §4: every payment method of the contract through every state of the payment machine
 * (docs/architecture.md draws it), on a real store with all its sagas, a server double and Jest's fake clock.
 * Each test names the cells it proves (helpers/paymentStates.ts), so `npm run test:payments` can show QA
 * where each state of each provider is tested (docs/payment-states.md).
 */
import { makeStore, type RootState } from '../../../src/app/store';
import type { PaymentMethodType, Session } from '../../../src/domain/types';
import { POLL_MS } from '../../../src/features/payment/pendingSagas';
import { paymentFlowSaga } from '../../../src/features/payment/startSagas';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { NetworkError, type Api } from '../../../src/shared/api';
import { manualPageSignals } from '../../../src/shared/pageSignals';
import { session } from '../../helpers/fixtures';
import { memoryStorage } from '../../helpers/memoryStorage';
import { paymentStates } from '../../helpers/paymentStates';
import { fakeApi } from '../../helpers/testStore';
import { loadedCafe } from '../../helpers/loadedCafe';

const SHOP = 'cafe';
const PROVIDERS: { type: PaymentMethodType; id: string }[] = [
  { type: 'SWISH_TRADE', id: 'pm-swish' },
  { type: 'VIVA_WALLET_WEB', id: 'pm-viva' },
  { type: 'STRIPE', id: 'pm-stripe' },
];

/** A loaded café on its cart page, with one bun in a saved cart and valid details (a phone number for Swish). */
const atCart = (): RootState =>
  loadedCafe(
    paymentActions.customerFieldChanged({ field: 'phone', value: '0701234567' }),
    paymentActions.cartOpened(),
  );

/** A promise the test resolves when it wants (an answer still on its way). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/**
 * The cart page of a real store where the customer has just chosen `methodId` (Viva then starts at once):
 * `answer` lets the server's answer to a start arrive, `report` says what the server reports on each poll
 * from then on.
 */
function starting(methodId: string, api: Partial<Api> = {}) {
  const start = deferred<{ paymentId: string; token: null; clientSecret: string | null }>();
  const reported: { session: Session } = {
    session: session({ paymentStatus: 'STARTED', paymentId: 'p1', paymentMethodId: methodId }),
  };
  const startPayment = jest.fn(() => start.promise);
  const getSession = jest.fn(() => Promise.resolve(reported.session));
  const env = {
    navigate: jest.fn(),
    assignLocation: jest.fn(),
    reportError: jest.fn(),
    replaceLocation: jest.fn(),
  };
  const store = makeStore(
    {
      api: fakeApi({ startPayment, getSession, putCart: () => Promise.resolve(), ...api }),
      ...env,
      origin: 'https://shop.test',
      isMobile: false,
      vivaCheckoutUrl: 'https://viva.test',
      storage: memoryStorage(),
      page: manualPageSignals(),
      currentSearch: () => '',
    },
    atCart(),
  );
  store.injectSagas([paymentFlowSaga]);
  store.dispatch(paymentActions.methodSelected({ paymentMethodId: methodId }));
  const status = () => store.getState().payment.machine.status;
  /** The server's answer to the start arrives: the payment p1 is pending at the provider. */
  const answer = async () => {
    start.resolve({ paymentId: 'p1', token: null, clientSecret: methodId === 'pm-stripe' ? 'cs_1' : null });
    await jest.advanceTimersByTimeAsync(0);
  };
  /** The server reports `over` from the next poll on. */
  const report = (over: Partial<Session>) => {
    reported.session = session({ paymentId: 'p1', paymentMethodId: methodId, ...over });
  };
  return { store, env, startPayment, getSession, status, answer, report };
}

describe.each(PROVIDERS)('§4 $type through the payment machine (fake clock, real store)', ({ type, id }) => {
  it(`chosen, nothing starts before the customer asks; a start is LOADING and a double tap sends one request ${paymentStates(
    `${type}:NOT_STARTED`,
    `${type}:LOADING`,
  )}`, async () => {
    const payment = starting(id);
    // Viva starts as soon as it is chosen; the others wait for their panel's button (§2).
    if (type !== 'VIVA_WALLET_WEB') {
      expect(payment.status()).toBe('NOT_STARTED');
      expect(payment.store.getState().payment.selectedPaymentMethod).toBe(id);
      payment.store.dispatch(paymentActions.startRequested({ paymentMethodId: id }));
    }
    await jest.advanceTimersByTimeAsync(0);
    expect(payment.status()).toBe('LOADING');
    payment.store.dispatch(paymentActions.startRequested({ paymentMethodId: id }));
    await jest.advanceTimersByTimeAsync(0);
    expect(payment.startPayment).toHaveBeenCalledTimes(1);
  });

  /** `starting`, with the start requested the way the customer asks for it on this provider. */
  async function started(api: Partial<Api> = {}) {
    const payment = starting(id, api);
    if (type !== 'VIVA_WALLET_WEB')
      payment.store.dispatch(paymentActions.startRequested({ paymentMethodId: id }));
    await jest.advanceTimersByTimeAsync(0);
    await payment.answer();
    return payment;
  }

  it(`the server's answer is STARTED, polled every second while the provider holds it ${paymentStates(
    `${type}:STARTED`,
  )}`, async () => {
    const payment = await started();
    expect(payment.status()).toBe('STARTED');
    if (type === 'VIVA_WALLET_WEB')
      expect(payment.env.assignLocation).toHaveBeenCalledWith(
        expect.stringMatching(/^https:\/\/viva\.test\/\?ref=p1&/),
      );
    const polls = payment.getSession.mock.calls.length;
    await jest.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(payment.getSession.mock.calls.length - polls).toBe(3);
    expect(payment.status()).toBe('STARTED');
  });

  it(`Cancel while STARTED is CANCELLING until the server confirms, then NOT_STARTED with the choices back ${paymentStates(
    `${type}:CANCELLING`,
    `${type}:NOT_STARTED`,
  )}`, async () => {
    const cancel = deferred<void>();
    const cancelPayment = jest.fn(() => cancel.promise);
    const payment = await started({ cancelPayment });
    payment.store.dispatch(paymentActions.cancelClicked({ paymentMethodId: id }));
    await jest.advanceTimersByTimeAsync(0);
    expect(payment.status()).toBe('CANCELLING');
    expect(cancelPayment).toHaveBeenCalledWith(SHOP);
    payment.report({ paymentStatus: null, paymentId: null, paymentMethodId: null });
    cancel.resolve();
    await jest.advanceTimersByTimeAsync(POLL_MS);
    expect(payment.status()).toBe('NOT_STARTED');
    expect(payment.store.getState().payment.selectedPaymentMethod).toBeNull();
  });

  it(`approved at the provider: COMPLETED leads to the receipt and empties the cart ${paymentStates(
    `${type}:COMPLETED`,
  )}`, async () => {
    const payment = await started();
    payment.report({ paymentStatus: 'COMPLETED', receiptId: 'r1' });
    await jest.advanceTimersByTimeAsync(POLL_MS);
    expect(payment.env.navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    expect(payment.store.getState().cart.ids).toEqual([]);
  });

  for (const ended of ['FAILED', 'CANCELLED', 'ERROR'] as const)
    it(`the provider ends it as ${ended}: polling stops, the reason is kept for the page, a new start is possible ${paymentStates(
      `${type}:${ended}`,
    )}`, async () => {
      const payment = await started();
      payment.report({ paymentStatus: ended, message: 'DECLINED' });
      await jest.advanceTimersByTimeAsync(POLL_MS);
      const machine = payment.store.getState().payment.machine;
      expect([machine.status, 'error' in machine ? machine.error.message : null]).toEqual([
        ended,
        'DECLINED',
      ]);
      const polls = payment.getSession.mock.calls.length;
      await jest.advanceTimersByTimeAsync(5 * POLL_MS);
      expect(payment.getSession.mock.calls.length).toBe(polls);
      payment.store.dispatch(paymentActions.startRequested({ paymentMethodId: id }));
      expect(payment.status()).toBe('LOADING');
    });

  it(`a start the server refuses (400) is ERROR with its name, and nothing is pending ${paymentStates(
    `${type}:ERROR`,
  )}`, async () => {
    const startPayment = jest.fn(() =>
      Promise.reject(new NetworkError('INVALID_CUSTOMER_INFO', { status: 400 })),
    );
    const payment = starting(id, { startPayment });
    if (type !== 'VIVA_WALLET_WEB')
      payment.store.dispatch(paymentActions.startRequested({ paymentMethodId: id }));
    await jest.advanceTimersByTimeAsync(0);
    const machine = payment.store.getState().payment.machine;
    expect([machine.status, 'error' in machine ? machine.error.message : null]).toEqual([
      'ERROR',
      'INVALID_CUSTOMER_INFO',
    ]);
    expect(payment.env.assignLocation).not.toHaveBeenCalled();
  });
});
