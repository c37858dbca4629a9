/**
 * Issue 23 (item 6): the kiosk pauses calmly when the network drops. On a real store (every reducer and saga,
 * the kiosk's too) with Jest's fake clock: when ordering pauses and when it does not, how the kiosk checks
 * the API while paused and resumes, that the order is kept, that a payment in flight is checked on the server
 * when the connection is back, and that the idle reset still runs while paused but clears nothing before the
 * server has taken the payment's cancel.
 */
import type { Action } from '@reduxjs/toolkit';
import { take } from 'redux-saga/effects';
import { cartActions } from '../../../src/features/cart/cartSlice';
import {
  FIRST_PROBE_MS,
  MAX_PROBE_MS,
  PAUSE_AFTER_MS,
  probeDelay,
} from '../../../src/features/kiosk/kioskConnection';
import { PAYMENT_WAIT_MS } from '../../../src/features/kiosk/kioskIdle';
import { DEFAULT_PROMPT_MS } from '../../../src/features/kiosk/kioskMode';
import { kioskActions } from '../../../src/features/kiosk/kioskSlice';
import { paymentActions } from '../../../src/features/paymentState/paymentSlice';
import type { Session } from '../../../src/domain/types';
import { NetworkError, type Api } from '../../../src/shared/api';
import { pageActions } from '../../../src/shared/pageSignals';
import { session } from '../../helpers/fixtures';
import { cafeState, storeFrom, swishStarted } from '../../helpers/kioskState';
import { paymentView } from '../../helpers/paymentView';
import { paymentStates } from '../../helpers/paymentStates';

const SHOP = 'cafe';
const IDLE = 60_000;

/** No answer at all (offline): status 0. */
const noAnswer = () => Promise.reject(new NetworkError('Failed to fetch', { status: 0 }));

const withBun = [
  cartActions.itemAdded({ productId: 'bun', count: 2, deviations: [], description: '' }),
  cartActions.synced({ revision: 1 }),
];

/** Moves the fake clock on, letting every saga step and promise in between run. */
const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/**
 * A kiosk's store whose API is down (every session read and cancel unanswered) unless `api` says otherwise;
 * `actions` records what the store saw. Resolves once the kiosk's sagas run (they come in a dynamic import).
 */
