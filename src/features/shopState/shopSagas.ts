import { put, select, takeLatest } from 'redux-saga/effects';
import { NetworkError, toErrorInfo } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import { shopActions } from './shopSlice';
import type { RootState } from '../../app/hooks';

/** §4 shop load: loading until loaded; a 404 gives notFound. */
function* loadShop(action: ReturnType<typeof shopActions.loadRequested>) {
  const { shopId } = action.payload;
  // The host rendered the page with this shop (src/ssr): the page is the answer, nothing to fetch.
  const fromPage: string | null = yield select((state: RootState) => state.shop.fromPage);
  if (fromPage === shopId) return;
  const api = yield* context('api');
  try {
    const data = yield* callAbortable(api.getShop, shopId);
    yield put(shopActions.loaded({ shopId, data }));
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) yield put(shopActions.notFound({ shopId }));
    else yield put(shopActions.loadFailed({ shopId, error: toErrorInfo(error) }));
  }
}

export function* shopSaga() {
  // takeLatest: only the shop the customer is on now matters; a load for a shop they left is dropped.
  yield takeLatest(shopActions.loadRequested.type, loadShop);
}
