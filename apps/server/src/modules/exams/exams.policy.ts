import { EXAM_GRACE_MS, type Role } from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with examinations (learning §6, decisions 21, 26, 28). Roles are checked by the
 * route guard; the batch-subject rules by the services (`assessmentForTeacher`, the student's
 * enrolment), on rows of the caller's institution only.
 */
export const EXAM_POLICY = {
  /** Start, read, autosave and submit their own attempt. */
  sit: ['student'],
  /** Evaluation lists, submissions, marking, grade by question (faculty: their batch subjects). */
  evaluate: ['moderator', 'faculty'],
  /** One submission's answers: the student (own, once EVOLUTED) and its evaluators. */
  readSubmission: ['student', 'moderator', 'faculty'],
  /** The marks report, its PDF and CSV (learning §6: teachers and moderators). */
  marks: ['moderator', 'faculty'],
  /** Extra time and later due dates (decision 38: moderators, the batch subject's teachers). */
  accommodate: ['moderator', 'faculty'],
} as const satisfies Record<string, readonly Role[]>;

/** Where `now` lies against an examination's window. */
export type ExamWindow = 'before' | 'open' | 'grace' | 'over';

/**
 * Open from the start to the student's deadline (`due`: their own, decision 38), both included;
 * then a 60 s grace in which only saves and the submit (the auto-submit at zero) are accepted
 * (decisions 21 and 26).
 */
export function examWindow(start: Date, due: Date, now: Date): ExamWindow {
  const at = now.getTime();
  if (at < start.getTime()) return 'before';
  if (at <= due.getTime()) return 'open';
  if (at <= due.getTime() + EXAM_GRACE_MS) return 'grace';
  return 'over';
}

/** A new attempt starts only inside the window, never in the grace. */
export const mayStart = (window: ExamWindow) => window === 'open';
/** Saves and the submit are accepted until the grace has run out. */
export const mayAnswer = (window: ExamWindow) => window === 'open' || window === 'grace';

/** Time left by the server's clock (decision 26): never below 0. */
export const timeLeftMs = (due: Date, now: Date) => Math.max(0, due.getTime() - now.getTime());

/** A student reads only their own submission, and only once the marks are evaluated (decision 20). */
export function mayReadOwnResult(user: AuthUser, studentId: string): boolean {
  return user.permission === 'student' && user.entityId === studentId;
}
