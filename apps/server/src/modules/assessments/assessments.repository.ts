import type { AssessmentTimeTab, Role } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Page } from '../../lib/pagination.js';
import { executePrepared } from '../../lib/prepared.js';

/** Who reads: their role decides which assessments they see. */
export interface Reader {
  permission: Role;
  /** The student's or faculty member's record id; the user id of a moderator. */
  entityId: string;
}

/** An assessment's own columns, the same for every reader (a student's kept examinations too). */
export interface AssessmentColumns extends Record<string, unknown> {
  id: string;
  batch_subject_id: string;
  batch_id: string;
  batch_title: string;
  subject_id: string;
  subject_code: string;
  subject_title: string;
  title: string;
  description: string;
  start_date: Date;
  due_date: Date;
  paper_url: string | null;
  status: 'DRAFTED' | 'LIVE' | 'EVOLUTED' | 'CANCELED';
  author_user_id: string | null;
  author_name: string;
  questions_count: number;
  total_marks: number;
  has_upload_questions: boolean;
  duration_minutes: number | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
  one_at_a_time: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An assessment as a reader's list shows it: its columns, the counts and the reader's flags. */
export interface AssessmentRow extends AssessmentColumns {
  /** Attempts started, submitted or not: once there is one, the questions are frozen. */
  attempts_started: number;
  submissions_received: number;
  submissions_evoluted: number;
  student_count: number;
  /** The reader (a student) has submitted it. */
  has_taken: boolean;
  /** The reader (a student) has started it, submitted or not. */
  has_started: boolean;
  /** The reader (a faculty member) teaches its batch subject. */
  teaches: boolean;
  /** A student's own deadline and clock (decision 38), on their cards only. */
  deadline?: Date;
  own_seconds?: number | null;
}

/**
 * Which assessments a reader sees, over the aliases of `selectAssessments`: a moderator the
 * institution's, a faculty member those of the batch subjects they teach, a student the LIVE
 * (and so CLOSED) and EVOLUTED ones of batch subjects of their batch they are enrolled in.
 */
export function visibleTo(reader: Reader): SQL {
  switch (reader.permission) {
    case 'moderator':
      return sql`true`;
    case 'faculty':
      return sql`exists (select 1 from batch_subject_faculties bsf
        where bsf.batch_subject_id = a.batch_subject_id and bsf.faculty_id = ${reader.entityId})`;
    case 'student':
      return sql`a.status in ('LIVE', 'EVOLUTED') and exists (select 1 from batch_subject_students bss
        join students me on me.id = bss.student_id and me.batch_id = bs.batch_id
        where bss.batch_subject_id = a.batch_subject_id and bss.student_id = ${reader.entityId})`;
    default:
      return sql`false`;
  }
}

export interface ListFilters {
  batchId?: string;
  batchSubjectId?: string;
}

function filtersOf(filters: ListFilters): SQL {
  const parts: SQL[] = [];
  if (filters.batchId) parts.push(sql`bs.batch_id = ${filters.batchId}`);
  if (filters.batchSubjectId) parts.push(sql`a.batch_subject_id = ${filters.batchSubjectId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const liveParents = sql`
  from assessments a
  join batch_subjects bs on bs.id = a.batch_subject_id and bs.deleted_at is null
  join batches b on b.id = bs.batch_id and b.deleted_at is null
  join subjects s on s.id = bs.subject_id and s.deleted_at is null`;

/** Which rows a list answers, in its order: the page is picked before anything is counted for it. */
export interface AssessmentPage {
  order: SQL;
  limit: number;
}

/**
 * Assessments with everything a card shows, in ONE statement: question counts and marks, and
 * submission counts, from lateral aggregates per assessment. With `page`, the page's ids are picked
 * first (filtered, ordered, limited on the assessments' indexes) and the aggregates built for those
 * rows only, never for every match.
 */
export function selectAssessments(reader: Reader, where: SQL, page?: AssessmentPage): SQL {
  const me = reader.entityId;
  return sql`
    select a.id, a.batch_subject_id, bs.batch_id, b.title as batch_title, s.id as subject_id,
      s.code as subject_code, s.title as subject_title, a.title, a.description, a.start_date,
      a.due_date, a.paper_url, a.status, a.author_user_id, a.author_name,
      q.questions_count, q.total_marks, q.has_upload_questions, a.duration_minutes, a.shuffle_questions,
      a.shuffle_options, a.draw_count, a.one_at_a_time,
      att.attempts_started, att.submissions_received, att.submissions_evoluted,
      (select count(*)::int from batch_subject_students bss
        join students st on st.id = bss.student_id and st.archived_at is null and st.batch_id = bs.batch_id
        where bss.batch_subject_id = a.batch_subject_id) as student_count,
      exists (select 1 from exam_attempts mine where mine.assessment_id = a.id
        and mine.student_id = ${me} and mine.submitted_at is not null) as has_taken,
      exists (select 1 from exam_attempts mine where mine.assessment_id = a.id
        and mine.student_id = ${me}) as has_started,
      exists (select 1 from batch_subject_faculties tf
        where tf.batch_subject_id = a.batch_subject_id and tf.faculty_id = ${me}) as teaches,
      a.created_at, a.updated_at
    ${liveParents}
    cross join lateral (
      select count(*)::int as questions_count, coalesce(sum(qq.weightage), 0)::float8 as total_marks,
        coalesce(bool_or(qq.type = 'UPLOAD'), false) as has_upload_questions
      from questions qq where qq.assessment_id = a.id) q
    cross join lateral (
      select count(*)::int as attempts_started,
        (count(*) filter (where ea.submitted_at is not null))::int as submissions_received,
        (count(*) filter (where ea.submitted_at is not null and not exists (
          select 1 from exam_answers x where x.attempt_id = ea.id and not x.assessed)))::int
          as submissions_evoluted
      from exam_attempts ea where ea.assessment_id = a.id) att
    ${
      page
        ? sql`where a.id in (select a.id ${liveParents} where ${where} ${page.order} limit ${page.limit})
            ${page.order}`
        : sql`where ${where}`
    }`;
}

/** One assessment of the institution that the reader may see, or undefined. */
export async function findAssessment(
  db: Database,
  institutionId: string,
  reader: Reader,
  assessmentId: string,
): Promise<AssessmentRow | undefined> {
  const where = sql`a.id = ${assessmentId} and a.institution_id = ${institutionId}`;
  const result = await executePrepared<AssessmentRow>(db, selectAssessments(reader, where));
  return result.rows[0];
}

/** The due-date comparison that puts an assessment in a tab (learning §4: Upcoming while now <= due). */
const inTab = (tab: AssessmentTimeTab, now: Date) =>
  tab === 'upcoming' ? sql`a.due_date >= ${now}` : sql`a.due_date < ${now}`;

/**
 * One page of a tab: Upcoming soonest due first, Previous latest due first, the id breaking ties;
 * the page after `page.after` starts past that row's (due_date, id).
 */
export async function listAssessments(
  db: Database,
  query: { institutionId: string; reader: Reader; filters: ListFilters; tab: AssessmentTimeTab; now: Date },
  page: Page,
): Promise<AssessmentRow[]> {
  const { institutionId, reader, filters, tab, now } = query;
  const ascending = tab === 'upcoming';
  const after = page.after
    ? sql`and (a.due_date, a.id) ${ascending ? sql`>` : sql`<`} (select p.due_date, p.id from assessments p
        where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
    : sql``;
  const where = sql`a.institution_id = ${institutionId} and ${visibleTo(reader)} and ${filtersOf(filters)}
    and ${inTab(tab, now)} ${after}`;
  const order = ascending ? sql`order by a.due_date asc, a.id asc` : sql`order by a.due_date desc, a.id desc`;
  const result = await executePrepared<AssessmentRow>(
    db,
    selectAssessments(reader, where, { order, limit: page.limit + 1 }),
  );
  return result.rows;
}

/** How many assessments each tab holds for this reader and these filters. */
export async function countAssessments(
  db: Database,
  query: { institutionId: string; reader: Reader; filters: ListFilters; now: Date },
): Promise<{ upcoming: number; previous: number }> {
  const { institutionId, reader, filters, now } = query;
  const result = await executePrepared<{ upcoming: number; previous: number }>(
    db,
    sql`select (count(*) filter (where a.due_date >= ${now}))::int as upcoming,
        (count(*) filter (where a.due_date < ${now}))::int as previous
      ${liveParents}
      where a.institution_id = ${institutionId} and ${visibleTo(reader)} and ${filtersOf(filters)}`,
  );
  return result.rows[0] ?? { upcoming: 0, previous: 0 };
}

export interface TeachingBatchSubject extends Record<string, unknown> {
  id: string;
  batch_id: string;
  subject_id: string;
  teaches: boolean;
}

/** A live batch subject (of a live batch and subject) of the institution, with the caller's link. */
export async function findBatchSubject(
  db: Database,
  institutionId: string,
  batchSubjectId: string,
  entityId: string,
): Promise<TeachingBatchSubject | undefined> {
  const result = await executePrepared<TeachingBatchSubject>(
    db,
    sql`select bs.id, bs.batch_id, bs.subject_id,
        exists (select 1 from batch_subject_faculties bsf
          where bsf.batch_subject_id = bs.id and bsf.faculty_id = ${entityId}) as teaches
      from batch_subjects bs
      join batches b on b.id = bs.batch_id and b.deleted_at is null
      join subjects s on s.id = bs.subject_id and s.deleted_at is null
      where bs.id = ${batchSubjectId} and bs.institution_id = ${institutionId} and bs.deleted_at is null`,
  );
  return result.rows[0];
}

/** Whether the institution has this live batch. */
export async function batchExists(db: Database, institutionId: string, batchId: string): Promise<boolean> {
  const result = await executePrepared<{ found: boolean }>(
    db,
    sql`select exists (select 1 from batches where id = ${batchId}
      and institution_id = ${institutionId} and deleted_at is null) as found`,
  );
  return result.rows[0]?.found ?? false;
}
