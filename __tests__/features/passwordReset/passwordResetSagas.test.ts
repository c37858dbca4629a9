import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import {
  loadPasswordResetAuth,
  type PasswordResetAuth,
} from '../../../src/features/passwordReset/passwordResetAuth';
import { changePassword, verifyResetCode } from '../../../src/features/passwordReset/passwordResetSagas';
import {
  passwordResetActions,
  passwordResetReducer,
} from '../../../src/features/passwordReset/passwordResetSlice';

const auth: PasswordResetAuth = { verifyCode: jest.fn(), confirmReset: jest.fn() };
const reportError = jest.fn();
const authError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const base: Array<[matchers.Matcher, unknown]> = [
  [matchers.call.fn(loadPasswordResetAuth), auth],
  [matchers.getContext('reportError'), reportError],
];

beforeEach(() => reportError.mockClear());

describe('verifyResetCode', () => {
  it('a good code opens the form with the account e-mail', async () => {
    const { storeState } = await expectSaga(
      verifyResetCode,
      passwordResetActions.pageOpened({ oobCode: 'CODE' }),
    )
      .withReducer(passwordResetReducer)
      .provide([...base, [matchers.call.fn(auth.verifyCode), 'anna@example.com']])
      .call(auth.verifyCode, 'CODE')
      .run();
    expect(storeState).toMatchObject({ status: 'form', email: 'anna@example.com' });
  });

  it('a missing code is an expired link, without loading firebase', async () => {
    const { storeState } = await expectSaga(
      verifyResetCode,
      passwordResetActions.pageOpened({ oobCode: null }),
    )
      .withReducer(passwordResetReducer)
      .provide(base)
      .not.call.fn(loadPasswordResetAuth)
      .run();
    expect(storeState.status).toBe('linkExpired');
  });

  it('an invalid code is an expired link and is not reported', async () => {
    const { storeState } = await expectSaga(
      verifyResetCode,
      passwordResetActions.pageOpened({ oobCode: 'BAD' }),
    )
      .withReducer(passwordResetReducer)
      .provide([
        ...base,
        [matchers.call.fn(auth.verifyCode), throwError(authError('auth/invalid-action-code'))],
      ])
      .run();
    expect(storeState.status).toBe('linkExpired');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a failing service is an error (reported), not an expired link', async () => {
    const error = authError('auth/internal-error');
    const { storeState } = await expectSaga(
      verifyResetCode,
      passwordResetActions.pageOpened({ oobCode: 'CODE' }),
    )
      .withReducer(passwordResetReducer)
      .provide([...base, [matchers.call.fn(auth.verifyCode), throwError(error)]])
      .call(reportError, error)
      .run();
    expect(storeState.status).toBe('error');
  });

  it('a firebase chunk that cannot load is an error too', async () => {
    const { storeState } = await expectSaga(
      verifyResetCode,
      passwordResetActions.pageOpened({ oobCode: 'CODE' }),
    )
      .withReducer(passwordResetReducer)
      .provide([
        [
          matchers.call.fn(loadPasswordResetAuth),
          throwError(new Error('Loading chunk firebase-auth failed.')),
        ],
        [matchers.getContext('reportError'), reportError],
      ])
      .run();
    expect(storeState.status).toBe('error');
  });
});

describe('changePassword', () => {
  const form = passwordResetReducer(
    undefined,
    passwordResetActions.codeVerified({ email: 'anna@example.com' }),
  );
  const change = passwordResetActions.changeRequested({ oobCode: 'CODE', password: 'new-secret' });

  it('sets the new password and shows the confirmation', async () => {
    const { storeState } = await expectSaga(changePassword, change)
      .withReducer(passwordResetReducer, form)
      .provide([...base, [matchers.call.fn(auth.confirmReset), undefined]])
      .call(auth.confirmReset, 'CODE', 'new-secret')
      .run();
    expect(storeState).toMatchObject({ status: 'changed', email: 'anna@example.com', submitting: false });
  });

  it('auth/weak-password is passwordTooWeak', async () => {
    const { storeState } = await expectSaga(changePassword, change)
      .withReducer(passwordResetReducer, form)
      .provide([...base, [matchers.call.fn(auth.confirmReset), throwError(authError('auth/weak-password'))]])
      .run();
    expect(storeState).toMatchObject({ status: 'form', changeError: 'tooWeak', submitting: false });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a code that expired meanwhile is an expired link', async () => {
    const { storeState } = await expectSaga(changePassword, change)
      .withReducer(passwordResetReducer, form)
      .provide([
        ...base,
        [matchers.call.fn(auth.confirmReset), throwError(authError('auth/expired-action-code'))],
      ])
      .run();
    expect(storeState.status).toBe('linkExpired');
  });

  it('other errors are error.anErrorOccurred, and reported', async () => {
    const error = authError('auth/too-many-requests');
    const { storeState } = await expectSaga(changePassword, change)
      .withReducer(passwordResetReducer, form)
      .provide([...base, [matchers.call.fn(auth.confirmReset), throwError(error)]])
      .call(reportError, error)
      .run();
    expect(storeState).toMatchObject({ status: 'form', changeError: 'failed' });
  });

  it('a network failure is error.anErrorOccurred, not reported (the connection is not a bug)', async () => {
    const { storeState } = await expectSaga(changePassword, change)
      .withReducer(passwordResetReducer, form)
      .provide([
        ...base,
        [matchers.call.fn(auth.confirmReset), throwError(authError('auth/network-request-failed'))],
      ])
      .run();
    expect(storeState.changeError).toBe('failed');
    expect(reportError).not.toHaveBeenCalled();
  });
});
