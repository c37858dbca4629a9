/**
 * §4 payment transitions and their races, deterministic: redux-saga-test-plan's expectSaga on the real
 * reducers, the API provided as doubles, and the 1 s poll delay resolved at once (never a
 * synchronous delay inside the endless poll loop, see DESIGN.md).
 */
import type { Action } from '@reduxjs/toolkit';
import delayP from '@redux-saga/delay-p';
import { all, fork } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { makeStore, rootReducer, type RootState } from '../../../src/app/store';
import type { Session } from '../../../src/domain/types';
import { cartSyncSaga } from '../../../src/features/cart/cartSagas';
import { cartFingerprint } from '../../../src/domain/cart';
import { cartActions } from '../../../src/features/cart/cartSlice';
import { loadCustomer, saveCustomer } from '../../../src/features/paymentState/customerStorage';
import { paymentFlowSaga } from '../../../src/features/payment/startSagas';
import {
  paymentSaga,
  pollDelay,
  POLL_MS,
  selectCartSaveHeld,
} from '../../../src/features/payment/pendingSagas';
import { VIVA_RETURN_GRACE_MS } from '../../../src/features/payment/startSagas';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../../src/features/session/sessionSlice';
import { shopActions } from '../../../src/features/shopState/shopSlice';
import { NetworkError, type Api } from '../../../src/shared/api';
import { openTab, session, shopData } from '../../helpers/fixtures';
import { HIDDEN_POLL_MS, manualPageSignals, pageActions } from '../../../src/shared/pageSignals';
import { memoryStorage } from '../../helpers/memoryStorage';
import { fakeApi } from '../../helpers/testStore';
import { paymentView } from '../../helpers/paymentView';
import { loadedCafe } from '../../helpers/loadedCafe';

const SHOP = 'cafe';
const started = (over: Partial<Session> = {}) =>
  session({ paymentStatus: 'STARTED', paymentId: 'p1', paymentMethodId: 'pm-swish', ...over });
const completed = session({
  paymentStatus: 'COMPLETED',
  paymentId: 'p1',
  receiptId: 'r1',
  paymentMethodId: 'pm-swish',
});

/** A payment STARTED with Swish as payment p1. */
const startedState = (...more: Action[]) =>
  loadedCafe(
    paymentActions.customerFieldChanged({ field: 'phone', value: '0701234567' }),
    paymentActions.startRequested({ paymentMethodId: 'pm-swish' }),
    paymentActions.started({ paymentId: 'p1', token: null, clientSecret: null }),
    ...more,
  );

interface Env {
  api: Api;
  navigate: jest.Mock;
  assignLocation: jest.Mock;
  reportError: jest.Mock;
}

/**
 * Runs the payment (and cart sync) sagas on the real reducers from `state`, dispatching `actions`; a
 * number in `actions` waits that many ms before the next dispatch (expectSaga otherwise hands a queued
 * action to a saga only when it takes again, which would hide a race).
 */
function run(
  state: RootState,
  actions: (Action | number)[],
  api: Partial<Api> = {},
  { isMobile = false, ms = 300, page = manualPageSignals(), search = '', storage = memoryStorage() } = {},
) {
  /** Every delay the sagas asked for, in ms, in order. */
  const delays: number[] = [];
  const env: Env = {
    api: fakeApi(api),
    navigate: jest.fn(),
    assignLocation: jest.fn(),
    reportError: jest.fn(),
  };
  const context: Record<string, unknown> = {
    ...env,
    isMobile,
    origin: 'https://shop.test',
    vivaCheckoutUrl: 'https://www.vivapayments.com/web/checkout',
    storage,
    page,
    currentSearch: () => search,
  };
  let test = expectSaga(function* () {
    // The cart page is open: its payment flow runs beside the rules every page has.
    yield all([fork(paymentSaga), fork(paymentFlowSaga), fork(cartSyncSaga, selectCartSaveHeld)]);
  })
    .withReducer(rootReducer, { ...state, device: { mobile: isMobile } })
    .provide({
      getContext: (key: string) => context[key],
      // The poll's and retries' delays (@redux-saga/delay-p) resolve on the next macrotask: a loop that goes on
      // (a cancel that keeps failing) never starves the run's own timeout; the two that would poll forever
      // run on Jest's fake clock instead.
      call: (effect, next) => {
        if (effect.fn !== delayP) return next();
        delays.push(effect.args[0] as number);
        return new Promise((r) => setTimeout(r, 0));
      },
    });
  for (const action of actions)
    test = typeof action === 'number' ? test.delay(action) : test.dispatch(action);
  return test.silentRun(ms).then((result) => ({
    ...env,
    delays,
    state: result.storeState as RootState,
    /** The types of the actions the sagas put, in order. */
    puts: (result.effects.put ?? []).map((effect) => (effect.payload.action as Action).type),
  }));
}

/** Lets every pending promise and saga step run. */
const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * A real store (reducers and every saga) preloaded with `state`, on the cart page (its payment flow runs
 * too) unless `onCart` is false: the store page, a product page.
 */
function storeAt(state: RootState, api: Partial<Api> = {}, storage = memoryStorage(), onCart = true) {
  const env = { navigate: jest.fn(), assignLocation: jest.fn(), reportError: jest.fn() };
  const store = makeStore(
    {
      api: fakeApi(api),
      ...env,
      origin: 'https://shop.test',
      isMobile: false,
      vivaCheckoutUrl: 'https://viva.test',
      storage,
      page: manualPageSignals(),
      currentSearch: () => '',
      replaceLocation: jest.fn(),
    },
    state,
  );
  if (onCart) store.injectSagas([paymentFlowSaga]);
  return { store, env };
}

