import { EXAM_UPLOAD_WARNING_MS } from '@portal/shared/schemas/exams';

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as HH:MM:SS (hours beyond a day keep counting: 47:59:59), never below zero. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  return `${pad(hours)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * The deadline on the page's monotonic clock from the server's `time_left_ms` (decision 26): the
 * device's wall clock never enters, so a wrong device time changes nothing. Re-synced by every
 * answer carrying `time_left_ms`.
 */
export const deadlineFrom = (timeLeftMs: number, monotonicNow: number) => monotonicNow + timeLeftMs;

export const timeLeftAt = (deadline: number, monotonicNow: number) => Math.max(0, deadline - monotonicNow);

/** "Time to upload the sheets" shows with 10 minutes left on an exam with upload questions (learning §4). */
export const showsUploadWarning = (timeLeftMs: number, hasUploadQuestions: boolean) =>
  hasUploadQuestions && timeLeftMs > 0 && timeLeftMs <= EXAM_UPLOAD_WARNING_MS;

/** The minutes left at which a screen reader hears the time (WCAG 2.2.1, 4.1.3): never every second. */
export const ANNOUNCED_MINUTES = [10, 5, 1] as const;

/**
 * The announcement mark (10, 5 or 1 minutes) the clock reached between two readings, or null: the
 * smallest mark at or above `nowMs` that `beforeMs` was still above. A page opened with 7 minutes
 * left says nothing until 5; a clock that jumps from 12 to 4 minutes (a sleeping device) says 5.
 */
export function minutesMarkReached(beforeMs: number, nowMs: number): number | null {
  const reached = ANNOUNCED_MINUTES.filter(
    (minutes) => nowMs <= minutes * 60_000 && beforeMs > minutes * 60_000,
  );
  return nowMs > 0 && reached.length > 0 ? Math.min(...reached) : null;
}
