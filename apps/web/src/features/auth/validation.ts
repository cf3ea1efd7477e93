import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/constants';
import { SIGN_IN_MESSAGES } from '@portal/shared/sign-in-messages';

/** Login sends nothing unless both fields have a value (management §5). */
export function canSubmitLogin(username: string, password: string): boolean {
  return username.trim() !== '' && password !== '';
}

/** The length rule the server applies to every new password; null when it holds. */
export function passwordLengthError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return SIGN_IN_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return SIGN_IN_MESSAGES.passwordTooLong;
  return null;
}

/** Forgot password, step 3: 'Please enter password', then 'Password mismatch', then the length rule. */
export function newPasswordError(password: string, confirmation: string): string | null {
  if (password === '' || confirmation === '') return SIGN_IN_MESSAGES.enterPassword;
  if (password !== confirmation) return SIGN_IN_MESSAGES.passwordMismatch;
  return passwordLengthError(password);
}

/** Change password (learning §5): all three required, the new ones equal, then the length rule. */
export function changePasswordError(values: { old: string; next: string; repeat: string }): string | null {
  if (values.old === '' || values.next === '' || values.repeat === '')
    return SIGN_IN_MESSAGES.enterRequiredFields;
  if (values.next !== values.repeat) return SIGN_IN_MESSAGES.newPasswordsDoNotMatch;
  return passwordLengthError(values.next);
}
