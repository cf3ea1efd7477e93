import {
  ASSESSMENT_PAGE_SIZE,
  formatMessage,
  type ImportQuestionFileBody,
  MESSAGES,
  type Question,
  type QuestionFileBody,
  type QuestionFilePreview,
  SELF_ASSESSMENT_QUESTION_TYPES,
  type SelfAssessment,
  type SelfAssessmentQuestionType,
  type SelfAssessmentResult,
  type SelfAssessmentResultList,
  type SelfAssessmentResultQuestion,
  type SubmitSelfAssessmentBody,
  type selfAssessmentResultsQuerySchema,
  type TopicSelfAssessment,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { selfAssessmentResults, topics } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { assertImportable, parseStoredQuestionFile, presentPreview } from '../assessments/question-files.js';
import { loadQuestions, replaceQuestions } from '../assessments/questions.repository.js';
import { roundMarks, scoreChoice } from '../assessments/scoring.js';
import { assertStudentTopic } from '../learning/reading.policy.js';
import { assertCanReadSubject } from '../subjects/subjects.policy.js';
import { findTopic } from '../topics/topics.service.js';
import { mayAuthorSelfAssessment } from './self-assessments.policy.js';
import { presentResult, presentSummary, withoutAnswers } from './self-assessments.presenter.js';
import * as repository from './self-assessments.repository.js';

type ResultsQuery = z.output<typeof selfAssessmentResultsQuerySchema>;

/** A live topic of the caller's institution whose subject they author: 404, else 403. */
async function authoredTopic(deps: AppDeps, user: AuthUser, topicId: string) {
  const found = await findTopic(deps, institutionOf(user), topicId);
  if (!(await mayAuthorSelfAssessment(deps, user, found.subjectId))) throw forbidden();
  return found;
}

/** POST /api/topics/{topicId}/self-assessment/preview: the file parsed for a self assessment, nothing written. */
export async function previewTopicQuestions(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  body: QuestionFileBody,
): Promise<QuestionFilePreview> {
  await authoredTopic(deps, user, topicId);
  return presentPreview(
    await parseStoredQuestionFile(deps, user, body.csv_url, SELF_ASSESSMENT_QUESTION_TYPES),
  );
}

export async function getTopicSelfAssessment(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
): Promise<TopicSelfAssessment> {
  const { topic } = await authoredTopic(deps, user, topicId);
  return {
    topic_id: topic.id,
    self_assessment: topic.selfAssessment,
    questions: await loadQuestions(deps.db, { topicId }),
  };
}

/**
 * POST /api/topics/{topicId}/self-assessment: the file's questions (choice and BOOLEAN only)
 * replace the topic's, all or nothing, and the topic gets its TAKE SELF ASSESSMENT button. Results
 * already taken keep the questions as they were answered.
 */
export async function importTopicQuestions(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  body: ImportQuestionFileBody,
): Promise<TopicSelfAssessment> {
  const institutionId = institutionOf(user);
  await authoredTopic(deps, user, topicId);
  const parsed = await parseStoredQuestionFile(deps, user, body.csv_url, SELF_ASSESSMENT_QUESTION_TYPES);
  assertImportable(parsed, body.skip_problems === true);
  await deps.db.transaction(async (tx) => {
    // One import at a time per topic: the second replaces the first whole, never mixes with it.
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).for('update');
    await replaceQuestions(tx, institutionId, { topicId }, parsed.questions);
    await tx
      .update(topics)
      .set({ selfAssessment: true, updatedAt: deps.clock.now() })
      .where(and(eq(topics.id, topicId), eq(topics.institutionId, institutionId)));
  });
  return getTopicSelfAssessment(deps, user, topicId);
}

/** DELETE /api/topics/{topicId}/self-assessment: the topic's questions go; results stay. */
export async function removeTopicSelfAssessment(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
): Promise<TopicSelfAssessment> {
  const institutionId = institutionOf(user);
  await authoredTopic(deps, user, topicId);
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).for('update');
    await replaceQuestions(tx, institutionId, { topicId }, []);
    await tx
      .update(topics)
      .set({ selfAssessment: false, updatedAt: deps.clock.now() })
      .where(eq(topics.id, topicId));
  });
  return getTopicSelfAssessment(deps, user, topicId);
}

/** Self assessments hold only the choice types (checked on import). */
const selfType = (type: Question['type']) => type as SelfAssessmentQuestionType;

/**
 * GET /api/self-assessments/topic-id/{topicId}: the questions without their right answers, for
 * whoever may read the topic (a student: a visible topic of a subject of their batch). A topic
 * without a self assessment has no questions.
 */
