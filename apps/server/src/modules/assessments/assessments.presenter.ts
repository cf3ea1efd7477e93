import { type Assessment, examCardState, NO_FILES } from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';
import { effectiveStatus } from './assessment-status.js';
import { isEditable, mayCancel, mayTeachBatchSubject } from './assessments.policy.js';
import type { AssessmentRow } from './assessments.repository.js';

/** A student's own clock in whole minutes, as their card shows it (null: no duration). */
export const ownMinutes = (ownSeconds: number | null): number | null =>
  ownSeconds === null ? null : Math.round(ownSeconds / 60);

/** The duration; a student's card has their own (with their extra time). */
function durationFor(row: AssessmentRow): number | null {
  return row.own_seconds === undefined ? row.duration_minutes : ownMinutes(row.own_seconds);
}

/** An assessment as `user` sees it at `now`: its derived status and what they may do with it. */
export function presentAssessment(row: AssessmentRow, user: AuthUser, now: Date): Assessment {
  const status = effectiveStatus(row.status, row.due_date, now);
  const teaching = mayTeachBatchSubject(user, { teaches: row.teaches });
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    batch_subject_id: row.batch_subject_id,
    batch_id: row.batch_id,
    batch_title: row.batch_title,
    subject_id: row.subject_id,
    subject_code: row.subject_code,
    subject_title: row.subject_title,
    start_date: row.start_date.toISOString(),
    due_date: row.due_date.toISOString(),
    url: row.paper_url ?? NO_FILES,
    status,
    questions_count: row.questions_count,
    total_marks: row.total_marks,
    has_upload_questions: row.has_upload_questions,
    author_id: row.author_user_id,
    author_name: row.author_name,
    has_taken: user.permission === 'student' && row.has_taken,
    exam_state: user.permission === 'student' ? examCardState(row, now) : null,
    submissions_received: row.submissions_received,
    submissions_evoluted: row.submissions_evoluted,
    student_count: row.student_count,
    can_edit: teaching && isEditable(status),
    can_cancel: mayCancel(user, row.author_user_id, status),
    duration_minutes: durationFor(row),
    shuffle_questions: row.shuffle_questions,
    shuffle_options: row.shuffle_options,
    draw_count: row.draw_count,
    one_at_a_time: row.one_at_a_time,
    settings_frozen: row.attempts_started > 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
