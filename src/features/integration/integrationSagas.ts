import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { config } from '../../shared/config';
import { httpStatusMessage, NetworkError } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import { appLink, planCallback, type CallbackPlan } from './integrationCallback';
import { integrationActions } from './integrationSlice';

/**
 * The §8 error name of a failed call: the `name` of a 400 answer, which the API edge puts in the
 * message. Other failures (no answer, 5xx text, a refused id) have none worth showing.
 */
function errorNameOf(error: unknown): string | null {
  // A 400 without a JSON name carries only the edge's 'HTTP 400': no name to show.
  return error instanceof NetworkError && error.status === 400 && error.message !== httpStatusMessage(400)
    ? error.message
    : null;
}

/** Start page: fetch the provider's authorisation URL and leave the app for it. */
export function* startIntegration(action: ReturnType<typeof integrationActions.startRequested>) {
  const { bookkeeper, companyId, authCode } = action.payload;
  const api = yield* context('api');
  const assignLocation = yield* context('assignLocation');
  try {
    const url = yield* callAbortable(api.getIntegrationUrl, companyId, bookkeeper, authCode);
    yield put(integrationActions.startRedirected());
    yield call(assignLocation, url);
  } catch {
    yield put(integrationActions.startFailed());
  }
}

/** Callback pages: integrate, hand the URL to the mobile app, or say the parameters are missing. */
export function* handleCallback(action: ReturnType<typeof integrationActions.callbackOpened>) {
  const { pathname, search } = action.payload;
  const plan: CallbackPlan = planCallback(pathname, search);
  if (plan.kind === 'missingParams') {
    yield put(integrationActions.callbackMissingParams());
    return;
  }
  if (plan.kind === 'openApp') {
    const url = appLink(config.appScheme, config.appHosts[plan.service], pathname, search);
    const assignLocation = yield* context('assignLocation');
    yield put(integrationActions.appOpened({ url }));
    yield call(assignLocation, url);
    return;
  }
  const api = yield* context('api');
  yield put(integrationActions.callbackConnecting({ bookkeeper: plan.bookkeeper }));
  try {
    yield call(api.integrate, plan.bookkeeper, plan.companyId, {
      authorizationCode: plan.authorizationCode,
      scopes: plan.scopes,
    });
    yield put(integrationActions.callbackSucceeded());
  } catch (error) {
    // §8: a failed integration is reported (the error only, never the code or state: they are credentials).
    const reportError = yield* context('reportError');
    yield call(reportError, error, { bookkeeper: plan.bookkeeper });
    yield put(integrationActions.callbackFailed({ errorName: errorNameOf(error) }));
  }
}

export function* integrationSaga() {
  // takeLeading: a second press of Continue while the URL is fetched must not start a second flow.
  yield takeLeading(integrationActions.startRequested.type, startIntegration);
  // takeLatest: only the callback URL on screen matters (the page dispatches once per URL).
  yield takeLatest(integrationActions.callbackOpened.type, handleCallback);
}
