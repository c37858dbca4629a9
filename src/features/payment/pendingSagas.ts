/**
 * A payment's second phase (§4): the server holds it, from `payment/started` (or a STARTED payment the
 * session brings back after a reload or a provider's redirect) until it completes, ends, or is cancelled.
 * Read top to bottom: `paymentSaga` forks one `pendingPayment` per pending payment; it polls the session on
 * every screen of the shop (one loop, whatever the screen) and races that against everything that drops the
 * payment (a cart change, a customer field change, Cancel, another method, a kiosk customer leaving). A drop cancels the payment on the server
 * until the server confirms, polling meanwhile, so an approval that beats the cancel still wins; a completion
 * leads to the receipt (`completeIfPaid`). The first phase, starting a payment, is startSagas.ts.
 *
 * These sagas run on every page of the shop (app/rootSaga.ts): a cart change on the store page cancels too,
 * and a payment approved while the customer is back on the store leads to the receipt there (§4).
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { CustomerField } from '../../domain/types';
import { pollPause } from '../../shared/pageSignals';
import { callAbortable, context } from '../../shared/sagaEffects';
import { CART_CHANGES, forgetUnsavedCart, refreshSession } from '../cart';
import {
  DRAFT_KEY,
  forgetCustomer,
  isPending,
  loadCustomer,
  paymentActions,
  paymentIdOf,
  saveCustomer,
  selectCustomer,
  selectPaymentMachine,
  selectPaymentPending,
  selectPaymentShopId,
  selectSelectedPaymentMethod,
  type Pending,
  type PaymentMachine,
} from '../paymentState';
import { selectSessionShopId, sessionActions } from '../session';

/** §9 session polling interval while a payment is STARTED. */
export const POLL_MS = 1000;
/** The longest wait between polls after repeated failures. */
const MAX_POLL_MS = 10_000;

/** Wait before the next poll (or cancel retry): 1 s, then 2 s, 4 s, 8 s after failures, at most 10 s. */
export const pollDelay = (failures: number) => Math.min(MAX_POLL_MS, POLL_MS * 2 ** failures);

/**
 * §4 the cart-change cancel's other half: while a payment is pending (its cancel, set off by the same cart
 * change, still on its way) the changed cart must not reach the server, so a payment can never be approved
 * for a cart the customer no longer sees. The cart's sync saves, and catches up with other tabs, only while
 * this is false (app/rootSaga.ts hands it over).
 */
export const selectCartSaveHeld = selectPaymentPending;

/** §4 what drops a payment besides a Cancel: another method, a changed customer field or cart. */
const CHANGES = [
  paymentActions.cancelClicked.type,
  paymentActions.methodSelected.type,
  paymentActions.customerFieldChanged.type,
  ...CART_CHANGES,
];
/** §4 everything that drops a pending payment. */
const DROPS = [paymentActions.cancelRequested.type, ...CHANGES];

/** Events after which a payment may have become pending. */
const MAY_HAVE_STARTED = [paymentActions.started.type, sessionActions.loaded.type];

/**
 * The pending phase: one payment at a time, for as long as the machine holds one. Once the machine holds
 * another payment as pending (the old one ended, by a poll say, while its cancel still waited to be retried,
 * and the customer started anew), the new one is watched at once: its cart changes cancel it. What was left
 * of the old one's settling is moot (it is no longer pending), and a cancel already sent still lands (writes
 * are never aborted).
 */
function* pendingPhase() {
  for (;;) {
    const machine: PaymentMachine = yield select(selectPaymentMachine);
    if (isPending(machine))
      yield race({ settled: call(pendingPayment, machine), another: call(untilAnother, machine.paymentId) });
    else yield take(MAY_HAVE_STARTED);
  }
}

/** Returns once the machine holds a payment other than `paymentId` as pending. */
function* untilAnother(paymentId: string) {
  for (;;) {
    const machine: PaymentMachine = yield select(selectPaymentMachine);
    if (isPending(machine) && machine.paymentId !== paymentId) return;
    yield take('*');
  }
}

/**
 * One pending payment, from STARTED until it leaves the machine: polled wherever the customer is in the
 * shop, and cancelled once something drops it.
 */
function* pendingPayment(machine: Pending) {
  const { paymentId } = machine;
  let reselect: string | null = null;
  if (machine.status === 'STARTED') {
    const outcome: { dropped?: Action } = yield race({
      left: call(untilLeft, paymentId),
      polled: call(pollSession),
      dropped: take(DROPS),
    });
    if (!outcome.dropped) return; // it completed (the receipt is shown), ended, or a new start replaced it
    // The chosen method as the drop left it: another method chosen is chosen again once this payment is
    // cancelled (cancelling clears the choice, §4); a deselection leaves none.
    const chosen: string | null = yield select(selectSelectedPaymentMethod);
    if (paymentActions.methodSelected.match(outcome.dropped)) reselect = chosen;
    yield put(paymentActions.cancelRequested()); // STARTED → CANCELLING (a Cancel has done it already)
  }
  const { cancel }: { cancel?: boolean } = yield race({
    cancel: call(cancelUntilConfirmed, paymentId),
    polled: call(pollSession),
  });
  if (cancel && reselect) yield put(paymentActions.methodSelected({ paymentMethodId: reselect }));
}