/** A store with a STARTED payment, and a server double where the payment stays pending until cancelled. */
function startedUntilCancelled() {
  let status: Session = started();
  const getSession = jest.fn(() => Promise.resolve(status));
  const cancelPayment = jest.fn(() => ((status = session()), Promise.resolve()));
  const { store } = storeAt(startedState(), { getSession, cancelPayment });
  return { store, getSession, cancelPayment };
}

/** A promise the test resolves when it wants (an answer still on its way). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** getSession answering the given sessions in turn, then the last one forever. */
const sessions = (...answers: (Session | Error)[]) => {
  let i = 0;
  return jest.fn(() => {
    const answer = answers[Math.min(i++, answers.length - 1)] as Session | Error;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
};

describe('§4 start payment', () => {
  it('success gives STARTED and stores the payment id', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1' }));
    const { state } = await run(
      loadedCafe(paymentActions.customerFieldChanged({ field: 'phone', value: '070' })),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).paymentId]).toEqual(['STARTED', 'p1']);
    expect(startPayment).toHaveBeenCalledWith(SHOP, {
      paymentMethodId: 'pm-swish',
      customerInfo: {
        name: '',
        email: 'ada@example.com',
        phone: '070',
        extraInfo: '',
        postalCode: '',
        address: '',
        city: '',
        isMobile: false,
      },
      orderReference: null,
      cartFingerprint: cartFingerprint({
        lines: [{ productId: 'bun', count: 1, deviations: [], description: '' }],
        tabItems: [],
        total: { amount: 2500, currency: 'SEK' },
      }),
    });
  });

  it('a start while LOADING is ignored: a double click sends one request (real store)', async () => {
    const answer = deferred<{ paymentId: string }>();
    const startPayment = jest.fn(() => answer.promise);
    const { store } = storeAt(loadedCafe(), { startPayment });
    const click = paymentActions.startRequested({ paymentMethodId: 'pm-viva' });
    store.dispatch(click);
    await flush();
    store.dispatch(click);
    await flush();
    answer.resolve({ paymentId: '1234567890123456' });
    await flush();
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(paymentView(store.getState()).state).toBe('STARTED');
  });

  it('invalid payment (no such method) gives ERROR without a request', async () => {
    const startPayment = jest.fn();
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-unknown' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual(['ERROR', 'INVALID_PAYMENT']);
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('a non-200 answer gives ERROR with the returned name as message', async () => {
    const startPayment = () => Promise.reject(new NetworkError('SHOP_CLOSED', { status: 400, code: 'E42' }));
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).error]).toEqual([
      'ERROR',
      { code: 'E42', message: 'SHOP_CLOSED' },
    ]);
  });

  it('a thrown error gives ERROR', async () => {
    const startPayment = () => Promise.reject(new Error('boom'));
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).error?.message]).toEqual(['ERROR', 'boom']);
  });

  it('§8 OUT_OF_STOCK stores the available stock per article and gives ERROR', async () => {
    const error = new NetworkError('OUT_OF_STOCK', {
      status: 400,
      code: 'OUT_OF_STOCK',
      stockLevels: [{ id: 'bun', stock: 0 }],
    });
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment: () => Promise.reject(error) },
    );
    expect(paymentView(state).state).toBe('ERROR');
    expect(state.payment.articleStockErrors).toEqual({ bun: 0 });
  });

  it('§5 Swish on a non-mobile device without a phone number gives ERROR and sends nothing', async () => {
    const startPayment = jest.fn();
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual(['ERROR', 'PHONE_REQUIRED']);
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('§2 Swish on a phone starts without a number and opens the app with the token and the callback', async () => {
    const startPayment = () => Promise.resolve({ paymentId: 'p1', token: 'tok en' });
    const { assignLocation } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      { startPayment },
      { isMobile: true },
    );
    expect(assignLocation).toHaveBeenCalledWith(
      `swish://paymentrequest?token=tok%20en&callbackurl=${encodeURIComponent('https://shop.test/cafe/cart')}`,
    );
  });

  it('§2 Viva redirects to the hosted checkout with the payment reference and the colour without #', async () => {
    const startPayment = () => Promise.resolve({ paymentId: '7001234567890123' });
    const { assignLocation } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment },
    );
    expect(assignLocation).toHaveBeenCalledWith(
      'https://www.vivapayments.com/web/checkout?ref=7001234567890123&color=1db954',
    );
  });

  it('a start waits until the server holds the cart as shown', async () => {
    const order: string[] = [];
    const putCart = jest.fn(() => (order.push('put'), Promise.resolve()));
    const startPayment = jest.fn(() => (order.push('start'), Promise.resolve({ paymentId: 'p1' })));
    await run(
      loadedCafe(),
      [
        cartActions.itemAdded({ productId: 'coffee', count: 1, deviations: ['oat'], description: '' }),
        paymentActions.startRequested({ paymentMethodId: 'pm-viva' }),
      ],
      { putCart, startPayment },
    );
    expect(order).toEqual(['put', 'start']);
  });

  it('a start gives up with ERROR when the cart could not be saved', async () => {
    const startPayment = jest.fn();
    const { state } = await run(
      loadedCafe(
        cartActions.itemCountChanged({ id: 'x', count: 1 }),
        cartActions.syncFailed({ code: 'NETWORK', message: 'Failed to fetch' }),
      ),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual(['ERROR', 'CART_NOT_SAVED']);
    expect(startPayment).not.toHaveBeenCalled();
  });
});

