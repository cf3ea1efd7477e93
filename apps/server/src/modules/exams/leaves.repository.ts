import { EXAM_GRACE_MS, type LeaveEventBody } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';
import { attemptDeadline, deadlineJoins } from './deadline.js';

export interface LeaveOutcome extends Record<string, unknown> {
  /** The attempt takes events: not submitted, its deadline + grace not passed. */
  open: boolean;
  /** Absences the attempt opened in the last minute. */
  recent: number;
  /** The event changed the record. */
  recorded: boolean;
}

/**
 * Records leaving ("left": an absence opens, unless one is open) or coming back ("back": the open
 * absence closes) in ONE statement, by the server's clock, only while the attempt is open; at most
 * `perMinute` absences open a minute.
 */
export async function recordLeave(
  db: Database,
  attemptId: string,
  event: LeaveEventBody['event'],
  now: Date,
  perMinute: number,
): Promise<LeaveOutcome> {
  const change =
    event === 'left'
      ? sql`insert into exam_leaves (attempt_id, left_at)
          select o.id, ${now} from open_attempt o where (select count(*) from recent) < ${perMinute}
          on conflict (attempt_id) where back_at is null do nothing
          returning id`
      : sql`update exam_leaves set back_at = ${now}
          where attempt_id = (select id from open_attempt) and back_at is null
          returning id`;
  const result = await executePrepared<LeaveOutcome>(
    db,
    sql`with open_attempt as (
        select ea.id from exam_attempts ea
        join assessments a on a.id = ea.assessment_id
        ${deadlineJoins}
        where ea.id = ${attemptId} and ea.submitted_at is null
          and ${now}::timestamptz <= ${attemptDeadline} + make_interval(secs => ${EXAM_GRACE_MS / 1000})),
      recent as (
        select 1 from exam_leaves where attempt_id = ${attemptId}
          and left_at > ${now}::timestamptz - interval '1 minute'),
      changed as (${change})
      select exists (select 1 from open_attempt) as open, (select count(*)::int from recent) as recent,
        exists (select 1 from changed) as recorded`,
  );
  return result.rows[0]!;
}

export interface LeaveRow extends Record<string, unknown> {
  left_at: Date;
  back_at: Date | null;
}

/** An attempt's absences, in order. */
export async function leavesOf(db: Database, attemptId: string): Promise<LeaveRow[]> {
  const result = await executePrepared<LeaveRow>(
    db,
    sql`select left_at, back_at from exam_leaves where attempt_id = ${attemptId} order by left_at`,
  );
  return result.rows;
}