/** Returns once the machine no longer holds payment `paymentId` as pending. */
function* untilLeft(paymentId: string) {
  for (;;) {
    const machine: PaymentMachine = yield select(selectPaymentMachine);
    if (!isPending(machine, paymentId)) return;
    yield take('*');
  }
}

/**
 * §4 while a payment is pending the session is reloaded every second on every screen of the shop (store,
 * product page or popup, cart, kiosk), so a payment approved while the customer is elsewhere is noticed
 * there. There is one loop, the pending payment's, whatever the screens do. A failed poll (network) is not
 * an outcome: polling goes on with backoff (1 s, 2 s, 4 s … 10 s), so the customer is never left with a
 * stuck spinner. While the page is hidden it rests (one poll in 15 s); becoming visible or coming back online
 * polls at once. Never returns: the pending payment's race ends it (its requests are aborted then).
 */
function* pollSession() {
  for (let failures = 0; ;) {
    yield call(pollPause, pollDelay(failures));
    const shopId: string | null = yield select(selectSessionShopId);
    if (!shopId) continue;
    try {
      yield call(refreshSession, shopId);
      failures = 0;
    } catch {
      failures += 1;
    }
  }
}

/** A session answer that says payment `paymentId` completed. */
const isCompletion = (action: Action, paymentId: string) =>
  sessionActions.loaded.match(action) &&
  action.payload.session.paymentStatus === 'COMPLETED' &&
  action.payload.session.paymentId === paymentId;

/**
 * §4 cancel a CANCELLING payment on the server (409/404 are ignored by the API). A failed cancel is
 * retried with backoff while polling goes on, so a payment approved meanwhile still ends on the receipt (§8
 * cancelling rethrows other errors; here they are retried, never swallowed). The session is read once more
 * after the cancel, so a payment that completed while the cancel was on its way still ends on the receipt.
 *
 * @returns true when the server took the cancel, false when the payment was paid or ended meanwhile
 */
function* cancelUntilConfirmed(paymentId: string) {
  const shopId: string | null = yield select(selectSessionShopId);
  if (!shopId) return false;
  yield call(forgetCustomer, yield* context('storage'));
  const api = yield* context('api');
  for (let attempt = 1; ; attempt++) {
    try {
      yield call(api.cancelPayment, shopId); // a write: not aborted (sagaEffects.ts)
      break;
    } catch (error) {
      const reportError = yield* context('reportError');
      yield call(reportError, error);
      yield put(paymentActions.cancelFailed());
      // Polling goes on meanwhile: an approval it brings is the answer (its receipt shows).
      const { paid }: { paid?: unknown } = yield race({
        wait: delay(pollDelay(attempt)),
        paid: take((a: Action) => isCompletion(a, paymentId)),
      });
      if (paid) return false;
      const now: PaymentMachine = yield select(selectPaymentMachine);
      if (!isPending(now, paymentId)) return false; // it ended meanwhile
    }
  }
  try {
    const session = yield* callAbortable(api.getSession, shopId, undefined);
    // Only a completion is picked up here: a payment that had already failed (the 409 case) would otherwise
    // come back as FAILED with its method selected, undoing the cancel (§4: NOT_STARTED, error cleared).
    if (session.paymentStatus === 'COMPLETED') {
      yield put(sessionActions.loaded({ shopId, session }));
      return false;
    }
  } catch {
    // The cancel went through; the next session read shows anything else.
  }
  yield put(paymentActions.cancelConfirmed({ paymentId }));
  return true;
}

/**
 * §4 cancel, for a caller that must know the outcome before it goes on (a kiosk clearing for the next
 * customer, the Swish request moved from the QR code to a phone, a return from Viva's page without paying):
 * drops the payment and waits until the pending payment's saga has settled it. A payment that is not
 * pending is reset at once, and one the server may still hold (a declined card's) is cancelled there too.
 *
 * @returns false when the payment turned out to be paid (its receipt is being shown), true otherwise
 */
export function* cancelPayment(options: { notCompleted?: boolean } = {}) {
  const machine: PaymentMachine = yield select(selectPaymentMachine);
  if (machine.status === 'COMPLETED') return false;
  if (!isPending(machine)) {
    yield call(dropEnded);
    return true;
  }
  yield put(paymentActions.cancelRequested(options));
  // Until the pending payment's saga has settled it: cancelled, or paid after all.
  for (;;) {
    const action: Action = yield take('*');
    if (paymentActions.completed.match(action)) return false;
    const now: PaymentMachine = yield select(selectPaymentMachine);
    if (!isPending(now, machine.paymentId)) return now.status !== 'COMPLETED';
  }
}

