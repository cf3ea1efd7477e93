import type {
  AnswerOption,
  SelfAssessmentOption,
  SelfAssessmentResult,
  SelfAssessmentResultSummary,
} from '@portal/shared';
import type { ResultRow } from './self-assessments.repository.js';

/** Options as a student sees them before submitting: nothing tells which is right. */
export function withoutAnswers(options: readonly AnswerOption[]): SelfAssessmentOption[] {
  return options.map((option) => ({ _id: option._id, title: option.title, position: option.position }));
}

/** A kept attempt as the results list shows it. */
export function presentSummary(row: ResultRow): SelfAssessmentResultSummary {
  return {
    _id: row.id,
    topic_id: row.topic_id,
    topic_title: row.topic_title,
    chapter_id: row.chapter_id,
    subject_id: row.subject_id,
    subject_title: row.subject_title,
    batch_subject_id: row.batch_subject_id,
    scored_point: row.scored_point,
    total_point: row.total_point,
    questions_count: row.questions_count,
    created_at: row.created_at.toISOString(),
  };
}

/** A kept attempt with each question as it was answered and scored. */
export function presentResult(row: ResultRow): SelfAssessmentResult {
  return { ...presentSummary(row), questions: row.answers ?? [] };
}
