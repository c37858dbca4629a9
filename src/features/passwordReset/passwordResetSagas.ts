import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { context } from '../../shared/sagaEffects';
import { classifyAuthError, loadPasswordResetAuth, type PasswordResetAuth } from './passwordResetAuth';
import { passwordResetActions } from './passwordResetSlice';

/**
 * What every auth failure shares (§8): a code gone bad shows "link expired" and ends there (null); an
 * unexpected failure is reported. Returns the failure for the caller's own error otherwise.
 */
function* handleAuthFailure(error: unknown) {
  const failure = classifyAuthError(error);
  if (failure === 'invalidCode') {
    yield put(passwordResetActions.codeRejected());
    return null;
  }
  if (failure === 'other') {
    const reportError = yield* context('reportError');
    yield call(reportError, error);
  }
  return failure;
}

/** Checks the link's code: the account's e-mail address, or link expired (§8). */
export function* verifyResetCode(action: ReturnType<typeof passwordResetActions.pageOpened>) {
  const { oobCode } = action.payload;
  if (oobCode === null || oobCode.trim() === '') {
    yield put(passwordResetActions.codeRejected());
    return;
  }
  try {
    const auth: PasswordResetAuth = yield call(loadPasswordResetAuth);
    const email: string = yield call(auth.verifyCode, oobCode);
    yield put(passwordResetActions.codeVerified({ email }));
  } catch (error) {
    const failure = yield* handleAuthFailure(error);
    if (failure) yield put(passwordResetActions.verifyFailed());
  }
}

/** Sets the new password (§8): weak → passwordTooWeak, a code gone bad → link expired, else an error. */
export function* changePassword(action: ReturnType<typeof passwordResetActions.changeRequested>) {
  const { oobCode, password } = action.payload;
  try {
    const auth: PasswordResetAuth = yield call(loadPasswordResetAuth);
    yield call(auth.confirmReset, oobCode, password);
    yield put(passwordResetActions.changed());
  } catch (error) {
    const failure = yield* handleAuthFailure(error);
    if (failure)
      yield put(
        passwordResetActions.changeFailed({ error: failure === 'weakPassword' ? 'tooWeak' : 'failed' }),
      );
  }
}

export function* passwordResetSaga() {
  // takeLatest: only the link on screen matters (a remount checks it again, which is harmless).
  yield takeLatest(passwordResetActions.pageOpened.type, verifyResetCode);
  // takeLeading: the code is used up by the first change; a double submit must not send a second one.
  yield takeLeading(passwordResetActions.changeRequested.type, changePassword);
}
