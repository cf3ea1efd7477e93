import {
  MESSAGES,
  OTP_MAX_TRIES,
  OTP_TTL_MINUTES,
  type SessionUser,
  TEMP_TOKEN_TTL_MINUTES,
} from '@portal/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import {
  decoyPasswordHash,
  generateOtp,
  generateToken,
  hashPassword,
  isGeneratedPasswordHash,
  sameDigest,
  sha256,
  verifyPassword,
} from '../../lib/passwords.js';
import { forgetAccount } from './account-cache.js';
import { type AccountRow, loadAccountByUsername } from './auth.repository.js';

const MINUTE = 60_000;

export function presentSessionUser(account: AccountRow): SessionUser {
  return {
    user_id: account.userId,
    username: account.username,
    entity_id: account.entityId,
    entity_type: account.permission,
    permission: account.permission,
    institution_id: account.institutionId,
    institution_title: account.institutionTitle,
    institution_nav_logo: account.institutionNavLogo || null,
    academic_year: account.academicYear,
    must_change_password: account.mustChangePassword,
  };
}

/** Checks the credentials; the caller signs the token. Every failure looks the same. */
export async function login(deps: AppDeps, username: string, password: string): Promise<AccountRow> {
  const account = await loadAccountByUsername(deps.db, username);
  if (!account) {
    await verifyPassword(await decoyPasswordHash(), password);
    throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.loginFailed);
  }
  const valid = await verifyPassword(account.passwordHash, password);
  // A still-generated password is hashed cheaply; the decoy makes a wrong guess against it take
  // as long as against any other account, so timing tells nothing about the account.
  if (isGeneratedPasswordHash(account.passwordHash))
    await verifyPassword(await decoyPasswordHash(), password);
  if (!valid || account.inactive) throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.loginFailed);
  return account;
}

/** Step 1 of recovery: a 6-digit OTP to the account's first e-mail. */
export async function sendRecoveryOtp(deps: AppDeps, username: string): Promise<void> {
  const account = await loadAccountByUsername(deps.db, username);
  if (!account || account.inactive || !account.recoveryEmail) throw badRequest(MESSAGES.invalidUsername);
  const otp = generateOtp();
  const now = deps.clock.now();
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
  await deps.mailer.send({
    to: account.recoveryEmail,
    subject: 'Your password reset OTP',
    text: `Hello ${account.username},\n\nYour OTP to reset your password is ${otp}.\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.\n`,
  });
}

/** Step 2: the OTP (5 tries, 10 minutes) is exchanged for a one-time temp token. */
export async function verifyRecoveryOtp(deps: AppDeps, username: string, otp: string): Promise<string> {
  const account = await loadAccountByUsername(deps.db, username);
  if (!account) throw badRequest(MESSAGES.invalidOtp);
  const now = deps.clock.now();
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, account.userId),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.tempTokenHash),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!reset || reset.otpExpiresAt <= now || reset.attempts >= OTP_MAX_TRIES) {
    throw badRequest(MESSAGES.invalidOtp);
  }
  if (!sameDigest(reset.otpHash, sha256(`${account.userId}:${otp}`))) {
    await deps.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, reset.id));
    throw badRequest(MESSAGES.invalidOtp);
  }
  const tempToken = generateToken();
  await deps.db
    .update(passwordResets)
    .set({
      tempTokenHash: sha256(tempToken),
      tempTokenExpiresAt: new Date(now.getTime() + TEMP_TOKEN_TTL_MINUTES * MINUTE),
    })
    .where(eq(passwordResets.id, reset.id));
  return tempToken;
}

/** Step 3: the temp token (15 minutes, once) sets the new password and revokes every session. */
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
    if (!reset) return false;
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, reset.userId));
    return reset.userId;
  });
  if (!used) throw new AppError(400, 'RESET_TOKEN_EXPIRED', MESSAGES.resetLinkInvalid);
  forgetAccount(deps.db, used);
}

/** A signed-in user's own change; afterwards every token of the account stops working. */
export async function changePassword(
  deps: AppDeps,
  account: AccountRow,
  oldPassword: string,
  newPassword: string,
) {
  if (!(await verifyPassword(account.passwordHash, oldPassword))) {
    throw new AppError(400, 'WRONG_OLD_PASSWORD', MESSAGES.checkOldPassword, {
      old_password: MESSAGES.checkOldPassword,
    });
  }
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
