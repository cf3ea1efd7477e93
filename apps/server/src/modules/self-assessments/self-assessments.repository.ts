import type { SelfAssessmentResultQuestion } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Page } from '../../lib/pagination.js';
import { executePrepared } from '../../lib/prepared.js';

export interface ReaderTopicRow extends Record<string, unknown> {
  topic_id: string;
  topic_title: string;
  chapter_id: string;
  subject_id: string;
  /** The topic and its chapter are visible to students. */
  visible: boolean;
  self_assessment: boolean;
  /** The student's batch subject of the topic's subject, when the reader is a student studying it. */
  batch_subject_id: string | null;
}

/** A live topic of a live chapter and subject of the institution, with the student's batch subject. */
export async function findReaderTopic(
  db: Database,
  institutionId: string,
  topicId: string,
  studentId: string | null,
): Promise<ReaderTopicRow | undefined> {
  const result = await executePrepared<ReaderTopicRow>(
    db,
    sql`select t.id as topic_id, t.title as topic_title, c.id as chapter_id, c.subject_id,
        (t.visibility and c.visibility) as visible, t.self_assessment,
        (select bs.id from batch_subjects bs
          join students me on me.batch_id = bs.batch_id and me.id = ${studentId}
          join batches b on b.id = bs.batch_id and b.deleted_at is null
          where bs.subject_id = c.subject_id and bs.deleted_at is null limit 1) as batch_subject_id
      from topics t
      join chapters c on c.id = t.chapter_id and c.deleted_at is null
      join subjects s on s.id = c.subject_id and s.deleted_at is null
      where t.id = ${topicId} and t.institution_id = ${institutionId} and t.deleted_at is null`,
  );
  return result.rows[0];
}

export interface ResultRow extends Record<string, unknown> {
  id: string;
  topic_id: string;
  topic_title: string;
  chapter_id: string;
  subject_id: string;
  subject_title: string;
  batch_subject_id: string;
  scored_point: number;
  total_point: number;
  questions_count: number;
  created_at: Date;
  answers?: SelfAssessmentResultQuestion[];
}

const resultColumns = (withAnswers: boolean) => sql`
  r.id, r.topic_id, t.title as topic_title, t.chapter_id, c.subject_id, s.title as subject_title,
  r.batch_subject_id, r.scored_point::float8 as scored_point, r.total_point::float8 as total_point,
  r.questions_count, r.created_at ${withAnswers ? sql`, r.answers` : sql``}
  from self_assessment_results r
  join topics t on t.id = r.topic_id
  join chapters c on c.id = t.chapter_id
  join subjects s on s.id = c.subject_id`;

/** The student's results, newest first, optionally of one topic; the page after `page.after`. */
export async function listResults(
  db: Database,
  query: { institutionId: string; studentId: string; topicId?: string },
  page: Page,
): Promise<ResultRow[]> {
  const { institutionId, studentId, topicId } = query;
  const topic = topicId ? sql`and r.topic_id = ${topicId}` : sql``;
  const after = page.after
    ? sql`and (r.created_at, r.id) < (select p.created_at, p.id from self_assessment_results p
        where p.id = ${page.after[0]} and p.student_id = ${studentId})`
    : sql``;
  const result = await executePrepared<ResultRow>(
    db,
    sql`select ${resultColumns(false)}
      where r.student_id = ${studentId} and r.institution_id = ${institutionId} ${topic} ${after}
      order by r.created_at desc, r.id desc limit ${page.limit + 1}`,
  );
  return result.rows;
}

export async function countResults(
  db: Database,
  query: { institutionId: string; studentId: string; topicId?: string },
): Promise<number> {
  const topic = query.topicId ? sql`and topic_id = ${query.topicId}` : sql``;
  const result = await executePrepared<{ total: number }>(
    db,
    sql`select count(*)::int as total from self_assessment_results
      where student_id = ${query.studentId} and institution_id = ${query.institutionId} ${topic}`,
  );
  return result.rows[0]?.total ?? 0;
}

/** One of the student's results with its questions, or undefined. */
export async function findResult(
  db: Database,
  query: { institutionId: string; studentId: string; resultId: string },
): Promise<ResultRow | undefined> {
  const result = await executePrepared<ResultRow>(
    db,
    sql`select ${resultColumns(true)}
      where r.id = ${query.resultId} and r.student_id = ${query.studentId}
        and r.institution_id = ${query.institutionId}`,
  );
  return result.rows[0];
}
