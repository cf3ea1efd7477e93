import { localized } from './i18n/view.js';

/**
 * The catalogue's texts the sign-in page and the app's first load need. They are part of MESSAGES and LABELS
 * (messages.ts); the sign-in path imports these small groups so the first download does not carry the
 * whole catalogue.
 */
export const ENGLISH_SIGN_IN_MESSAGES = {
  loginFailed: 'Incorrect username/password. Please try again.',
  genericError: 'Something went wrong. Please try again.',
  enterPassword: 'Please enter password',
  enterRequiredFields: 'Enter Required fields.',
  newPasswordsDoNotMatch: 'The new passwords do not match.',
  passwordMismatch: 'Password mismatch',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooShort: 'Password must be at least 8 characters.',
  signInWaiting: 'Many people are signing in right now. Your sign-in is waiting its turn…',
} as const;

export const ENGLISH_SIGN_IN_LABELS = {
  /** Every popup's close button (the sign-in page has popups too). */
  close: 'Close',
  loading: 'Loading…',
  reload: 'Reload',
  contactUs: 'Contact Us',
  forgotPassword: 'Forgot Password',
  password: 'Password',
  signInTitle: 'Sign in to your account',
  submit: 'Submit',
  userName: 'User Name',
  /** The sign-in page's language switcher. */
  language: 'Language',
} as const;

export const SIGN_IN_MESSAGES = localized('messages', ENGLISH_SIGN_IN_MESSAGES);
export const SIGN_IN_LABELS = localized('labels', ENGLISH_SIGN_IN_LABELS);
