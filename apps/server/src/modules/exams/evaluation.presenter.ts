import type { EvaluationRow, Question, StudentSubmission } from '@portal/shared';
import { roundMarks } from '../assessments/scoring.js';
import type { AnswerRow, SubmittedAttemptRow } from './evaluation.repository.js';

const optionsOf = (question: Question) =>
  question.answers.map((option) => ({
    _id: option._id,
    title: option.title,
    position: option.position,
    correct: option.correct,
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

/** One question of a submission with the student's answer and its marks (learning §3 "Evaluation row"). */
export function presentEvaluationRow(question: Question, answer: AnswerRow): EvaluationRow {
  return {
    _id: answer.id,
    question_id: question._id,
    question_type: question.type,
    question_title: question.title,
    position: question.position,
    weightage: question.weightage,
    options: optionsOf(question),
    submitted_answer_ids: answer.option_ids,
    submitted_answer_text: answer.answer_text,
    file_urls: answer.file_urls,
    assessed: answer.assessed,
    correct: answer.correct,
    scored_point: answer.scored_point,
  };
}

/** A submission with every answer in the paper's order, its score and total (learning §3). */
export function presentSubmission(
  assessmentId: string,
  attempt: SubmittedAttemptRow,
  questions: readonly Question[],
  answers: readonly AnswerRow[],
): StudentSubmission {
  const byQuestion = new Map(answers.map((answer) => [answer.question_id, answer]));
  const rows = questions.flatMap((question) => {
    const answer = byQuestion.get(question._id);
    return answer ? [presentEvaluationRow(question, answer)] : [];
  });
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
    total_marks: roundMarks(questions.reduce((sum, question) => sum + question.weightage, 0)),
    number_file_submited: rows.reduce((sum, row) => sum + row.file_urls.length, 0),
    assessor_name: attempt.assessor_name,
  };
}
