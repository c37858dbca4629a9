/**
 * A payment's first phase (§4): everything before the server holds it. The cart page's choices and panels
 * set it off (a method that starts when chosen, Pay, the kiosk's "send to my phone"); `startPayment` checks,
 * waits for the cart to be saved, asks the server, recovers a lost answer, and hands the started payment to
 * its provider. From `payment/started` on, the payment is pendingSagas.ts's. These sagas come with the cart
 * page's chunk and start when it first renders (see app/router.tsx).
 */
import { call, delay, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { StartPaymentResponse } from '../../contract';
import { cartFingerprint } from '../../domain/cart';
import type { CustomerField, Money, PaymentMethod, Session } from '../../domain/types';
import { NetworkError, toErrorInfo } from '../../shared/api';
import { pageActions } from '../../shared/events';
import { callAbortable, context } from '../../shared/sagaEffects';
import { cartSynced, refreshSession, selectCartItems, selectCartRevision, selectCartTotal } from '../cart';
import {
  loadCustomer,
  paymentActions,
  selectCartOpen,
  selectCustomer,
  selectPaymentMachine,
  selectPaymentShopId,
  selectSelectedPaymentMethod,
  type PaymentMachine,
} from '../paymentState';
import {
  selectOrderReference,
  selectSessionLoaded,
  selectSessionShopId,
  selectTabSelections,
  sessionActions,
} from '../session';
import {
  selectCompany,
  selectPaymentMethodById,
  selectShopStatus,
  selectTheme,
  shopActions,
} from '../shopState';
import { loadDraft, saveDraft } from './customerDraft';
import { cancelOnServer, cancelPayment, pollDelay } from './pendingSagas';
import { selectCanChoosePayment, selectSwishMode, type SwishMode } from './paymentSelectors';
import { appLinkFor, swishCallbackUrl } from './providers/swish';
import { checkoutUrl } from './providers/viva';
import type { RootState } from '../../app/hooks';

/** Back on the shop from Viva's checkout without its paid signal: how long a completion may still arrive. */
export const VIVA_RETURN_GRACE_MS = 1500;
/** After a lost start answer, how often the session is asked whether the server created the payment. */
const RECOVERY_ATTEMPTS = 3;

const selectMethod = (state: RootState, id: string | null): PaymentMethod | undefined =>
  id ? selectPaymentMethodById(state, id) : undefined;

const selectStartContext = (state: RootState, methodId: string) => ({
  shopId: selectSessionShopId(state),
  companyId: selectCompany(state)?.companyId ?? null,
  orderReference: selectOrderReference(state),
  customer: selectCustomer(state),
  method: selectMethod(state, methodId),
  cartRevision: selectCartRevision(state),
  primaryColor: selectTheme(state).primaryColor,
  swishMode: selectSwishMode(state),
});

/** The fingerprint of the cart and total the page shows (see domain cartFingerprint). */
const selectShownCartFingerprint = (state: RootState) =>
  cartFingerprint({
    lines: selectCartItems(state),
    tabItems: selectTabSelections(state),
    total: selectCartTotal(state),
  });

/** A start refused before any request: the code tells the panel which text to show. */
const failed = (
  code: 'INVALID_PAYMENT' | 'PHONE_REQUIRED' | 'CART_NOT_SAVED' | 'CART_CHANGED' | 'TAB_ITEM_BEING_PAID',
) => paymentActions.startFailed({ error: { code, message: '' } });

/**
 * §4 start payment. The reducer has already moved to LOADING (or ignored a start while LOADING);
 * invalid payment → ERROR; a non-200 answer → ERROR with the returned name (OUT_OF_STOCK also stores the
 * stock per article, §8); success → STARTED with the payment id, then the provider's next step.
 * The start carries the fingerprint of the cart the page shows, so the server refuses to charge for a cart
 * another tab changed (409 CART_CHANGED); an answer lost after the server may have acted is recovered from
 * the session instead of being shown as a failure.
 */
function* startPayment(action: ReturnType<typeof paymentActions.startRequested>) {
  const machine: PaymentMachine = yield select(selectPaymentMachine);
  if (machine.status !== 'LOADING') return; // the reducer refused this start
  const api = yield* context('api');
  const { paymentMethodId, wallet } = action.payload;
  const ctx: ReturnType<typeof selectStartContext> = yield select(selectStartContext, paymentMethodId);
  if (!ctx.shopId || !ctx.method) {
    yield put(failed('INVALID_PAYMENT'));
    return;
  }
  const swish: SwishMode | null = ctx.method.type === 'SWISH_TRADE' ? ctx.swishMode : null;
  // §5 Swish on a non-mobile device requires a phone number (a kiosk's QR code needs none).
  if (swish === 'phone' && ctx.customer.phone.trim() === '') {
    yield put(failed('PHONE_REQUIRED'));
    return;
  }
  const synced: boolean = yield call(cartSynced);
  if (!synced) {
    yield put(failed('CART_NOT_SAVED'));
    return;
  }
  // A wallet's sheet showed an amount when it opened: a cart that changed since is not charged (issue 25).
  if (wallet && wallet.amount !== ((yield select(selectCartTotal)) as Money).amount) {
    yield put(failed('CART_CHANGED'));
    return;
  }
  // Taken once the cart is saved: what the page shows now is what this tab last sent.
  const fingerprint: string = yield select(selectShownCartFingerprint);
  let result: StartPaymentResponse | null;
  try {
    // A write: not aborted, so a start the server took is never cut off on its way (sagaEffects.ts).
    result = yield call(api.startPayment, ctx.shopId, {
      paymentMethodId: ctx.method.id,
      customerInfo: { ...trimmed(ctx.customer), isMobile: ctx.swishMode === 'app' },
      orderReference: ctx.orderReference,
      cartFingerprint: fingerprint,
      ...(swish === 'qr' ? { kiosk: true } : {}),
    });
  } catch (error) {
    result = yield call(recoverFailedStart, ctx.shopId, ctx.method.id, error);
  }
  if (!result) return;
  // A Swish start that needs a token (the app link on a phone, the kiosk's QR code) falls back to the
  // payment id when the answer has none; a request sent to a phone number has no token to show.
  const token = result.token ?? (swish === 'app' || swish === 'qr' ? result.paymentId : null);
  yield put(
    paymentActions.started({
      paymentId: result.paymentId,
      token,
      clientSecret: result.clientSecret ?? null,
    }),
  );
  // While the start was on its way the customer may have cancelled or changed the cart: then the payment
  // the server just created is for something they no longer want, so it is cancelled there too.
  const after: PaymentMachine = yield select(selectPaymentMachine);
  const revision: number = yield select(selectCartRevision);
  if (after.status !== 'STARTED' || after.paymentId !== result.paymentId) {
    yield call(cancelOnServer, ctx.shopId);
    return;
  }
  if (revision !== ctx.cartRevision) {
    yield call(cancelPayment);
    return;
  }
  const assignLocation = yield* context('assignLocation');
  if (ctx.method.type === 'VIVA_WALLET_WEB') {
    // §2 Viva: the hosted checkout with the payment reference and the shop's colour.
    const base = yield* context('vivaCheckoutUrl');
    yield call(assignLocation, checkoutUrl(base, result.paymentId, ctx.primaryColor));
  } else if (swish === 'app' && token) {
    // §2 Swish on a phone: straight to the app, which calls back to the cart.
    const origin = yield* context('origin');
    yield call(assignLocation, appLinkFor(token, swishCallbackUrl(origin, ctx.shopId)));
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
function* recoverFailedStart(shopId: string, methodId: string, error: unknown) {
  // The error's name: a 400's `name` or, for other statuses, the JSON body's (§8: the edge's message).
  const name = error instanceof NetworkError ? error.message : null;
  // The server's cart differs from the shown one, or another guest is paying for a chosen tab line (§3): the
  // session is read again, so the page shows what the server holds (the line as being paid) with the words.
  if (name === 'CART_CHANGED' || name === 'TAB_ITEM_BEING_PAID') {
    try {
      yield call(refreshSession, shopId);
    } catch {
      // The shown cart stays; the message still asks the customer to check it.
    }
    yield put(failed(name));
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
function* fetchClientSecret(shopId: string, companyId: string, result: StartPaymentResponse) {
  const api = yield* context('api');
  try {
    let intentId = result.paymentIntentId ?? null;
    if (!intentId) {
      const session: Session = yield call(refreshSession, shopId);
      intentId = session.paymentIntentId;
    }
    if (!intentId) throw new Error('No payment intent for the card payment');
    const intent = yield* callAbortable(api.getPaymentIntent, companyId, intentId);
    const clientSecret = intent.paymentData?.clientSecret;
    if (!clientSecret) throw new Error('The payment intent has no client secret');
    yield put(paymentActions.clientSecretReceived({ paymentId: result.paymentId, clientSecret }));
  } catch (error) {
    const reportError = yield* context('reportError');
    yield call(reportError, error);
    yield put(paymentActions.providerFailed({ error: { code: 'NO_CLIENT_SECRET', message: '' } }));
  }
}

const trimmed = (customer: Record<CustomerField, string>) =>
  Object.fromEntries(Object.entries(customer).map(([k, v]) => [k, v.trim()])) as Record<
    CustomerField,
    string
  >;

const selectChoice = (state: RootState, paymentMethodId: string) => ({
  machine: selectPaymentMachine(state),
  selected: selectSelectedPaymentMethod(state),
  method: selectMethod(state, paymentMethodId),
  swishMode: selectSwishMode(state),
  offered: selectCanChoosePayment(state) && selectCartOpen(state),
});

/**
 * §2 the providers that start as soon as they are chosen: Viva (its checkout is the next page), Swish on a
 * phone (the app opens) and Swish on a kiosk (its QR code). Swish on a computer waits for the phone number,
 * a card for Pay. Only a choice the cart page offers starts a payment, and only from NOT_STARTED with nothing
 * left to cancel: a method chosen while another one's payment is under way is chosen again once that is
 * cancelled (cancelOnMethodChange), and starts then. Restarting after a failure is the customer's choice (the
 * panels' buttons), and a reload or a return from a provider chooses nothing, so nothing starts twice.
 */
function* startWhenChosen(action: ReturnType<typeof paymentActions.methodSelected>) {
  const { paymentMethodId } = action.payload;
  const { machine, selected, method, swishMode, offered }: ReturnType<typeof selectChoice> = yield select(
    selectChoice,
    paymentMethodId,
  );
  if (!offered || machine.status !== 'NOT_STARTED') return;
  if (selected !== paymentMethodId) return; // deselected
  if (method?.type === 'VIVA_WALLET_WEB' || (method?.type === 'SWISH_TRADE' && swishMode !== 'phone'))
    yield put(paymentActions.startRequested({ paymentMethodId }));
}

/**
 * On a kiosk the customer chose to get the Swish request on their phone instead of scanning the QR code: the
 * QR code's payment is cancelled first (so only one request can ever be approved), then a payment is
 * started for that number. Paid with the QR code meanwhile: the receipt shows and nothing more is started.
 */
function* sendSwishToPhone(action: ReturnType<typeof paymentActions.swishPhoneChosen>) {
  const { paymentMethodId, phone } = action.payload;
  const cancelled: boolean = yield call(cancelPayment);
  if (!cancelled) return;
  yield put(paymentActions.customerFieldChanged({ field: 'phone', value: phone }));
  // The start chooses the method too: no methodSelected here, which would start a new QR code payment.
  yield put(paymentActions.startRequested({ paymentMethodId, byPhone: true }));
}

/**
 * Back on the shop from Viva's hosted checkout while its payment is still pending (the Back button, or
 * Viva's own cancel, which returns without a transaction id `t`): the customer is not paying there, so after
 * a short grace in which a completion may still arrive, the payment is cancelled on the server and the
 * methods are offered again. With `t` Viva says it was paid: polling brings the receipt. Only the tab that
 * started the payment (its storage knows it) cancels, never another tab of the same session.
 */
function* settleReturnFromViva() {
  const machine: PaymentMachine = yield select(selectPaymentMachine);
  const selected: string | null = yield select(selectSelectedPaymentMethod);
  const shopId: string | null = yield select(selectSessionShopId);
  if (machine.status !== 'STARTED' || !shopId) return;
  const { paymentId } = machine;
  // The session may answer before the shop: the method's type is known once the shop is loaded.
  if (((yield select(selectShopStatus)) as string) !== 'loaded') yield take(shopActions.loaded.type);
  const method: PaymentMethod | undefined = yield select(selectMethod, selected);
  if (method?.type !== 'VIVA_WALLET_WEB') return;
  const storage = yield* context('storage');
  if (!loadCustomer(storage, shopId, paymentId)) return;
  const currentSearch = yield* context('currentSearch');
  if (new URLSearchParams(currentSearch()).get('t')) return;
  yield delay(VIVA_RETURN_GRACE_MS);
  try {
    yield call(refreshSession, shopId);
  } catch {
    // The cancel below asks the server anyway.
  }
  const now: PaymentMachine = yield select(selectPaymentMachine);
  if (now.status !== 'STARTED' || now.paymentId !== paymentId) return;
  yield call(cancelPayment, { notCompleted: true });
}

/**
 * Arrivals on the cart page, where every provider returns the customer: the page's first session answer
 * (read already if the cart page's code came after it), and every return from the back-forward cache.
 */
function* arrivalSaga() {
  if (!((yield select(selectSessionLoaded)) as boolean)) yield take(sessionActions.loaded.type);
  yield fork(settleReturnFromViva);
  yield takeLatest(pageActions.restoredFromCache.type, function* () {
    const shopId: string | null = yield select(selectSessionShopId);
    if (!shopId) return;
    try {
      yield call(refreshSession, shopId);
    } catch {
      // Offline: the state the page had is shown; polling or the next event catches up.
    }
    yield call(settleReturnFromViva);
  });
}

/** Issue 39: what is typed is kept in the tab's storage as it is typed (customerDraft.ts). */
function* keepDraft() {
  const shopId: string | null = yield select(selectPaymentShopId);
  const customer: ReturnType<typeof selectCustomer> = yield select(selectCustomer);
  if (shopId) yield call(saveDraft, yield* context('storage'), shopId, customer);
}

/**
 * Issue 39: what was typed in this tab comes back once the cart page (the one page with 'your info') runs,
 * after a reload, a language's new page or a trip to another page; and on entering another shop's pages.
 */
function* restoreDraft(shopId: string | null) {
  if (!shopId) return;
  const stored: ReturnType<typeof loadDraft> = yield call(loadDraft, yield* context('storage'), shopId);
  if (stored) yield put(paymentActions.customerRestored(stored));
}

/** The cart page's payment flow: started once, when the cart page first renders (app/router.tsx). */
export function* paymentFlowSaga() {
  yield call(restoreDraft, yield select(selectSessionShopId));
  // takeEvery: each is synchronous and writes the whole current state, so the last one wins.
  yield takeEvery(
    [paymentActions.customerFieldChanged.type, paymentActions.customerRestored.type],
    keepDraft,
  );
  // takeEvery: each shop's pages bring back that shop's draft.
  yield takeEvery(
    sessionActions.loadRequested.type,
    (action: ReturnType<typeof sessionActions.loadRequested>) => restoreDraft(action.payload.shopId),
  );
  // takeLeading: a double tap on Pay starts one payment; the reducer ignores starts while LOADING too.
  yield takeLeading(paymentActions.startRequested.type, startPayment);
  // takeLeading: a double tap sends one request to the phone.
  yield takeLeading(paymentActions.swishPhoneChosen.type, sendSwishToPhone);
  yield takeEvery(paymentActions.methodSelected.type, startWhenChosen);
  yield fork(arrivalSaga);
}
