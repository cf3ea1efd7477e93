import { OTP_MAX_TRIES, OTP_TTL_MINUTES } from '@portal/shared';
import type { AttemptLimit, AttemptWindow } from '../../lib/attempt-counters.js';

// Limits kept in PostgreSQL, so every instance counts the same attempts (the in-memory brake on
// bursts of auth.routes.ts comes first). Each answers 429 with the time left in its window.

/**
 * Sign-ins hold back the guesser, never the account (OWASP ASVS 2.2.1): failures are counted per
 * username (known or not) and address, and an address that reached its allowance on a username
 * waits for the end of its window. An address without failures on the username is never held
 * back, so the right password from it signs in whatever others tried.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS: AttemptWindow = { name: 'sign-in-address', windowMinutes: 15 };

/** Failed sign-ins per username from every address; refusing nothing by itself. */
export const SIGN_IN_FAILURES: AttemptWindow = { name: 'sign-in', windowMinutes: 60 };

/** An address's failures on a username before it waits, while the username has few failures. */
export const SIGN_IN_ADDRESS_ALLOWANCE = 10;

/**
 * Failures of a username from many addresses slow each of them progressively: beyond 10 in the
 * hour, every further failure takes one from each address's allowance, down to one failure per
 * window.
 */
export function signInLimitPerAddress(usernameFailures: number): AttemptLimit {
  const over = Math.max(0, usernameFailures - SIGN_IN_ADDRESS_ALLOWANCE);
  return { ...SIGN_IN_FAILURES_PER_ADDRESS, max: Math.max(1, SIGN_IN_ADDRESS_ALLOWANCE - over) };
}

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
