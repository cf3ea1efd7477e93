import {
  formatMessage,
  MESSAGES,
  OTP_MAX_TRIES,
  OTP_TTL_MINUTES,
  type SessionUser,
  TEMP_TOKEN_TTL_MINUTES,
} from '@portal/shared';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import {
  addAttempt,
  clearAttempts,
  clearAttemptsOf,
  countAttempts,
  giveBackAttempt,
  takeAttempt,
} from '../../lib/attempt-counters.js';
import { withLanguage } from '../../lib/language.js';
import {
  generateOtp,
  generateToken,
  hashPassword,
  sameDigest,
  sha256,
  verifyPassword,
  verifyPasswordEvenly,
} from '../../lib/passwords.js';
import { forgetAccount } from './account-cache.js';
import { type AccountRow, loadAccountByUsername } from './auth.repository.js';
import {
  OLD_PASSWORD_FAILURES,
  OTP_EMAILS,
  OTP_GUESSES,
  SIGN_IN_FAILURES,
  SIGN_IN_FAILURES_PER_ADDRESS,
  signInLimitPerAddress,
  usernameSubject,
} from './auth-limits.js';

const MINUTE = 60_000;

export function presentSessionUser(deps: AppDeps, account: AccountRow): SessionUser {
  return {
    user_id: account.userId,
    username: account.username,
    name: account.name,
    entity_id: account.entityId,
    entity_type: account.permission,
    permission: account.permission,
    institution_id: account.institutionId,
    institution_title: account.institutionTitle,
    institution_nav_logo: account.institutionNavLogo || null,
    academic_year: account.academicYear,
    time_zone: account.timeZone || deps.config.DEFAULT_TIME_ZONE,
    language: account.language,
    must_change_password: account.mustChangePassword,
  };
}

/**
 * Checks the credentials from `address` (the client's); the caller signs the token. Every failure
 * looks the same and takes the same time. Each try takes one of the address's attempts on the
 * username, within an allowance that shrinks as the username fails from many addresses
 * (auth-limits.ts); a success hands it back, so only failures count, and a failure also counts
 * for the username. The owner, at an address without failures, is never held back.
 */
export async function login(
  deps: AppDeps,
  username: string,
  password: string,
  address: string,
): Promise<AccountRow> {
  const now = deps.clock.now();
  const subject = usernameSubject(username);
  const guesser = [subject, address];
  const usernameFailures = await countAttempts(deps.db, SIGN_IN_FAILURES, subject, now);
  await takeAttempt(deps.db, signInLimitPerAddress(usernameFailures), guesser, now);
  const account = await loadAccountByUsername(deps.db, username);
  const valid = await verifyPasswordEvenly(account?.passwordHash, password);
  if (!account || !valid || account.inactive) {
    await addAttempt(deps.db, SIGN_IN_FAILURES, subject, now);
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.loginFailed);
  }
  await giveBackAttempt(deps.db, SIGN_IN_FAILURES_PER_ADDRESS, guesser, now);
  return account;
}

/** Step 1 of recovery: a 6-digit OTP to the account's first e-mail. */
export async function sendRecoveryOtp(deps: AppDeps, username: string): Promise<void> {
  const account = await loadAccountByUsername(deps.db, username);
  if (!account || account.inactive || !account.recoveryEmail) throw badRequest(MESSAGES.invalidUsername);
  const now = deps.clock.now();
  await takeAttempt(deps.db, OTP_EMAILS, account.userId, now);
  const otp = generateOtp();
  await deps.db.transaction(async (tx) => {
    // A new OTP replaces any earlier one still open.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, account.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: account.userId,
      otpHash: sha256(`${account.userId}:${otp}`),
      otpExpiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE),
    });
  });
  // In the account's language (decision 40), whatever the language of the page that asked for it.
  const mail = withLanguage(account.language, () => ({
    subject: MESSAGES.otpEmailSubject,
    text: formatMessage(MESSAGES.otpEmailBody, { username: account.username, otp, minutes: OTP_TTL_MINUTES }),
  }));
  await deps.mailer.send({ to: account.recoveryEmail, ...mail });
}

