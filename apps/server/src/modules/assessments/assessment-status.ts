import {
  type AssessmentStatus,
  type AssessmentTimeTab,
  EXAM_GRACE_MS,
  type ExamCardState,
} from '@portal/shared';

type StoredStatus = Exclude<AssessmentStatus, 'CLOSED'>;

/**
 * The status as everyone sees it: a LIVE assessment is CLOSED once its due date has passed
 * (decision 19), derived when read so nothing has to run at the deadline. A draft past its due
 * date stays DRAFTED: without questions nobody could sit it.
 */
export function effectiveStatus(stored: StoredStatus, dueDate: Date, now: Date): AssessmentStatus {
  if (stored === 'LIVE' && now.getTime() > dueDate.getTime()) return 'CLOSED';
  return stored;
}

/** Upcoming while now is on or before the due date, Previous after it (learning §4). */
export function timeTab(dueDate: Date, now: Date): AssessmentTimeTab {
  return now.getTime() <= dueDate.getTime() ? 'upcoming' : 'previous';
}

/**
 * The student's exam card button at `now` (learning §2), by their own deadline (decision 38: the
 * end of their clock once started, else their due date). A started attempt past its deadline +
 * grace counts as submitted: the first read of the results submits it with its saved answers
 * (decision 26).
 */
export function examCardState(
  exam: { has_taken: boolean; has_started: boolean; start_date: Date; due_date: Date; deadline?: Date },
  now: Date,
): ExamCardState {
  const at = now.getTime();
  const deadline = (exam.deadline ?? exam.due_date).getTime();
  const overdue = at > deadline + EXAM_GRACE_MS;
  if (exam.has_taken || (exam.has_started && overdue)) return 'submitted';
  if (at < exam.start_date.getTime()) return 'not_started';
  if (at <= deadline) return 'start';
  return 'missed';
}
