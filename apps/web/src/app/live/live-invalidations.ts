import type { LiveEvent, LiveEventKind } from '@portal/shared/schemas/events';
import type { Bell } from '@portal/shared/schemas/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { announcementKeys } from '../../features/announcements/api';
import { assessmentKeys } from '../../features/assessments/api';
import { doubtKeys } from '../../features/doubts/api';
import { evaluationKeys } from '../../features/evaluation/api';
import { examKeys } from '../../features/exams/api';
import { notificationKeys } from '../../features/notifications/api';
import { bellWithAnnouncement } from '../../features/notifications/bell-announcement';

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

/**
 * Events that carry what a query shows: the query takes it in place, and the answer is what is
 * still stale (instead of `LIVE_INVALIDATIONS`); null when the event carries nothing to apply.
 */
export const LIVE_IN_PLACE: Partial<
  Record<LiveEventKind, (queryClient: QueryClient, event: LiveEvent) => readonly QueryKey[] | null>
> = {
  // A new announcement carries the bell's item: the bell takes it, only the lists on screen read again.
  'announcement.created': (queryClient, event) => {
    if (!event.announcement) return null;
    queryClient.setQueryData<Bell>(
      notificationKeys.bell,
      (bell) => bell && bellWithAnnouncement(bell, event),
    );
    // A bell read already under way may answer without it: that one is read again.
    const reading = queryClient.isFetching({ queryKey: notificationKeys.bell }) > 0;
    return reading ? [notificationKeys.bell, announcementKeys.all] : [announcementKeys.all];
  },
};

/** Everything a live event can touch: read again after a `resync` and, without a stream, periodically. */
export const ALL_LIVE_KEYS: readonly QueryKey[] = [
  ...new Map(
    Object.values(LIVE_INVALIDATIONS)
      .flat()
      .map((key) => [JSON.stringify(key), key] as const),
  ).values(),
];
