import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Bookkeeper } from '../../contract';
import { config } from '../../shared/config';
import { NetworkError } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import {
  appLink,
  codeDigest,
  KEPT_CALLBACK_KEY,
  planCallback,
  readKeptCallback,
  readStartPage,
  START_PAGE_KEY,
  withoutProviderParams,
  type CallbackOutcome,
  type CallbackPlan,
} from './integrationCallback';
import { integrationActions } from './integrationSlice';

/** The error name of a used or expired one-time code (the API's 400, §7). */
const INVALID_AUTHORIZATION_CODE = 'INVALID_AUTHORIZATION_CODE';

/**
 * What a failed link means to the merchant: a used or expired code says the link is old; anything else
 * failed. The error's name and code go to error reporting only, never on screen.
 */
function outcomeOf(error: unknown): CallbackOutcome {
  return error instanceof NetworkError &&
    error.status === 400 &&
    (error.message === INVALID_AUTHORIZATION_CODE || error.code === INVALID_AUTHORIZATION_CODE)
    ? 'expired'
    : 'failed';
}

/** Start page: fetch the provider's authorisation URL and leave the app for it. */
export function* startIntegration(action: ReturnType<typeof integrationActions.startRequested>) {
  const { bookkeeper, companyId, authCode, startPath } = action.payload;
  const api = yield* context('api');
  const assignLocation = yield* context('assignLocation');
  const storage = yield* context('storage');
  try {
    const url = yield* callAbortable(api.getIntegrationUrl, companyId, bookkeeper, authCode);
    yield put(integrationActions.startRedirected());
    // The provider returns to a callback page in this tab: from there the merchant may start again.
    yield call([storage, storage.setItem], START_PAGE_KEY, startPath);
    yield call(assignLocation, url);
  } catch {
    yield put(integrationActions.startFailed());
  }
}

/**
 * Shows how the link ended, with the start page to begin again from unless it is linked. With `clean`,
 * the address loses the provider's parameters (the used code): a reload shows the kept outcome instead
 * of sending the code again.
 */
function* settle(
  pathname: string,
  search: string,
  bookkeeper: Bookkeeper,
  outcome: CallbackOutcome,
  clean: boolean,
) {
  const storage = yield* context('storage');
  const restartPath =
    outcome === 'linked' ? null : readStartPage(yield call([storage, storage.getItem], START_PAGE_KEY));
  const cleanKey = clean ? withoutProviderParams(pathname, search) : pathname + search;
  yield put(integrationActions.callbackSettled({ bookkeeper, outcome, restartPath, cleanKey }));
  if (cleanKey !== pathname + search) {
    const navigate = yield* context('navigate');
    yield call(navigate, cleanKey, { replace: true });
  }
}

/** Redeems the code once per tab: a code the tab already used shows the outcome it had. */
function* integrate(pathname: string, search: string, plan: Extract<CallbackPlan, { kind: 'integrate' }>) {
  const storage = yield* context('storage');
  const code = codeDigest(plan.authorizationCode);
  const kept = readKeptCallback(yield call([storage, storage.getItem], KEPT_CALLBACK_KEY));
  let outcome: CallbackOutcome;
  if (kept !== null && kept.bookkeeper === plan.bookkeeper && kept.code === code) {
    outcome = kept.outcome;
  } else {
    const api = yield* context('api');
    yield put(integrationActions.callbackConnecting({ bookkeeper: plan.bookkeeper }));
    try {
      // A write the merchant asked for: a plain call, never aborted (the code is spent either way).
      yield call(api.integrate, plan.bookkeeper, plan.companyId, {
        authorizationCode: plan.authorizationCode,
        scopes: plan.scopes,
      });
      outcome = 'linked';
    } catch (error) {
      // §8: a failed integration is reported (the error only, never the code or state: they are credentials).
      const reportError = yield* context('reportError');
      yield call(reportError, error, { bookkeeper: plan.bookkeeper });
      outcome = outcomeOf(error);
    }
    yield call(
      [storage, storage.setItem],
      KEPT_CALLBACK_KEY,
      JSON.stringify({ bookkeeper: plan.bookkeeper, code, outcome }),
    );
  }
  yield* settle(pathname, search, plan.bookkeeper, outcome, true);
}

/** Callback pages: integrate, hand the URL to the mobile app, or say how the link ended. */
export function* handleCallback(action: ReturnType<typeof integrationActions.callbackOpened>) {
  const { pathname, search } = action.payload;
  const plan: CallbackPlan = planCallback(pathname, search);
  switch (plan.kind) {
    case 'missingParams':
      yield put(integrationActions.callbackMissingParams());
      return;
    case 'bare': {
      // A reload after the code was taken out of the address: the outcome this tab kept, if any.
      const storage = yield* context('storage');
      const kept = readKeptCallback(yield call([storage, storage.getItem], KEPT_CALLBACK_KEY));
      if (kept?.bookkeeper === plan.bookkeeper)
        yield* settle(pathname, search, plan.bookkeeper, kept.outcome, false);
      else yield put(integrationActions.callbackMissingParams());
      return;
    }
    case 'refused':
      if (plan.outcome === 'failed') {
        const reportError = yield* context('reportError');
        yield call(reportError, new Error(`bookkeeping consent failed: ${plan.error}`), {
          bookkeeper: plan.bookkeeper,
        });
      }
      yield* settle(pathname, search, plan.bookkeeper, plan.outcome, false);
      return;
    case 'openApp': {
      const url = appLink(config.appScheme, config.appHosts[plan.service], pathname, search);
      const assignLocation = yield* context('assignLocation');
      yield put(integrationActions.appOpened({ url }));
      yield call(assignLocation, url);
      return;
    }
    case 'integrate':
      yield* integrate(pathname, search, plan);
  }
}

export function* integrationSaga() {
  // takeLeading: a second press of Continue while the URL is fetched must not start a second flow.
  yield takeLeading(integrationActions.startRequested.type, startIntegration);
  // takeLatest: only the callback URL on screen matters (the page dispatches once per URL).
  yield takeLatest(integrationActions.callbackOpened.type, handleCallback);
}
