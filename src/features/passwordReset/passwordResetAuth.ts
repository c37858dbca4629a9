/**
 * The identity service as the password reset saga sees it (DESIGN rule 7): two calls and a classification
 * of their errors. The firebase implementation is a separate module loaded with a dynamic import, so
 * firebase is downloaded on the password reset route only, never with the shop.
 */

export interface PasswordResetAuth {
  /** Checks an out-of-band reset code; resolves with the account's e-mail address. */
  verifyCode(oobCode: string): Promise<string>;
  /** Sets the new password with the code (which is then used up). */
  confirmReset(oobCode: string, newPassword: string): Promise<void>;
}

/** What a failed call means for the page (§8). */
export type AuthFailure = 'invalidCode' | 'weakPassword' | 'network' | 'other';

const INVALID_CODE = new Set([
  'auth/invalid-action-code',
  'auth/expired-action-code',
  'auth/missing-action-code',
  'auth/user-disabled',
  'auth/user-not-found',
]);
const WEAK_PASSWORD = new Set(['auth/weak-password', 'auth/password-does-not-meet-requirements']);

/**
 * Classifies an identity-service error by its `code` ('auth/…').
 *
 * @param error - what the call threw
 * @returns invalidCode (link expired), weakPassword, network, or other
 */
export function classifyAuthError(error: unknown): AuthFailure {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return 'other';
  if (INVALID_CODE.has(code)) return 'invalidCode';
  if (WEAK_PASSWORD.has(code)) return 'weakPassword';
  if (code === 'auth/network-request-failed') return 'network';
  return 'other';
}

/**
 * Loads the firebase implementation (its own chunk, with firebase/app and firebase/auth in it).
 *
 * @returns the identity service, connected to the Auth emulator when the build names one
 */
export async function loadPasswordResetAuth(): Promise<PasswordResetAuth> {
  const module = await import(/* webpackChunkName: "firebase-auth" */ './firebasePasswordResetAuth');
  return module.firebasePasswordResetAuth();
}
