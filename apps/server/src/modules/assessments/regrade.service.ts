import {
  type AssessmentHistory,
  formatMessage,
  MESSAGES,
  type Question,
  type Regrade,
  type RegradeResult,
  type regradeBodySchema,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { forgetExamPaper } from '../exams/attempts.service.js';
import { effectiveStatus } from './assessment-status.js';
import { assessmentForTeacher, lockAssessment } from './assessments.service.js';
import { loadQuestions } from './questions.repository.js';
import * as repository from './regrade.repository.js';
import { roundMarks } from './scoring.js';

type RegradeBody = z.output<typeof regradeBodySchema>;
type Key = repository.RegradeRow['before'];

/**
 * Regrading a wrong key after the exam (decision 39): a teacher of the batch subject, or a
 * moderator, corrects a question's right options or marks once students have sat it and before
 * Marks Evaluated; every submission is rescored in one statement, and the change is kept in the
 * assessment's history (who, when, before, after, how many scores changed).
 */

const CHOICE = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN']);

/** 409 unless the assessment has been sat and its marks are not yet evaluated. */
function assertRegradable(status: ReturnType<typeof effectiveStatus>, attemptsStarted: number) {
  if (status === 'EVOLUTED') throw conflict(MESSAGES.evaluationFrozen);
  if (status === 'CANCELED') throw conflict(formatMessage(MESSAGES.assessmentLocked, { status }));
  if (attemptsStarted === 0) throw conflict(MESSAGES.regradeNotStarted);
}

const keyOf = (question: Question): Key => ({
  right_option_ids: question.answers.filter((option) => option.correct).map((option) => option._id),
  weightage: question.weightage,
});

/** The key the body asks for, checked against the question (400 for anything that does not fit). */
function newKey(question: Question, body: RegradeBody): Key {
  const before = keyOf(question);
  const field = (message: string) => badRequest(message, { right_option_ids: message });
  let right = before.right_option_ids;
  if (body.right_option_ids) {
    if (!CHOICE.has(question.type)) throw field(MESSAGES.regradeNotChoice);
    const known = new Set(question.answers.map((option) => option._id));
    right = [...new Set(body.right_option_ids)];
    if (!right.every((id) => known.has(id))) throw field(MESSAGES.regradeUnknownOption);
    if (question.type !== 'MULTIPLE_CHOICE' && right.length !== 1)
      throw field(MESSAGES.regradeOneRightOption);
  }
  const after = { right_option_ids: right, weightage: roundMarks(body.weightage ?? before.weightage) };
  const sameRight =
    after.right_option_ids.length === before.right_option_ids.length &&
    after.right_option_ids.every((id) => before.right_option_ids.includes(id));
  if (sameRight && after.weightage === before.weightage) throw field(MESSAGES.regradeNothing);
  return after;
}

const presentRegrade = (row: repository.RegradeRow): Regrade => ({
  _id: row.id,
  question_id: row.question_id,
  question_position: row.question_position,
  user_name: row.user_name,
  created_at: row.created_at.toISOString(),
  before: row.before,
  after: row.after,
  scores_changed: row.scores_changed,
});

/** POST /api/assessments/{id}/questions/{questionId}/regrade. */
export async function regradeQuestion(
  deps: AppDeps,
  user: AuthUser,
  ids: { assessmentId: string; questionId: string },
  body: RegradeBody,
): Promise<RegradeResult> {
  const institutionId = institutionOf(user);
  const row = await assessmentForTeacher(deps, user, ids.assessmentId);
  assertRegradable(effectiveStatus(row.status, row.due_date, deps.clock.now()), row.attempts_started);
  const question = (await loadQuestions(deps.db, { assessmentId: row.id })).find(
    (candidate) => candidate._id === ids.questionId,
  );
  if (!question) throw notFound();
  const before = keyOf(question);
  const after = newKey(question, body);
  const { regrade, rescored } = await deps.db.transaction(async (tx) => {
    // Under the row lock, so Marks Evaluated (which takes it too) cannot slip in between.
    const current = await lockAssessment(tx, institutionId, row.id);
    assertRegradable(
      effectiveStatus(current.status, current.dueDate, deps.clock.now()),
      row.attempts_started,
    );
    await repository.writeKey(tx, question._id, {
      rightOptionIds: CHOICE.has(question.type) ? after.right_option_ids : null,
      weightage: after.weightage,
    });
    const scores = await repository.rescoreQuestion(tx, { id: question._id, type: question.type });
    const entry = await repository.recordRegrade(tx, {
      institutionId,
      assessmentId: row.id,
      questionId: question._id,
      userId: user.userId,
      userName: user.name,
      before,
      after,
      scoresChanged: scores.changed,
      now: deps.clock.now(),
    });
    return { regrade: entry, rescored: scores.rescored };
  });
  forgetExamPaper(deps, row.id);
  const updated = (await loadQuestions(deps.db, { assessmentId: row.id })).find(
    (candidate) => candidate._id === question._id,
  )!;
  return { regrade: presentRegrade(regrade), question: updated, rescored };
}

/** GET /api/assessments/{id}/history: the assessment's regrades, latest first. */
export async function assessmentHistory(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<AssessmentHistory> {
  const row = await assessmentForTeacher(deps, user, assessmentId);
  return { regrades: (await repository.regradesOf(deps.db, row.id)).map(presentRegrade) };
}
