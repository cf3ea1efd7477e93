import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { executePrepared } from '../../lib/prepared.js';
import { cachedRead, cachedUserRead, derivedOnce, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AssessmentColumns } from '../assessments/assessments.repository.js';
import type { StudentExamRow } from './attempts.repository.js';
import { type AccommodationFacts, ownDueDate, studentView } from './deadline.js';

/**
 * A student's examinations, from three parts kept in memory (lib/read-cache.ts), so that on exam
 * day thousands of students opening the Examinations tab, starting, saving and submitting cost
 * the database only what they write:
 * - the examinations of a batch (shared by its students): LIVE and EVOLUTED ones of its live
 *   batch subjects, with their question counts; only the API's writes change them, and each drops
 *   them (a steady read);
 * - the student's own facts, read in one statement: their batch, the batch subjects they are
 *   enrolled in, whether they may upload answer sheets, their standing extra time and their
 *   accommodations (staff-only data, changed only by the staff's writes, which drop them), and
 *   their attempts (changed by their own start and submit, which drop their reads, and by the
 *   overdue submit, which drops the institution's).
 * Everything clock-dependent (CLOSED, the window, the time left) is worked out per request, from
 * the student's own due date and deadline (decision 38, deadline.ts).
 */

/** An examination as its batch's students see it, without any student's attempt. */
export interface BatchExamRow extends AssessmentColumns {
  status: 'LIVE' | 'EVOLUTED';
  /** The questions' marks in the paper's order (a draw's size and total are worked out from them). */
  weights: number[];
}

export interface StudentFacts {
  batchId: string | null;
  uploadNotAllowed: boolean;
  /** The batch subjects the student is enrolled in. */
  enrolled: string[];
  /** Standing extra time in every examination with a duration (decision 38). */
  extraTimePercent: number;
  /** Accommodations by assessment id, as loaded (dates as ISO text). */
  accommodations: Record<
    string,
    { extra_minutes: number; extra_percent: number | null; due_date: string | null }
  >;
  /** The student's attempts, one per examination they started. */
  attempts: AttemptRow[];
}

/** An attempt as the facts' JSON carries it (times as ISO text). */
interface AttemptJson {
  id: string;
  assessment_id: string;
  started_at: string;
  submitted_at: string | null;
  auto_submitted: boolean;
  seed: number;
}

export interface AttemptRow extends Record<string, unknown> {
  id: string;
  assessment_id: string;
  started_at: Date;
  submitted_at: Date | null;
  auto_submitted: boolean;
  seed: number;
}

function loadBatchExams(db: Database, institutionId: string, batchId: string) {
  return executePrepared<BatchExamRow>(
    db,
    sql`select a.id, a.batch_subject_id, bs.batch_id, b.title as batch_title, s.id as subject_id,
        s.code as subject_code, s.title as subject_title, a.title, a.description, a.start_date,
        a.due_date, a.paper_url, a.status, a.author_user_id, a.author_name,
        q.questions_count, q.total_marks, q.has_upload_questions, q.weights, a.duration_minutes,
        a.shuffle_questions, a.shuffle_options, a.draw_count, a.one_at_a_time, a.created_at, a.updated_at
      from batch_subjects bs
      join batches b on b.id = bs.batch_id and b.deleted_at is null
      join subjects s on s.id = bs.subject_id and s.deleted_at is null
      join assessments a on a.batch_subject_id = bs.id and a.status in ('LIVE', 'EVOLUTED')
      cross join lateral (
        select count(*)::int as questions_count, coalesce(sum(qq.weightage), 0)::float8 as total_marks,
          coalesce(bool_or(qq.type = 'UPLOAD'), false) as has_upload_questions,
          coalesce(array_agg(qq.weightage::float8 order by qq.position), '{}') as weights
        from questions qq where qq.assessment_id = a.id) q
      where bs.batch_id = ${batchId} and bs.institution_id = ${institutionId} and bs.deleted_at is null
      order by a.due_date, a.id`,
  ).then((result) => result.rows);
}

/** The examinations of a batch, shared by its students. */
export function batchExams(deps: AppDeps, institutionId: string, batchId: string): Promise<BatchExamRow[]> {
  return cachedRead(
    deps.db,
    institutionId,
    `exams_of_batch:${batchId}`,
    () => loadBatchExams(deps.db, institutionId, batchId),
    STEADY_TTL_MS,
  );
}

function studentFacts(deps: AppDeps, user: AuthUser): Promise<StudentFacts> {
  const institutionId = institutionOf(user);
  return cachedUserRead(
    deps.db,
    institutionId,
    user.userId,
    'exam_student_facts',
    async () => {
      const result = await executePrepared<{
        batch_id: string | null;
        upload_not_allowed: boolean;
        enrolled: string[];
        extra_time_percent: number;
        accommodations: StudentFacts['accommodations'];
        attempts: AttemptJson[];
      }>(
        deps.db,
        sql`select s.batch_id, s.upload_assessment_not_allowed as upload_not_allowed,
            array(select bss.batch_subject_id from batch_subject_students bss where bss.student_id = s.id)::text[]
              as enrolled,
            s.extra_time_percent::float8 as extra_time_percent,
            coalesce((select json_object_agg(acc.assessment_id, json_build_object('extra_minutes', acc.extra_minutes,
              'extra_percent', acc.extra_percent::float8, 'due_date', acc.due_date))
              from exam_accommodations acc where acc.student_id = s.id), '{}'::json) as accommodations,
            coalesce((select json_agg(json_build_object('id', ea.id, 'assessment_id', ea.assessment_id,
              'started_at', ea.started_at, 'submitted_at', ea.submitted_at,
              'auto_submitted', ea.auto_submitted, 'seed', ea.seed))
              from exam_attempts ea where ea.student_id = s.id), '[]'::json) as attempts
          from students s
          where s.id = ${user.entityId} and s.institution_id = ${institutionId} and s.archived_at is null`,
      );
      const row = result.rows[0];
      return {
        batchId: row?.batch_id ?? null,
        uploadNotAllowed: row?.upload_not_allowed ?? false,
        enrolled: row?.enrolled ?? [],
        extraTimePercent: row?.extra_time_percent ?? 0,
        accommodations: row?.accommodations ?? {},
        attempts: (row?.attempts ?? []).map(attemptOfJson),
      };
    },
    STEADY_TTL_MS,
  );
}

