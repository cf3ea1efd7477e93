import { type IssuedCredential, MESSAGES, type Role } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { generatePassword, hashGeneratedPassword } from '../../lib/passwords.js';
import { forgetAccount } from '../auth/account-cache.js';

/** A transaction or the database: account writes join the caller's transaction. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Decision 4: the username typed by the moderator, else the PRN, else the first mobile number. */
export function usernameFor(person: {
  username?: string | null;
  prn?: string | null;
  mobile: string[];
}): string {
  const candidate = person.username || person.prn || person.mobile[0] || '';
  return candidate.replace(/\s+/g, '');
}

/** Usernames (lower-cased) that already exist, portal-wide (decision 2). */
export async function takenUsernames(db: Executor, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const lowered = [...new Set(candidates.map((name) => name.toLowerCase()))];
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lowered));
  return new Set(rows.map((row) => row.username));
}

export interface NewLogin {
  userId: string;
  username: string;
  /** Shown once to the moderator; only its hash is stored. */
  password: string;
}

/**
 * Creates logins with generated passwords that must be changed at the first sign-in.
 * A taken username answers 409 'Username already exists.'.
 */
export async function createLogins(
  db: Executor,
  institutionId: string,
  permission: Extract<Role, 'student' | 'faculty'>,
  usernames: string[],
): Promise<NewLogin[]> {
  if (usernames.length === 0) return [];
  const passwords = usernames.map(() => generatePassword());
  // Hashing is the slow part of a bulk import: run it off the event loop, in parallel.
  const hashes = await Promise.all(passwords.map((password) => hashGeneratedPassword(password)));
  try {
    const rows = await db
      .insert(users)
      .values(
        usernames.map((username, index) => ({
          username,
          passwordHash: hashes[index]!,
          permission,
          institutionId,
          // The institution's language for new accounts (decision 40).
          language: sql`(select default_language from institutions where id = ${institutionId})`,
          mustChangePassword: true,
        })),
      )
      .returning({ id: users.id, username: users.username });
    return rows.map((row, index) => ({
      userId: row.id,
      username: row.username,
      password: passwords[index]!,
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameExists);
    throw error;
  }
}

/** New generated passwords for these users; every earlier token of theirs stops working. */
export async function resetPasswords(db: Database, userIds: string[]): Promise<Map<string, string>> {
  const passwords = new Map(userIds.map((id) => [id, generatePassword()]));
  const hashes = await Promise.all(userIds.map((id) => hashGeneratedPassword(passwords.get(id)!)));
  // One statement for the whole batch: each id paired with its new hash.
  await db.execute(sql`
    update ${users} set
      password_hash = v.hash,
      must_change_password = true,
      token_version = ${users.tokenVersion} + 1,
      updated_at = now()
    from unnest(${sql.param(userIds)}::uuid[], ${sql.param(hashes)}::text[]) as v(id, hash)
    where ${users.id} = v.id`);
  for (const userId of userIds) forgetAccount(db, userId);
  return passwords;
}

/**
 * Archive or restore sign-in for these users, together with their profile rows, in one
 * transaction. `writeProfiles` must lock the profile rows first (their UPDATE, unconditional, or a
 * FOR UPDATE), so concurrent archive and unarchive of one person run one after the other; `answer`
 * reads the result inside the same transaction, so each answer tells the state its own request
 * left, and the last answer is the final state. Cached accounts are dropped after the commit.
 */
export async function setUsersArchived<Answer = undefined>(
  db: Database,
  userIds: string[],
  archived: Date | null,
  steps: {
    writeProfiles?: (tx: Transaction) => Promise<unknown>;
    answer?: (tx: Transaction) => Promise<Answer>;
  } = {},
): Promise<Answer | undefined> {
  if (userIds.length === 0) return undefined;
  const result = await db.transaction(async (tx) => {
    await steps.writeProfiles?.(tx);
    await tx
      .update(users)
      .set({ archivedAt: archived, ...(archived ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(inArray(users.id, userIds));
    return steps.answer?.(tx);
  });
  for (const userId of userIds) forgetAccount(db, userId);
  return result;
}

/** A new username (409 if taken) and a new generated password for one login; returns the password. */
export async function renewLogin(db: Database, userId: string, username: string): Promise<string> {
  try {
    await db.update(users).set({ username }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameExists);
    throw error;
  }
  const passwords = await resetPasswords(db, [userId]);
  return passwords.get(userId)!;
}

/** A student or faculty member with a login, as the reset and renewal flows need them. */
export interface LoginHolder {
  id: string;
  name: string;
  userId: string;
  username: string;
  prn: string | null;
  mobile: string[];
}

/** A generated password as the moderator sees it once. */
export function presentCredential(
  person: { id: string; name: string },
  login: { username: string; password: string },
): IssuedCredential {
  return { _id: person.id, name: person.name, username: login.username, password: login.password };
}

/** New generated passwords (changed at the next sign-in); earlier tokens stop working. */
export async function resetCredentials(db: Database, people: LoginHolder[]): Promise<IssuedCredential[]> {
  const passwords = await resetPasswords(
    db,
    people.map((person) => person.userId),
  );
  return people.map((person) =>
    presentCredential(person, { username: person.username, password: passwords.get(person.userId)! }),
  );
}

/** A new username (typed, else decision 4's default) and a new generated password. */
export async function renewCredential(
  db: Database,
  person: LoginHolder,
  typed: string | undefined,
): Promise<IssuedCredential> {
  const username = usernameFor({ username: typed, prn: person.prn, mobile: person.mobile });
  if (!username) throw badRequest(MESSAGES.enterUsername, { username: MESSAGES.enterUsername });
  const password = await renewLogin(db, person.userId, username);
  return presentCredential(person, { username, password });
}
