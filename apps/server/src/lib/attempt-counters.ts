import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { TooManyAttemptsError } from './app-error.js';
import { sha256 } from './passwords.js';
import { executePrepared } from './prepared.js';

/** At most `max` attempts per subject (an account) in a window that opens at the first one. */
export interface AttemptLimit {
  name: string;
  max: number;
  windowMinutes: number;
}

const MINUTE = 60_000;
const keyOf = (limit: AttemptLimit, subject: string) => `${limit.name}:${sha256(subject)}`;

/**
 * Takes one attempt of the subject's window or refuses with 429 and the time left. One statement
 * counts and checks together, so concurrent requests cannot take more than `max` between them.
 */
export async function takeAttempt(db: Database, limit: AttemptLimit, subject: string, now: Date) {
  await sweepEndedWindows(db, now);
  const key = keyOf(limit, subject);
  const newWindowEndsAt = new Date(now.getTime() + limit.windowMinutes * MINUTE);
  const taken = await executePrepared(
    db,
    sql`insert into attempt_counters as counter (key, attempts, window_ends_at)
      values (${key}, 1, ${newWindowEndsAt})
      on conflict (key) do update set
        attempts = case when counter.window_ends_at <= ${now} then 1 else counter.attempts + 1 end,
        window_ends_at = case when counter.window_ends_at <= ${now}
          then excluded.window_ends_at else counter.window_ends_at end
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

/** Hands back an attempt that succeeded, so the limit counts failures only. */
export async function giveBackAttempt(db: Database, limit: AttemptLimit, subject: string, now: Date) {
  await executePrepared(
    db,
    sql`update attempt_counters set attempts = attempts - 1
      where key = ${keyOf(limit, subject)} and window_ends_at > ${now} and attempts > 0`,
  );
}

/** Ends the subject's window at once, e.g. once the account's owner has proved who they are. */
export async function clearAttempts(db: Database, limit: AttemptLimit, subject: string) {
  await executePrepared(db, sql`delete from attempt_counters where key = ${keyOf(limit, subject)}`);
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
