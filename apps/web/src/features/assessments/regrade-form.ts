import type { Question, RegradeBody } from '@portal/shared';
import { regradeBodySchema } from '@portal/shared/schemas/exam-fairness';
import { firstIssue } from '../../lib/checked-text';

const CHOICE = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN']);
export const isChoiceQuestion = (question: Pick<Question, 'type'>) => CHOICE.has(question.type);

/** The regrade form as typed: the right options' ids, and the marks. */
export interface RegradeValues {
  right: string[];
  marks: string;
}

export const regradeValues = (question: Question): RegradeValues => ({
  right: question.answers.filter((option) => option.correct).map((option) => option._id),
  marks: String(question.weightage),
});

/**
 * The body to send: the right options (choice questions only) and the marks, checked by the shared
 * schema; the server refuses a key that changes nothing.
 */
export function regradeResult(
  question: Question,
  values: RegradeValues,
): { body: RegradeBody } | { error: string } {
  const body: RegradeBody = {
    ...(isChoiceQuestion(question) ? { right_option_ids: values.right } : {}),
    weightage: values.marks.trim() === '' ? Number.NaN : Number(values.marks.trim()),
  };
  const problem = firstIssue(regradeBodySchema.safeParse(body));
  return problem ? { error: problem } : { body };
}
