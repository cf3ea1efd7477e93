import type { SelfAssessmentQuestion, SubmitSelfAssessmentBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';

/** The options a student has chosen, by question id. */
export type Answers = Readonly<Record<string, readonly string[]>>;

/** Whether the question takes several options (a checkbox each) rather than one (radio buttons). */
export const takesSeveral = (question: Pick<SelfAssessmentQuestion, 'type'>) =>
  question.type === 'MULTIPLE_CHOICE';

/** The answers after choosing `optionIds` for a question (one option, or the whole checked set). */
export function choose(answers: Answers, questionId: string, optionIds: readonly string[]): Answers {
  return { ...answers, [questionId]: [...optionIds] };
}

export const answeredCount = (questions: readonly SelfAssessmentQuestion[], answers: Answers) =>
  questions.filter((question) => (answers[question._id]?.length ?? 0) > 0).length;

/**
 * The body of a submission (learning §7), or 'Please answer all the questions' while any question
 * has no option chosen (learning §5). Only the questions' own options are sent.
 */
export function submissionBody(
  topicId: string,
  batchSubjectId: string,
  questions: readonly SelfAssessmentQuestion[],
  answers: Answers,
): SubmitSelfAssessmentBody | { error: string } {
  const body: SubmitSelfAssessmentBody = { topic_id: topicId, batch_subject_id: batchSubjectId, answers: [] };
  for (const question of questions) {
    const own = new Set(question.answers.map((option) => option._id));
    const chosen = (answers[question._id] ?? []).filter((id) => own.has(id));
    const allowed = takesSeveral(question) ? chosen : chosen.slice(0, 1);
    if (allowed.length === 0) return { error: MESSAGES.answerAllQuestions };
    body.answers.push({ qid: question._id, submitted_answer_ids: allowed });
  }
  if (body.answers.length === 0) return { error: MESSAGES.answerAllQuestions };
  return body;
}
