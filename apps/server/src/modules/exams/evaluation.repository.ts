import type { EvaluationTab, SubmissionState } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { Page } from '../../lib/pagination.js';
import { executePrepared } from '../../lib/prepared.js';
import {
  type AssessmentRow,
  type Reader,
  selectAssessments,
  visibleTo,
} from '../assessments/assessments.repository.js';

/** Pending: CLOSED (LIVE past due) or DRAFTED; Evaluated: EVOLUTED (learning §4). */
const inEvaluationTab = (tab: EvaluationTab, now: Date) =>
  tab === 'pending'
    ? sql`(a.status = 'DRAFTED' or (a.status = 'LIVE' and a.due_date < ${now}))`
    : sql`a.status = 'EVOLUTED'`;

export interface EvaluationFilters {
  batchId?: string;
  batchSubjectId?: string;
}

function filtersOf(filters: EvaluationFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.batchId) parts.push(sql`bs.batch_id = ${filters.batchId}`);
  if (filters.batchSubjectId) parts.push(sql`a.batch_subject_id = ${filters.batchSubjectId}`);
  return sql.join(parts, sql` and `);
}

/** One page of an evaluation tab, latest due first (the id breaking ties). */
export async function listEvaluations(
  db: Database,
  query: { institutionId: string; reader: Reader; filters: EvaluationFilters; tab: EvaluationTab; now: Date },
  page: Page,
): Promise<AssessmentRow[]> {
  const { institutionId, reader, filters, tab, now } = query;
  const after = page.after
    ? sql`and (a.due_date, a.id) < (select p.due_date, p.id from assessments p
        where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
    : sql``;
  const where = sql`a.institution_id = ${institutionId} and ${visibleTo(reader)} and ${filtersOf(filters)}
    and ${inEvaluationTab(tab, now)} ${after}`;
  const result = await executePrepared<AssessmentRow>(
    db,
    selectAssessments(reader, where, {
      order: sql`order by a.due_date desc, a.id desc`,
      limit: page.limit + 1,
    }),
  );
  return result.rows;
}

export async function countEvaluations(
  db: Database,
  query: { institutionId: string; reader: Reader; filters: EvaluationFilters; now: Date },
): Promise<{ pending: number; evaluated: number }> {
  const { institutionId, reader, filters, now } = query;
  const result = await executePrepared<{ pending: number; evaluated: number }>(
    db,
    sql`select (count(*) filter (where ${inEvaluationTab('pending', now)}))::int as pending,
        (count(*) filter (where ${inEvaluationTab('evaluated', now)}))::int as evaluated
      from assessments a
      join batch_subjects bs on bs.id = a.batch_subject_id and bs.deleted_at is null
      join batches b on b.id = bs.batch_id and b.deleted_at is null
      join subjects s on s.id = bs.subject_id and s.deleted_at is null
      where a.institution_id = ${institutionId} and ${visibleTo(reader)} and ${filtersOf(filters)}`,
  );
  return result.rows[0] ?? { pending: 0, evaluated: 0 };
}

/** A student is not eligible when refused uploads on an exam with upload questions (learning §5). */
const eligible = (hasUpload: boolean) =>
  sql`not (st.upload_assessment_not_allowed and ${hasUpload}::boolean)`;

/** Every answer of the attempt is assessed. */
const evaluatedAttempt = sql`(ea.submitted_at is not null and not exists (
  select 1 from exam_answers u where u.attempt_id = ea.id and not u.assessed))`;

export interface SubmissionSummaryRow extends Record<string, unknown> {
  student_id: string;
  student_name: string;
  eligible: boolean;
  attempt_id: string | null;
  submitted_at: Date | null;
  evaluated: boolean;
  scored_marks: number | null;
}

/** The students of the batch subject (of its batch, not archived) with their submission's state, by name. */
export async function submissionSummaries(
  db: Database,
  assessment: { id: string; batchSubjectId: string; batchId: string; hasUpload: boolean },
  state: SubmissionState,
): Promise<SubmissionSummaryRow[]> {
  const filter =
    state === 'evaluated'
      ? sql`and ${evaluatedAttempt}`
      : state === 'notEvaluated'
        ? sql`and ea.submitted_at is not null and not ${evaluatedAttempt}`
        : sql``;
  const result = await executePrepared<SubmissionSummaryRow>(
    db,
    sql`select st.id as student_id, st.name as student_name, ${eligible(assessment.hasUpload)} as eligible,
        ea.id as attempt_id, ea.submitted_at, ${evaluatedAttempt} as evaluated,
        (select sum(x.scored_point)::float8 from exam_answers x where x.attempt_id = ea.id) as scored_marks
      from batch_subject_students bss
      join students st on st.id = bss.student_id and st.archived_at is null and st.batch_id = ${assessment.batchId}
      left join exam_attempts ea on ea.assessment_id = ${assessment.id} and ea.student_id = st.id
      where bss.batch_subject_id = ${assessment.batchSubjectId} ${filter}
      order by st.name, st.id`,
  );
  return result.rows;
}

/** The name of who marked an answer: the faculty member's name, else the account's username. */
const assessorName = (userColumn: SQL) => sql`(select coalesce(f.name, u.username) from users u
  left join faculties f on f.user_id = u.id where u.id = ${userColumn})`;

export interface SubmittedAttemptRow extends Record<string, unknown> {
  attempt_id: string;
  student_id: string;
  student_name: string;
  eligible: boolean;
  submitted_at: Date;
  auto_submitted: boolean;
  assessor_name: string | null;
  /** The attempt's seed: the student's own paper (decision 39). */
  seed: number;
}

/** A student's submitted attempt of the assessment, with the latest assessor's name. */
export async function findSubmittedAttempt(
  db: Database,
  assessment: { id: string; hasUpload: boolean },
  studentId: string,
): Promise<SubmittedAttemptRow | undefined> {
  const result = await executePrepared<SubmittedAttemptRow>(
    db,
    sql`select ea.id as attempt_id, st.id as student_id, st.name as student_name,
        ${eligible(assessment.hasUpload)} as eligible, ea.submitted_at, ea.auto_submitted, ea.seed,
        ${assessorName(sql`(select x.assessor_user_id from exam_answers x where x.attempt_id = ea.id
          and x.assessor_user_id is not null order by x.assessed_at desc limit 1)`)} as assessor_name
      from exam_attempts ea join students st on st.id = ea.student_id
      where ea.assessment_id = ${assessment.id} and ea.student_id = ${studentId} and ea.submitted_at is not null`,
  );
  return result.rows[0];
}

export interface AnswerRow extends Record<string, unknown> {
  id: string;
  attempt_id: string;
  question_id: string;
  option_ids: string[];
  answer_text: string | null;
  file_urls: string[];
  assessed: boolean;
  correct: boolean | null;
  scored_point: number | null;
}

const answerColumns = sql`x.id, x.attempt_id, x.question_id, x.option_ids, x.answer_text, x.file_urls,
  x.assessed, x.correct, x.scored_point::float8 as scored_point`;

export async function answersOfAttempt(db: Database, attemptId: string): Promise<AnswerRow[]> {
  const result = await executePrepared<AnswerRow>(
    db,
    sql`select ${answerColumns} from exam_answers x where x.attempt_id = ${attemptId}`,
  );
  return result.rows;
}

/** Grade by question (decision 28): the question's answer in every submitted attempt, by student name. */
export async function answersToQuestion(
  db: Database,
  assessment: { id: string; hasUpload: boolean },
  questionId: string,
): Promise<(AnswerRow & { student_id: string; student_name: string; eligible: boolean; seed: number })[]> {
  const result = await executePrepared<
    AnswerRow & { student_id: string; student_name: string; eligible: boolean; seed: number }
  >(
    db,
    sql`select ${answerColumns}, st.id as student_id, st.name as student_name,
        ${eligible(assessment.hasUpload)} as eligible, ea.seed
      from exam_attempts ea
      join students st on st.id = ea.student_id
      join exam_answers x on x.attempt_id = ea.id and x.question_id = ${questionId}
      where ea.assessment_id = ${assessment.id} and ea.submitted_at is not null
      order by st.name, st.id`,
  );
  return result.rows;
}

export interface MarkTarget extends Record<string, unknown> {
  id: string;
  attempt_id: string;
  question_id: string;
  assessed: boolean;
}

/** The answers named by an evaluation that belong to submitted attempts of the assessment. */
export async function markTargets(
  tx: Transaction,
  assessmentId: string,
  answerIds: string[],
): Promise<MarkTarget[]> {
  const result = await tx.execute<MarkTarget>(sql`
    select x.id, x.attempt_id, x.question_id, x.assessed
    from exam_answers x join exam_attempts ea on ea.id = x.attempt_id
    where x.id = any(${sql.param(answerIds)}::uuid[]) and ea.assessment_id = ${assessmentId}
      and ea.submitted_at is not null`);
  return result.rows;
}

/**
 * The answers an evaluation must mark: the unassessed ones of the attempts it touches, or with a
 * question (grade by question) the unassessed answers to that question in every submitted attempt.
 */
export async function unassessedAnswerIds(
  tx: Transaction,
  scope: { assessmentId: string; questionId?: string; attemptIds: string[] },
): Promise<string[]> {
  const where = scope.questionId
    ? sql`ea.assessment_id = ${scope.assessmentId} and x.question_id = ${scope.questionId}`
    : sql`x.attempt_id = any(${sql.param(scope.attemptIds)}::uuid[])`;
  const result = await tx.execute<{ id: string }>(sql`
    select x.id from exam_answers x join exam_attempts ea on ea.id = x.attempt_id
    where ${where} and ea.submitted_at is not null and not x.assessed`);
  return result.rows.map((row) => row.id);
}

export interface Mark {
  answerId: string;
  correct: boolean | null;
  marks: number | null;
}

/**
 * Writes the marks in ONE statement (decision 20): choice answers keep the score of the submit;
 * TEXT scores the full weightage when Correct, else 0; UPLOAD the marks entered, blank 0, never
 * below 0 nor above the weightage, to two decimals.
 */
export async function applyMarks(tx: Transaction, marks: Mark[], assessorUserId: string, now: Date) {
  await tx.execute(sql`
    update exam_answers x set assessed = true, assessor_user_id = ${assessorUserId}, assessed_at = ${now},
      correct = case when q.type in ('TEXT', 'UPLOAD') then m.correct else x.correct end,
      scored_point = case q.type
        when 'TEXT' then case when m.correct then q.weightage else 0 end
        when 'UPLOAD' then round(least(greatest(coalesce(m.marks, 0), 0), q.weightage)::numeric, 2)
        else coalesce(x.scored_point, 0) end
    from jsonb_to_recordset(${JSON.stringify(
      marks.map((mark) => ({ id: mark.answerId, correct: mark.correct, marks: mark.marks })),
    )}::jsonb) as m(id uuid, correct boolean, marks float8), questions q
    where x.id = m.id and q.id = x.question_id`);
}
