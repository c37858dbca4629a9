import type { Action } from '@reduxjs/toolkit';
import {
  call,
  delay,
  fork,
  getContext,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { PaymentIntentResponse, StartPaymentResponse } from '../../contract';
import { cartFingerprint } from '../../domain/cart';
import type { CustomerField, PaymentMethod, Session } from '../../domain/types';
import { NetworkError, toErrorInfo, type Api } from '../../shared/api';
import { pageActions, pollPause, type PageSignals } from '../../shared/pageSignals';
import { CART_CHANGES } from '../cart/cartSagas';
import { selectCartItems, selectCartTotal } from '../cart/cartSelectors';
import { cartActions, type CartState } from '../cart/cartSlice';
import { forgetUnsavedCart } from '../cart/unsavedCart';
import type { KioskState } from '../kiosk/kioskSlice';
import { refreshSession } from '../session/sessionSagas';
import { sessionActions, type SessionState } from '../session/sessionSlice';
import type { ShopState } from '../shop/shopSlice';
import { selectTheme } from '../shop/shopSelectors';
import { shopActions } from '../shop/shopSlice';
import { forgetCustomer, loadCustomer, saveCustomer, type KeyValueStorage } from './customerStorage';
import { paymentActions, type PaymentState } from './paymentSlice';
import { appLinkFor } from './providers/swish';
import { checkoutUrl } from './providers/viva';

type State = {
  shop: ShopState;
  session: SessionState;
  cart: CartState;
  payment: PaymentState;
  kiosk: KioskState;
};
type PaymentIntent = PaymentIntentResponse['paymentIntent'];

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

const selectMethod = (state: State, id: string | null) =>
  id ? (state.shop.paymentMethods.entities[id] as PaymentMethod | undefined) : undefined;

const selectStartContext = (state: State) => ({
  shopId: state.session.shopId,
  companyId: state.shop.company?.companyId ?? null,
  orderReference: state.session.orderReference,
  customer: state.payment.customer,
  method: selectMethod(state, state.payment.selectedPaymentMethod),
  cartRevision: state.cart.revision,
  primaryColor: selectTheme(state).primaryColor,
  kiosk: state.kiosk.enabled,
});
const selectPaymentState = (state: State) => state.payment;
const selectShopId = (state: State) => state.session.shopId;

/** The fingerprint of the cart and total the page shows (see domain cartFingerprint). */
const selectShownCartFingerprint = (state: State) =>
  cartFingerprint({
    lines: selectCartItems(state),
    tabItems: state.session.tabItems,
    total: selectCartTotal(state),
  });

/** A start refused before any request: the code tells the panel which text to show. */
const failed = (code: 'INVALID_PAYMENT' | 'PHONE_REQUIRED' | 'CART_NOT_SAVED' | 'CART_CHANGED') =>
  paymentActions.startFailed({ error: { code, message: '' } });

/** Waits until the server holds the cart as shown (a start pays the server's cart; a kiosk starts afresh). */
export function* cartSynced() {
  for (;;) {
    const sync: CartState['sync'] = yield select((s: State) => s.cart.sync);
    if (sync === 'synced') return true;
    if (sync === 'failed') return false;
    const { timeout } = yield race({
      done: take([cartActions.synced.type, cartActions.syncFailed.type]),
      timeout: delay(CART_SYNC_TIMEOUT_MS),
    });
    if (timeout) return false;
  }
}

/**
 * §4 start payment. The reducer has already moved to LOADING (or ignored a start while LOADING);
 * invalid payment → ERROR; a non-200 answer → ERROR with the returned name (OUT_OF_STOCK also stores the
 * stock per article, §8); success → STARTED with the payment id, then the provider's next step.
 * The start carries the fingerprint of the cart the page shows, so the server refuses to charge for a cart
 * another tab changed (409 CART_CHANGED); an answer lost after the server may have acted is recovered from
 * the session instead of being shown as a failure.
 */
export function* startPayment(action: ReturnType<typeof paymentActions.startRequested>) {
  const payment: PaymentState = yield select(selectPaymentState);
  if (payment.state !== 'LOADING') return; // the reducer refused this start
  const api: Api = yield getContext('api');
  const ctx: ReturnType<typeof selectStartContext> = yield select(selectStartContext);
  // A kiosk is nobody's phone: Swish there is a QR code the customer scans with their own phone, unless
  // they chose to have the request sent to their number instead.
  const isMobile: boolean = ctx.kiosk ? false : yield getContext('isMobile');
  const swishQr = ctx.kiosk && ctx.method?.type === 'SWISH_TRADE' && !action.payload.byPhone;
  if (!ctx.shopId || !ctx.method) {
    yield put(failed('INVALID_PAYMENT'));
    return;
  }
  // §5 Swish on a non-mobile device requires a phone number (a kiosk's QR code needs none).
  if (ctx.method.type === 'SWISH_TRADE' && !isMobile && !swishQr && ctx.customer.phone.trim() === '') {
    yield put(failed('PHONE_REQUIRED'));
    return;
  }
  const synced: boolean = yield call(cartSynced);
  if (!synced) {
    yield put(failed('CART_NOT_SAVED'));
    return;
  }
  // Taken once the cart is saved: what the page shows now is what this tab last sent.
  const fingerprint: string = yield select(selectShownCartFingerprint);
  let result: StartPaymentResponse | null;
  try {
    result = yield call(api.startPayment, ctx.shopId, {
      paymentMethodId: ctx.method.id,
      customerInfo: { ...trimmed(ctx.customer), isMobile },
      orderReference: ctx.orderReference,
      cartFingerprint: fingerprint,
      ...(swishQr ? { kiosk: true } : {}),
    });
  } catch (error) {
    result = yield call(recoverFailedStart, ctx.shopId, ctx.method.id, error);
  }
  if (!result) return;
  // A Swish start that needs a token (the app link on a phone, the kiosk's QR code) falls back to the
  // payment id when the answer has none; a request sent to a phone number has no token to show.
  const needsToken = ctx.method.type === 'SWISH_TRADE' && (isMobile || swishQr);
  const token = result.token ?? (needsToken ? result.paymentId : null);
  yield put(
    paymentActions.started({
      paymentId: result.paymentId,
      token,
      clientSecret: result.clientSecret ?? null,
      paymentIntentId: result.paymentIntentId ?? null,
    }),
  );
  // While the start was on its way the customer may have cancelled or changed the cart: then the payment
  // the server just created is for something they no longer want, so it is cancelled there too.
  const after: PaymentState = yield select(selectPaymentState);
  const revision: number = yield select((s: State) => s.cart.revision);
  if (after.state !== 'STARTED' || after.paymentId !== result.paymentId) {
    yield call(cancelOnServer, ctx.shopId);
    return;
  }
  if (revision !== ctx.cartRevision) {
    yield call(cancelPayment);
    return;
  }
  const assignLocation: (url: string) => void = yield getContext('assignLocation');
  if (ctx.method.type === 'VIVA_WALLET_WEB') {
    // §2 Viva: the hosted checkout with the payment reference and the shop's colour.
    const base: string = yield getContext('vivaCheckoutUrl');
    yield call(assignLocation, checkoutUrl(base, result.paymentId, ctx.primaryColor));
  } else if (ctx.method.type === 'SWISH_TRADE' && isMobile && token) {
    // §2 Swish on a phone: straight to the app, which calls back to the cart.
    const origin: string = yield getContext('origin');
    yield call(assignLocation, appLinkFor(token, `${origin}/${encodeURIComponent(ctx.shopId)}/cart`));
  } else if (ctx.method.type === 'STRIPE' && !result.clientSecret && ctx.companyId) {
    yield call(fetchClientSecret, ctx.shopId, ctx.companyId, result);
  }
}

/**
 * A start that failed. CART_CHANGED: the page takes the server's cart and total and the customer pays
 * again. No answer or a server fault (§8: not reached the server, status 0 or ≥ 500), or EMPTY_CART (a
 * payment of this cart may have completed meanwhile): the server may have created or even completed the
 * payment, so the session decides. A STARTED payment of this method is taken up as the start's answer
 * (polling resumes), a COMPLETED one leads to the receipt; only otherwise is the failure shown.
 */
export function* recoverFailedStart(shopId: string, methodId: string, error: unknown) {
  // The error's name: a 400's `name` or, for other statuses, the JSON body's (§8: the edge's message).
  const name = error instanceof NetworkError ? error.message : null;
  if (name === 'CART_CHANGED') {
    try {
      yield call(refreshSession, shopId);
    } catch {
      // The shown cart stays; the message still asks the customer to check it.
    }
    yield put(failed('CART_CHANGED'));
    return null;
  }
  const unknownOutcome = error instanceof NetworkError && (!error.reachedServer || name === 'EMPTY_CART');
  for (let attempt = 0; unknownOutcome && attempt < RECOVERY_ATTEMPTS; attempt++) {
    if (attempt > 0) yield delay(pollDelay(attempt));
    let session: Session;
    try {
      session = yield call(refreshSession, shopId);
    } catch {
      continue;
    }
    if (session.paymentStatus === 'COMPLETED') return null; // the session answer led to the receipt
    if (session.paymentStatus === 'STARTED' && session.paymentId && session.paymentMethodId === methodId)
      return { paymentId: session.paymentId, paymentIntentId: session.paymentIntentId };
    break;
  }
  // §8 OUT_OF_STOCK carries the available stock per article.
  const stockLevels = error instanceof NetworkError ? (error.stockLevels ?? undefined) : undefined;
  yield put(paymentActions.startFailed({ error: toErrorInfo(error), stockLevels }));
  return null;
}

/**
 * §7 answers startPayment with the payment id only: a card payment then gets its client secret through the
 * card payment intent call, with the intent id from the answer or, failing that, from the session.
 */
export function* fetchClientSecret(shopId: string, companyId: string, result: StartPaymentResponse) {
  const api: Api = yield getContext('api');
  try {
    let intentId = result.paymentIntentId ?? null;
    if (!intentId) {
      const session: Session = yield call(refreshSession, shopId);
      intentId = session.paymentIntentId;
    }
    if (!intentId) throw new Error('No payment intent for the card payment');
    const intent: PaymentIntent = yield call(api.getPaymentIntent, companyId, intentId);
    const clientSecret = intent.paymentData?.clientSecret;
    if (!clientSecret) throw new Error('The payment intent has no client secret');
    yield put(paymentActions.clientSecretReceived({ paymentId: result.paymentId, clientSecret }));
  } catch (error) {
    const reportError: (e: unknown) => void = yield getContext('reportError');
    yield call(reportError, error);
    yield put(paymentActions.providerFailed({ error: { code: 'NO_CLIENT_SECRET', message: '' } }));
  }
}

const trimmed = (customer: Record<CustomerField, string>) =>
  Object.fromEntries(Object.entries(customer).map(([k, v]) => [k, v.trim()])) as Record<
    CustomerField,
    string
  >;

/**
 * §4 while STARTED the session is reloaded every second until the payment leaves STARTED. A failed poll
 * (network) is not an outcome: polling goes on with backoff (1 s, 2 s, 4 s … 10 s), so the customer is
 * never left with a stuck spinner. While the page is hidden it rests (one poll in 15 s); becoming visible
 * or coming back online polls at once.
 */
export function* pollSession(shopId: string) {
  for (let failures = 0; ;) {
    yield call(pollPause, pollDelay(failures));
    try {
      yield call(refreshSession, shopId);
      failures = 0;
    } catch {
      failures += 1;
      continue;
    }
    const payment: PaymentState = yield select(selectPaymentState);
    if (payment.state !== 'STARTED') return;
  }
}

/** Events after which a payment may have become STARTED. */
const MAY_HAVE_STARTED = [paymentActions.started.type, sessionActions.loaded.type];
/**
 * §4 polling stops when the payment ends, is cleared, or its cancel is confirmed (deselection cancels; the
 * poll goes on until the server confirms, so an approval that beats the cancel is still seen).
 */
const STOPS_POLLING = [
  paymentActions.cancelConfirmed.type,
  paymentActions.providerFailed.type,
  paymentActions.cleared.type,
];

/** Runs while the cart page is open: polls whenever a payment is STARTED. */
export function* watchWhileCartOpen() {
  for (;;) {
    const payment: PaymentState = yield select(selectPaymentState);
    const shopId: string | null = yield select(selectShopId);
    if (payment.state === 'STARTED' && shopId)
      yield race({ done: call(pollSession, shopId), stop: take(STOPS_POLLING) });
    else yield take(MAY_HAVE_STARTED);
  }
}

/** §4 leaving stops polling: the watch lives as long as the cart page, so no request goes out after it. */
export function* cartPageSaga() {
  yield takeLatest(paymentActions.cartOpened.type, function* () {
    yield race({ watch: call(watchWhileCartOpen), left: take(paymentActions.cartClosed.type) });
  });
}

/** Tells the server to cancel (409/404 are ignored by the API); a failure is reported, not shown. */
function* cancelOnServer(shopId: string) {
  const api: Api = yield getContext('api');
  try {
    yield call(api.cancelPayment, shopId);
  } catch (error) {
    const reportError: (e: unknown) => void = yield getContext('reportError');
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
  yield call(forgetCustomer, (yield getContext('storage')) as KeyValueStorage);
  if (!pending) {
    yield call(cancelOnServer, shopId);
    return true;
  }
  const api: Api = yield getContext('api');
  for (let attempt = 1; ; attempt++) {
    try {
      yield call(api.cancelPayment, shopId);
      break;
    } catch (error) {
      const reportError: (e: unknown) => void = yield getContext('reportError');
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
    const session: Session = yield call(api.getSession, shopId);
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

/** Choosing another method (or deselecting) abandons a payment already under way with the old one. */
export function* cancelOnMethodChange(action: ReturnType<typeof paymentActions.methodSelected>) {
  const payment: PaymentState = yield select(selectPaymentState);
  if (!payment.paymentId || payment.state === 'COMPLETED') return;
  const chosen = payment.selectedPaymentMethod;
  yield call(cancelPayment);
  // Cancelling clears the selection (§4); keep the customer's new choice.
  if (chosen) yield put(paymentActions.methodSelected({ paymentMethodId: action.payload.paymentMethodId }));
}

/**
 * On a kiosk the customer chose to get the Swish request on their phone instead of scanning the QR code: the
 * QR code's payment is cancelled first (so only one request can ever be approved), then a payment is
 * started for that number. Paid with the QR code meanwhile: the receipt shows and nothing more is started.
 */
export function* sendSwishToPhone(action: ReturnType<typeof paymentActions.swishPhoneChosen>) {
  const { paymentMethodId, phone } = action.payload;
  const cancelled: boolean = yield call(cancelPayment);
  if (!cancelled) return;
  yield put(paymentActions.customerFieldChanged({ field: 'phone', value: phone }));
  const selected: string | null = yield select((s: State) => s.payment.selectedPaymentMethod);
  if (selected !== paymentMethodId) yield put(paymentActions.methodSelected({ paymentMethodId }));
  yield put(paymentActions.startRequested({ paymentMethodId, byPhone: true }));
}

/**
 * §2 COMPLETED with a receipt id: navigate to the receipt, update the remote cart (now empty) and clear
 * the payment state. Also picks up a payment that completed while the customer was away.
 */
export function* completeIfPaid() {
  const payment: PaymentState = yield select(selectPaymentState);
  const shopId: string | null = yield select(selectShopId);
  if (payment.state !== 'COMPLETED' || !payment.receiptId || !shopId) return;
  const receiptId = payment.receiptId;
  const navigate: (path: string, options?: { replace?: boolean }) => void = yield getContext('navigate');
  yield put(cartActions.paidItemsCleared());
  yield put(sessionActions.paidItemsCleared());
  yield put(paymentActions.cleared());
  const storage: KeyValueStorage = yield getContext('storage');
  yield call(forgetCustomer, storage);
  yield call(forgetUnsavedCart, storage, shopId); // paid: nothing of it may come back after a reload
  yield call(navigate, `/${encodeURIComponent(shopId)}/receipt/${encodeURIComponent(receiptId)}`, {
    replace: true,
  });
  const api: Api = yield getContext('api');
  try {
    yield call(api.putCart, shopId, { cart: [], tabItems: [] });
    const page: PageSignals = yield getContext('page');
    yield call([page, page.announceCartSaved], shopId);
  } catch (error) {
    const reportError: (e: unknown) => void = yield getContext('reportError');
    yield call(reportError, error);
  }
}

/** Remembers the details a payment was started with (per tab), for a reload or a provider's redirect. */
export function* rememberCustomer(action: ReturnType<typeof paymentActions.started>) {
  const payment: PaymentState = yield select(selectPaymentState);
  const storage: KeyValueStorage = yield getContext('storage');
  if (payment.shopId)
    yield call(saveCustomer, storage, payment.shopId, action.payload.paymentId, payment.customer);
}

/** A payment the session reports again (reload, return from Viva or the Swish app) gets its details back. */
export function* restoreCustomer(action: ReturnType<typeof sessionActions.loaded>) {
  const { shopId, session } = action.payload;
  if (!session.paymentId) return;
  const payment: PaymentState = yield select(selectPaymentState);
  if (Object.values(payment.customer).every((value) => value !== '')) return;
  const storage: KeyValueStorage = yield getContext('storage');
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
  if (!((yield select((s: State) => s.shop.status === 'loaded')) as boolean))
    yield take(shopActions.loaded.type);
  const method: PaymentMethod | undefined = yield select(selectMethod, payment.selectedPaymentMethod);
  if (method?.type !== 'VIVA_WALLET_WEB') return;
  const storage: KeyValueStorage = yield getContext('storage');
  if (!loadCustomer(storage, shopId, payment.paymentId)) return;
  const currentSearch: () => string = yield getContext('currentSearch');
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

export function* paymentSaga() {
  // takeLeading: a double tap on Pay starts one payment; the reducer ignores starts while LOADING too.
  yield takeLeading(paymentActions.startRequested.type, startPayment);
  // takeLeading: a double tap sends one request to the phone.
  yield takeLeading(paymentActions.swishPhoneChosen.type, sendSwishToPhone);
  // takeLatest: a burst of keystrokes needs one cancel, for the latest state.
  yield takeLatest([paymentActions.customerFieldChanged.type, ...CART_CHANGES], cancelOnChange);
  yield takeLatest(paymentActions.methodSelected.type, cancelOnMethodChange);
  // takeEvery: both are synchronous; every started payment is remembered, every session answer may bring one back.
  yield takeEvery(paymentActions.started.type, rememberCustomer);
  yield takeEvery(sessionActions.loaded.type, restoreCustomer);
  // takeEvery: each session answer is checked for a completed payment; completion clears the state, so it runs once.
  yield takeEvery(sessionActions.loaded.type, completeIfPaid);
  yield fork(arrivalSaga);
  yield* cartPageSaga();
}