/**
 * Step 2: the OTP (10 minutes) is exchanged for a one-time temp token. A code allows 5 tries and
 * the account 5 wrong guesses per window across all its codes. A try is taken before the guess
 * is compared, in one statement, so concurrent guesses cannot get past either count.
 */
export async function verifyRecoveryOtp(deps: AppDeps, username: string, otp: string): Promise<string> {
  const account = await loadAccountByUsername(deps.db, username);
  if (!account) throw badRequest(MESSAGES.invalidOtp);
  const now = deps.clock.now();
  const open = and(
    eq(passwordResets.userId, account.userId),
    isNull(passwordResets.usedAt),
    isNull(passwordResets.tempTokenHash),
  );
  const newestOpen = deps.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(open)
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  const [reset] = await deps.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        inArray(passwordResets.id, newestOpen),
        open,
        lt(passwordResets.attempts, OTP_MAX_TRIES),
        gt(passwordResets.otpExpiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id, otpHash: passwordResets.otpHash });
  if (!reset) throw badRequest(MESSAGES.invalidOtp);
  await takeAttempt(deps.db, OTP_GUESSES, account.userId, now);
  if (!sameDigest(reset.otpHash, sha256(`${account.userId}:${otp}`))) throw badRequest(MESSAGES.invalidOtp);
  await giveBackAttempt(deps.db, OTP_GUESSES, account.userId, now);

  const tempToken = generateToken();
  // Only one of two concurrent right guesses gets a token.
  const [issued] = await deps.db
    .update(passwordResets)
    .set({
      tempTokenHash: sha256(tempToken),
      tempTokenExpiresAt: new Date(now.getTime() + TEMP_TOKEN_TTL_MINUTES * MINUTE),
    })
    .where(and(eq(passwordResets.id, reset.id), open))
    .returning({ id: passwordResets.id });
  if (!issued) throw badRequest(MESSAGES.invalidOtp);
  return tempToken;
}

/**
 * Step 3: the temp token (15 minutes, once) sets the new password and revokes every session. The
 * owner has proved who they are, so failed sign-ins no longer hold back any address of theirs.
 */
export async function resetPasswordWithToken(deps: AppDeps, tempToken: string, newPassword: string) {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(newPassword);
  const used = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tempTokenHash, sha256(tempToken)),
          isNull(passwordResets.usedAt),
          sql`${passwordResets.tempTokenExpiresAt} > ${now}`,
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return undefined;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, reset.userId))
      .returning({ id: users.id, username: users.username });
    return user;
  });
  if (!used) throw new AppError(400, 'RESET_TOKEN_EXPIRED', MESSAGES.resetLinkInvalid);
  forgetAccount(deps.db, used.id);
  const subject = usernameSubject(used.username);
  await clearAttempts(deps.db, SIGN_IN_FAILURES, subject);
  await clearAttemptsOf(deps.db, SIGN_IN_FAILURES_PER_ADDRESS, subject);
}

/**
 * A signed-in user's own change; afterwards every token of the account stops working. Wrong old
 * passwords are limited per user, so they never hold back anyone else on the same address.
 */
export async function changePassword(
  deps: AppDeps,
  account: AccountRow,
  oldPassword: string,
  newPassword: string,
) {
  const now = deps.clock.now();
  await takeAttempt(deps.db, OLD_PASSWORD_FAILURES, account.userId, now);
  if (!(await verifyPassword(account.passwordHash, oldPassword))) {
    throw new AppError(400, 'WRONG_OLD_PASSWORD', MESSAGES.checkOldPassword, {
      old_password: MESSAGES.checkOldPassword,
    });
  }
  await giveBackAttempt(deps.db, OLD_PASSWORD_FAILURES, account.userId, now);
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      mustChangePassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, account.userId));
  forgetAccount(deps.db, account.userId);
}
