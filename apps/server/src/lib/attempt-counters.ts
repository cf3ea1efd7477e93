import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { TooManyAttemptsError } from './app-error.js';
import { sha256 } from './passwords.js';
import { executePrepared } from './prepared.js';

/** Attempts counted per subject in a window that opens at the first one. */
export interface AttemptWindow {
  name: string;
  windowMinutes: number;
}

/** At most `max` attempts per subject (an account; an account and an address) in a window. */
export interface AttemptLimit extends AttemptWindow {
  max: number;
}

/** Who the attempts are counted for: an account, or parts such as an account and an address. */
type Subject = string | readonly string[];

const MINUTE = 60_000;
const digests = (subject: Subject) => (typeof subject === 'string' ? [subject] : subject).map(sha256);
const keyOf = (limit: AttemptWindow, subject: Subject) => [limit.name, ...digests(subject)].join(':');

/** One more attempt in the key's window, or the first of a new window once the last has ended. */
const countOne = (key: string, window: AttemptWindow, now: Date) => sql`
  insert into attempt_counters as counter (key, attempts, window_ends_at)
    values (${key}, 1, ${new Date(now.getTime() + window.windowMinutes * MINUTE)})
    on conflict (key) do update set
      attempts = case when counter.window_ends_at <= ${now} then 1 else counter.attempts + 1 end,
      window_ends_at = case when counter.window_ends_at <= ${now}
        then excluded.window_ends_at else counter.window_ends_at end`;

/**
 * Takes one attempt of the subject's window or refuses with 429 and the time left. One statement
 * counts and checks together, so concurrent requests cannot take more than `max` between them.
 */
export async function takeAttempt(db: Database, limit: AttemptLimit, subject: Subject, now: Date) {
  await sweepEndedWindows(db, now);
  const key = keyOf(limit, subject);
  const taken = await executePrepared(
    db,
    sql`${countOne(key, limit, now)}
      where counter.window_ends_at <= ${now} or counter.attempts < ${limit.max}
      returning attempts`,
  );
  if (taken.rows.length > 0) return;
  const full = await executePrepared<{ window_ends_at: Date }>(
    db,
    sql`select window_ends_at from attempt_counters where key = ${key}`,
  );
  const endsAt = new Date(full.rows[0]?.window_ends_at ?? now).getTime();
  throw new TooManyAttemptsError(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
}

/** Counts one attempt of the subject's window, refusing nothing (a count other limits read). */
export async function addAttempt(db: Database, window: AttemptWindow, subject: Subject, now: Date) {
  await executePrepared(db, countOne(keyOf(window, subject), window, now));
}

/** The attempts in the subject's current window (0 once it has ended). */
export async function countAttempts(db: Database, window: AttemptWindow, subject: Subject, now: Date) {
  const found = await executePrepared<{ attempts: number }>(
    db,
    sql`select attempts from attempt_counters where key = ${keyOf(window, subject)} and window_ends_at > ${now}`,
  );
  return found.rows[0]?.attempts ?? 0;
}

/** Hands back an attempt that succeeded, so the limit counts failures only. */
export async function giveBackAttempt(db: Database, limit: AttemptWindow, subject: Subject, now: Date) {
  await executePrepared(
    db,
    sql`update attempt_counters set attempts = attempts - 1
      where key = ${keyOf(limit, subject)} and window_ends_at > ${now} and attempts > 0`,
  );
}

/** Ends the subject's window at once, e.g. once the account's owner has proved who they are. */
export async function clearAttempts(db: Database, limit: AttemptWindow, subject: Subject) {
  await executePrepared(db, sql`delete from attempt_counters where key = ${keyOf(limit, subject)}`);
}

/** Ends the windows of every subject whose first part is `first` (an account, at any address). */
export async function clearAttemptsOf(db: Database, limit: AttemptWindow, first: string) {
  const prefix = `${keyOf(limit, first)}:`;
  await executePrepared(db, sql`delete from attempt_counters where starts_with(key, ${prefix})`);
}

// Ended windows are deleted now and then, so counters of past attempts do not pile up.
const SWEEP_EVERY_MS = 10 * MINUTE;
const lastSweep = new WeakMap<Database, number>();

async function sweepEndedWindows(db: Database, now: Date) {
  const last = lastSweep.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await executePrepared(db, sql`delete from attempt_counters where window_ends_at <= ${now}`);
}
