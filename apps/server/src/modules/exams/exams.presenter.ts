import {
  type ExamAttempt,
  type ExamHeader,
  type ExamQuestion,
  NO_FILES,
  type Question,
  type SavedAnswer,
} from '@portal/shared';
import type { SavedAnswerRow, StudentExamRow } from './attempts.repository.js';
import { timeLeftMs } from './exams.policy.js';

/**
 * The attempt of an exam row that has one, with the time left until the student's own deadline by
 * the server's clock at `now`.
 */
export function presentAttempt(exam: StudentExamRow, now: Date): ExamAttempt {
  return {
    _id: exam.attempt_id!,
    assessment_id: exam.id,
    batch_subject_id: exam.batch_subject_id,
    started_at: exam.started_at!.toISOString(),
    due_date: exam.due_date.toISOString(),
    deadline: exam.deadline.toISOString(),
    submitted_at: exam.submitted_at?.toISOString() ?? null,
    auto_submitted: exam.auto_submitted ?? false,
    time_left_ms: exam.submitted_at ? 0 : timeLeftMs(exam.deadline, now),
  };
}

/** The exam page's heading part; `paper` is the student's own (its size and upload questions). */
export function presentExamHeader(exam: StudentExamRow, paper: readonly ExamQuestion[]): ExamHeader {
  return {
    _id: exam.id,
    title: exam.title,
    description: exam.description,
    batch_subject_id: exam.batch_subject_id,
    subject_title: exam.subject_title,
    start_date: exam.start_date.toISOString(),
    due_date: exam.due_date.toISOString(),
    url: exam.paper_url ?? NO_FILES,
    questions_count: exam.questions_count,
    total_marks: exam.total_marks,
    has_upload_questions: paper.some((question) => question.type === 'UPLOAD'),
    one_at_a_time: exam.one_at_a_time,
  };
}

/** A question as the student sitting the exam sees it: never which options are right. */
export function withoutRightAnswers(question: Question): ExamQuestion {
  return {
    _id: question._id,
    title: question.title,
    type: question.type,
    weightage: question.weightage,
    position: question.position,
    answers: question.answers.map((option) => ({
      _id: option._id,
      title: option.title,
      position: option.position,
    })),
  };
}

export function presentSavedAnswer(row: SavedAnswerRow): SavedAnswer {
  return {
    question_id: row.question_id,
    submitted_answer_ids: row.option_ids,
    submitted_answer_text: row.answer_text,
    file_urls: row.file_urls,
    marked_for_review: row.marked_for_review,
    updated_at: row.updated_at.toISOString(),
  };
}
