import type { AssessmentStatus, AssessmentTimeTab } from '@portal/shared';

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
