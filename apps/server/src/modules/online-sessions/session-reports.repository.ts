import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';
import { invitedStudentIds, liveParents } from './online-sessions.repository.js';

export interface AttendanceRowData extends Record<string, unknown> {
  student_id: string;
  student_name: string;
  batch_title: string;
  first_join_at: Date | null;
  last_seen_at: Date | null;
  minutes_present: number;
}

/**
 * Every invited student of one session with their attendance (decision 32), by name, in ONE
 * statement; minutes present to 2 decimals.
 */
export async function sessionAttendance(db: Database, sessionId: string): Promise<AttendanceRowData[]> {
  const result = await executePrepared<AttendanceRowData>(
    db,
    sql`select st.id as student_id, st.name as student_name, coalesce(sb.title, '') as batch_title,
        a.first_join_at, a.last_seen_at,
        round(coalesce(a.seconds_present, 0)::numeric / 60, 2)::float8 as minutes_present
      from online_sessions os
      cross join lateral ${invitedStudentIds} i
      join students st on st.id = i.student_id and st.archived_at is null
      left join batches sb on sb.id = st.batch_id
      left join online_session_attendance a on a.session_id = os.id and a.student_id = st.id
      where os.id = ${sessionId}
      order by st.name, st.id`,
  );
  return result.rows;
}

export interface SessionsReportRowData extends Record<string, unknown> {
  session_id: string;
  title: string;
  batch_id: string;
  batch_title: string;
  subject_title: string;
  teacher: string;
  start_time: Date;
  end_time: Date;
  is_custom: boolean;
  invited: number;
  attended: number;
}

/**
 * The institution's sessions starting within [from, to] (days of its time zone), newest first,
 * with invited and attended counts, in ONE statement (decisions 31, 32).
 */
export async function sessionsInRange(
  db: Database,
  query: { institutionId: string; from: string; to: string; timeZone: string; batchId?: string },
): Promise<SessionsReportRowData[]> {
  const { institutionId, from, to, timeZone, batchId } = query;
  const result = await executePrepared<SessionsReportRowData>(
    db,
    sql`select os.id as session_id, os.title, os.batch_id, b.title as batch_title, s.title as subject_title,
        coalesce(f.name, os.author_name, '') as teacher, os.start_time, os.end_time, os.is_custom,
        c.invited, c.attended
      ${liveParents}
      left join faculties f on f.id = os.author_id
      cross join lateral (
        select count(*)::int as invited, count(a.student_id)::int as attended
        from ${invitedStudentIds} i
        join students st on st.id = i.student_id and st.archived_at is null
        left join online_session_attendance a on a.session_id = os.id and a.student_id = i.student_id) c
      where os.institution_id = ${institutionId} and os.deleted_at is null
        and os.start_time >= (${from}::date::timestamp at time zone ${timeZone})
        and os.start_time < ((${to}::date + 1)::timestamp at time zone ${timeZone})
        and ${batchId ? sql`os.batch_id = ${batchId}` : sql`true`}
      order by os.start_time desc, os.id desc`,
  );
  return result.rows;
}
