import { OTP_MAX_TRIES, OTP_TTL_MINUTES } from '@portal/shared';
import type { AttemptLimit } from '../../lib/attempt-counters.js';

// Limits on an account, counted whatever address the attempts come from (the per-address limits
// of auth.routes.ts come first). Each answers 429 with the time left in its window.

/** Failed sign-ins per username, known or not; once reached even the right password waits. */
export const SIGN_IN_FAILURES: AttemptLimit = { name: 'sign-in', max: 10, windowMinutes: 15 };

/** Recovery OTPs e-mailed per account. */
export const OTP_EMAILS: AttemptLimit = { name: 'otp-email', max: 3, windowMinutes: 60 };

/** Wrong OTP guesses per account across all its codes: a new code brings no fresh tries. */
export const OTP_GUESSES: AttemptLimit = {
  name: 'otp-guess',
  max: OTP_MAX_TRIES,
  windowMinutes: OTP_TTL_MINUTES,
};

/** Wrong old passwords per signed-in user on change-password. */
export const OLD_PASSWORD_FAILURES: AttemptLimit = { name: 'old-password', max: 10, windowMinutes: 15 };

/** Usernames compare case-insensitively (decision 2), so their attempts count together. */
export const usernameSubject = (username: string) => username.trim().toLowerCase();
