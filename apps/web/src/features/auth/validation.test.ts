import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { canSubmitLogin, changePasswordError, newPasswordError } from './validation';

describe('canSubmitLogin', () => {
  it('needs both fields', () => {
    expect(canSubmitLogin('student', 'Demo@12345')).toBe(true);
    expect(canSubmitLogin('', 'Demo@12345')).toBe(false);
    expect(canSubmitLogin('   ', 'Demo@12345')).toBe(false);
    expect(canSubmitLogin('student', '')).toBe(false);
  });
});

describe('newPasswordError (forgot password, step 3)', () => {
  it('asks for both fields first', () => {
    expect(newPasswordError('', '')).toBe(MESSAGES.enterPassword);
    expect(newPasswordError('Secret123', '')).toBe(MESSAGES.enterPassword);
  });

  it('reports a mismatch before the length rule', () => {
    expect(newPasswordError('abc', 'abd')).toBe(MESSAGES.passwordMismatch);
    expect(newPasswordError('abc', 'abc')).toBe(MESSAGES.passwordTooShort);
  });

  it('accepts 8 to 128 characters', () => {
    expect(newPasswordError('12345678', '12345678')).toBeNull();
    expect(newPasswordError('x'.repeat(128), 'x'.repeat(128))).toBeNull();
    expect(newPasswordError('x'.repeat(129), 'x'.repeat(129))).toBe(MESSAGES.passwordTooLong);
  });
});

describe('changePasswordError', () => {
  it('needs all three fields', () => {
    expect(changePasswordError({ old: '', next: 'Secret123', repeat: 'Secret123' })).toBe(
      MESSAGES.enterRequiredFields,
    );
    expect(changePasswordError({ old: 'Old12345', next: '', repeat: '' })).toBe(MESSAGES.enterRequiredFields);
  });

  it('needs the new passwords to match', () => {
    expect(changePasswordError({ old: 'Old12345', next: 'Secret123', repeat: 'Secret124' })).toBe(
      MESSAGES.newPasswordsDoNotMatch,
    );
  });

  it('passes a valid change', () => {
    expect(changePasswordError({ old: 'Old12345', next: 'Secret123', repeat: 'Secret123' })).toBeNull();
  });
});
