import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../src/app/store';
import { funnelStep, type OpenAttempt } from '../../src/app/paymentFunnel';
import { pageOf } from '../../src/app/fieldMetrics';
import { paymentActions } from '../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../src/features/session/sessionSlice';
import { shopActions } from '../../src/features/shopState/shopSlice';
import { receiptActions } from '../../src/features/receipt/receiptSlice';
import { customerLeft } from '../../src/shared/events';
import type { PaymentAttempt } from '../../src/shared/reporting/fieldEvents';
import { receipt, session, shopData } from '../helpers/fixtures';

/**
 * Issue 36's payment funnel, played on the app's real reducers (a store without sagas: the test is the
 * saga, dispatching what the payment sagas would). Each action reaches the funnel through the store's
 * action tap, with the time the test's clock says.
 */
function journey() {
  const store = makeStore();
  store.dispatch(sessionActions.loadRequested('cafe'));
  store.dispatch(shopActions.renderedByHost({ shopId: 'cafe', data: shopData() }));
  let now = 1_000_000;
  let open: OpenAttempt | null = null;
  const ended: PaymentAttempt[] = [];
  const realNow = Date.now;
  Date.now = () => now;
  store.listenActions((action, at) => {
    const step = funnelStep(open, action, at, store.getState());
    open = step.open;
    if (step.ended) ended.push(step.ended);
  });
  const at = (ms: number, action: UnknownAction) => {
    now = 1_000_000 + ms;
    store.dispatch(action);
  };
  const loadedSession = (overrides: Parameters<typeof session>[0]) =>
    sessionActions.loaded({ shopId: 'cafe', session: session(overrides) });
  return { store, at, ended, open: () => open, loadedSession, restore: () => (Date.now = realNow) };
}

