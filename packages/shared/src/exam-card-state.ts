import type { ExamCardState } from './schemas/assessments.js';
import { EXAM_GRACE_MS } from './schemas/exams.js';

/**
 * The student's exam card button at `now` (learning §2), by their own deadline (decision 38: the
 * end of their clock once started, else their due date). A started attempt past its deadline +
 * grace counts as submitted: the first read of the results submits it with its saved answers
 * (decision 26). The server gives each card its state; the Examinations tab works out the same
 * when the card's start comes, so a student waiting on it sees it open without a reload.
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
