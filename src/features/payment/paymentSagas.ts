import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { CustomerField, PaymentMethod } from '../../domain/types';
import { pageActions } from '../../shared/pageSignals';
import { callAbortable, context } from '../../shared/sagaEffects';
import { CART_CHANGES, cartActions, forgetUnsavedCart } from '../cart';
import type { CartState } from '../cart';
import { refreshSession, sessionActions } from '../session';
import { shopActions } from '../shop';
import { forgetCustomer, loadCustomer, saveCustomer } from './customerStorage';
import { paymentActions, type PaymentState } from './paymentSlice';
import type { RootState } from '../../app/hooks';

/** §9 session polling interval while a payment is STARTED. */
export const POLL_MS = 1000;
/** The longest wait between polls after repeated failures. */
export const MAX_POLL_MS = 10_000;
/** How long a start waits for the cart to reach the server before it gives up. */
export const CART_SYNC_TIMEOUT_MS = 10_000;
/** After a lost start answer, how often the session is asked whether the server created the payment. */
export const RECOVERY_ATTEMPTS = 3;
/** Back on the shop from Viva's checkout without its paid signal: how long a completion may still arrive. */
export const VIVA_RETURN_GRACE_MS = 1500;

/** Wait before the next poll (or cancel retry): 1 s, then 2 s, 4 s, 8 s after failures, at most 10 s. */
export const pollDelay = (failures: number) => Math.min(MAX_POLL_MS, POLL_MS * 2 ** failures);

export const selectMethod = (state: RootState, id: string | null) =>
  id ? (state.shop.paymentMethods.entities[id] as PaymentMethod | undefined) : undefined;

export const selectPaymentState = (state: RootState) => state.payment;
export const selectShopId = (state: RootState) => state.session.shopId;

/** Waits until the server holds the cart as shown (a start pays the server's cart; a kiosk starts afresh). */
export function* cartSynced() {
  for (;;) {
    const sync: CartState['sync'] = yield select((s: RootState) => s.cart.sync);
    if (sync === 'synced') return true;
    if (sync === 'failed') return false;
    const { timeout } = yield race({
      done: take([cartActions.synced.type, cartActions.syncFailed.type]),
      timeout: delay(CART_SYNC_TIMEOUT_MS),
    });
    if (timeout) return false;
  }
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

/** A session answer that says payment `paymentId` completed. */
const isCompletion = (action: Action, paymentId: string) =>
  sessionActions.loaded.match(action) &&
  action.payload.session.paymentStatus === 'COMPLETED' &&
  action.payload.session.paymentId === paymentId;

/**
 * §4 cancel: resets to NOT_STARTED and tells the server, ignoring 409/404 (the API does). A STARTED
 * payment stays shown as pending until the server has taken the cancel: a failed cancel is retried with
 * backoff while polling goes on, so a payment approved meanwhile still ends on the receipt (§8 cancelling
 * rethrows other errors; here they are retried, never swallowed). The session is read once more after the
 * cancel, so a payment that completed while the cancel was on its way still ends on the receipt.
 *
 * @returns false when the payment turned out to be paid (its receipt is being shown), true otherwise
 */
export function* cancelPayment(options: { notCompleted?: boolean } = {}) {
  const payment: PaymentState = yield select(selectPaymentState);
  const shopId: string | null = yield select(selectShopId);
  if (!shopId || !payment.paymentId) return true;
  if (payment.state === 'COMPLETED') return false;
  const paymentId = payment.paymentId;
  const pending = payment.state === 'STARTED';
  yield put(paymentActions.cancelRequested());
  yield call(forgetCustomer, yield* context('storage'));
  if (!pending) {
    yield call(cancelOnServer, shopId);
    return true;
  }
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
      const now: PaymentState = yield select(selectPaymentState);
      if (now.state !== 'STARTED' || now.paymentId !== paymentId) return now.state !== 'COMPLETED'; // it ended meanwhile
    }
  }
  let paid = false;
  try {
    const session = yield* callAbortable(api.getSession, shopId, undefined);
    // Only a completion is picked up here: a payment that had already failed (the 409 case) would otherwise
    // come back as FAILED with its method selected, undoing the cancel (§4: NOT_STARTED, error cleared).
    paid = session.paymentStatus === 'COMPLETED';
    if (paid) yield put(sessionActions.loaded({ shopId, session }));
  } catch {
    // The cancel went through; the next session read shows anything else.
  }
  yield put(paymentActions.cancelConfirmed({ paymentId, notCompleted: options.notCompleted }));
  return !paid;
}

/**
 * §4 a cart change, or changing phone, e-mail, extra info, postal code, address, city or name while a
 * payment id exists, cancels the payment.
 */
export function* cancelOnChange() {
  yield call(cancelPayment);
}

/**
 * §4 the cart-change cancel's other half: while a payment is STARTED (its cancel, set off by the same cart
 * change, still on its way) the changed cart must not reach the server, so a payment can never be approved
 * for a cart the customer no longer sees; and the payment's poll reads the session meanwhile. The cart's sync
 * saves, and catches up with other tabs, only while this is false (app/rootSaga.ts hands it over).
 */
