import type { LiveEventKind } from '@portal/shared/schemas/events';
import type { QueryKey } from '@tanstack/react-query';
import { announcementKeys } from '../../features/announcements/api';
import { assessmentKeys } from '../../features/assessments/api';
import { doubtKeys } from '../../features/doubts/api';
import { evaluationKeys } from '../../features/evaluation/api';
import { examKeys } from '../../features/exams/api';
import { notificationKeys } from '../../features/notifications/api';

/**
 * The session screens' queries start with one of these (the lists, the home carousels and a room's
 * session): a session event refreshes every one of them.
 */
export const SESSION_QUERY_ROOTS: readonly QueryKey[] = [['sessions'], ['online-sessions']];

// Lists only: an exam being sat (its attempt and paper) is never read again under the student.
const assessmentLists: QueryKey[] = [
  notificationKeys.all,
  [...examKeys.all, 'mine'],
  [...assessmentKeys.all, 'list'],
  [...evaluationKeys.all, 'list'],
];
const announcements: QueryKey[] = [notificationKeys.all, announcementKeys.all];
const sessions: QueryKey[] = [notificationKeys.all, ...SESSION_QUERY_ROOTS];

/**
 * What each live event makes stale (decision 34): the events say what changed, and the screens
 * showing it read it again (only the queries on screen refetch; the others when next shown).
 */
export const LIVE_INVALIDATIONS: Record<LiveEventKind, readonly QueryKey[]> = {
  'announcement.created': announcements,
  'announcement.changed': announcements,
  'announcement.deleted': announcements,
  'assessment.published': assessmentLists,
  'assessment.changed': assessmentLists,
  'assessment.evaluated': [...assessmentLists, [...examKeys.all, 'result'], evaluationKeys.all],
  'doubt.replied': [doubtKeys.all],
  'session.created': sessions,
  'session.changed': sessions,
  'session.teacher_joined': sessions,
  'session.teacher_left': sessions,
};

/** Everything a live event can touch: read again after a `resync` and, without a stream, periodically. */
export const ALL_LIVE_KEYS: readonly QueryKey[] = [
  ...new Map(
    Object.values(LIVE_INVALIDATIONS)
      .flat()
      .map((key) => [JSON.stringify(key), key] as const),
  ).values(),
];
