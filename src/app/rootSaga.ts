import { all, call, fork, select } from 'redux-saga/effects';
import type * as KioskSagasModule from '../features/kiosk/kioskSagas';
import { cartSyncSaga } from '../features/cart/cartSagas';
import { selectIsKiosk } from '../features/kiosk/kioskSelectors';
import { paymentSaga, selectCartSaveHeld } from '../features/payment/pendingSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { shopSaga } from '../features/shop/shopSagas';
import { pageEventsSaga } from '../shared/pageSignals';

type KioskSagas = typeof KioskSagasModule;

/** A kiosk's idle machine, fetched with the kiosk's screens: other visitors never download it. */
function* kioskSagaWhenKiosk() {
  if (!((yield select(selectIsKiosk)) as boolean)) return;
  const { kioskSaga }: KioskSagas = yield call(
    () => import(/* webpackChunkName: "kiosk" */ '../features/kiosk/kioskSagas'),
  );
  yield call(kioskSaga);
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
