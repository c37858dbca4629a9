import { all, fork } from 'redux-saga/effects';
import { cartSyncSaga } from '../features/cart/cartSagas';
import { paymentSaga } from '../features/payment/paymentSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { shopSaga } from '../features/shop/shopSagas';

export function* rootSaga() {
  yield all([fork(shopSaga), fork(sessionSaga), fork(cartSyncSaga), fork(paymentSaga)]);
}
