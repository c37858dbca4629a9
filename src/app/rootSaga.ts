import { all, call, delay, fork, race, select, take } from 'redux-saga/effects';
import type * as KioskSagasModule from '../features/kiosk/kioskSagas';
import { cartSyncSaga } from '../features/cart/cartSagas';
import { selectIsKiosk } from '../features/kiosk/kioskSelectors';
import { cancelPayment, paymentSaga, selectCartSaveHeld } from '../features/payment/pendingSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { shopSaga } from '../features/shopState/shopSagas';
import { pageActions } from '../shared/events';
import { pageEventsSaga } from '../shared/pageSignals';

/** How long a kiosk waits to fetch its idle machine's code again when the browser does not say it is online. */
const KIOSK_CODE_RETRY_MS = 10_000;

type KioskSagas = typeof KioskSagasModule;

/**
 * A kiosk's idle machine, fetched with the kiosk's screens: other visitors never download it. A fetch that
 * failed (the venue's Wi-Fi) is tried again when the browser is back online, or after a while. It clears a
 * customer's payment with the payment feature's cancel, handed over here: the kiosk sits below the payment.
 */
function* kioskSagaWhenKiosk(): Generator<unknown, void, unknown> {
  if (!((yield select(selectIsKiosk)) as boolean)) return;
  for (;;) {
    try {
      const { kioskSaga } = (yield call(
        () => import(/* webpackChunkName: "kiosk" */ '../features/kiosk/kioskSagas'),
      )) as KioskSagas;
      yield call(kioskSaga, cancelPayment);
      return;
    } catch {
      yield race({ online: take(pageActions.cameOnline.type), later: delay(KIOSK_CODE_RETRY_MS) });
    }
  }
}

/**
 * The sagas every shop page needs from the first moment: the shop, the session, the cart's sync and the
 * payment rules that hold wherever the customer is (a cart change cancels a pending payment, a completed
 * payment leads to the receipt). The other screens' sagas come with their code (app/router.tsx).
 */
export function* rootSaga() {
  yield all([
    fork(pageEventsSaga),
    fork(shopSaga),
    fork(sessionSaga),
    // The cart is saved only while the payment feature does not hold it (§4: a pending payment is cancelled first).
    fork(cartSyncSaga, selectCartSaveHeld),
    fork(paymentSaga),
    fork(kioskSagaWhenKiosk),
  ]);
}
