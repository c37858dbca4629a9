import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { toErrorInfo } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import { receiptActions } from './receiptSlice';

function* loadReceipt(action: ReturnType<typeof receiptActions.loadRequested>) {
  const api = yield* context('api');
  const { shopId, receiptId } = action.payload;
  try {
    const receipt = yield* callAbortable(api.getReceipt, shopId, receiptId);
    yield put(
      receiptActions.loaded({ receiptId, receipt, downloadUrl: api.receiptDownloadUrl(shopId, receiptId) }),
    );
  } catch (error) {
    yield put(receiptActions.loadFailed(toErrorInfo(error)));
  }
}

/** §8 receipt e-mail: failure 'receipt.emailError' (429: 'error.tooManyAttempts'), success 'receipt.emailSent'. */
function* emailReceipt(action: ReturnType<typeof receiptActions.emailRequested>) {
  const api = yield* context('api');
  const { shopId, receiptId, email, language } = action.payload;
  try {
    // The e-mail reads as the page that sent it (issue 39). A write: not aborted (sagaEffects.ts).
    yield call(api.emailReceipt, shopId, receiptId, email, language);
    yield put(receiptActions.emailSent());
  } catch (error) {
    yield put(receiptActions.emailFailed(toErrorInfo(error)));
  }
}

export function* receiptSaga() {
  // takeLatest: only the receipt on screen matters.
  yield takeLatest(receiptActions.loadRequested.type, loadReceipt);
  // takeLeading: a double tap on Send sends one e-mail.
  yield takeLeading(receiptActions.emailRequested.type, emailReceipt);
}