describe('§4 cancel', () => {
  it('a customer field change while a payment id exists cancels it: NOT_STARTED, error, payment id and method cleared, server told', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { state } = await run(
      startedState(),
      [paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' })],
      { cancelPayment, getSession: sessions(session()) },
    );
    const p = { ...state.payment, ...paymentView(state) };
    expect([p.state, p.error, p.paymentId, p.selectedPaymentMethod]).toEqual([
      'NOT_STARTED',
      null,
      null,
      null,
    ]);
    expect(cancelPayment).toHaveBeenCalledWith(SHOP);
  });

  it.each(['phone', 'email', 'extraInfo', 'postalCode', 'address', 'city', 'name'] as const)(
    'changing %s while a payment id exists cancels it',
    async (field) => {
      const cancelPayment = jest.fn(() => Promise.resolve());
      await run(startedState(), [paymentActions.customerFieldChanged({ field, value: 'x' })], {
        cancelPayment,
        getSession: sessions(session()),
      });
      expect(cancelPayment).toHaveBeenCalledTimes(1);
    },
  );

  it('a customer field change without a payment id sends no cancel', async () => {
    const cancelPayment = jest.fn();
    await run(loadedCafe(), [paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' })], {
      cancelPayment,
    });
    expect(cancelPayment).not.toHaveBeenCalled();
  });

  it('a cancel the server refuses keeps the payment pending and is retried, and the failure is reported', async () => {
    const failure = new NetworkError('Bad gateway', { status: 502 });
    const cancelPayment = jest.fn(() => Promise.reject(failure));
    const { state, reportError } = await run(
      startedState(),
      [paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' })],
      { cancelPayment, getSession: sessions(started()) },
    );
    expect([paymentView(state).state, paymentView(state).paymentId, paymentView(state).cancelling]).toEqual([
      'STARTED',
      'p1',
      'retrying',
    ]);
    expect(cancelPayment.mock.calls.length).toBeGreaterThan(1);
    expect(reportError).toHaveBeenCalledWith(failure);
  });

  it('a cart change while STARTED cancels the payment before the cart is sent', async () => {
    const order: string[] = [];
    const cancelPayment = jest.fn(() => (order.push('cancel'), Promise.resolve()));
    const putCart = jest.fn(() => (order.push('put'), Promise.resolve()));
    const { state } = await run(
      startedState(),
      [cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' })],
      { cancelPayment, putCart, getSession: sessions(session()) },
    );
    expect(order.slice(0, 2)).toEqual(['cancel', 'put']);
    expect(paymentView(state).state).toBe('NOT_STARTED');
  });

  it('cancel while LOADING: the payment the server creates meanwhile is cancelled there too (real store)', async () => {
    const answer = deferred<{ paymentId: string }>();
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { store, env } = storeAt(loadedCafe(), { startPayment: () => answer.promise, cancelPayment });
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    await flush();
    store.dispatch(paymentActions.cancelRequested());
    answer.resolve({ paymentId: 'late' });
    await flush();
    expect(paymentView(store.getState()).state).toBe('NOT_STARTED');
    expect(cancelPayment).toHaveBeenCalledWith(SHOP);
    expect(env.assignLocation).not.toHaveBeenCalled();
  });

  it('a cart change while LOADING cancels the payment that start creates (real store)', async () => {
    const answer = deferred<{ paymentId: string }>();
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { store, env } = storeAt(loadedCafe(), {
      startPayment: () => answer.promise,
      cancelPayment,
      putCart: () => Promise.resolve(),
      getSession: sessions(session()),
    });
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    await flush();
    store.dispatch(cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }));
    answer.resolve({ paymentId: 'stale' });
    await flush();
    expect(cancelPayment).toHaveBeenCalledWith(SHOP);
    expect(env.assignLocation).not.toHaveBeenCalled();
    expect(paymentView(store.getState()).state).toBe('NOT_STARTED');
  });

  it('choosing another method while STARTED cancels the payment and keeps the new choice', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { state } = await run(
      startedState(),
      [paymentActions.methodSelected({ paymentMethodId: 'pm-viva' })],
      { cancelPayment, getSession: sessions(session()) },
    );
    expect(cancelPayment).toHaveBeenCalledTimes(1);
    expect([paymentView(state).state, state.payment.selectedPaymentMethod]).toEqual([
      'NOT_STARTED',
      'pm-viva',
    ]);
  });

  it('COMPLETED arriving while a cancel is in flight still ends on the receipt', async () => {
    // The server finished the payment just before the cancel reached it (409, ignored by the API).
    const { navigate, state } = await run(
      startedState(),
      [paymentActions.customerFieldChanged({ field: 'name', value: 'Ada' })],
      {
        cancelPayment: () => Promise.resolve(),
        getSession: sessions(completed),
        putCart: () => Promise.resolve(),
      },
    );
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    expect(paymentView(state).state).toBe('NOT_STARTED');
  });
});

