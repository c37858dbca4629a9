import { delay, race, select, take } from 'redux-saga/effects';
import { cartActions } from './cartSlice';
import type { RootState } from '../../app/hooks';

/** How long a payment start (or a kiosk's reset) waits for the cart to reach the server before it gives up. */
const CART_SYNC_TIMEOUT_MS = 10_000;

/**
 * Waits until the server holds the cart as shown (a start pays the server's cart; a kiosk starts afresh).
 * Only lazily loaded sagas wait for it (the payment's start, the kiosk's reset): a module of its own keeps it
 * out of the store page's first load.
 */
export function* cartSynced() {
  for (;;) {
    const sync: RootState['cart']['sync'] = yield select((s: RootState) => s.cart.sync);
    if (sync === 'synced') return true;
    if (sync === 'failed') return false;
    const { timeout } = yield race({
      done: take([cartActions.synced.type, cartActions.syncFailed.type]),
      timeout: delay(CART_SYNC_TIMEOUT_MS),
    });
    if (timeout) return false;
  }
}
