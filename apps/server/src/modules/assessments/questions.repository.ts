import type { Question } from '@portal/shared';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { questionOptions, questions } from '../../db/schema/index.js';
import type { ParsedQuestion } from './import/index.js';
import { roundMarks } from './scoring.js';

/** Whose questions: an assessment's, or a topic's self assessment (exactly one). */
export type QuestionOwner =
  | { assessmentId: string; topicId?: undefined }
  | { topicId: string; assessmentId?: undefined };

const ownedBy = (owner: QuestionOwner): SQL =>
  owner.assessmentId !== undefined
    ? eq(questions.assessmentId, owner.assessmentId)
    : and(eq(questions.topicId, owner.topicId), isNull(questions.assessmentId))!;

// Keeps each statement well under PostgreSQL's 65,535 parameters (4 per option row).
const OPTION_CHUNK = 2000;

/**
 * Replaces the owner's questions by the parsed ones, in file order, inside the caller's
 * transaction: the old questions and their options go, the new ones come with their options
 * (lettered by position).
 */
export async function replaceQuestions(
  tx: Transaction,
  institutionId: string,
  owner: QuestionOwner,
  parsed: readonly ParsedQuestion[],
): Promise<void> {
  await tx.delete(questions).where(ownedBy(owner));
  if (parsed.length === 0) return;
  const inserted = await tx
    .insert(questions)
    .values(
      parsed.map((question, index) => ({
        institutionId,
        assessmentId: owner.assessmentId ?? null,
        topicId: owner.topicId ?? null,
        position: index + 1,
        title: question.title,
        type: question.type,
        weightage: roundMarks(question.marks),
      })),
    )
    .returning({ id: questions.id, position: questions.position });
  const idAt = new Map(inserted.map((row) => [row.position, row.id]));
  const options = parsed.flatMap((question, index) =>
    question.options.map((option, position) => ({
      questionId: idAt.get(index + 1)!,
      position: position + 1,
      title: option.title,
      correct: option.correct,
    })),
  );
  for (let start = 0; start < options.length; start += OPTION_CHUNK) {
    await tx.insert(questionOptions).values(options.slice(start, start + OPTION_CHUNK));
  }
}

/** The owner's questions in order, each with its options in order and the right ones marked. */
export async function loadQuestions(db: Database | Transaction, owner: QuestionOwner): Promise<Question[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(ownedBy(owner))
    .orderBy(asc(questions.position), asc(questions.id));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(questionOptions)
    .where(
      inArray(
        questionOptions.questionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(questionOptions.questionId), asc(questionOptions.position));
  const byQuestion = new Map<string, Question['answers']>();
  for (const option of options) {
    const list = byQuestion.get(option.questionId) ?? [];
    list.push({
      _id: option.id,
      title: option.title,
      position: option.position,
      correct: option.correct,
      type: option.correct ? 'CORRECT' : 'INCORRECT',
    });
    byQuestion.set(option.questionId, list);
  }
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    type: row.type,
    weightage: row.weightage,
    position: row.position,
    assessment_id: row.assessmentId,
    topic_id: row.topicId,
    answers: byQuestion.get(row.id) ?? [],
  }));
}
