/** §5 and §9 password rules of the reset form. Pure, so every message has a unit test. */

/** §9 minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export interface PasswordErrors {
  /** 'passwordReset.passwordTooShort' on the new password. */
  password: 'tooShort' | null;
  /** 'passwordReset.validationNotMatching' on the repeated password. */
  repeat: 'notMatching' | null;
}

/**
 * Checks the new password and its repetition. Length counts characters as people see them (an emoji is
 * one), not UTF-16 units.
 *
 * @param password - the new password
 * @param repeat - the repeated password
 * @returns the error of each field, null when it is fine
 */
export function validatePasswords(password: string, repeat: string): PasswordErrors {
  return {
    password: [...password].length < MIN_PASSWORD_LENGTH ? 'tooShort' : null,
    repeat: repeat !== password ? 'notMatching' : null,
  };
}

/** True when {@link validatePasswords} found nothing. */
export function isValid(errors: PasswordErrors): boolean {
  return errors.password === null && errors.repeat === null;
}