async function kiosk(more: Action[] = [], api: Partial<Api> = {}) {
  const made = storeFrom(cafeState(IDLE, ...withBun, ...more), {
    getSession: jest.fn(noAnswer),
    cancelPayment: jest.fn(noAnswer),
    putCart: jest.fn(() => Promise.resolve()),
    ...api,
  });
  const actions: string[] = [];
  made.store.injectSagas([
    function* record() {
      for (;;) actions.push(((yield take('*')) as Action).type);
    },
  ]);
  await pass(0);
  return { ...made, actions };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('issue 23: the kiosk pauses calmly when the network drops', () => {
  it('a failed request followed by an answer within 4 s does not pause', async () => {
    const { store, page, actions } = await kiosk();
    page.reportAnswer(false);
    await pass(PAUSE_AFTER_MS - 500);
    page.reportAnswer(true);
    await pass(60_000);
    expect(store.getState().kiosk.paused).toBe(false);
    expect(actions).not.toContain(kioskActions.connectionLost.type);
  });

  it("a failed request while the kiosk's own check of the API is answered does not pause (one lost request is no outage)", async () => {
    const { store, page, api, actions } = await kiosk([], {
      getSession: jest.fn(() => Promise.resolve(session())),
    });
    page.reportAnswer(false);
    await pass(60_000);
    expect(api.getSession).toHaveBeenCalledWith(SHOP, undefined, expect.any(AbortSignal));
    expect(store.getState().kiosk.paused).toBe(false);
    expect(actions).not.toContain(kioskActions.connectionLost.type);
  });

  it('4 s of failures pause ordering; the browser going offline counts as a failure', async () => {
    const { store, page } = await kiosk();
    page.offline();
    await pass(PAUSE_AFTER_MS - 1);
    expect(store.getState().kiosk.paused).toBe(false);
    page.reportAnswer(false); // more failures change nothing: the 4 s count from the first
    await pass(1);
    expect(store.getState().kiosk.paused).toBe(true);
  });

  it("a proxy's 502 while the backend is down is no answer either; the API's own 404 is one", async () => {
    const down = await kiosk([], {
      getSession: jest.fn(() => Promise.reject(new NetworkError('HTTP 502', { status: 502 }))),
    });
    down.page.reportAnswer(false);
    await pass(PAUSE_AFTER_MS);
    expect(down.store.getState().kiosk.paused).toBe(true);

    const answering = await kiosk([], {
      getSession: jest.fn(() => Promise.reject(new NetworkError('NOT_FOUND', { status: 404 }))),
    });
    answering.page.reportAnswer(false);
    await pass(PAUSE_AFTER_MS);
    expect(answering.store.getState().kiosk.paused).toBe(false);
  });

  it('while paused the API is checked with backoff (2 s, 4 s … at most 10 s); its answer resumes, and what waits is woken (cameOnline)', async () => {
    expect([1, 2, 3, 4, 5].map(probeDelay)).toEqual([FIRST_PROBE_MS, 4000, 8000, MAX_PROBE_MS, MAX_PROBE_MS]);
    const getSession = jest.fn<Promise<Session>, []>(noAnswer);
    const { store, page, actions } = await kiosk([], { getSession });
    page.reportAnswer(false);
    // Checks at 0 s, 2 s, 6 s, 14 s, 24 s, 34 s (paused from 4 s).
    const calls: number[] = [];
    for (const at of [0, 2000, 6000, 14_000, 24_000, 34_000]) {
      await pass(at - (calls.at(-1) ?? 0));
      calls.push(at);
      expect(getSession).toHaveBeenCalledTimes(calls.length);
    }
    expect(store.getState().kiosk.paused).toBe(true);
    await pass(MAX_PROBE_MS - 1);
    expect(getSession).toHaveBeenCalledTimes(6);

    getSession.mockImplementation(() => Promise.resolve(session()));
    await pass(1);
    expect(store.getState().kiosk.paused).toBe(false);
    const back = actions.indexOf(kioskActions.connectionBack.type);
    expect(back).toBeGreaterThan(actions.indexOf(kioskActions.connectionLost.type));
    expect(actions.slice(back)).toContain(pageActions.cameOnline.type);
    // The probe's answer is dropped (nothing loaded before the resume); once back, the session is read once
    // more, for the server's word on the payment (a start whose answer the outage lost).
    expect(actions.slice(0, back)).not.toContain('session/loaded');
    expect(getSession).toHaveBeenCalledTimes(8);
    expect(actions.slice(back)).toContain('session/loaded');
  });

  it("back from a pause, the server's word on the payment is read first: a payment it holds as STARTED is taken up (polled, not started again)", async () => {
    const getSession = jest.fn<Promise<Session>, []>(noAnswer);
    const { store, page } = await kiosk([], { getSession });
    page.reportAnswer(false);
    await pass(PAUSE_AFTER_MS);
    expect(store.getState().kiosk.paused).toBe(true);
    // The server holds a pending payment this page did not know of (made while the page could not hear).
    getSession.mockImplementation(() =>
      Promise.resolve(session({ paymentStatus: 'STARTED', paymentId: 'p9', paymentMethodId: 'pm-swish' })),
    );
    await pass(MAX_PROBE_MS);
    expect(store.getState().kiosk.paused).toBe(false);
    expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
      state: 'STARTED',
      paymentId: 'p9',
    });
  });

  it("the browser's online event, or an answer to one of the page's own requests, ends the wait at once", async () => {
    const getSession = jest.fn<Promise<Session>, []>(noAnswer);
    const { store, page } = await kiosk([], { getSession });
    page.reportAnswer(false);
    await pass(30_000);
    expect(store.getState().kiosk.paused).toBe(true);
    const before = getSession.mock.calls.length;
    store.dispatch(pageActions.cameOnline()); // the browser's online event: checked at once, not yet an answer
    await pass(0);
    expect(getSession).toHaveBeenCalledTimes(before + 1);
    expect(store.getState().kiosk.paused).toBe(true);
    page.reportAnswer(true); // a cart save, a poll… answered: back at once
    await pass(0);
    expect(store.getState().kiosk.paused).toBe(false);
  });

  it(`the order is kept across pause and resume: cart, details and screen untouched, nothing sent ${paymentStates('KIOSK:PAUSED')}`, async () => {
    const { store, page, api, navigate } = await kiosk([
      paymentActions.customerFieldChanged({ field: 'name', value: 'Ada Lovelace' }),
    ]);
    store.dispatch(kioskActions.screenShown('other'));
    page.input();
    const before = store.getState();
    page.reportAnswer(false);
    await pass(PAUSE_AFTER_MS + 1000);
    expect(store.getState().kiosk.paused).toBe(true);
    expect(store.getState().cart).toEqual(before.cart);
    page.reportAnswer(true);
    await pass(0);
    const after = store.getState();
    expect(after.kiosk.paused).toBe(false);
    expect(after.cart).toEqual(before.cart);
    expect(after.cart.ids).toHaveLength(1);
    expect(after.payment.customer).toEqual(before.payment.customer);
    expect(after.kiosk).toMatchObject({ screen: 'other', customer: 0, resetting: false });
    expect(api.putCart).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it(`a payment in flight is checked on the server when back: the poll, kept up while paused, reads at once ${paymentStates('KIOSK:PAUSED')}`, async () => {
    const paid = session({
      paymentStatus: 'COMPLETED',
      paymentId: 'p1',
      receiptId: 'r1',
      paymentMethodId: 'pm-swish',
    });
    const getSession = jest.fn<Promise<Session>, []>(noAnswer);
    const { store, page, navigate } = await kiosk(swishStarted(), { getSession });
    store.dispatch(paymentActions.cartOpened()); // the cart page stays mounted under the paused screen
    page.reportAnswer(false);
    await pass(60_000);
    expect(store.getState().kiosk.paused).toBe(true);
    expect({ ...store.getState().payment, ...paymentView(store.getState()) }).toMatchObject({
      state: 'STARTED',
      paymentId: 'p1',
    });
    // The customer approved on their phone meanwhile; the API answers one of the page's requests again.
    getSession.mockImplementation(() => Promise.resolve(paid));
    const calls = getSession.mock.calls.length;
    page.reportAnswer(true);
    await pass(0);
    // Not after the poll's backoff (up to 10 s): at once.
    expect(getSession.mock.calls.length).toBeGreaterThan(calls);
    expect(navigate).toHaveBeenCalledWith('/cafe/receipt/r1', { replace: true });
    expect(store.getState().kiosk.paused).toBe(false);
  });

  it('an idle reset while paused still runs, but clears nothing before the server has taken the cancel', async () => {
    const cancelPayment = jest.fn<Promise<void>, []>(noAnswer);
    const getSession = jest.fn<Promise<Session>, []>(noAnswer);
    const { store, page, api, replaceLocation } = await kiosk(swishStarted(), { cancelPayment, getSession });
    store.dispatch(kioskActions.screenShown('other'));
    page.reportAnswer(false);
    await pass(PAYMENT_WAIT_MS + DEFAULT_PROMPT_MS); // asked, unanswered: the reset starts
    await pass(20_000);
    let state = store.getState();
    expect(state.kiosk).toMatchObject({ paused: true, resetting: true, customer: 0 });
    expect(cancelPayment.mock.calls.length).toBeGreaterThan(1); // retried
    expect(state.cart.ids).toHaveLength(1);
    expect({ ...state.payment, ...paymentView(state) }).toMatchObject({ paymentId: 'p1' });
    expect(api.putCart).not.toHaveBeenCalled();
    expect(replaceLocation).not.toHaveBeenCalled();

    // The server answers again: the check resumes ordering, the cancel's retry lands, then the kiosk clears.
    cancelPayment.mockImplementation(() => Promise.resolve());
    getSession.mockImplementation(() => Promise.resolve(session()));
    await pass(MAX_PROBE_MS);
    state = store.getState();
    expect(state.kiosk).toMatchObject({ paused: false, customer: 1 });
    expect(state.cart.ids).toHaveLength(0);
    const cancelled = cancelPayment.mock.invocationCallOrder.at(-1) ?? Infinity;
    const emptied = (api.putCart as jest.Mock).mock.invocationCallOrder.at(-1) ?? 0;
    expect(cancelled).toBeLessThan(emptied);
    expect(replaceLocation).toHaveBeenCalledWith('/cafe?kiosk=1&idle=60&prompt=30');
  });

  it('a browser that is not a kiosk never watches the connection', async () => {
    const { store, page } = storeFrom(cafeState(null, ...withBun), { getSession: jest.fn(noAnswer) });
    const onConnection = jest.spyOn(page, 'onConnection');
    await pass(0);
    page.reportAnswer(false);
    await pass(60_000);
    expect(onConnection).not.toHaveBeenCalled();
    expect(store.getState().kiosk.paused).toBe(false);
  });
});
