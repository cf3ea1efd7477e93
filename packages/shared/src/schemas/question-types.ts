import type { QUESTION_TYPES } from '../constants.js';

/** A question's type (learning §3 "Question"). */
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Self assessments are scored on the spot, so they hold only the choice types (learning §5). */
export const SELF_ASSESSMENT_QUESTION_TYPES = [
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'BOOLEAN',
] as const satisfies readonly QuestionType[];
