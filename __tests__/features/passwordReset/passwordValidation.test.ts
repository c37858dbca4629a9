import {
  MIN_PASSWORD_LENGTH,
  isValid,
  validatePasswords,
} from '../../../src/features/passwordReset/passwordValidation';
import { classifyAuthError } from '../../../src/features/passwordReset/passwordResetAuth';

describe('validatePasswords (§5, §9)', () => {
  it('needs at least 6 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(validatePasswords('12345', '12345')).toEqual({ password: 'tooShort', repeat: null });
    expect(validatePasswords('123456', '123456')).toEqual({ password: null, repeat: null });
    expect(validatePasswords('', '')).toEqual({ password: 'tooShort', repeat: null });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validatePasswords('🔑🔑🔑', '🔑🔑🔑').password).toBe('tooShort');
    expect(validatePasswords('åäöÅÄÖ', 'åäöÅÄÖ').password).toBeNull();
  });

  it('the repetition must match exactly', () => {
    expect(validatePasswords('secret1', 'secret2')).toEqual({ password: null, repeat: 'notMatching' });
    expect(validatePasswords('secret1', 'secret1 ')).toEqual({ password: null, repeat: 'notMatching' });
    expect(validatePasswords('abc', 'abd')).toEqual({ password: 'tooShort', repeat: 'notMatching' });
  });

  it('isValid is true only without errors', () => {
    expect(isValid({ password: null, repeat: null })).toBe(true);
    expect(isValid({ password: 'tooShort', repeat: null })).toBe(false);
    expect(isValid({ password: null, repeat: 'notMatching' })).toBe(false);
  });
});

describe('classifyAuthError (§8)', () => {
  it.each([
    ['auth/invalid-action-code', 'invalidCode'],
    ['auth/expired-action-code', 'invalidCode'],
    ['auth/user-disabled', 'invalidCode'],
    ['auth/user-not-found', 'invalidCode'],
    ['auth/weak-password', 'weakPassword'],
    ['auth/password-does-not-meet-requirements', 'weakPassword'],
    ['auth/network-request-failed', 'network'],
    ['auth/internal-error', 'other'],
  ])('%s → %s', (code, kind) => {
    expect(classifyAuthError({ code, message: 'Firebase: …' })).toBe(kind);
  });

  it.each([null, undefined, 'auth/weak-password', new Error('x'), { code: 42 }])(
    '%p without a code string is other',
    (error) => {
      expect(classifyAuthError(error)).toBe('other');
    },
  );
});
