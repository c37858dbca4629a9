import { all, fork } from 'redux-saga/effects';
import { cartSyncSaga } from '../features/cart/cartSagas';
import { kioskSaga } from '../features/kiosk/kioskSagas';
import { integrationSaga } from '../features/integration/integrationSagas';
import { passwordResetSaga } from '../features/passwordReset/passwordResetSagas';
import { receiptDownloadSaga } from '../features/receipt/receiptDownloadSagas';
import { cardPaymentSaga } from '../features/payment/cardPaymentSagas';
import { paymentSaga } from '../features/payment/paymentSagas';
import { receiptSaga } from '../features/receipt/receiptSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { shopSaga } from '../features/shop/shopSagas';
import { pageEventsSaga } from '../shared/pageSignals';

export function* rootSaga() {
  yield all([
    fork(pageEventsSaga),
    fork(shopSaga),
    fork(sessionSaga),
    fork(cartSyncSaga),
    fork(paymentSaga),
    fork(cardPaymentSaga),
    fork(kioskSaga),
    fork(receiptSaga),
    fork(integrationSaga),
    fork(passwordResetSaga),
    fork(receiptDownloadSaga),
  ]);
}
