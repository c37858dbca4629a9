import { delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { MALFORMED_RESPONSE, NetworkError, toErrorInfo } from '../../shared/api';
import { pageActions } from '../../shared/events';
import { callAbortable, context } from '../../shared/sagaEffects';
import { shopActions } from './shopSlice';
import type { RootState } from '../../app/hooks';

/** §4 shop load: loading until loaded; a 404 gives notFound. */
function* loadShop(action: ReturnType<typeof shopActions.loadRequested>) {
  const { shopId } = action.payload;
  // The host rendered the page with this shop (src/ssr): the page is the answer, nothing to fetch, unless it
  // carried only the products it draws first.
  const { fromPage, partial }: RootState['shop'] = yield select((state: RootState) => state.shop);
  if (fromPage === shopId) {
    if (partial) yield* completeShop(shopId);
    return;
  }
  const api = yield* context('api');
  try {
    const data = yield* callAbortable(api.getShop, shopId);
    yield put(shopActions.loaded({ shopId, data }));
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) yield put(shopActions.notFound({ shopId }));
    else yield put(shopActions.loadFailed({ shopId, error: toErrorInfo(error) }));
  }
}

/** The first wait before the whole shop is read again after a failure (ms); it doubles up to the longest. */
export const COMPLETE_RETRY = { firstMs: 1_000, longestMs: 30_000 };

/**
 * Reads the whole shop for a page that carried only its first products (issue 37). The store stays on screen
 * whatever happens: a failed read is tried again when the browser is back online or after a wait that
 * doubles. Only the API's word that the shop is gone, or an answer that is not a shop (the host read only the
 * first products of it: asking again will not mend the rest), changes the page, as it would a plain load.
 */
function* completeShop(shopId: string) {
  const api = yield* context('api');
  for (let wait = COMPLETE_RETRY.firstMs; ; wait = Math.min(wait * 2, COMPLETE_RETRY.longestMs)) {
    try {
      const data = yield* callAbortable(api.getShop, shopId);
      yield put(shopActions.loaded({ shopId, data }));
      return;
    } catch (error) {
      if (error instanceof NetworkError && error.status === 404) {
        yield put(shopActions.notFound({ shopId }));
        return;
      }
      if (error instanceof NetworkError && error.code === MALFORMED_RESPONSE) {
        yield put(shopActions.loadFailed({ shopId, error: toErrorInfo(error) }));
        return;
      }
      yield race({ online: take(pageActions.cameOnline.type), later: delay(wait) });
    }
  }
}

export function* shopSaga() {
  // takeLatest: only the shop the customer is on now matters; a load for a shop they left is dropped.
  yield takeLatest(shopActions.loadRequested.type, loadShop);
}