describe('issue 36 the payment funnel', () => {
  it('times a Swish attempt from Pay to STARTED, to COMPLETED and to the receipt drawn', () => {
    const { at, ended, restore } = journey();
    at(0, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    at(400, paymentActions.started({ paymentId: 'p1', token: 't', clientSecret: null }));
    at(9000, paymentActions.completed({ receiptId: 'r1' }));
    expect(ended).toEqual([]); // the receipt is not drawn yet
    at(9800, receiptActions.loadRequested({ shopId: 'cafe', receiptId: 'r1' }));
    at(9900, receiptActions.loaded({ receiptId: 'r1', receipt, downloadUrl: '/x' }));
    restore();
    expect(ended).toEqual([
      expect.objectContaining({
        method: 'swish',
        outcome: 'completed',
        payAt: 1_000_000,
        startedAt: 1_000_400,
        outcomeAt: 1_009_000,
        receiptAt: 1_009_900,
      }),
    ]);
    expect(ended[0]?.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a double tap on Pay is one attempt (§4 a start while LOADING is ignored)', () => {
    const { at, ended, open, restore } = journey();
    at(0, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    const first = open();
    at(50, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    restore();
    expect(open()).toBe(first);
    expect(ended).toEqual([]);
  });

  it("the session's word ends a started attempt: declined, cancelled, timed out (Swish TM01), error", () => {
    const cases = [
      ['FAILED', 'RF07', 'declined'],
      ['CANCELLED', 'BANKIDCL', 'cancelled'],
      ['ERROR', 'TM01', 'timedOut'],
      ['ERROR', 'PROVIDER_DOWN', 'error'],
    ] as const;
    for (const [paymentStatus, message, outcome] of cases) {
      const { at, ended, loadedSession, restore } = journey();
      at(0, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
      at(300, paymentActions.started({ paymentId: 'p1', token: 't', clientSecret: null }));
      // Another payment's word changes nothing.
      at(1000, loadedSession({ paymentStatus, paymentId: 'other', message }));
      at(5000, loadedSession({ paymentStatus, paymentId: 'p1', message }));
      restore();
      expect(ended).toEqual([
        expect.objectContaining({ outcome, startedAt: 1_000_300, outcomeAt: 1_005_000, receiptAt: null }),
      ]);
    }
  });

  it('a start the server refused is an error that never started; a declined card is declined', () => {
    const { at, ended, restore } = journey();
    at(0, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    at(200, paymentActions.startFailed({ error: { code: 'OUT_OF_STOCK', message: '' } }));
    at(1000, paymentActions.startRequested({ paymentMethodId: 'pm-viva', wallet: { amount: 100 } }));
    at(1300, paymentActions.started({ paymentId: 'p2', token: null, clientSecret: 's' }));
    at(2000, paymentActions.providerFailed({ error: { code: 'card_declined', message: '' } }));
    restore();
    expect(ended).toEqual([
      expect.objectContaining({ method: 'swish', outcome: 'error', startedAt: null, outcomeAt: 1_000_200 }),
      expect.objectContaining({
        method: 'wallet',
        outcome: 'declined',
        payAt: 1_001_000,
        outcomeAt: 1_002_000,
      }),
    ]);
  });

  it('a cancel ends the attempt when the server confirms it, or at once before it held a payment', () => {
    const { at, ended, restore } = journey();
    at(0, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    at(300, paymentActions.started({ paymentId: 'p1', token: 't', clientSecret: null }));
    at(1000, paymentActions.cancelRequested());
    expect(ended).toEqual([]);
    at(1500, paymentActions.cancelConfirmed({ paymentId: 'p1' }));
    at(2000, paymentActions.startRequested({ paymentMethodId: 'pm-swish' }));
    at(2100, customerLeft());
    restore();
    expect(ended.map((a) => [a.outcome, a.outcomeAt])).toEqual([
      ['cancelled', 1_001_500],
      ['cancelled', 1_002_100],
    ]);
  });

  it('a completed attempt whose receipt does not load is sent without the receipt', () => {
    const { at, ended, restore } = journey();
    at(0, paymentActions.startRequested({ paymentMethodId: 'pm-viva' }));
    at(300, paymentActions.started({ paymentId: 'p1', token: 't', clientSecret: null }));
    at(4000, paymentActions.completed({ receiptId: 'r1' }));
    at(4100, receiptActions.loadRequested({ shopId: 'cafe', receiptId: 'r1' }));
    at(4500, receiptActions.loadFailed({ code: 'NOT_FOUND', message: '' }));
    restore();
    expect(ended).toEqual([
      expect.objectContaining({ method: 'viva', outcome: 'completed', receiptAt: null }),
    ]);
  });

  it('actions before the funnel listened are handed to it with their own times (a return from Viva)', () => {
    const store = makeStore();
    const realNow = Date.now;
    let now = 5_000;
    Date.now = () => now;
    store.dispatch(sessionActions.loadRequested('cafe'));
    store.dispatch(shopActions.renderedByHost({ shopId: 'cafe', data: shopData() }));
    // Left for Viva's page before this page: the attempt comes back from the tab's storage.
    const stored: OpenAttempt = {
      id: 'a'.repeat(32),
      method: 'viva',
      payAt: 1_000,
      startedAt: 1_300,
      paymentId: 'p1',
      outcome: null,
      outcomeAt: null,
      receiptId: null,
    };
    store.dispatch(
      sessionActions.loaded({
        shopId: 'cafe',
        session: session({ paymentStatus: 'COMPLETED', paymentId: 'p1', receiptId: 'r1' }),
      }),
    );
    now = 5_200;
    store.dispatch(paymentActions.completed({ receiptId: 'r1' }));
    now = 5_900;
    store.dispatch(receiptActions.loadRequested({ shopId: 'cafe', receiptId: 'r1' }));
    store.dispatch(receiptActions.loaded({ receiptId: 'r1', receipt, downloadUrl: '/x' }));
    now = 9_000; // the field-metrics chunk arrives
    let open: OpenAttempt | null = stored;
    const ended: PaymentAttempt[] = [];
    store.listenActions((action, at) => {
      const step = funnelStep(open, action, at, store.getState());
      open = step.open;
      if (step.ended) ended.push(step.ended);
    });
    Date.now = realNow;
    expect(ended).toEqual([
      expect.objectContaining({ payAt: 1_000, startedAt: 1_300, outcomeAt: 5_200, receiptAt: 5_900 }),
    ]);
  });
});

describe('issue 36 page kinds', () => {
  it('names each route of app/router.tsx and its shop', () => {
    expect(pageOf('/cafe')).toEqual({ kind: 'store', shop: 'cafe' });
    expect(pageOf('/cafe/')).toEqual({ kind: 'store', shop: 'cafe' });
    expect(pageOf('/cafe/cart')).toEqual({ kind: 'cart', shop: 'cafe' });
    expect(pageOf('/cafe/products/bulle')).toEqual({ kind: 'product', shop: 'cafe' });
    expect(pageOf('/cafe/receipt/r1')).toEqual({ kind: 'receipt', shop: 'cafe' });
    expect(pageOf('/cafe/refundPolicy')).toEqual({ kind: 'refundPolicy', shop: 'cafe' });
    expect(pageOf('/caf%C3%A9')).toEqual({ kind: 'store', shop: 'café' });
    expect(pageOf('/company/c1/payment/pi_1')).toEqual({ kind: 'cardPayment', shop: null });
    expect(pageOf('/integrateFortnox')).toEqual({ kind: 'integration', shop: null });
    expect(pageOf('/integrate/visma/c1/code')).toEqual({ kind: 'integration', shop: null });
    expect(pageOf('/auth/passwordreset')).toEqual({ kind: 'passwordReset', shop: null });
    expect(pageOf('/download')).toEqual({ kind: 'download', shop: null });
    expect(pageOf('/receipt/c1/r1')).toEqual({ kind: 'receiptDownload', shop: null });
    expect(pageOf('/cafe/nothing/here')).toEqual({ kind: 'notFound', shop: null });
  });
});
