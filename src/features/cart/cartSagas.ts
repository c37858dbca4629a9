import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import {
  actionChannel,
  call,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { CartItem, TabSelection } from '../../domain/types';
import { toErrorInfo } from '../../shared/api';
import { customerLeft, pageActions } from '../../shared/events';
import { callAbortable, context } from '../../shared/sagaEffects';
import { paymentActions, selectCartOpen } from '../paymentState';
import {
  selectActiveTab,
  selectSessionLoaded,
  selectSessionShopId,
  selectTabSelections,
  sessionActions,
} from '../session';
import { cartActions, cartAdapter } from './cartSlice';
import { refreshSession } from './refreshSession';
import { forgetUnsavedCart, keepUnsavedCart, unsavedCart } from './unsavedCart';
import type { RootState } from '../../app/hooks';

/** Local changes that must reach the server (PUT cart). */
export const CART_CHANGES = [
  cartActions.itemAdded.type,
  cartActions.itemCountChanged.type,
  cartActions.itemUpdated.type,
  cartActions.unsavedRestored.type,
  sessionActions.tabItemCountChanged.type,
  sessionActions.wholeTabChosen.type,
  customerLeft.type,
];

/** Waits before sending again after a failure: 1 s, 2 s, 4 s … at most 30 s. */
const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

const selectSyncPayload = (state: RootState) => ({
  shopId: selectSessionShopId(state),
  revision: state.cart.revision,
  cart: cartAdapter.getSelectors().selectAll(state.cart) as CartItem[],
  tabItems: selectTabSelections(state) as TabSelection[],
});

/**
 * Whether another feature holds the server's cart for now: saves wait, and catching up with other tabs is
 * left to it. The cart knows no more of it; app/rootSaga.ts passes the payment feature's rule (a pending
 * payment is cancelled first, see pendingSagas.ts `selectCartSaveHeld`).
 */
export type CartHold = (state: RootState) => boolean;

/**
 * Sends the cart as it is now, once the session's first answer is in (a save before it would race the
 * request that makes the session; what was added meanwhile is merged into that answer) and nothing holds
 * the server's cart.
 */
function* sendCart(held: CartHold) {
  const waiting = (s: RootState) => !selectSessionLoaded(s) || held(s);
  while ((yield select(waiting)) as boolean) yield take('*');
  const api = yield* context('api');
  const { shopId, revision, cart, tabItems }: ReturnType<typeof selectSyncPayload> =
    yield select(selectSyncPayload);
  if (!shopId) return;
  yield* callAbortable(api.putCart, shopId, { cart, tabItems });
  yield put(cartActions.synced({ revision }));
  const synced: boolean = yield select((s: RootState) => s.cart.sync === 'synced');
  if (synced) {
    const storage = yield* context('storage');
    yield call(forgetUnsavedCart, storage, shopId);
  }
  // Other tabs of this session show the cart too: they fetch it now instead of showing a stale total.
  const page = yield* context('page');
  yield call([page, page.announceCartSaved], shopId);
}

/**
 * Keeps the edits about to be sent in the tab's storage until the server holds them (a reload keeps them).
 * Not before the session's first answer: a cart made then is no edit of the saved one (it joins it when the
 * answer comes, cartSlice), and restoring it would replace the saved cart.
 */
function* keepUntilSaved() {
  const { shopId, cart }: ReturnType<typeof selectSyncPayload> = yield select(selectSyncPayload);
  const loaded: boolean = yield select(selectSessionLoaded);
  if (!shopId || !loaded) return;
  const storage = yield* context('storage');
  yield call(keepUnsavedCart, storage, shopId, cart);
}

/**
 * Keeps the server's cart equal to the local one. One PUT at a time, each with the whole cart as it is
 * when sent, and changes made meanwhile collapse into the next one (a sliding buffer of one): the last
 * PUT the server gets is always the latest cart, so a removed line can never come back. A failed send is
 * retried with backoff, or sooner when the customer changes something again.
 */
export function* cartSyncSaga(held: CartHold) {
  const changes: Channel<Action> = yield actionChannel(CART_CHANGES, buffers.sliding(1));
  yield takeEvery(CART_CHANGES, keepUntilSaved);
  yield takeEvery(sessionActions.loaded.type, restoreUnsavedCart, new Set<string>());
  yield takeLatest([pageActions.cartSavedElsewhere.type, pageActions.becameVisible.type], catchUp, held);
  yield fork(followOpenTab, held);
  for (;;) {
    yield take(changes);
    for (let attempt = 0; ; attempt++) {
      try {
        yield call(sendCart, held);
        break;
      } catch (error) {
        // Any failure, a 429 (too many saves) too, keeps the cart here and retries: it is never dropped.
        yield put(cartActions.syncFailed(toErrorInfo(error)));
        // Coming back online (or a kiosk's API answering again after a pause) sends it at once.
        const { next } = yield race({
          retry: delay(retryDelay(attempt)),
          next: take(changes),
          online: take(pageActions.cameOnline.type),
        });
        if (next) attempt = -1; // a newer change: send it now, backoff starts over
      }
    }
  }
}

/** The first session answer of a shop after a reload: edits that never reached the server come back. */
function* restoreUnsavedCart(restored: Set<string>, action: ReturnType<typeof sessionActions.loaded>) {
  const { shopId, session } = action.payload;
  if (restored.has(shopId)) return;
  restored.add(shopId);
  const storage = yield* context('storage');
  if (session.paymentStatus === 'COMPLETED') {
    // The cart was paid meanwhile (on another device, or the answer came after the reload): nothing of it
    // may come back.
    yield call(forgetUnsavedCart, storage, shopId);
    return;
  }
  const items: CartItem[] | null = yield call(unsavedCart, storage, shopId);
  if (items) yield put(cartActions.unsavedRestored(items));
}

/**
 * Another tab saved this shop's cart, or this tab is shown again: the session is read, and the server's
 * cart replaces the shown one unless this tab has edits of its own on their way (see refreshSession).
 * While the server's cart is held (a STARTED payment, whose poll reads the session) it is left alone.
 */
function* catchUp(held: CartHold, action?: Action) {
  const shopId: string | null = yield select(selectSessionShopId);
  const loaded: boolean = yield select(selectSessionLoaded);
  if (!shopId || !loaded || ((yield select(held)) as boolean)) return;
  if (action && pageActions.cartSavedElsewhere.match(action) && action.payload.shopId !== shopId) return;
  try {
    yield call(refreshSession, shopId);
  } catch {
    // Offline or the server is busy: the next event, poll or save catches up.
  }
}

/**
 * How often the cart page reads an open tab again (§3): a line another guest at the table starts or stops
 * paying for shows so on every phone within this time.
 */
export const OPEN_TAB_REFRESH_MS = 5_000;

/**
 * §3 the guests at a table share a tab: while the cart page shows it and the page is in view, the session
 * is read every OPEN_TAB_REFRESH_MS (as a catch-up, so this customer's own unsent edits are never undone),
 * so the lines someone else is paying for show as such. Rests while the page is hidden (becoming visible
 * catches up at once) and while this customer's own payment holds the cart (its poll reads the session);
 * without an open tab on the cart page it keeps no timer at all.
 */
function* followOpenTab(held: CartHold) {
  const page = yield* context('page');
  const openTabShown = (state: RootState) => selectCartOpen(state) && selectActiveTab(state) !== null;
  for (;;) {
    while (!((yield select(openTabShown)) as boolean)) yield take('*');
    yield race({ wait: delay(OPEN_TAB_REFRESH_MS), closed: take(paymentActions.cartClosed.type) });
    if (((yield select(openTabShown)) as boolean) && !page.isHidden()) yield call(catchUp, held);
  }
}