/**
 * §4 a drop of an attempt that ended while the server may still hold its payment (a declined card's, which
 * the provider keeps open for another card): the machine is reset and the payment cancelled on the server,
 * then another method chosen meanwhile is chosen again. An attempt the server never had needs nothing.
 */
function* dropEnded(action?: Action) {
  const machine: PaymentMachine = yield select(selectPaymentMachine);
  const chosen: string | null = yield select(selectSelectedPaymentMethod);
  if (isPending(machine) || machine.status === 'COMPLETED' || !paymentIdOf(machine)) return;
  yield put(paymentActions.cancelRequested());
  yield call(forgetCustomer, yield* context('storage'));
  const shopId: string | null = yield select(selectSessionShopId);
  if (shopId) yield call(cancelOnServer, shopId);
  if (action && paymentActions.methodSelected.match(action) && chosen)
    yield put(paymentActions.methodSelected({ paymentMethodId: action.payload.paymentMethodId }));
}

/** Tells the server to cancel (409/404 are ignored by the API); a failure is reported, not shown. */
export function* cancelOnServer(shopId: string) {
  const api = yield* context('api');
  try {
    // A write: not aborted. A second quick change cancels this task, and the cancel must still land.
    yield call(api.cancelPayment, shopId);
  } catch (error) {
    const reportError = yield* context('reportError');
    yield call(reportError, error);
  }
}

/**
 * §2 COMPLETED with a receipt id: navigate to the receipt, update the remote cart (now empty) and clear
 * the payment state. Also picks up a payment that completed while the customer was away.
 */
function* completeIfPaid() {
  const machine: PaymentMachine = yield select(selectPaymentMachine);
  const shopId: string | null = yield select(selectSessionShopId);
  if (machine.status !== 'COMPLETED' || !shopId) return;
  const { receiptId } = machine;
  const navigate = yield* context('navigate');
  // One event: the cart, the session's tab choices, the kiosk and the payment machine each take their part.
  yield put(paymentActions.completed({ receiptId }));
  const storage = yield* context('storage');
  yield call(forgetCustomer, storage);
  yield call(forgetCustomer, storage, DRAFT_KEY); // issue 39: paid, so what was typed is forgotten too
  yield call(forgetUnsavedCart, storage, shopId); // paid: nothing of it may come back after a reload
  yield call(navigate, `/${encodeURIComponent(shopId)}/receipt/${encodeURIComponent(receiptId)}`, {
    replace: true,
  });
  const api = yield* context('api');
  try {
    yield call(api.putCart, shopId, { cart: [], tabItems: [] }); // a write: not aborted
    const page = yield* context('page');
    yield call([page, page.announceCartSaved], shopId);
  } catch (error) {
    const reportError = yield* context('reportError');
    yield call(reportError, error);
  }
}

/** Remembers the details a payment was started with (per tab), for a reload or a provider's redirect. */
function* rememberCustomer(action: ReturnType<typeof paymentActions.started>) {
  const shopId: string | null = yield select(selectPaymentShopId);
  const customer: Record<CustomerField, string> = yield select(selectCustomer);
  const storage = yield* context('storage');
  if (shopId) yield call(saveCustomer, storage, shopId, action.payload.paymentId, customer);
}

/** A payment the session reports again (reload, return from Viva or the Swish app) gets its details back. */
function* restoreCustomer(action: ReturnType<typeof sessionActions.loaded>) {
  const { shopId, session } = action.payload;
  if (!session.paymentId) return;
  const customer: Record<CustomerField, string> = yield select(selectCustomer);
  if (Object.values(customer).every((value) => value !== '')) return;
  const storage = yield* context('storage');
  const stored: ReturnType<typeof loadCustomer> = yield call(
    loadCustomer,
    storage,
    shopId,
    session.paymentId,
  );
  if (
    stored &&
    Object.entries(stored).some(([field, value]) => value && customer[field as CustomerField] === '')
  )
    yield put(paymentActions.customerRestored(stored));
}

/** The payment rules that hold on every page of the shop (starting a payment is the cart page's: startSagas.ts). */
export function* paymentSaga() {
  // takeEvery: both are synchronous; every started payment is remembered, every session answer may bring one back.
  yield takeEvery(paymentActions.started.type, rememberCustomer);
  yield takeEvery(sessionActions.loaded.type, restoreCustomer);
  // takeEvery: each session answer is checked for a completed payment; completion clears the state, so it runs once.
  yield takeEvery(sessionActions.loaded.type, completeIfPaid);
  // takeEvery: a cancel on the server is a write, never cut off by the next change (it cancels nothing more).
  yield takeEvery(CHANGES, dropEnded);
  yield call(pendingPhase);
}