export async function getSelfAssessment(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
): Promise<SelfAssessment> {
  const institutionId = institutionOf(user);
  const studentId = user.permission === 'student' ? user.entityId : null;
  const topic = await repository.findReaderTopic(deps.db, institutionId, topicId, studentId);
  if (!topic) throw notFound();
  await assertCanReadSubject(deps, user, topic.subject_id);
  if (user.permission === 'student' && !topic.visible) throw notFound();
  const questions = topic.self_assessment ? await loadQuestions(deps.db, { topicId }) : [];
  return {
    topic_id: topic.topic_id,
    topic_title: topic.topic_title,
    chapter_id: topic.chapter_id,
    subject_id: topic.subject_id,
    batch_subject_id: topic.batch_subject_id,
    total_point: roundMarks(questions.reduce((sum, question) => sum + question.weightage, 0)),
    questions: questions.map((question) => ({
      _id: question._id,
      title: question.title,
      type: selfType(question.type),
      weightage: question.weightage,
      position: question.position,
      answers: withoutAnswers(question.answers),
    })),
  };
}

/**
 * Checks the answers against the questions: each question answered once, with options of that
 * question, one option for a single choice or BOOLEAN. An answer to a question the topic no longer
 * has means the questions were replaced while the student answered (409).
 */
function checkAnswers(questions: Question[], answers: SubmitSelfAssessmentBody['answers']) {
  const byId = new Map(questions.map((question) => [question._id, question]));
  const chosen = new Map<string, string[]>();
  for (const answer of answers) {
    const question = byId.get(answer.qid);
    if (!question) throw conflict(MESSAGES.selfAssessmentChanged);
    if (chosen.has(answer.qid)) throw badRequest(MESSAGES.answerAllQuestions);
    const ids = [...new Set(answer.submitted_answer_ids)];
    const number = String(question.position);
    const optionIds = new Set(question.answers.map((option) => option._id));
    if (!ids.every((id) => optionIds.has(id))) {
      throw badRequest(formatMessage(MESSAGES.selfAssessmentUnknownAnswer, { number }));
    }
    if (question.type !== 'MULTIPLE_CHOICE' && ids.length > 1) {
      throw badRequest(formatMessage(MESSAGES.selfAssessmentOneAnswer, { number }));
    }
    chosen.set(answer.qid, ids);
  }
  if (chosen.size !== questions.length) throw badRequest(MESSAGES.answerAllQuestions);
  return chosen;
}

/**
 * POST /api/self-assessments: scores every question per decision 20 (the full weightage when the
 * chosen set equals the right set, else 0) and keeps the attempt with what was answered.
 */
export async function submitSelfAssessment(
  deps: AppDeps,
  user: AuthUser,
  body: SubmitSelfAssessmentBody,
): Promise<SelfAssessmentResult> {
  const institutionId = institutionOf(user);
  const read = await assertStudentTopic(deps, user, body.topic_id, body.batch_subject_id);
  const questions = await loadQuestions(deps.db, { topicId: read.topicId });
  if (questions.length === 0) throw notFound(MESSAGES.noQuestionsUploaded);
  const chosen = checkAnswers(questions, body.answers);
  const scored: SelfAssessmentResultQuestion[] = questions.map((question) => {
    const correctIds = question.answers.filter((option) => option.correct).map((option) => option._id);
    const submitted = chosen.get(question._id) ?? [];
    const point = scoreChoice(question.weightage, correctIds, submitted);
    return {
      question_id: question._id,
      title: question.title,
      type: selfType(question.type),
      weightage: question.weightage,
      scored_point: point,
      correct: point === question.weightage && point > 0,
      submitted_answer_ids: submitted,
      correct_answer_ids: correctIds,
      answers: withoutAnswers(question.answers),
    };
  });
  const [row] = await deps.db
    .insert(selfAssessmentResults)
    .values({
      institutionId,
      studentId: user.entityId,
      topicId: read.topicId,
      batchSubjectId: read.batchSubjectId,
      scoredPoint: roundMarks(scored.reduce((sum, question) => sum + question.scored_point, 0)),
      totalPoint: roundMarks(questions.reduce((sum, question) => sum + question.weightage, 0)),
      questionsCount: questions.length,
      answers: scored,
      createdAt: deps.clock.now(),
    })
    .returning({ id: selfAssessmentResults.id });
  return getResult(deps, user, row!.id);
}

/** GET /api/self-assessments/{id}: one of the student's own results (another's answers 404). */
export async function getResult(
  deps: AppDeps,
  user: AuthUser,
  resultId: string,
): Promise<SelfAssessmentResult> {
  const row = await repository.findResult(deps.db, {
    institutionId: institutionOf(user),
    studentId: user.entityId,
    resultId,
  });
  if (!row) throw notFound();
  return presentResult(row);
}

/** GET /api/users/me/self-assessments: the student's results, newest first, a page at a time. */
export async function listOwnResults(
  deps: AppDeps,
  user: AuthUser,
  query: ResultsQuery,
): Promise<SelfAssessmentResultList> {
  const filter = { institutionId: institutionOf(user), studentId: user.entityId, topicId: query.topic_id };
  const page = readPage(query, ASSESSMENT_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    repository.listResults(deps.db, filter, page),
    page.after === null ? repository.countResults(deps.db, filter) : Promise.resolve(null),
  ]);
  const paged = pageOf(rows, page, (row) => [row.id], total);
  return { results: paged.rows.map(presentSummary), page: paged.page };
}
