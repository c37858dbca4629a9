import { call } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import {
  codeDigest,
  KEPT_CALLBACK_KEY,
  START_PAGE_KEY,
} from '../../../src/features/integration/integrationCallback';
import { handleCallback, startIntegration } from '../../../src/features/integration/integrationSagas';
import { integrationActions, integrationReducer } from '../../../src/features/integration/integrationSlice';
import { NetworkError } from '../../../src/shared/api';
import { memoryStorage } from '../../helpers/memoryStorage';
import { fakeApi } from '../../helpers/testStore';

const api = fakeApi();
const assignLocation = jest.fn();
const navigate = jest.fn();
const reportError = jest.fn();
let storage = memoryStorage();
// redux-saga-test-plan 4 has no withContext: the saga context is provided like any other effect.
const context = (): Array<[matchers.Matcher, unknown]> => [
  [matchers.getContext('api'), api],
  [matchers.getContext('assignLocation'), assignLocation],
  [matchers.getContext('navigate'), navigate],
  [matchers.getContext('reportError'), reportError],
  [matchers.getContext('storage'), storage],
];
const webState = encodeURIComponent(JSON.stringify({ isWeb: true, companyID: 'c-cafe', scopeState: 'sc' }));
const START = '/integrate/fortnox/c-cafe/AUTH1?companyName=Kaffe';

beforeEach(() => {
  storage = memoryStorage();
  jest.clearAllMocks();
});

