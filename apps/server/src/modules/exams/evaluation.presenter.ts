import type { EvaluationRow, Question, StudentSubmission } from '@portal/shared';
import { roundMarks } from '../assessments/scoring.js';
import type { AnswerRow, SubmittedAttemptRow } from './evaluation.repository.js';
import { isPersonal, type PaperSettings, studentOrder } from './paper-order.js';

/**
 * Where a student saw each question and option (decision 39): their question numbers when the
 * paper was shuffled or drawn, their letters when options were shuffled; null otherwise. Staff
 * screens keep the paper's order and note these.
 */
export interface ShownOrder {
  questionNumber: Map<string, number> | null;
  optionPosition: Map<string, number>;
}

/** The student's order from their attempt's seed, or null when everyone had the paper as it is. */
export function shownOrder(
  questions: readonly Question[],
  settings: PaperSettings,
  seed: number | null,
): ShownOrder | null {
  if (seed === null || !isPersonal(settings)) return null;
  const order = studentOrder(questions, settings, seed);
  const reordered = settings.shuffle_questions || settings.draw_count !== null;
  const optionPosition = new Map<string, number>();
  for (const ids of order.optionIds.values()) {
    for (const [index, id] of ids.entries()) optionPosition.set(id, index + 1);
  }
  return {
    questionNumber: reordered ? new Map(order.questionIds.map((id, index) => [id, index + 1])) : null,
    optionPosition,
  };
}

const optionsOf = (question: Question, shown?: ShownOrder | null) =>
  question.answers.map((option) => ({
    _id: option._id,
    title: option.title,
    position: option.position,
    correct: option.correct,
    shown_position: shown?.optionPosition.get(option._id) ?? null,
  }));

export function presentQuestionHead(question: Question) {
  return {
    _id: question._id,
    title: question.title,
    type: question.type,
    weightage: question.weightage,
    position: question.position,
    options: optionsOf(question),
  };
}

/**
 * One question of a submission with the student's answer and its marks (learning §3 "Evaluation
 * row"), with where the student saw it when their paper was their own.
 */
export function presentEvaluationRow(
  question: Question,
  answer: AnswerRow,
  shown: ShownOrder | null = null,
): EvaluationRow {
  return {
    _id: answer.id,
    question_id: question._id,
    question_type: question.type,
    question_title: question.title,
    position: question.position,
    weightage: question.weightage,
    options: optionsOf(question, shown),
    submitted_answer_ids: answer.option_ids,
    submitted_answer_text: answer.answer_text,
    file_urls: answer.file_urls,
    assessed: answer.assessed,
    correct: answer.correct,
    scored_point: answer.scored_point,
    shown_as: shown?.questionNumber?.get(question._id) ?? null,
  };
}

/**
 * A submission with every answer in the paper's order (the student's own numbers and letters
 * noted), its score and total: the student's paper's (a drawn one holds only its questions).
 */
export function presentSubmission(
  assessmentId: string,
  attempt: SubmittedAttemptRow,
  questions: readonly Question[],
  answers: readonly AnswerRow[],
  settings: PaperSettings,
): StudentSubmission {
  const byQuestion = new Map(answers.map((answer) => [answer.question_id, answer]));
  const shown = shownOrder(questions, settings, attempt.seed);
  const rows = questions.flatMap((question) => {
    const answer = byQuestion.get(question._id);
    return answer ? [presentEvaluationRow(question, answer, shown)] : [];
  });
  const paper =
    settings.draw_count === null ? questions : questions.filter((question) => byQuestion.has(question._id));
  return {
    attempt_id: attempt.attempt_id,
    assessment_id: assessmentId,
    student_id: attempt.student_id,
    student_name: attempt.student_name,
    eligible: attempt.eligible,
    submitted_at: attempt.submitted_at.toISOString(),
    auto_submitted: attempt.auto_submitted,
    evaluated: rows.every((row) => row.assessed),
    answers: rows,
    scored_marks: roundMarks(rows.reduce((sum, row) => sum + (row.scored_point ?? 0), 0)),
    total_marks: roundMarks(paper.reduce((sum, question) => sum + question.weightage, 0)),
    number_file_submited: rows.reduce((sum, row) => sum + row.file_urls.length, 0),
    assessor_name: attempt.assessor_name,
  };
}
