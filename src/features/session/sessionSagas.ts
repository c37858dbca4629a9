import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { toErrorInfo, type Api } from '../../shared/api';
import type { Session } from '../../domain/types';
import { sessionActions } from './sessionSlice';

/** Loads the session (cart, tab, payment status) with the table and tabId read from the address (§2). */
export function* loadSession(action: ReturnType<typeof sessionActions.loadRequested>) {
  const { shopId, query } = action.payload;
  const api: Api = yield getContext('api');
  try {
    const session: Session = yield call(api.getSession, shopId, query);
    yield put(sessionActions.loaded({ shopId, session }));
  } catch (error) {
    yield put(sessionActions.loadFailed({ shopId, error: toErrorInfo(error) }));
  }
}

export function* sessionSaga() {
  // takeLatest: a newer load supersedes an older one still in flight, so a stale answer never lands last.
  yield takeLatest(sessionActions.loadRequested.type, loadSession);
}
