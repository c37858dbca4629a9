import { call } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { handleCallback, startIntegration } from '../../../src/features/integration/integrationSagas';
import { integrationActions, integrationReducer } from '../../../src/features/integration/integrationSlice';
import { NetworkError } from '../../../src/shared/api';
import { fakeApi } from '../../helpers/testStore';

const api = fakeApi();
const assignLocation = jest.fn();
const reportError = jest.fn();
// redux-saga-test-plan 4 has no withContext: the saga context is provided like any other effect.
const context: Array<[matchers.Matcher, unknown]> = [
  [matchers.getContext('api'), api],
  [matchers.getContext('assignLocation'), assignLocation],
  [matchers.getContext('reportError'), reportError],
];
const webState = encodeURIComponent(JSON.stringify({ isWeb: true, companyID: 'c-cafe', scopeState: 'sc' }));

describe('start saga', () => {
  const start = integrationActions.startRequested({
    bookkeeper: 'visma',
    companyId: 'c-cafe',
    authCode: 'AUTH1',
  });

  it('fetches the integration URL and leaves for it', async () => {
    const { storeState, effects } = await expectSaga(startIntegration, start)
      .withReducer(integrationReducer)
      .provide([...context, [matchers.call.fn(api.getIntegrationUrl), 'https://provider.test/authorize?x=1']])
      .call(assignLocation, 'https://provider.test/authorize?x=1')
      .run();
    expect(effects.call).toContainEqual(
      call(api.getIntegrationUrl, 'c-cafe', 'visma', 'AUTH1', expect.any(AbortSignal)),
    );
    expect(storeState.start.status).toBe('redirecting');
  });

  it('a failure leaves the browser where it is and offers to try again', async () => {
    const { storeState } = await expectSaga(startIntegration, start)
      .withReducer(integrationReducer)
      .provide([
        ...context,
        [
          matchers.call.fn(api.getIntegrationUrl),
          throwError(new NetworkError('Failed to fetch', { status: 0 })),
        ],
      ])
      .not.call.fn(assignLocation)
      .run();
    expect(storeState.start.status).toBe('failed');
  });
});

describe('callback saga', () => {
  const opened = (pathname: string, search: string) =>
    integrationActions.callbackOpened({ pathname, search });

  it('integrates and succeeds', async () => {
    const { storeState } = await expectSaga(
      handleCallback,
      opened('/integrateFortnox', `?code=abc&state=${webState}`),
    )
      .withReducer(
        integrationReducer,
        integrationReducer(undefined, opened('/integrateFortnox', `?code=abc&state=${webState}`)),
      )
      .provide([...context, [matchers.call.fn(api.integrate), undefined]])
      .call(api.integrate, 'fortnox', 'c-cafe', { authorizationCode: 'abc', scopes: 'sc' })
      .run();
    expect(storeState.callback).toMatchObject({ status: 'succeeded', bookkeeper: 'fortnox' });
  });

  it('a failure is reported and keeps the server’s error name', async () => {
    const error = new NetworkError('INVALID_AUTHORIZATION_CODE', { status: 400, code: 'E1' });
    const { storeState } = await expectSaga(
      handleCallback,
      opened('/integrateVisma', `?code=abc&state=${webState}`),
    )
      .withReducer(integrationReducer)
      .provide([...context, [matchers.call.fn(api.integrate), throwError(error)]])
      .call(reportError, error, { bookkeeper: 'visma' })
      .run();
    expect(storeState.callback).toMatchObject({ status: 'failed', errorName: 'INVALID_AUTHORIZATION_CODE' });
  });

  it('a 400 without a JSON name shows no name (never the edge’s "HTTP 400")', async () => {
    const { storeState } = await expectSaga(
      handleCallback,
      opened('/integrateVisma', `?code=abc&state=${webState}`),
    )
      .withReducer(integrationReducer)
      .provide([
        ...context,
        [matchers.call.fn(api.integrate), throwError(new NetworkError('HTTP 400', { status: 400 }))],
      ])
      .run();
    expect(storeState.callback).toMatchObject({ status: 'failed', errorName: null });
  });

  it('a failure without a name (5xx text, no answer) shows none', async () => {
    const { storeState } = await expectSaga(
      handleCallback,
      opened('/integrateVisma', `?code=abc&state=${webState}`),
    )
      .withReducer(integrationReducer)
      .provide([
        ...context,
        [
          matchers.call.fn(api.integrate),
          throwError(new NetworkError('<html>Bad gateway</html>', { status: 502 })),
        ],
      ])
      .run();
    expect(storeState.callback).toMatchObject({ status: 'failed', errorName: null });
  });

  it('hands a mobile flow to the app, query string and all', async () => {
    const mobile = encodeURIComponent(
      JSON.stringify({ isWeb: false, companyID: 'c-cafe', scopeState: 'sc' }),
    );
    const search = `?code=abc&state=${mobile}`;
    const { storeState } = await expectSaga(handleCallback, opened('/integrateVisma', search))
      .withReducer(integrationReducer)
      .provide(context)
      .call(assignLocation, `kassa://visma/integrateVisma${search}`)
      .not.call.fn(api.integrate)
      .run();
    expect(storeState.callback).toMatchObject({
      status: 'openingApp',
      appUrl: `kassa://visma/integrateVisma${search}`,
    });
  });

  it('missing parameters call nothing', async () => {
    const { storeState } = await expectSaga(handleCallback, opened('/stripe', '?code=abc'))
      .withReducer(integrationReducer)
      .provide(context)
      .not.call.fn(api.integrate)
      .not.call.fn(assignLocation)
      .run();
    expect(storeState.callback.status).toBe('missingParams');
  });
});