describe('§4 polling while STARTED', () => {
  it('reloads the session until COMPLETED, then shows the receipt, empties the remote cart and clears the payment state', async () => {
    const getSession = sessions(started(), started(), completed);
    const putCart = jest.fn(() => Promise.resolve());
    const { navigate, state } = await run(startedState(), [paymentActions.cartOpened()], {
      getSession,
      putCart,
    });
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    expect(putCart).toHaveBeenCalledWith(SHOP, { cart: [], tabItems: [] });
    expect([paymentView(state).state, paymentView(state).paymentId, state.cart.ids]).toEqual([
      'NOT_STARTED',
      null,
      [],
    ]);
  });

  it.each(['FAILED', 'ERROR', 'CANCELLED'] as const)('stops on %s and allows a restart', async (status) => {
    const getSession = sessions(started(), started({ paymentStatus: status, message: 'RF07' }));
    const { state } = await run(startedState(), [paymentActions.cartOpened()], { getSession });
    expect(getSession).toHaveBeenCalledTimes(2);
    expect([paymentView(state).state, paymentView(state).error?.message]).toEqual([status, 'RF07']);
  });

  it('a network error during polling does not stop it: no stuck spinner', async () => {
    const getSession = sessions(
      new NetworkError('Failed to fetch', { status: 0 }),
      new NetworkError('Failed to fetch', { status: 0 }),
      completed,
    );
    const { navigate } = await run(startedState(), [paymentActions.cartOpened()], {
      getSession,
      putCart: () => Promise.resolve(),
    });
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });

  it('§4 a pending payment is polled on every screen: one loop, 1 s apart, whether the cart page opens or closes (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const getSession = sessions(started());
      const { store } = storeAt(startedState(), { getSession }, memoryStorage(), false);
      // On the store page (the cart page's code never loaded) the payment is polled.
      await jest.advanceTimersByTimeAsync(POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(1);
      // The cart page opening, closing and opening again starts no second loop and stops none.
      store.dispatch(paymentActions.cartOpened());
      store.dispatch(paymentActions.cartClosed());
      store.dispatch(paymentActions.cartOpened());
      await jest.advanceTimersByTimeAsync(POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(2);
      store.dispatch(paymentActions.cartClosed());
      await jest.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(12);
      expect(paymentView(store.getState()).state).toBe('STARTED');
    } finally {
      jest.useRealTimers();
    }
  });

  it('§4 a payment approved while the customer is on the store leads to the receipt and empties the cart (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const getSession = sessions(started(), completed);
      const putCart = jest.fn(() => Promise.resolve());
      const { store, env } = storeAt(startedState(), { getSession, putCart }, memoryStorage(), false);
      await jest.advanceTimersByTimeAsync(2 * POLL_MS);
      expect(env.navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
      expect(putCart).toHaveBeenCalledWith(SHOP, { cart: [], tabItems: [] });
      expect([paymentView(store.getState()).state, store.getState().cart.ids]).toEqual(['NOT_STARTED', []]);
      // Paid: nothing is polled any more.
      await jest.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each(['FAILED', 'CANCELLED'] as const)(
    '§4 a payment that ends %s while the customer is on the store is shown so on return to the cart, and polling stops (fake clock, real store)',
    async (status) => {
      jest.useFakeTimers();
      try {
        const getSession = sessions(started({ paymentStatus: status, message: 'RF07' }));
        const { store, env } = storeAt(startedState(), { getSession }, memoryStorage(), false);
        await jest.advanceTimersByTimeAsync(POLL_MS);
        expect(paymentView(store.getState()).state).toBe(status);
        await jest.advanceTimersByTimeAsync(10 * POLL_MS);
        expect(getSession).toHaveBeenCalledTimes(1);
        expect(env.navigate).not.toHaveBeenCalled();
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it('§4 a payment the session reports pending on arrival (a reload on the store page) is polled there (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const getSession = sessions(started(), completed);
      const { store, env } = storeAt(
        loadedCafe(),
        { getSession, putCart: () => Promise.resolve() },
        memoryStorage(),
        false,
      );
      await jest.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(getSession).not.toHaveBeenCalled();
      store.dispatch(sessionActions.loaded({ shopId: SHOP, session: started() }));
      await jest.advanceTimersByTimeAsync(2 * POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(2);
      expect(env.navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    } finally {
      jest.useRealTimers();
    }
  });

  it('deselecting the method stops polling and cancels the payment (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const { store, getSession, cancelPayment } = startedUntilCancelled();
      store.dispatch(paymentActions.cartOpened());
      await jest.advanceTimersByTimeAsync(POLL_MS);
      expect(getSession).toHaveBeenCalledTimes(1);
      store.dispatch(paymentActions.methodSelected({ paymentMethodId: 'pm-swish' }));
      await jest.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(cancelPayment).toHaveBeenCalledTimes(1);
      // One read right after the cancel (to catch a completion that won the race), then nothing.
      expect(getSession).toHaveBeenCalledTimes(2);
      expect([paymentView(store.getState()).state, store.getState().payment.selectedPaymentMethod]).toEqual([
        'NOT_STARTED',
        null,
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('Cancel (cancelClicked) stops polling and cancels the pending payment, choosing no method (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const { store, getSession, cancelPayment } = startedUntilCancelled();
      store.dispatch(paymentActions.cartOpened());
      await jest.advanceTimersByTimeAsync(POLL_MS);
      store.dispatch(paymentActions.cancelClicked({ paymentMethodId: 'pm-swish' }));
      // Deselected at once; shown as pending until the server has taken the cancel.
      expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
        state: 'STARTED',
        cancelling: 'sending',
        selectedPaymentMethod: null,
      });
      await jest.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(cancelPayment).toHaveBeenCalledTimes(1);
      expect(getSession).toHaveBeenCalledTimes(2);
      expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
        state: 'NOT_STARTED',
        paymentId: null,
        selectedPaymentMethod: null,
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('a payment completed while the customer was away is picked up on arrival and ends on the receipt', async () => {
    const { navigate } = await run(
      loadedCafe(),
      [sessionActions.loaded({ shopId: SHOP, session: completed })],
      { putCart: () => Promise.resolve() },
    );
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });

  it('a payment left running is resumed on return to the cart and never started twice', async () => {
    const startPayment = jest.fn();
    const getSession = sessions(started(), completed);
    const { navigate } = await run(
      loadedCafe(),
      [sessionActions.loaded({ shopId: SHOP, session: started() }), paymentActions.cartOpened()],
      { getSession, startPayment, putCart: () => Promise.resolve() },
    );
    expect(startPayment).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });
});

describe('one event per fact (issue 13)', () => {
  it('completion clears paid items in cart, session and payment with one payment/completed action', async () => {
    const putCart = jest.fn(() => Promise.resolve());
    const { state, puts, navigate } = await run(
      startedState(
        sessionActions.loaded({ shopId: SHOP, session: session({ activeTab: openTab() }) }),
        sessionActions.tabItemCountChanged({ id: 'e1', count: 2 }),
      ),
      [sessionActions.loaded({ shopId: SHOP, session: completed })],
      { putCart },
    );
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    // The sagas put one action for the completion, and nothing else clears anything.
    expect(puts).toEqual([paymentActions.completed.type]);
    expect([state.cart.ids, state.cart.sync, state.session.tabItems]).toEqual([[], 'synced', []]);
    expect([paymentView(state).state, paymentView(state).paymentId, paymentView(state).receiptId]).toEqual([
      'NOT_STARTED',
      null,
      null,
    ]);
    expect(putCart).toHaveBeenCalledWith(SHOP, { cart: [], tabItems: [] });
  });
});

describe('§2 providers that start as soon as they are chosen: the flow saga decides, the panels only render', () => {
  const choose = (paymentMethodId: string) => paymentActions.methodSelected({ paymentMethodId });
  const pending = (paymentMethodId: string) => sessions(started({ paymentMethodId }));

  it('Swish on a phone starts when chosen, without a panel effect, and opens the app', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: 'p1', token: 'tok' }));
    const { assignLocation, state } = await run(
      loadedCafe(),
      [paymentActions.cartOpened(), choose('pm-swish')],
      { startPayment, getSession: pending('pm-swish') },
      { isMobile: true },
    );
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(paymentView(state).state).toBe('STARTED');
    expect(assignLocation).toHaveBeenCalledWith(
      expect.stringMatching(/^swish:\/\/paymentrequest\?token=tok&/),
    );
  });

  it('Swish on a computer waits for the phone number: choosing it starts nothing', async () => {
    const startPayment = jest.fn();
    const { state } = await run(loadedCafe(), [paymentActions.cartOpened(), choose('pm-swish')], {
      startPayment,
    });
    expect(startPayment).not.toHaveBeenCalled();
    expect([paymentView(state).state, state.payment.selectedPaymentMethod]).toEqual([
      'NOT_STARTED',
      'pm-swish',
    ]);
  });

  it('Viva starts when chosen and goes to its hosted checkout', async () => {
    const startPayment = jest.fn(() => Promise.resolve({ paymentId: '7001' }));
    const { assignLocation } = await run(loadedCafe(), [paymentActions.cartOpened(), choose('pm-viva')], {
      startPayment,
      getSession: pending('pm-viva'),
    });
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(assignLocation).toHaveBeenCalledWith(
      'https://www.vivapayments.com/web/checkout?ref=7001&color=1db954',
    );
  });

  it('a card waits for Pay: choosing Stripe starts nothing, on a phone either', async () => {
    const startPayment = jest.fn();
    await run(
      loadedCafe(),
      [paymentActions.cartOpened(), choose('pm-stripe')],
      { startPayment },
      { isMobile: true },
    );
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('only a choice on the open cart page starts: none before it opens or after it closes', async () => {
    const startPayment = jest.fn();
    await run(
      loadedCafe(),
      [
        choose('pm-viva'),
        choose('pm-viva'), // deselected again
        paymentActions.cartOpened(),
        paymentActions.cartClosed(),
        choose('pm-viva'),
      ],
      { startPayment },
    );
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('only a choice the cart page offers starts: none while the details are not valid', async () => {
    const startPayment = jest.fn();
    await run(
      loadedCafe(paymentActions.customerFieldChanged({ field: 'email', value: 'not-an-email' })),
      [paymentActions.cartOpened(), choose('pm-viva')],
      { startPayment },
    );
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('restart after a failure is the customer’s choice: a failed start is not repeated, nor after the cart changes', async () => {
    const startPayment = jest.fn(() =>
      Promise.reject(new NetworkError('SHOP_CLOSED', { status: 400, code: 'SHOP_CLOSED' })),
    );
    const { state } = await run(
      loadedCafe(),
      [
        paymentActions.cartOpened(),
        choose('pm-viva'),
        50,
        cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }),
      ],
      { startPayment, putCart: () => Promise.resolve() },
    );
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect([paymentView(state).state, state.payment.selectedPaymentMethod]).toEqual([
      'NOT_STARTED',
      'pm-viva',
    ]);
  });

  it('a return from Viva’s checkout or a reload never starts twice: the payment the session reports is polled', async () => {
    const startPayment = jest.fn();
    const { state } = await run(
      loadedCafe(),
      [
        sessionActions.loaded({ shopId: SHOP, session: started({ paymentMethodId: 'pm-viva' }) }),
        paymentActions.cartOpened(),
      ],
      { startPayment, getSession: pending('pm-viva') },
      { isMobile: true },
    );
    expect(startPayment).not.toHaveBeenCalled();
    expect([paymentView(state).state, state.payment.selectedPaymentMethod]).toEqual(['STARTED', 'pm-viva']);
  });

  it('choosing Viva while a Swish payment is under way cancels that one first, then starts Viva', async () => {
    // A server double: the Swish payment is pending until cancelled, then Viva's once started.
    let status: Session = started();
    const order: string[] = [];
    const cancelPayment = jest.fn(() => {
      order.push('cancel');
      status = session();
      return Promise.resolve();
    });
    const startPayment = jest.fn(() => {
      order.push('start');
      status = started({ paymentId: 'v1', paymentMethodId: 'pm-viva' });
      return Promise.resolve({ paymentId: 'v1' });
    });
    const { assignLocation } = await run(
      startedState(),
      [
        sessionActions.loaded({ shopId: SHOP, session: started() }), // the page's arrival
        paymentActions.cartOpened(),
        choose('pm-viva'),
      ],
      { cancelPayment, startPayment, getSession: jest.fn(() => Promise.resolve(status)) },
    );
    expect(order).toEqual(['cancel', 'start']);
    expect(startPayment).toHaveBeenCalledWith(SHOP, expect.objectContaining({ paymentMethodId: 'pm-viva' }));
    expect(assignLocation).toHaveBeenCalledWith(expect.stringContaining('ref=v1'));
  });
});

describe('the customer’s details outlive a reload or the trip to Viva (same tab)', () => {
  const withDetails = () =>
    loadedCafe(
      paymentActions.customerFieldChanged({ field: 'name', value: 'Ada Lovelace' }),
      paymentActions.customerFieldChanged({ field: 'phone', value: '0701234567' }),
    );
  /** A fresh page (empty form) in the same tab, arriving while the session reports `s`. */
  const arrive = async (storage: ReturnType<typeof memoryStorage>, s: Session) => {
    const fresh = [
      shopActions.loadRequested({ shopId: SHOP }),
      shopActions.loaded({ shopId: SHOP, data: shopData() }),
      sessionActions.loadRequested(SHOP),
    ].reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    const { store } = storeAt(fresh, { putCart: () => Promise.resolve() }, storage);
    store.dispatch(sessionActions.loaded({ shopId: SHOP, session: s }));
    await flush();
    return store;
  };
  const startViva = async (storage: ReturnType<typeof memoryStorage>, paymentId: string) => {
    const { store } = storeAt(withDetails(), { startPayment: () => Promise.resolve({ paymentId }) }, storage);
    store.dispatch(paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    await flush();
    return store;
  };

  it('come back when the session reports the payment they were started with', async () => {
    const storage = memoryStorage();
    await startViva(storage, 'p9');
    const store = await arrive(storage, started({ paymentId: 'p9', paymentMethodId: 'pm-viva' }));
    expect(store.getState().payment.customer).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '0701234567',
    });
    expect(paymentView(store.getState()).state).toBe('STARTED');
  });

  it('are not restored for another payment', async () => {
    const storage = memoryStorage();
    await startViva(storage, 'p9');
    const store = await arrive(storage, started({ paymentId: 'other', paymentMethodId: 'pm-viva' }));
    expect(store.getState().payment.customer.name).toBe('');
  });

  it('are forgotten when the payment is cancelled', async () => {
    const storage = memoryStorage();
    const store = await startViva(storage, 'p9');
    expect(storage.data.has('payment.customer')).toBe(true);
    store.dispatch(paymentActions.customerFieldChanged({ field: 'name', value: 'Grace' }));
    await flush();
    expect(storage.data.has('payment.customer')).toBe(false);
    // Issue 39: what is typed now stays the tab's draft (customerDraft.ts), no longer tied to a payment.
    expect([...storage.data.keys()]).toEqual(['customer.draft']);
  });

  it('are forgotten when the payment completes', async () => {
    const storage = memoryStorage();
    await startViva(storage, 'p9');
    await arrive(storage, session({ paymentStatus: 'COMPLETED', paymentId: 'p9', receiptId: 'r1' }));
    expect(storage.data.size).toBe(0);
  });

  it('tampered storage gives back only strings of known fields', () => {
    const storage = memoryStorage();
    storage.setItem(
      'payment.customer',
      JSON.stringify({
        shopId: SHOP,
        paymentId: 'p9',
        customer: { name: 42, email: 'a@b.se', evil: 'x', phone: null },
      }),
    );
    expect(loadCustomer(storage, SHOP, 'p9')).toEqual({ email: 'a@b.se' });
    storage.setItem('payment.customer', '{not json');
    expect(loadCustomer(storage, SHOP, 'p9')).toBeNull();
  });
});

/** Issue 9: what the page shows is what is charged, and nobody who paid is told they failed. */
describe('§4 start: pay exactly what is shown', () => {
  // As the edge makes it from a 409 `{ name: 'CART_CHANGED' }` (§8: only a 400's errorCode becomes the code).
  const stale = new NetworkError('CART_CHANGED', { status: 409 });
  const threeBuns = session({
    cart: [{ id: 'x', productId: 'bun', count: 3, deviations: [], description: '' }],
  });

  it('a start the server refuses as CART_CHANGED shows the server’s cart and asks to pay again', async () => {
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      { startPayment: () => Promise.reject(stale), getSession: sessions(threeBuns) },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual(['ERROR', 'CART_CHANGED']);
    expect(Object.values(state.cart.entities).map((item) => item?.count)).toEqual([3]);
  });

  it('§3 a start refused because another guest is paying for a chosen tab line reads the tab again, to show it as being paid', async () => {
    const tab = openTab();
    const held = session({
      activeTab: { ...tab, entries: tab.entries.map((e) => ({ ...e, beingPaid: e.id === 'e2' ? 1 : 0 })) },
      tabItems: [{ id: 'e2', count: 1 }],
    });
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      {
        startPayment: () => Promise.reject(new NetworkError('TAB_ITEM_BEING_PAID', { status: 409 })),
        getSession: sessions(held),
      },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual([
      'ERROR',
      'TAB_ITEM_BEING_PAID',
    ]);
    expect(state.session.activeTab?.entries.find((e) => e.id === 'e2')?.beingPaid).toBe(1);
  });

  it('another tab’s save replaces the shown cart when this tab has no edit on its way', async () => {
    const page = manualPageSignals();
    const { state } = await run(
      loadedCafe(),
      [pageActions.cartSavedElsewhere({ shopId: SHOP })],
      {
        getSession: sessions(threeBuns),
      },
      { page },
    );
    expect(Object.values(state.cart.entities).map((item) => item?.count)).toEqual([3]);
  });

  it('another tab’s save never overwrites an edit of this tab that is still being sent', async () => {
    const put = deferred<void>();
    const { state } = await run(
      loadedCafe(),
      [
        cartActions.itemAdded({ productId: 'coffee', count: 1, deviations: [], description: '' }),
        pageActions.cartSavedElsewhere({ shopId: SHOP }),
      ],
      { getSession: sessions(threeBuns), putCart: () => put.promise },
    );
    expect(Object.values(state.cart.entities).map((item) => item?.productId)).toEqual(['bun', 'coffee']);
  });

  it('a saved cart is announced to the other tabs of the browser', async () => {
    const page = manualPageSignals();
    await run(
      loadedCafe(),
      [cartActions.itemAdded({ productId: 'coffee', count: 1, deviations: [], description: '' })],
      { putCart: () => Promise.resolve() },
      { page },
    );
    expect(page.announced).toEqual([SHOP]);
  });
});

describe('§4 §8 a start whose answer was lost', () => {
  const lost = new NetworkError('Failed to fetch', { status: 0 });
  const gateway = new NetworkError('HTTP 502', { status: 502 });

  it('takes up the payment the server created (same method) and polls it to the receipt', async () => {
    const getSession = sessions(started(), completed);
    const { state, navigate } = await run(
      loadedCafe(paymentActions.customerFieldChanged({ field: 'phone', value: '070' })),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' }), paymentActions.cartOpened()],
      { startPayment: () => Promise.reject(lost), getSession, putCart: () => Promise.resolve() },
    );
    expect(paymentView(state).error).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });

  it('a 502 after the server completed the payment ends on the receipt, never on an error', async () => {
    const { state, navigate } = await run(
      loadedCafe(paymentActions.customerFieldChanged({ field: 'phone', value: '070' })),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      {
        startPayment: () => Promise.reject(gateway),
        getSession: sessions(completed),
        putCart: () => Promise.resolve(),
      },
    );
    expect(paymentView(state).state).not.toBe('ERROR');
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });

  it('shows the failure when the session has no payment, after asking it again with backoff', async () => {
    const getSession = sessions(new NetworkError('offline', { status: 0 }), session());
    const { state, delays } = await run(
      loadedCafe(paymentActions.customerFieldChanged({ field: 'phone', value: '070' })),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      { startPayment: () => Promise.reject(lost), getSession },
    );
    expect([paymentView(state).state, paymentView(state).error?.code]).toEqual(['ERROR', 'NETWORK']);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(delays).toContain(pollDelay(1));
  });

  it('a 400 is the server’s answer: no session lookup, ERROR with its name', async () => {
    const getSession = jest.fn();
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-viva' })],
      {
        startPayment: () =>
          Promise.reject(new NetworkError('SHOP_CLOSED', { status: 400, code: 'SHOP_CLOSED' })),
        getSession,
      },
    );
    expect(paymentView(state).error?.code).toBe('SHOP_CLOSED');
    expect(getSession).not.toHaveBeenCalled();
  });
});

describe('§7 spec-minimal start answers (paymentId only)', () => {
  it('Swish on a phone: the payment id is the token of the app link', async () => {
    const { assignLocation } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-swish' })],
      { startPayment: () => Promise.resolve({ paymentId: 'P1' }) },
      { isMobile: true },
    );
    expect(assignLocation).toHaveBeenCalledWith(
      expect.stringMatching(/^swish:\/\/paymentrequest\?token=P1&/),
    );
  });

  it('Stripe: the client secret comes from the card payment intent call with the session’s intent id', async () => {
    const getPaymentIntent = jest.fn(() =>
      Promise.resolve({
        status: 'PENDING' as const,
        paymentData: {
          clientSecret: 'pi_9_secret',
          stripeAccountId: 'acct_1',
          pendingPaymentMethod: { amount: 2500, currency: 'SEK' as const },
          error: null,
        },
      }),
    );
    const { state } = await run(
      loadedCafe(),
      [paymentActions.startRequested({ paymentMethodId: 'pm-stripe' })],
      {
        startPayment: () => Promise.resolve({ paymentId: 'p1' }),
        getSession: sessions(started({ paymentMethodId: 'pm-stripe', paymentIntentId: 'pi_9' })),
        getPaymentIntent,
      },
    );
    expect(getPaymentIntent).toHaveBeenCalledWith('c-cafe', 'pi_9', expect.any(AbortSignal));
    expect([paymentView(state).state, paymentView(state).clientSecret]).toEqual(['STARTED', 'pi_9_secret']);
  });
});

describe('§4 a cancel that fails', () => {
  it('an approval that arrives while the cancel keeps failing still ends on the receipt', async () => {
    const cancelPayment = jest.fn(() => Promise.reject(new NetworkError('HTTP 500', { status: 500 })));
    const { navigate } = await run(
      startedState(),
      [paymentActions.cartOpened(), paymentActions.cancelClicked({ paymentMethodId: 'pm-swish' })],
      { cancelPayment, getSession: sessions(started(), completed), putCart: () => Promise.resolve() },
    );
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
  });

  it('a retried cancel that gets through resets to NOT_STARTED', async () => {
    let calls = 0;
    const cancelPayment = jest.fn(() =>
      ++calls === 1 ? Promise.reject(new NetworkError('HTTP 500', { status: 500 })) : Promise.resolve(),
    );
    const { state } = await run(
      startedState(),
      [paymentActions.cancelClicked({ paymentMethodId: 'pm-swish' })],
      { cancelPayment, getSession: sessions(session()) },
    );
    expect(cancelPayment).toHaveBeenCalledTimes(2);
    expect([paymentView(state).state, paymentView(state).cancelling, paymentView(state).paymentId]).toEqual([
      'NOT_STARTED',
      null,
      null,
    ]);
  });
});

describe('§4 §9 polling that backs off and rests', () => {
  it('waits 1 s, then 2 s, 4 s, 8 s and at most 10 s while polls fail', () => {
    expect([0, 1, 2, 3, 4, 5].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('backs off after failed polls and is back to 1 s after a good one', async () => {
    const failure = new NetworkError('offline', { status: 0 });
    const { delays } = await run(startedState(), [paymentActions.cartOpened()], {
      getSession: sessions(failure, failure, failure, started(), completed),
      putCart: () => Promise.resolve(),
    });
    expect(delays.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 1000]);
  });

  it('§4 rests while the page is hidden and polls at once when it is shown again, on the store page too (fake clock, real store)', async () => {
    jest.useFakeTimers();
    try {
      const page = manualPageSignals();
      page.hidden = true;
      const getSession = sessions(started());
      makeStore(
        {
          api: fakeApi({ getSession }),
          navigate: jest.fn(),
          assignLocation: jest.fn(),
          reportError: jest.fn(),
          origin: 'https://shop.test',
          isMobile: false,
          vivaCheckoutUrl: 'https://viva.test',
          storage: memoryStorage(),
          page,
          currentSearch: () => '',
          replaceLocation: jest.fn(),
        },
        startedState(),
      );
      // No cart page: the store page's sagas only.
      await jest.advanceTimersByTimeAsync(HIDDEN_POLL_MS - 1);
      expect(getSession).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(getSession).toHaveBeenCalledTimes(1);
      page.hidden = false;
      page.emit({ type: 'visible' });
      await jest.advanceTimersByTimeAsync(10);
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Viva: back on the shop without paying', () => {
  const vivaStarted = () =>
    loadedCafe(
      paymentActions.startRequested({ paymentMethodId: 'pm-viva' }),
      paymentActions.started({ paymentId: 'v1', token: null, clientSecret: null }),
    );
  const stillPending = started({ paymentId: 'v1', paymentMethodId: 'pm-viva' });
  const startedHere = () => {
    const storage = memoryStorage();
    saveCustomer(storage, SHOP, 'v1', { ...loadedCafe().payment.customer });
    return storage;
  };

  it('cancels the pending payment after a short grace and offers the methods again', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    const { state, delays } = await run(
      vivaStarted(),
      [sessionActions.loaded({ shopId: SHOP, session: stillPending })],
      { cancelPayment, getSession: sessions(stillPending, session()) },
      { storage: startedHere() },
    );
    expect(delays).toContain(VIVA_RETURN_GRACE_MS); // beside the polls' 1 s
    expect(cancelPayment).toHaveBeenCalledWith(SHOP);
    expect({ ...state.payment, ...paymentView(state) }).toMatchObject({
      state: 'NOT_STARTED',
      selectedPaymentMethod: null,
      notCompleted: true,
    });
  });

  it('with Viva’s transaction id in the address the payment is left to complete', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    await run(
      vivaStarted(),
      [sessionActions.loaded({ shopId: SHOP, session: stillPending })],
      { cancelPayment, getSession: sessions(stillPending) },
      { storage: startedHere(), search: '?s=v1&t=tx-1' },
    );
    expect(cancelPayment).not.toHaveBeenCalled();
  });

  it('another tab of the session, which did not start it, leaves it alone', async () => {
    const cancelPayment = jest.fn(() => Promise.resolve());
    await run(vivaStarted(), [sessionActions.loaded({ shopId: SHOP, session: stillPending })], {
      cancelPayment,
      getSession: sessions(stillPending),
    });
    expect(cancelPayment).not.toHaveBeenCalled();
  });
});

describe('a reload while the cart could not be saved keeps the edits', () => {
  it('a reload that finds the payment completed forgets the kept edits: nothing paid comes back', async () => {
    const storage = memoryStorage();
    storage.setItem(
      'cart.unsaved.cafe',
      JSON.stringify([{ id: 'x', productId: 'bun', count: 1, deviations: [] }]),
    );
    const fresh = [
      shopActions.loadRequested({ shopId: SHOP }),
      shopActions.loaded({ shopId: SHOP, data: shopData() }),
      sessionActions.loadRequested(SHOP),
    ].reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    const putCart = jest.fn(() => Promise.resolve());
    const { state } = await run(
      fresh,
      [sessionActions.loaded({ shopId: SHOP, session: completed })],
      { putCart },
      { storage },
    );
    expect(storage.getItem('cart.unsaved.cafe')).toBeNull();
    expect(state.cart.ids).toEqual([]);
    expect(putCart.mock.calls.map((call) => (call as unknown[])[1])).toEqual([{ cart: [], tabItems: [] }]);
  });

  it('edits kept in the tab’s storage come back on the first session answer and are sent again', async () => {
    const storage = memoryStorage();
    const putCart = jest.fn(() => Promise.reject(new NetworkError('HTTP 500', { status: 500 })));
    await run(
      loadedCafe(),
      [cartActions.itemAdded({ productId: 'coffee', count: 2, deviations: [], description: '' })],
      { putCart },
      { storage },
    );
    // A fresh page in the same tab: the server still holds the old cart.
    const fresh = [
      shopActions.loadRequested({ shopId: SHOP }),
      shopActions.loaded({ shopId: SHOP, data: shopData() }),
      sessionActions.loadRequested(SHOP),
    ].reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    const sent = jest.fn(() => Promise.resolve());
    const { state } = await run(
      fresh,
      [sessionActions.loaded({ shopId: SHOP, session: session() })],
      { putCart: sent },
      { storage },
    );
    expect(Object.values(state.cart.entities).map((i) => [i?.productId, i?.count])).toEqual([
      ['bun', 1],
      ['coffee', 2],
    ]);
    expect(sent).toHaveBeenCalled();
    expect(state.cart.sync).toBe('synced');
    expect(storage.data.size).toBe(0);
  });
});