const attemptOfJson = (attempt: AttemptJson): AttemptRow => ({
  ...attempt,
  started_at: new Date(attempt.started_at),
  submitted_at: attempt.submitted_at === null ? null : new Date(attempt.submitted_at),
});

const enrolledSet = derivedOnce((facts: StudentFacts) => new Set(facts.enrolled));
/** The accommodations with their dates read once per kept facts. */
const accommodationsOf = derivedOnce(
  (facts: StudentFacts) =>
    new Map<string, AccommodationFacts>(
      Object.entries(facts.accommodations).map(([assessmentId, acc]) => [
        assessmentId,
        {
          extraMinutes: acc.extra_minutes,
          extraPercent: acc.extra_percent,
          dueDate: acc.due_date ? new Date(acc.due_date) : null,
        },
      ]),
    ),
);
const attemptsByExam = derivedOnce(
  (attempts: AttemptRow[]) => new Map(attempts.map((attempt) => [attempt.assessment_id, attempt])),
);

/** A student's batch, enrolments (as a Set) and upload right, kept (see above). */
export async function studentFactsOf(deps: AppDeps, user: AuthUser) {
  const facts = await studentFacts(deps, user);
  return { batchId: facts.batchId, uploadNotAllowed: facts.uploadNotAllowed, enrolled: enrolledSet(facts) };
}

/**
 * The parts of a student's examinations, each kept on its own: the batch's examinations (`exams`),
 * the batch subjects the student is enrolled in and their attempts by examination. Reading them
 * in place (no row copied) is what a read done thousands of times a minute can afford.
 */
export async function partsOf(deps: AppDeps, user: AuthUser) {
  const facts = await studentFacts(deps, user);
  const exams = facts.batchId ? await batchExams(deps, institutionOf(user), facts.batchId) : [];
  return { facts, exams, enrolled: enrolledSet(facts), byExam: attemptsByExam(facts.attempts) };
}

export type StudentExam = BatchExamRow & StudentExamRow;

/** The student's own due date of one of their batch's examinations (a later one they were given). */
export const ownDueOf = (exam: BatchExamRow, facts: StudentFacts): Date =>
  ownDueDate(exam.due_date, accommodationsOf(facts).get(exam.id));

/** The student's own due date, deadline, minutes and drawn paper's size (deadline.ts) for one examination. */
export function ownView(exam: BatchExamRow, facts: StudentFacts, attempt: AttemptRow | undefined) {
  const student = {
    standingPercent: facts.extraTimePercent,
    accommodation: accommodationsOf(facts).get(exam.id),
  };
  return studentView(exam, student, attempt?.started_at ?? null);
}

/**
 * The examination as this student sits it: their attempt, their own due date (`due_date`) and
 * deadline, their own minutes, and their drawn paper's size and total.
 */
export function withAttempt(
  exam: BatchExamRow,
  facts: StudentFacts,
  attempt: AttemptRow | undefined,
): StudentExam {
  const view = ownView(exam, facts, attempt);
  // One spread (the exam's); the student's view field by field: a second spread in a literal
  // takes V8's generic path. The Examinations tab's cards do without it (own-exam-list.ts).
  return {
    ...exam,
    due_date: view.due_date,
    deadline: view.deadline,
    own_seconds: view.own_seconds,
    questions_count: view.questions_count,
    total_marks: view.total_marks,
    upload_not_allowed: facts.uploadNotAllowed,
    attempt_id: attempt?.id ?? null,
    started_at: attempt?.started_at ?? null,
    submitted_at: attempt?.submitted_at ?? null,
    auto_submitted: attempt?.auto_submitted ?? null,
    seed: attempt?.seed ?? null,
  };
}

/** One of the student's examinations, with their attempt, or undefined. */
export async function examOfStudent(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<StudentExam | undefined> {
  const { facts, exams, enrolled, byExam } = await partsOf(deps, user);
  const exam = exams.find((candidate) => candidate.id === assessmentId);
  if (!exam || !enrolled.has(exam.batch_subject_id)) return undefined;
  return withAttempt(exam, facts, byExam.get(exam.id));
}

/** The examination of one of the student's own attempts, or undefined. */
export async function examOfAttempt(
  deps: AppDeps,
  user: AuthUser,
  attemptId: string,
): Promise<StudentExam | undefined> {
  const { facts, exams, enrolled, byExam } = await partsOf(deps, user);
  const attempt = [...byExam.values()].find((candidate) => candidate.id === attemptId);
  const exam = attempt && exams.find((candidate) => candidate.id === attempt.assessment_id);
  if (!exam || !enrolled.has(exam.batch_subject_id)) return undefined;
  return withAttempt(exam, facts, attempt);
}
