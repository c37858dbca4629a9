/**
 * firebase (modular) behind {@link PasswordResetAuth}. Only `loadPasswordResetAuth` imports this module,
 * dynamically, so firebase stays out of every other route's bundle.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { config } from '../../shared/config';
import type { PasswordResetAuth } from './passwordResetAuth';

const APP_NAME = 'password-reset';
let auth: Auth | null = null;

function authInstance(): Auth {
  if (auth) return auth;
  const { apiKey, authDomain, projectId, authEmulatorHost } = config.firebase;
  const app: FirebaseApp = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp({ apiKey, authDomain: authDomain || undefined, projectId }, APP_NAME);
  // Nobody signs in here: in-memory persistence and no popup/redirect resolver keep the chunk small and
  // leave nothing in the browser's storage.
  auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (authEmulatorHost !== '') {
    connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}

/**
 * The firebase Auth implementation of the password reset calls.
 *
 * @returns the identity service
 */
export function firebasePasswordResetAuth(): PasswordResetAuth {
  return {
    verifyCode: (oobCode) => verifyPasswordResetCode(authInstance(), oobCode),
    confirmReset: (oobCode, newPassword) => confirmPasswordReset(authInstance(), oobCode, newPassword),
  };
}
