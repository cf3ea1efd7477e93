import { BELL_ITEMS_PER_KIND, type Role } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';
import { addressedTo } from '../announcements/announcements.repository.js';

export interface BellReader {
  permission: Role;
  /** The student's or faculty member's record id; the user id of a moderator. */
  entityId: string;
  userId: string;
  institutionId: string;
}

/** Each kind's rows come with the count of all of them (`total`), the list capped per kind. */
interface Counted {
  total: number;
  changed_at: Date;
}

export interface PendingAssessmentRow extends Record<string, unknown>, Counted {
  id: string;
  title: string;
  batch_subject_id: string;
  subject_title: string;
  start_date: Date;
  due_date: Date;
}

/**
 * A student's pending assessments: LIVE, of a batch subject of their batch they are enrolled in,
 * due not passed, not submitted; soonest due first.
 */
export async function pendingAssessments(
  db: Database,
  reader: BellReader,
  now: Date,
): Promise<PendingAssessmentRow[]> {
  const result = await executePrepared<PendingAssessmentRow>(
    db,
    sql`select a.id, a.title, a.batch_subject_id, s.title as subject_title, a.start_date, a.due_date,
        a.updated_at as changed_at, count(*) over ()::int as total
      from assessments a
      join batch_subjects bs on bs.id = a.batch_subject_id and bs.deleted_at is null
      join batches b on b.id = bs.batch_id and b.deleted_at is null
      join subjects s on s.id = bs.subject_id and s.deleted_at is null
      join students me on me.id = ${reader.entityId} and me.batch_id = bs.batch_id
      join batch_subject_students bss on bss.batch_subject_id = a.batch_subject_id and bss.student_id = me.id
      where a.institution_id = ${reader.institutionId} and a.status = 'LIVE' and a.due_date >= ${now}
        and not exists (select 1 from exam_attempts taken where taken.assessment_id = a.id
          and taken.student_id = me.id and taken.submitted_at is not null)
      order by a.due_date, a.id
      limit ${BELL_ITEMS_PER_KIND}`,
  );
  return result.rows;
}

export interface UpcomingSessionRow extends Record<string, unknown>, Counted {
  id: string;
  title: string;
  batch_subject_id: string;
  subject_title: string;
  start_time: Date;
  end_time: Date;
}

/**
 * Sessions not ended that concern the reader, soonest first: a student's (their batch's of the
 * subjects they are enrolled in, and the custom sessions that selected them), a faculty member's
 * own. Moderators attend none, so their bell has none.
 */
export async function upcomingSessions(
  db: Database,
  reader: BellReader,
  now: Date,
): Promise<UpcomingSessionRow[]> {
  let mine: ReturnType<typeof sql>;
  if (reader.permission === 'student') {
    mine = sql`case when os.is_custom
      then exists (select 1 from online_session_students oss where oss.session_id = os.id and oss.student_id = ${reader.entityId})
      else exists (select 1 from batch_subject_students bss
        join students s0 on s0.id = bss.student_id and s0.batch_id = os.batch_id
        where bss.batch_subject_id = os.batch_subject_id and bss.student_id = ${reader.entityId}) end`;
  } else if (reader.permission === 'faculty') {
    mine = sql`os.author_id = ${reader.entityId}`;
  } else {
    return [];
  }
  const result = await executePrepared<UpcomingSessionRow>(
    db,
    sql`select os.id, os.title, os.batch_subject_id, s.title as subject_title, os.start_time, os.end_time,
        os.updated_at as changed_at, count(*) over ()::int as total
      from online_sessions os
      join batch_subjects bs on bs.id = os.batch_subject_id and bs.deleted_at is null
      join subjects s on s.id = bs.subject_id and s.deleted_at is null
      where os.institution_id = ${reader.institutionId} and os.deleted_at is null and os.end_time >= ${now}
        and ${mine}
      order by os.start_time, os.id
      limit ${BELL_ITEMS_PER_KIND}`,
  );
  return result.rows;
}

export interface RecentAnnouncementRow extends Record<string, unknown>, Counted {
  id: string;
  title: string;
  description: string;
  updated_at: Date;
}

/** Announcements addressed to the reader and updated after `since`, latest first. */
export async function recentAnnouncements(
  db: Database,
  reader: BellReader,
  since: Date,
  now: Date,
): Promise<RecentAnnouncementRow[]> {
  const result = await executePrepared<RecentAnnouncementRow>(
    db,
    sql`select a.id, a.title, a.description, a.updated_at, a.updated_at as changed_at,
        count(*) over ()::int as total
      from announcements a
      where a.institution_id = ${reader.institutionId} and a.updated_at > ${since} and a.updated_at <= ${now}
        and ${addressedTo(reader)}
      order by a.updated_at desc, a.id desc
      limit ${BELL_ITEMS_PER_KIND}`,
  );
  return result.rows;
}

export async function seenUpTo(db: Database, userId: string): Promise<Date | null> {
  const result = await executePrepared<{ seen_up_to: Date }>(
    db,
    sql`select seen_up_to from notification_reads where user_id = ${userId}`,
  );
  return result.rows[0]?.seen_up_to ?? null;
}

/** Moves the user's mark forward (never back: two tabs reading the panel in any order agree). */
export async function markSeen(db: Database, userId: string, upTo: Date): Promise<Date> {
  const result = await executePrepared<{ seen_up_to: Date }>(
    db,
    sql`insert into notification_reads as r (user_id, seen_up_to) values (${userId}, ${upTo})
      on conflict (user_id) do update set seen_up_to = greatest(r.seen_up_to, excluded.seen_up_to)
      returning seen_up_to`,
  );
  return result.rows[0]!.seen_up_to;
}