export const selectCartSaveHeld = (state: RootState) => state.payment.state === 'STARTED';

/**
 * §2 COMPLETED with a receipt id: navigate to the receipt, update the remote cart (now empty) and clear
 * the payment state. Also picks up a payment that completed while the customer was away.
 */
export function* completeIfPaid() {
  const payment: PaymentState = yield select(selectPaymentState);
  const shopId: string | null = yield select(selectShopId);
  if (payment.state !== 'COMPLETED' || !payment.receiptId || !shopId) return;
  const receiptId = payment.receiptId;
  const navigate = yield* context('navigate');
  // One event: the cart, the session's tab choices and the payment machine each clear their part.
  yield put(paymentActions.completed());
  const storage = yield* context('storage');
  yield call(forgetCustomer, storage);
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
export function* rememberCustomer(action: ReturnType<typeof paymentActions.started>) {
  const payment: PaymentState = yield select(selectPaymentState);
  const storage = yield* context('storage');
  if (payment.shopId)
    yield call(saveCustomer, storage, payment.shopId, action.payload.paymentId, payment.customer);
}

/** A payment the session reports again (reload, return from Viva or the Swish app) gets its details back. */
export function* restoreCustomer(action: ReturnType<typeof sessionActions.loaded>) {
  const { shopId, session } = action.payload;
  if (!session.paymentId) return;
  const payment: PaymentState = yield select(selectPaymentState);
  if (Object.values(payment.customer).every((value) => value !== '')) return;
  const storage = yield* context('storage');
  const stored: ReturnType<typeof loadCustomer> = yield call(
    loadCustomer,
    storage,
    shopId,
    session.paymentId,
  );
  if (
    stored &&
    Object.entries(stored).some(([field, value]) => value && payment.customer[field as CustomerField] === '')
  )
    yield put(paymentActions.customerRestored(stored));
}

/**
 * Back on the shop from Viva's hosted checkout while its payment is still pending (the Back button, or
 * Viva's own cancel, which returns without a transaction id `t`): the customer is not paying there, so after
 * a short grace in which a completion may still arrive, the payment is cancelled on the server and the
 * methods are offered again. With `t` Viva says it was paid: polling brings the receipt. Only the tab that
 * started the payment (its storage knows it) cancels, never another tab of the same session.
 */
export function* settleReturnFromViva() {
  const payment: PaymentState = yield select(selectPaymentState);
  const shopId: string | null = yield select(selectShopId);
  if (payment.state !== 'STARTED' || !payment.paymentId || !shopId) return;
  // The session may answer before the shop: the method's type is known once the shop is loaded.
  if (!((yield select((s: RootState) => s.shop.status === 'loaded')) as boolean))
    yield take(shopActions.loaded.type);
  const method: PaymentMethod | undefined = yield select(selectMethod, payment.selectedPaymentMethod);
  if (method?.type !== 'VIVA_WALLET_WEB') return;
  const storage = yield* context('storage');
  if (!loadCustomer(storage, shopId, payment.paymentId)) return;
  const currentSearch = yield* context('currentSearch');
  if (new URLSearchParams(currentSearch()).get('t')) return;
  yield delay(VIVA_RETURN_GRACE_MS);
  try {
    yield call(refreshSession, shopId);
  } catch {
    // The cancel below asks the server anyway.
  }
  const now: PaymentState = yield select(selectPaymentState);
  if (now.state !== 'STARTED' || now.paymentId !== payment.paymentId) return;
  yield call(cancelPayment, { notCompleted: true });
}

/** Arrivals: the page's first session answer, and every return from the back-forward cache. */
export function* arrivalSaga() {
  yield take(sessionActions.loaded.type);
  yield fork(settleReturnFromViva);
  yield takeLatest(pageActions.restoredFromCache.type, function* () {
    const shopId: string | null = yield select(selectShopId);
    if (!shopId) return;
    try {
      yield call(refreshSession, shopId);
    } catch {
      // Offline: the state the page had is shown; polling or the next event catches up.
    }
    yield call(settleReturnFromViva);
  });
}

/**
 * The payment rules that hold on every page of the shop (the sagas of the payment flow itself, which only
 * the cart page can set off, come with its code: paymentFlowSagas.ts).
 */
export function* paymentSaga() {
  // takeLatest: a burst of keystrokes needs one cancel, for the latest state.
  yield takeLatest([paymentActions.customerFieldChanged.type, ...CART_CHANGES], cancelOnChange);
  // takeEvery: both are synchronous; every started payment is remembered, every session answer may bring one back.
  yield takeEvery(paymentActions.started.type, rememberCustomer);
  yield takeEvery(sessionActions.loaded.type, restoreCustomer);
  // takeEvery: each session answer is checked for a completed payment; completion clears the state, so it runs once.
  yield takeEvery(sessionActions.loaded.type, completeIfPaid);
  yield fork(arrivalSaga);
}
