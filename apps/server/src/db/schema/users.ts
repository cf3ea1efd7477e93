import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, id, updatedAt } from './columns.js';
import { institutions } from './institutions.js';

/** Login accounts. A student's or faculty member's profile lives in its own table, linked by user_id. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    permission: text('permission', { enum: ['owner', 'moderator', 'faculty', 'student'] }).notNull(),
    institutionId: uuid('institution_id').references(() => institutions.id),
    /** Recovery e-mail of owners and moderators; students and faculty use their profile's first e-mail. */
    email: text('email'),
    /** Bumped on password change, reset and archive: every token carrying an older value is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * The language the person reads the portal in (decision 40): the institution's default when the
     * account is made, then their own choice on the profile. Every device follows it.
     */
    language: text('language').notNull().default('en'),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    index('users_institution_idx').on(table.institutionId, table.permission),
  ],
);

/** One password-recovery attempt: the OTP step, then the one-time temp token step. Secrets are stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    otpHash: text('otp_hash').notNull(),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    tempTokenHash: text('temp_token_hash'),
    tempTokenExpiresAt: timestamp('temp_token_expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('password_resets_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('password_resets_temp_token_key').on(table.tempTokenHash),
  ],
);

/**
 * Attempts counted in fixed windows: failed sign-ins per username and address and per username,
 * OTP e-mails and OTP guesses per account, wrong old passwords per signed-in user. Kept in
 * PostgreSQL so every instance of the portal counts the same attempts and a restart forgets none.
 * `key` is the limit's name and digests of the account (and address), so a mistyped password
 * entered as a username is never stored.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_window_ends_idx').on(table.windowEndsAt)],
);

/**
 * Sign-ins ended by signing out: their bearer token and every file cookie issued to them are
 * refused on every instance. `sign_in` is a digest of the bearer token (`modules/auth/sign-ins.ts`);
 * the account's row lists its ended sign-ins, so the guard's one cached lookup sees them. A row is
 * kept until nothing issued to that sign-in could be valid anyway.
 */
export const endedSignIns = pgTable(
  'ended_sign_ins',
  {
    signIn: text('sign_in').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ended_sign_ins_user_idx').on(table.userId),
    index('ended_sign_ins_expires_idx').on(table.expiresAt),
  ],
);
