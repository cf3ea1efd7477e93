import { ANNOUNCEMENT_BELL_MS, type Role, SESSION_JOIN_LEAD_MS } from '@portal/shared';

/** The bell is every signed-in role's but the owner's (management §2, learning §2). */
export const NOTIFICATION_POLICY = {
  read: ['moderator', 'faculty', 'student'],
} as const satisfies Record<string, readonly Role[]>;

/** Pending-assessment notifications are for students only (learning §6). */
export const seesPendingAssessments = (role: Role) => role === 'student';

/**
 * A session in the bell is clickable only when it has not ended and now is no earlier than 5
 * minutes before its start (learning §4, §9), both edges included.
 */
export function isSessionClickable(now: Date, start: Date, end: Date): boolean {
  const at = now.getTime();
  return at >= start.getTime() - SESSION_JOIN_LEAD_MS && at <= end.getTime();
}

/** A pending assessment is clickable only once its start has passed (learning §2, §4). */
export function isAssessmentClickable(now: Date, start: Date): boolean {
  return now.getTime() >= start.getTime();
}

/** Announcements stay in the bell for less than 3 days after their last update (learning §9). */
export const announcementsSince = (now: Date) => new Date(now.getTime() - ANNOUNCEMENT_BELL_MS);
