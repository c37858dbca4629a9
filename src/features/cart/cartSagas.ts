import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { CartItem, TabSelection } from '../../domain/types';
import type { Api } from '../../shared/api';
import { paymentActions, type PaymentState } from '../payment/paymentSlice';
import { sessionActions, type SessionState } from '../session/sessionSlice';
import { cartActions, cartAdapter, type CartState } from './cartSlice';

type State = { cart: CartState; session: SessionState; payment: PaymentState };

/** Local changes that must reach the server (PUT cart). */
export const CART_CHANGES = [
  cartActions.itemAdded.type,
  cartActions.itemCountChanged.type,
  cartActions.itemUpdated.type,
  sessionActions.tabItemCountChanged.type,
];

/** Waits before sending again after a failure: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

const selectSyncPayload = (state: State) => ({
  shopId: state.session.shopId,
  revision: state.cart.revision,
  cart: cartAdapter.getSelectors().selectAll(state.cart) as CartItem[],
  tabItems: state.session.tabItems as TabSelection[],
  paymentId: state.payment.paymentId,
});

/** Sends the cart as it is now; §4 a cart change cancels a started payment first. */
export function* sendCart() {
  const api: Api = yield getContext('api');
  const { shopId, revision, cart, tabItems, paymentId }: ReturnType<typeof selectSyncPayload> =
    yield select(selectSyncPayload);
  if (!shopId) return;
  if (paymentId) {
    yield put(paymentActions.cancelRequested());
    yield call(api.cancelPayment, shopId);
  }
  yield call(api.putCart, shopId, { cart, tabItems });
  yield put(cartActions.synced({ revision }));
}

/**
 * Keeps the server's cart equal to the local one. One PUT at a time, each with the whole cart as it is
 * when sent, and changes made meanwhile collapse into the next one (a sliding buffer of one): the last
 * PUT the server gets is always the latest cart, so a removed line can never come back. A failed send is
 * retried with backoff, or sooner when the customer changes something again.
 */
export function* cartSyncSaga() {
  const changes: Channel<Action> = yield actionChannel(CART_CHANGES, buffers.sliding(1));
  for (;;) {
    yield take(changes);
    for (let attempt = 0; ; attempt++) {
      try {
        yield call(sendCart);
        break;
      } catch {
        yield put(cartActions.syncFailed());
        const { next } = yield race({ retry: delay(retryDelay(attempt)), next: take(changes) });
        if (next) attempt = -1; // a newer change: send it now, backoff starts over
      }
    }
  }
}
