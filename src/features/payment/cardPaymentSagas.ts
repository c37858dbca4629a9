import { call, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { pollPause } from '../../shared/pageSignals';
import { callAbortable, context } from '../../shared/sagaEffects';
import { cardPaymentActions, type CardPaymentState, type PaymentIntent } from './cardPaymentSlice';
import type { RootState } from '../../app/hooks';

/** §9 card payment status polling interval. */
export const INTENT_POLL_MS = 5000;

const selectCardPayment = (state: RootState) => state.cardPayment;
const isFinal = (intent: PaymentIntent | null) =>
  intent?.status === 'COMPLETED' || intent?.status === 'FAILED' || intent?.status === 'CANCELLED';

/** Reads the intent once; §8 a failed fetch is logged only ('Failed to fetch payment intent'). */
function* fetchIntent(companyId: string, paymentIntentId: string) {
  const api = yield* context('api');
  try {
    const intent = yield* callAbortable(api.getPaymentIntent, companyId, paymentIntentId);
    yield put(cardPaymentActions.intentReceived({ paymentIntentId, intent }));
  } catch (error) {
    const reportError = yield* context('reportError');
    yield call(reportError, new Error('Failed to fetch payment intent', { cause: error }));
    yield put(cardPaymentActions.intentUnavailable());
  }
}

/**
 * After confirmation the intent is read every 5 seconds until it is final (§4 card page); while the page is
 * hidden it rests (see pollPause) and it reads at once when the page is shown again.
 */
function* pollIntent(companyId: string, paymentIntentId: string) {
  for (;;) {
    yield call(pollPause, INTENT_POLL_MS);
    yield call(fetchIntent, companyId, paymentIntentId);
    const { intent }: CardPaymentState = yield select(selectCardPayment);
    if (isFinal(intent)) return;
  }
}

function* loadCardPayment(action: ReturnType<typeof cardPaymentActions.loadRequested>) {
  const { companyId, paymentIntentId } = action.payload;
  yield call(fetchIntent, companyId, paymentIntentId);
  // The page stays: once the customer confirms, poll until the payment is final (or another intent opens).
  const { left } = yield race({
    confirmed: take(cardPaymentActions.confirmed.type),
    left: take(cardPaymentActions.pageLeft.type),
  });
  if (left) return;
  yield race({
    poll: call(pollIntent, companyId, paymentIntentId),
    left: take(cardPaymentActions.pageLeft.type),
  });
}

export function* cardPaymentSaga() {
  // takeLatest: opening another intent drops the previous one's polling.
  yield takeLatest(cardPaymentActions.loadRequested.type, loadCardPayment);
}
