import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/hooks';

/**
 * §4 password reset: loading, valid form, link expired, changed; plus 'error' when the link could not be
 * checked at all (offline, the identity service failing), which says so and offers to try again instead
 * of calling a good link expired.
 */
type PasswordResetStatus = 'loading' | 'form' | 'linkExpired' | 'changed' | 'error';

/** Why changing the password failed: 'passwordReset.passwordTooWeak' or 'error.anErrorOccurred'. */
type ChangeError = 'tooWeak' | 'failed';

/** The reset code and the passwords are never stored: they travel in actions only. */
export interface PasswordResetState {
  status: PasswordResetStatus;
  /** The account's e-mail address, for the confirmation. */
  email: string | null;
  submitting: boolean;
  changeError: ChangeError | null;
}

const initialState: PasswordResetState = {
  status: 'loading',
  email: null,
  submitting: false,
  changeError: null,
};

const passwordResetSlice = createSlice({
  name: 'passwordReset',
  initialState,
  reducers: {
    pageOpened(_state, _action: PayloadAction<{ oobCode: string | null }>) {
      return initialState;
    },
    codeVerified(state, action: PayloadAction<{ email: string }>) {
      state.status = 'form';
      state.email = action.payload.email;
    },
    codeRejected(state) {
      state.status = 'linkExpired';
      state.submitting = false;
    },
    verifyFailed(state) {
      state.status = 'error';
    },
    changeRequested(state, _action: PayloadAction<{ oobCode: string; password: string }>) {
      if (state.status !== 'form') return;
      state.submitting = true;
      state.changeError = null;
    },
    changed(state) {
      state.status = 'changed';
      state.submitting = false;
    },
    changeFailed(state, action: PayloadAction<{ error: ChangeError }>) {
      state.submitting = false;
      state.changeError = action.payload.error;
    },
  },
});

export const passwordResetActions = passwordResetSlice.actions;
export const passwordResetReducer = passwordResetSlice.reducer;

/** The slice arrives with its screen (app/store.ts `ScreenState`): its initial state until then. */
export const selectPasswordReset = (state: RootState) => state.passwordReset ?? initialState;
