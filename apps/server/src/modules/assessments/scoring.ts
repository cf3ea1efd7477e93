import type { AssessmentQuestionType } from '@portal/shared';

/** Marks are kept to two decimals (numeric(10, 2)). */
export const roundMarks = (value: number) => Math.round(value * 100) / 100;

/**
 * A choice or BOOLEAN answer scores the full weightage when the chosen set equals the right set,
 * else 0 (decision 20): no part marks for a partly right multiple choice, and an empty answer
 * scores 0.
 */
export function scoreChoice(weightage: number, correctIds: readonly string[], chosenIds: readonly string[]) {
  const correct = new Set(correctIds);
  const chosen = new Set(chosenIds);
  const same = chosen.size === correct.size && [...chosen].every((id) => correct.has(id));
  return same && correct.size > 0 ? weightage : 0;
}

/** A TEXT answer: Correct gives the full weightage, Wrong (or not yet marked) 0. */
export function scoreText(weightage: number, correct: boolean | null) {
  return correct === true ? weightage : 0;
}

/** An UPLOAD answer: the marks entered; blank is 0 and never above the weightage (nor below 0). */
export function scoreUpload(weightage: number, marks: number | null) {
  if (marks === null || !Number.isFinite(marks)) return 0;
  return roundMarks(Math.min(Math.max(marks, 0), weightage));
}

/** Types scored on submission; TEXT and UPLOAD wait for a teacher (learning §9). */
export const AUTO_SCORED_TYPES: readonly AssessmentQuestionType[] = [
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'BOOLEAN',
];

export interface ScoredQuestion {
  type: AssessmentQuestionType;
  weightage: number;
  correctOptionIds: readonly string[];
}

export interface GivenAnswer {
  optionIds: readonly string[];
  /** A teacher's Correct / Wrong (TEXT), null until marked. */
  correct: boolean | null;
  /** A teacher's marks (UPLOAD), null when blank. */
  marks: number | null;
}

/** The score of one answer by its question's type (decision 20). */
export function scoreAnswer(question: ScoredQuestion, answer: GivenAnswer): number {
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
    case 'BOOLEAN':
      return scoreChoice(question.weightage, question.correctOptionIds, answer.optionIds);
    case 'TEXT':
      return scoreText(question.weightage, answer.correct);
    case 'UPLOAD':
      return scoreUpload(question.weightage, answer.marks);
  }
}
