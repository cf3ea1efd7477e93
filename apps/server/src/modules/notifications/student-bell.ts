import { ANNOUNCEMENT_BELL_MS, BELL_ITEMS_PER_KIND } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { executePrepared } from '../../lib/prepared.js';
import { cachedRead, cachedScopedRead, cachedUserRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { ownDueOf, partsOf, studentFactsOf } from '../exams/student-exams.js';
import * as repository from './notifications.repository.js';

/**
 * A student's bell from parts kept in memory, so that 5,000 open tabs refetching it after an
 * announcement to the whole school cost a handful of statements: their examinations
 * (exams/student-exams.ts), their batch's sessions and its announcements (shared by the batch;
 * the announcements dropped by announcement writes alone) and their own seen mark. Each read cuts
 * the kept rows to its `now`.
 */

const DAY_MS = 86_400_000;

interface BatchSession extends Record<string, unknown> {
  id: string;
  title: string;
  batch_subject_id: string;
  subject_title: string;
  start_time: Date;
  end_time: Date;
  changed_at: Date;
  is_custom: boolean;
  selected: string[];
}

interface BatchAnnouncement extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  updated_at: Date;
  changed_at: Date;
}

/**
 * The rows are loaded per day of the clock (kept under that day's key), from a margin before it,
 * so a read at any time of the day finds every row its window can hold.
 */
const dayOf = (now: Date) => Math.floor(now.getTime() / DAY_MS);

/** The batch's sessions that had not ended by the day before `day`, with a custom one's selection. */
function batchSessions(deps: AppDeps, institutionId: string, batchId: string, day: number) {
  return cachedRead(
    deps.db,
    institutionId,
    `bell_sessions:${batchId}:${day}`,
    async () => {
      const since = new Date((day - 1) * DAY_MS);
      const result = await executePrepared<BatchSession>(
        deps.db,
        sql`select os.id, os.title, os.batch_subject_id, s.title as subject_title, os.start_time, os.end_time,
            os.updated_at as changed_at, os.is_custom,
            case when os.is_custom then array(select oss.student_id from online_session_students oss
              where oss.session_id = os.id)::text[] else '{}'::text[] end as selected
          from online_sessions os
          join batch_subjects bs on bs.id = os.batch_subject_id and bs.deleted_at is null
          join subjects s on s.id = bs.subject_id and s.deleted_at is null
          where os.institution_id = ${institutionId} and os.batch_id = ${batchId} and os.deleted_at is null
            and os.end_time >= ${since}
          order by os.start_time, os.id`,
      );
      return result.rows;
    },
    STEADY_TTL_MS,
  );
}

/** Announcements to the whole institution or to the batch, updated since the bell's window of `day` can reach. */
function batchAnnouncements(deps: AppDeps, institutionId: string, batchId: string, day: number) {
  return cachedScopedRead(
    deps.db,
    institutionId,
    'announcements',
    `bell_announcements:${batchId}:${day}`,
    async () => {
      const since = new Date(day * DAY_MS - ANNOUNCEMENT_BELL_MS);
      const result = await executePrepared<BatchAnnouncement>(
        deps.db,
        sql`select a.id, a.title, a.description, a.updated_at, a.updated_at as changed_at
          from announcements a
          where a.institution_id = ${institutionId} and a.updated_at > ${since}
            and (cardinality(a.batch_ids) = 0 or ${batchId}::uuid = any(a.batch_ids))
          order by a.updated_at desc, a.id desc`,
      );
      return result.rows;
    },
    STEADY_TTL_MS,
  );
}

/** The student's seen mark, kept until they move it (their own write drops their reads). */
export function cachedSeenUpTo(deps: AppDeps, user: AuthUser): Promise<Date | null> {
  return cachedUserRead(
    deps.db,
    institutionOf(user),
    user.userId,
    'bell_seen',
    () => repository.seenUpTo(deps.db, user.userId),
    STEADY_TTL_MS,
  );
}

/** Each kind capped as the panel shows it, with the count of all of them. */
function capped<Row>(rows: Row[]): { rows: Row[]; total: number } {
  return { rows: rows.slice(0, BELL_ITEMS_PER_KIND), total: rows.length };
}

/**
 * The bell's three kinds for a student at `now`, as the repository's statements would answer them,
 * read from the kept parts in place (only the rows the bell shows are made).
 */
export async function studentBellRows(deps: AppDeps, user: AuthUser, now: Date) {
  const institutionId = institutionOf(user);
  const facts = await studentFactsOf(deps, user);
  if (!facts.batchId) {
    return { assessments: capped([]), sessions: capped([]), announcements: capped([]) };
  }
  const [{ facts: examFacts, exams, enrolled, byExam }, sessions, announcements] = await Promise.all([
    partsOf(deps, user),
    batchSessions(deps, institutionId, facts.batchId, dayOf(now)),
    batchAnnouncements(deps, institutionId, facts.batchId, dayOf(now)),
  ]);
  const at = now.getTime();
  const pending: repository.PendingAssessmentRow[] = [];
  for (const exam of exams) {
    if (exam.status !== 'LIVE' || !enrolled.has(exam.batch_subject_id)) continue;
    if (byExam.get(exam.id)?.submitted_at) continue;
    // The student's own due date: one given a later one is still asked to sit it.
    const due = ownDueOf(exam, examFacts);
    if (due.getTime() < at) continue;
    pending.push({
      id: exam.id,
      title: exam.title,
      batch_subject_id: exam.batch_subject_id,
      subject_title: exam.subject_title,
      start_date: exam.start_date,
      due_date: due,
      changed_at: exam.updated_at,
      total: 0,
    });
  }
  const mine = sessions.filter(
    (session) =>
      session.end_time.getTime() >= at &&
      (session.is_custom ? session.selected.includes(user.entityId) : enrolled.has(session.batch_subject_id)),
  );
  const since = at - ANNOUNCEMENT_BELL_MS;
  const recent = announcements.filter((row) => {
    const updated = row.updated_at.getTime();
    return updated > since && updated <= at;
  });
  return { assessments: capped(pending), sessions: capped(mine), announcements: capped(recent) };
}
