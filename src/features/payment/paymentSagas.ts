import {
  call,
  delay,
  getContext,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { StartPaymentResponse } from '../../contract';
import type { CustomerField, PaymentMethod, Session } from '../../domain/types';
import { NetworkError, toErrorInfo, type Api } from '../../shared/api';
import { cartActions, type CartState } from '../cart/cartSlice';
import { sessionActions, type SessionState } from '../session/sessionSlice';
import type { ShopState } from '../shop/shopSlice';
import { selectTheme } from '../shop/shopSelectors';
import { forgetCustomer, loadCustomer, saveCustomer, type KeyValueStorage } from './customerStorage';
import { paymentActions, type PaymentState } from './paymentSlice';
import { appLinkFor } from './providers/swish';
import { checkoutUrl } from './providers/viva';

type State = { shop: ShopState; session: SessionState; cart: CartState; payment: PaymentState };

/** §9 session polling interval while a payment is STARTED. */
export const POLL_MS = 1000;
/** How long a start waits for the cart to reach the server before it gives up. */
export const CART_SYNC_TIMEOUT_MS = 10_000;

const selectStartContext = (state: State) => ({
  shopId: state.session.shopId,
  orderReference: state.session.orderReference,
  customer: state.payment.customer,
  method: state.payment.selectedPaymentMethod
    ? (state.shop.paymentMethods.entities[state.payment.selectedPaymentMethod] as PaymentMethod | undefined)
    : undefined,
  cartSync: state.cart.sync,
  cartRevision: state.cart.revision,
  primaryColor: selectTheme(state).primaryColor,
});
const selectPaymentState = (state: State) => state.payment;
const selectShopId = (state: State) => state.session.shopId;

/** A start refused before any request: the code tells the panel which text to show. */
const failed = (code: 'INVALID_PAYMENT' | 'PHONE_REQUIRED' | 'CART_NOT_SAVED') =>
  paymentActions.startFailed({ error: { code, message: code } });

/** Waits until the server holds the cart as shown (a start pays the server's cart). */
function* cartSynced() {
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
 * stock per article, §8); success → STARTED with the payment id, then the provider's redirect.
 */
export function* startPayment() {
  const payment: PaymentState = yield select(selectPaymentState);
  if (payment.state !== 'LOADING') return; // the reducer refused this start
  const api: Api = yield getContext('api');
  const isMobile: boolean = yield getContext('isMobile');
  const ctx: ReturnType<typeof selectStartContext> = yield select(selectStartContext);
  if (!ctx.shopId || !ctx.method) {
    yield put(failed('INVALID_PAYMENT'));
    return;
  }
  // §5 Swish on a non-mobile device requires a phone number.
  if (ctx.method.type === 'SWISH_TRADE' && !isMobile && ctx.customer.phone.trim() === '') {
    yield put(failed('PHONE_REQUIRED'));
    return;
  }
  const synced: boolean = yield call(cartSynced);
  if (!synced) {
    yield put(failed('CART_NOT_SAVED'));
    return;
  }
  let result: StartPaymentResponse;
  try {
    result = yield call(api.startPayment, ctx.shopId, {
      paymentMethodId: ctx.method.id,
      customerInfo: { ...trimmed(ctx.customer), isMobile },
      orderReference: ctx.orderReference,
    });
  } catch (error) {
    // §8 OUT_OF_STOCK carries the available stock per article.
    const stockLevels = error instanceof NetworkError ? (error.stockLevels ?? undefined) : undefined;
    yield put(paymentActions.startFailed({ error: toErrorInfo(error), stockLevels }));
    return;
  }
  yield put(
    paymentActions.started({
      paymentId: result.paymentId,
      token: result.token ?? null,
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
  } else if (ctx.method.type === 'SWISH_TRADE' && isMobile && result.token) {
    // §2 Swish on a phone: straight to the app, which calls back to the cart.
    const origin: string = yield getContext('origin');
    yield call(assignLocation, appLinkFor(result.token, `${origin}/${encodeURIComponent(ctx.shopId)}/cart`));
  }
}

const trimmed = (customer: Record<CustomerField, string>) =>
  Object.fromEntries(Object.entries(customer).map(([k, v]) => [k, v.trim()])) as Record<
    CustomerField,
    string
  >;

/**
 * §4 while STARTED the session is reloaded every second until the payment leaves STARTED. A failed poll
 * (network) is not an outcome: polling goes on, so the customer is never left with a stuck spinner.
 */
export function* pollSession(shopId: string) {
  const api: Api = yield getContext('api');
  for (;;) {
    yield delay(POLL_MS);
    try {
      const session: Session = yield call(api.getSession, shopId);
      yield put(sessionActions.loaded({ shopId, session }));
    } catch {
      continue;
    }
    const payment: PaymentState = yield select(selectPaymentState);
    if (payment.state !== 'STARTED') return;
  }
}

/** Events after which a payment may have become STARTED. */
const MAY_HAVE_STARTED = [paymentActions.started.type, sessionActions.loaded.type];
/** §4 polling stops on deselection, on cancelling and when the payment state is cleared. */
const STOPS_POLLING = [
  paymentActions.methodSelected.type,
  paymentActions.cancelRequested.type,
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

/**
 * §4 cancel: resets to NOT_STARTED and tells the server, ignoring 409/404 (the API does). The session
 * is then read once more, so a payment that completed while the cancel was on its way still ends on the
 * receipt.
 */
export function* cancelPayment() {
  const payment: PaymentState = yield select(selectPaymentState);
  const shopId: string | null = yield select(selectShopId);
  if (!shopId || !payment.paymentId || payment.state === 'COMPLETED') return;
  yield put(paymentActions.cancelRequested());
  yield call(forgetCustomer, (yield getContext('storage')) as KeyValueStorage);
  const api: Api = yield getContext('api');
  try {
    yield call(api.cancelPayment, shopId);
    const session: Session = yield call(api.getSession, shopId);
    // Only a completion is picked up here: a payment that had already failed (the 409 case) would otherwise
    // come back as FAILED with its method selected, undoing the cancel (§4: NOT_STARTED, error cleared).
    if (session.paymentStatus === 'COMPLETED') yield put(sessionActions.loaded({ shopId, session }));
  } catch (error) {
    const reportError: (e: unknown) => void = yield getContext('reportError');
    yield call(reportError, error);
  }
}

/** §4 changing phone, e-mail, extra info, postal code, address, city or name while a payment id exists cancels it. */
export function* cancelOnCustomerChange() {
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
  yield call(forgetCustomer, (yield getContext('storage')) as KeyValueStorage);
  yield call(navigate, `/${encodeURIComponent(shopId)}/receipt/${encodeURIComponent(receiptId)}`, {
    replace: true,
  });
  const api: Api = yield getContext('api');
  try {
    yield call(api.putCart, shopId, { cart: [], tabItems: [] });
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

export function* paymentSaga() {
  // takeLeading: a double tap on Pay starts one payment; the reducer ignores starts while LOADING too.
  yield takeLeading(paymentActions.startRequested.type, startPayment);
  // takeLatest: a burst of keystrokes needs one cancel, for the latest state.
  yield takeLatest(paymentActions.customerFieldChanged.type, cancelOnCustomerChange);
  yield takeLatest(paymentActions.methodSelected.type, cancelOnMethodChange);
  // takeEvery: both are synchronous; every started payment is remembered, every session answer may bring one back.
  yield takeEvery(paymentActions.started.type, rememberCustomer);
  yield takeEvery(sessionActions.loaded.type, restoreCustomer);
  // takeEvery: each session answer is checked for a completed payment; completion clears the state, so it runs once.
  yield takeEvery(sessionActions.loaded.type, completeIfPaid);
  yield* cartPageSaga();
}
