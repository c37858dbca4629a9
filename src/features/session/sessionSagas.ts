import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { orderReferenceOf } from '../../domain/addressText';
import { NetworkError, toErrorInfo } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import { sessionActions } from './sessionSlice';

/** Loads the session (cart, tab, payment status) with the table and tabId read from the address (§2). */
function* loadSession(action: ReturnType<typeof sessionActions.loadRequested>) {
  const { shopId, query } = action.payload;
  const api = yield* context('api');
  try {
    const session = yield* callAbortable(api.getSession, shopId, query);
    yield put(sessionActions.loaded({ shopId, session, table: query.table?.trim() }));
  } catch (error) {
    yield put(sessionActions.loadFailed({ shopId, error: toErrorInfo(error) }));
  }
}

/**
 * §5 reference: empty → reference.emptyInput; not of a table's shape → reference.invalid, nothing sent; the
 * server's not-found → reference.notFound; success loads the session.
 */
function* submitReference(action: ReturnType<typeof sessionActions.referenceSubmitted>) {
  const { shopId, reference } = action.payload;
  if (reference === '') {
    yield put(sessionActions.referenceRejected('emptyInput'));
    return;
  }
  if (!orderReferenceOf(reference)) {
    yield put(sessionActions.referenceRejected('invalid'));
    return;
  }
  const api = yield* context('api');
  try {
    yield call(api.submitReference, shopId, reference); // a write the customer asked for: not aborted
    yield put(sessionActions.referenceAccepted({ reference }));
    // §2 an address that names a table (one refused) names the accepted one now: a reload sends the newest.
    const address = new URLSearchParams((yield* context('currentSearch'))());
    if (address.has('table')) {
      address.set('table', reference);
      (yield* context('navigate'))(`?${address}`, { replace: true });
    }
    yield put(sessionActions.loadRequested(shopId));
  } catch (error) {
    yield put(
      sessionActions.referenceRejected(
        error instanceof NetworkError && error.status === 404 ? 'notFound' : 'other',
      ),
    );
  }
}

export function* sessionSaga() {
  // takeLatest: a newer load supersedes an older one still in flight, so a stale answer never lands last.
  yield takeLatest(sessionActions.loadRequested.type, loadSession);
  // takeLeading: a double tap on Save sends one request.
  yield takeLeading(sessionActions.referenceSubmitted.type, submitReference);
}