describe('start saga', () => {
  const start = integrationActions.startRequested({
    bookkeeper: 'visma',
    companyId: 'c-cafe',
    authCode: 'AUTH1',
    startPath: START,
  });

  it('fetches the integration URL, keeps the start page for the tab and leaves', async () => {
    const { storeState, effects } = await expectSaga(startIntegration, start)
      .withReducer(integrationReducer)
      .provide([
        ...context(),
        [matchers.call.fn(api.getIntegrationUrl), 'https://provider.test/authorize?x=1'],
      ])
      .call(assignLocation, 'https://provider.test/authorize?x=1')
      .run();
    expect(effects.call).toContainEqual(
      call(api.getIntegrationUrl, 'c-cafe', 'visma', 'AUTH1', expect.any(AbortSignal)),
    );
    expect(storeState.start.status).toBe('redirecting');
    expect(storage.getItem(START_PAGE_KEY)).toBe(START);
  });

  it('a failure leaves the browser where it is and offers to try again', async () => {
    const { storeState } = await expectSaga(startIntegration, start)
      .withReducer(integrationReducer)
      .provide([
        ...context(),
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
  const run = (pathname: string, search: string) =>
    expectSaga(handleCallback, opened(pathname, search)).withReducer(
      integrationReducer,
      integrationReducer(undefined, opened(pathname, search)),
    );
  const kept = () => JSON.parse(storage.getItem(KEPT_CALLBACK_KEY) ?? 'null') as unknown;

  it('§4: a bookkeeping link redeems its code, keeps the outcome for the tab and takes the code out of the address', async () => {
    const { storeState } = await run('/integrateFortnox', `?code=abc&state=${webState}&lng=se`)
      .provide([...context(), [matchers.call.fn(api.integrate), undefined]])
      .call(api.integrate, 'fortnox', 'c-cafe', { authorizationCode: 'abc', scopes: 'sc' })
      .call(navigate, '/integrateFortnox?lng=se', { replace: true })
      .run();
    expect(storeState.callback).toMatchObject({
      status: 'linked',
      bookkeeper: 'fortnox',
      keys: [`/integrateFortnox?code=abc&state=${webState}&lng=se`, '/integrateFortnox?lng=se'],
    });
    // A digest of the code, never the code (a credential) itself.
    expect(kept()).toEqual({ bookkeeper: 'fortnox', code: codeDigest('abc'), outcome: 'linked' });
    expect(storage.getItem(KEPT_CALLBACK_KEY)).not.toContain('"abc"');
  });

  it('§4: a reloaded bookkeeping callback shows the outcome it had, and sends nothing', async () => {
    storage.setItem(
      KEPT_CALLBACK_KEY,
      JSON.stringify({ bookkeeper: 'visma', code: codeDigest('abc'), outcome: 'linked' }),
    );
    const { storeState } = await run('/integrateVisma', '')
      .provide(context())
      .not.call.fn(api.integrate)
      .not.call.fn(navigate)
      .run();
    expect(storeState.callback).toMatchObject({ status: 'linked', bookkeeper: 'visma' });
  });

  it('§4: the same code opened again in the tab is not sent again; the code still leaves the address', async () => {
    storage.setItem(START_PAGE_KEY, START);
    storage.setItem(
      KEPT_CALLBACK_KEY,
      JSON.stringify({ bookkeeper: 'fortnox', code: codeDigest('abc'), outcome: 'expired' }),
    );
    const { storeState } = await run('/integrateFortnox', `?code=abc&state=${webState}`)
      .provide(context())
      .not.call.fn(api.integrate)
      .call(navigate, '/integrateFortnox', { replace: true })
      .run();
    expect(storeState.callback).toMatchObject({ status: 'expired', restartPath: START });
  });

  it('§4: a different code in the same tab is still redeemed', async () => {
    storage.setItem(
      KEPT_CALLBACK_KEY,
      JSON.stringify({ bookkeeper: 'fortnox', code: codeDigest('abc'), outcome: 'linked' }),
    );
    const { storeState } = await run('/integrateFortnox', `?code=xyz&state=${webState}`)
      .provide([...context(), [matchers.call.fn(api.integrate), undefined]])
      .call(api.integrate, 'fortnox', 'c-cafe', { authorizationCode: 'xyz', scopes: 'sc' })
      .run();
    expect(storeState.callback.status).toBe('linked');
    expect(kept()).toEqual({ bookkeeper: 'fortnox', code: codeDigest('xyz'), outcome: 'linked' });
  });

  it("§4: a kept outcome of the other bookkeeper is not this page's: a bare address says parameters are missing", async () => {
    storage.setItem(
      KEPT_CALLBACK_KEY,
      JSON.stringify({ bookkeeper: 'fortnox', code: codeDigest('abc'), outcome: 'linked' }),
    );
    const { storeState } = await run('/integrateVisma', '').provide(context()).run();
    expect(storeState.callback.status).toBe('missingParams');
  });

  it('§4: a declined consent (error=access_denied) says so, offers to start again, calls and reports nothing', async () => {
    storage.setItem(START_PAGE_KEY, START);
    const { storeState } = await run('/integrateVisma', `?error=access_denied&state=${webState}`)
      .provide(context())
      .not.call.fn(api.integrate)
      .not.call.fn(reportError)
      .not.call.fn(navigate)
      .run();
    expect(storeState.callback).toMatchObject({
      status: 'declined',
      bookkeeper: 'visma',
      restartPath: START,
    });
  });

  it("§4: a provider's other error (server_error) is a failed link, reported, with the start page to begin again", async () => {
    storage.setItem(START_PAGE_KEY, START);
    const { storeState } = await run('/integrateFortnox', `?error=server_error&state=${webState}`)
      .provide(context())
      .not.call.fn(api.integrate)
      .run();
    expect(storeState.callback).toMatchObject({ status: 'failed', restartPath: START });
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { bookkeeper: 'fortnox' });
  });

  it('§4: an expired or used code (INVALID_AUTHORIZATION_CODE) says the link is old; the name goes to reporting only (§8)', async () => {
    const error = new NetworkError('INVALID_AUTHORIZATION_CODE', {
      status: 400,
      code: 'INVALID_AUTHORIZATION_CODE',
    });
    const { storeState } = await run('/integrateVisma', `?code=abc&state=${webState}`)
      .provide([...context(), [matchers.call.fn(api.integrate), throwError(error)]])
      .call(reportError, error, { bookkeeper: 'visma' })
      .call(navigate, '/integrateVisma', { replace: true })
      .run();
    expect(storeState.callback).toMatchObject({ status: 'expired', restartPath: null });
    expect(JSON.stringify(storeState)).not.toContain('INVALID_AUTHORIZATION_CODE');
    expect(kept()).toMatchObject({ outcome: 'expired' });
  });

  it.each([
    ['another 400', new NetworkError('COMPANY_NOT_FOUND', { status: 400, code: 'COMPANY_NOT_FOUND' })],
    ['a 400 without a name', new NetworkError('HTTP 400', { status: 400 })],
    ['a 5xx', new NetworkError('<html>Bad gateway</html>', { status: 502 })],
    ['no answer', new NetworkError('Failed to fetch', { status: 0 })],
  ])('§8: %s is a failed link, reported, with no name in the state', async (_label, error) => {
    const { storeState } = await run('/integrateVisma', `?code=abc&state=${webState}`)
      .provide([...context(), [matchers.call.fn(api.integrate), throwError(error)]])
      .call(reportError, error, { bookkeeper: 'visma' })
      .run();
    expect(storeState.callback.status).toBe('failed');
    expect(JSON.stringify(storeState)).not.toMatch(/[A-Z]+_[A-Z_]+|HTTP|Bad gateway/);
  });

  it('a start page kept in storage is offered only when it is a start route', async () => {
    storage.setItem(START_PAGE_KEY, '//evil.test/integrate/');
    const { storeState } = await run('/integrateVisma', `?error=access_denied&state=${webState}`)
      .provide(context())
      .run();
    expect(storeState.callback.restartPath).toBeNull();
  });

  it('hands a mobile flow to the app, query string and all', async () => {
    const mobile = encodeURIComponent(
      JSON.stringify({ isWeb: false, companyID: 'c-cafe', scopeState: 'sc' }),
    );
    const search = `?code=abc&state=${mobile}`;
    const { storeState } = await run('/integrateVisma', search)
      .provide(context())
      .call(assignLocation, `kassa://visma/integrateVisma${search}`)
      .not.call.fn(api.integrate)
      .run();
    expect(storeState.callback).toMatchObject({
      status: 'openingApp',
      appUrl: `kassa://visma/integrateVisma${search}`,
    });
  });

  it('missing parameters call nothing', async () => {
    const { storeState } = await run('/stripe', '?code=abc')
      .provide(context())
      .not.call.fn(api.integrate)
      .not.call.fn(assignLocation)
      .run();
    expect(storeState.callback.status).toBe('missingParams');
  });
});
