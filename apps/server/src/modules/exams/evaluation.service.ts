import {
  ASSESSMENT_PAGE_SIZE,
  type AssessmentSubmissions,
  type AssessResult,
  type assessBodySchema,
  type EvaluationList,
  type evaluationListQuerySchema,
  MESSAGES,
  type QuestionSubmissions,
  type StudentSubmission,
  type SubmissionState,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { effectiveStatus } from '../assessments/assessment-status.js';
import { presentAssessment } from '../assessments/assessments.presenter.js';
import { type AssessmentRow, batchExists } from '../assessments/assessments.repository.js';
import {
  assertTeachingBatchSubject,
  assessmentForTeacher,
  lockAssessment,
} from '../assessments/assessments.service.js';
import { loadQuestions } from '../assessments/questions.repository.js';
import { findStudentExam } from './attempts.repository.js';
import {
  presentEvaluationRow,
  presentQuestionHead,
  presentSubmission,
  shownOrder,
} from './evaluation.presenter.js';
import * as repository from './evaluation.repository.js';
import { mayReadOwnResult } from './exams.policy.js';
import { leaveLog } from './leaves.service.js';
import { submitOverdue } from './overdue.js';
import type { PaperSettings } from './paper-order.js';

type ListQuery = z.output<typeof evaluationListQuerySchema>;
type AssessBody = z.output<typeof assessBodySchema>;

const readerOf = (user: AuthUser) => ({ permission: user.permission, entityId: user.entityId });

/**
 * Submits the overdue attempts of the assessment (decision 26) before anything of its
 * submissions is read, when there are any (a cheap probe first: most reads find none). A read that
 * submits writes: the students' kept attempts are dropped with the institution's reads.
 */
async function settleOverdue(deps: AppDeps, user: AuthUser, assessment: AssessmentRow): Promise<boolean> {
  if (!(await submitOverdue(deps.db, assessment, deps.clock.now()))) return false;
  forgetInstitutionReads(deps.db, institutionOf(user));
  return true;
}

/** An assessment the caller evaluates (404/403 as `assessmentForTeacher`), its overdue attempts submitted. */
export async function assessmentToEvaluate(deps: AppDeps, user: AuthUser, assessmentId: string) {
  const row = await assessmentForTeacher(deps, user, assessmentId);
  return (await settleOverdue(deps, user, row)) ? assessmentForTeacher(deps, user, assessmentId) : row;
}

/** GET /api/assessment-evaluations: Pending (CLOSED or DRAFTED) or Evaluated (EVOLUTED), latest due first. */
export async function listEvaluations(
  deps: AppDeps,
  user: AuthUser,
  query: ListQuery,
): Promise<EvaluationList> {
  const institutionId = institutionOf(user);
  if (query.batch_subject_id) await assertTeachingBatchSubject(deps, user, query.batch_subject_id);
  if (query.batch_id && !(await batchExists(deps.db, institutionId, query.batch_id))) throw notFound();
  const now = deps.clock.now();
  const page = readPage(query, ASSESSMENT_PAGE_SIZE);
  const filters = { batchId: query.batch_id, batchSubjectId: query.batch_subject_id };
  const reader = readerOf(user);
  const [rows, counts] = await Promise.all([
    repository.listEvaluations(deps.db, { institutionId, reader, filters, tab: query.tab, now }, page),
    repository.countEvaluations(deps.db, { institutionId, reader, filters, now }),
  ]);
  const paged = pageOf(rows, page, (row) => [row.id], counts[query.tab]);
  return {
    assessments: paged.rows.map((row) => presentAssessment(row, user, now)),
    counts,
    page: paged.page,
  };
}

/** GET /api/assessment-submissions/assessment/{assessmentId}: the batch subject's students and their state. */
export async function listSubmissions(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
  state: SubmissionState,
): Promise<AssessmentSubmissions> {
  const row = await assessmentToEvaluate(deps, user, assessmentId);
  const students = await repository.submissionSummaries(
    deps.db,
    {
      id: row.id,
      batchSubjectId: row.batch_subject_id,
      batchId: row.batch_id,
      hasUpload: row.has_upload_questions,
    },
    state,
  );
  return {
    assessment: presentAssessment(row, user, deps.clock.now()),
    students: students.map((student) => ({
      student_id: student.student_id,
      student_name: student.student_name,
      eligible: student.eligible,
      attempt_id: student.attempt_id,
      submitted: student.submitted_at !== null,
      submitted_at: student.submitted_at?.toISOString() ?? null,
      evaluated: student.evaluated,
      scored_marks: student.scored_marks,
    })),
  };
}

/**
 * GET /api/assessment-submissions/assessment/{assessmentId}/student/{studentId}: every answer with
 * the right one, marks and total. A student reads only their own, once EVOLUTED (decision 20);
 * faculty and moderators those of the assessments they evaluate.
 */
export async function getSubmission(
  deps: AppDeps,
  user: AuthUser,
  ids: { assessmentId: string; studentId: string },
): Promise<StudentSubmission> {
  let facts: { id: string; hasUpload: boolean; settings: PaperSettings };
  if (user.permission === 'student') {
    if (!mayReadOwnResult(user, ids.studentId)) throw forbidden();
    const exam = await findStudentExam(deps.db, institutionOf(user), user.entityId, ids.assessmentId);
    if (!exam) throw notFound();
    if (exam.status !== 'EVOLUTED') throw conflict(MESSAGES.examResultsNotYet);
    facts = { id: exam.id, hasUpload: exam.has_upload_questions, settings: exam };
  } else {
    const row = await assessmentToEvaluate(deps, user, ids.assessmentId);
    facts = { id: row.id, hasUpload: row.has_upload_questions, settings: row };
  }
  const attempt = await repository.findSubmittedAttempt(deps.db, facts, ids.studentId);
  if (!attempt) throw notFound(MESSAGES.examNotSubmitted);
  const [questions, answers, leaves] = await Promise.all([
    loadQuestions(deps.db, { assessmentId: facts.id }),
    repository.answersOfAttempt(deps.db, attempt.attempt_id),
    // Leaving the exam page is for its evaluators (issue 25), not the student's own result.
    user.permission === 'student' ? null : leaveLog(deps, attempt.attempt_id, attempt.submitted_at),
  ]);
  return { ...presentSubmission(facts.id, attempt, questions, answers, facts.settings), leaves };
}

/** GET /api/assessment-submissions/assessment/{assessmentId}/question/{questionId}: grade by question. */
export async function getQuestionSubmissions(
  deps: AppDeps,
  user: AuthUser,
  ids: { assessmentId: string; questionId: string },
): Promise<QuestionSubmissions> {
  const row = await assessmentToEvaluate(deps, user, ids.assessmentId);
  const questions = await loadQuestions(deps.db, { assessmentId: row.id });
  const question = questions.find((candidate) => candidate._id === ids.questionId);
  if (!question) throw notFound();
  const answers = await repository.answersToQuestion(
    deps.db,
    { id: row.id, hasUpload: row.has_upload_questions },
    question._id,
  );
  return {
    assessment: presentAssessment(row, user, deps.clock.now()),
    question: presentQuestionHead(question),
    answers: answers.map((answer) => ({
      ...presentEvaluationRow(question, answer, shownOrder(questions, row, answer.seed)),
      attempt_id: answer.attempt_id,
      student_id: answer.student_id,
      student_name: answer.student_name,
      eligible: answer.eligible,
    })),
  };
}

/**
 * POST /api/assessment-submissions/assess (decisions 20 and 28), in one transaction with the
 * assessment locked, so "Marks Evaluated" cannot slip in between: every unassessed answer in scope
 * must be marked Correct or Wrong (choice answers keep their score), else 400 "Please evaluate all
 * answers"; frozen once EVOLUTED (409).
 */
export async function assess(deps: AppDeps, user: AuthUser, body: AssessBody): Promise<AssessResult> {
  const row = await assessmentToEvaluate(deps, user, body.assessment_id);
  if (row.batch_subject_id !== body.batch_subject_id) throw notFound();
  const given = new Map(body.submissions.map((item) => [item.submission_id, item]));
  const refuse = () => badRequest(MESSAGES.evaluateAllAnswers, { submissions: MESSAGES.evaluateAllAnswers });
  const questions = await loadQuestions(deps.db, { assessmentId: row.id });
  if (body.question_id && !questions.some((question) => question._id === body.question_id)) throw notFound();
  const typeOf = new Map(questions.map((question) => [question._id, question.type]));
  const count = await deps.db.transaction(async (tx) => {
    const current = await lockAssessment(tx, institutionOf(user), row.id);
    const status = effectiveStatus(current.status, current.dueDate, deps.clock.now());
    if (status === 'EVOLUTED') throw conflict(MESSAGES.evaluationFrozen);
    if (status === 'CANCELED') throw conflict(MESSAGES.evaluationFrozen);
    const targets = await repository.markTargets(tx, row.id, [...given.keys()]);
    if (targets.length !== given.size) {
      throw badRequest(MESSAGES.evaluationUnknownAnswer, { submissions: MESSAGES.evaluationUnknownAnswer });
    }
    if (body.question_id && targets.some((target) => target.question_id !== body.question_id)) {
      throw badRequest(MESSAGES.evaluationUnknownAnswer, { submissions: MESSAGES.evaluationUnknownAnswer });
    }
    const required = await repository.unassessedAnswerIds(tx, {
      assessmentId: row.id,
      questionId: body.question_id,
      attemptIds: [...new Set(targets.map((target) => target.attempt_id))],
    });
    if (!required.every((id) => given.has(id))) throw refuse();
    for (const target of targets) {
      const type = typeOf.get(target.question_id);
      const manual = type === 'TEXT' || type === 'UPLOAD';
      if (manual && typeof given.get(target.id)?.correct !== 'boolean') throw refuse();
    }
    await repository.applyMarks(
      tx,
      targets.map((target) => ({
        answerId: target.id,
        correct: given.get(target.id)?.correct ?? null,
        marks: given.get(target.id)?.scored_point ?? null,
      })),
      user.userId,
      deps.clock.now(),
    );
    return targets.length;
  });
  const after = await assessmentForTeacher(deps, user, row.id);
  return { assessed: count, assessment: presentAssessment(after, user, deps.clock.now()) };
}
