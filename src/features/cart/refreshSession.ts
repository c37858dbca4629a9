import { put, select } from 'redux-saga/effects';
import { callAbortable, context } from '../../shared/sagaEffects';
import { sessionActions } from '../session';
import { selectSavedRevision } from './cartSelectors';

/**
 * Reads the session again (polling, another tab's save, a lost answer). The server's cart and tab choices
 * replace the shown ones only when the server already held the shown cart as the read left and still does
 * as its answer comes (same saved revision): a save that was on its way, or failed, when the read left may
 * land after the server answered, so that answer is older than the shown cart and must never replace it —
 * not even once the save has been confirmed meanwhile. A late answer never undoes the customer's latest edit.
 */
export function* refreshSession(shopId: string) {
  const api = yield* context('api');
  const before: number | null = yield select(selectSavedRevision);
  const session = yield* callAbortable(api.getSession, shopId, undefined);
  const after: number | null = yield select(selectSavedRevision);
  yield put(sessionActions.loaded({ shopId, session, adoptCart: before !== null && before === after }));
  return session;
}
