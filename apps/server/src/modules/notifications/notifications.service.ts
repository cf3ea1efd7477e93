import type { Bell, BellItem, BellSeenBody } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  announcementsSince,
  isAssessmentClickable,
  isSessionClickable,
  seesPendingAssessments,
} from './notifications.policy.js';
import * as repository from './notifications.repository.js';
import { cachedSeenUpTo, studentBellRows } from './student-bell.js';

const iso = (value: Date) => new Date(value).toISOString();

/**
 * The bell: its count (pending assessments for students, upcoming sessions, announcements of the
 * last 3 days) and the panel's items with their clickability at the clock's now, and how many
 * changed since the caller last read the panel.
 */
export async function bellOf(deps: AppDeps, user: AuthUser): Promise<Bell> {
  const now = deps.clock.now();
  const reader: repository.BellReader = {
    permission: user.permission,
    entityId: user.entityId,
    userId: user.userId,
    institutionId: institutionOf(user),
  };
  // A student's bell (thousands of them) from parts kept in memory; the staff's from the database.
  const [kinds, seen] = await Promise.all([
    user.permission === 'student' ? studentBellRows(deps, user, now) : staffBellRows(deps, reader, now),
    user.permission === 'student' ? cachedSeenUpTo(deps, user) : repository.seenUpTo(deps.db, user.userId),
  ]);
  const assessments = kinds.assessments.rows;
  const sessions = kinds.sessions.rows;
  const announcements = kinds.announcements.rows;
  const seenAt = seen === null ? null : new Date(seen).getTime();
  const unseen = (changedAt: Date) => seenAt === null || new Date(changedAt).getTime() > seenAt;
  const items: BellItem[] = [
    ...assessments.map(
      (row): BellItem => ({
        kind: 'assessment',
        _id: row.id,
        title: row.title,
        clickable: isAssessmentClickable(now, new Date(row.start_date)),
        unseen: unseen(row.changed_at),
        batch_subject_id: row.batch_subject_id,
        subject_title: row.subject_title,
        start_date: iso(row.start_date),
        due_date: iso(row.due_date),
      }),
    ),
    ...sessions.map(
      (row): BellItem => ({
        kind: 'session',
        _id: row.id,
        title: row.title,
        clickable: isSessionClickable(now, new Date(row.start_time), new Date(row.end_time)),
        unseen: unseen(row.changed_at),
        batch_subject_id: row.batch_subject_id,
        subject_title: row.subject_title,
        start_time: iso(row.start_time),
        end_time: iso(row.end_time),
      }),
    ),
    ...announcements.map(
      (row): BellItem => ({
        kind: 'announcement',
        _id: row.id,
        title: row.title,
        clickable: true,
        unseen: unseen(row.changed_at),
        description: row.description,
        updated_at: iso(row.updated_at),
      }),
    ),
  ];
  const count = kinds.assessments.total + kinds.sessions.total + kinds.announcements.total;
  // Items past the panel's cap are counted as seen: the panel never showed them.
  return { count, unseen_count: items.filter((item) => item.unseen).length, as_of: iso(now), items };
}

/** Each kind's rows (capped per kind) with the count of all of them. */
const counted = <Row extends { total: number }>(rows: Row[]) => ({ rows, total: rows[0]?.total ?? 0 });

/** The bell of a faculty member or a moderator, from the database. */
async function staffBellRows(deps: AppDeps, reader: repository.BellReader, now: Date) {
  const [assessments, sessions, announcements] = await Promise.all([
    seesPendingAssessments(reader.permission) ? repository.pendingAssessments(deps.db, reader, now) : [],
    repository.upcomingSessions(deps.db, reader, now),
    repository.recentAnnouncements(deps.db, reader, announcementsSince(now), now),
  ]);
  return {
    assessments: counted(assessments),
    sessions: counted(sessions),
    announcements: counted(announcements),
  };
}

/** Reading the panel: what changed up to `seen_up_to` (at most now) is seen. */
export async function markBellSeen(
  deps: AppDeps,
  user: AuthUser,
  body: BellSeenBody,
): Promise<{ seen_up_to: string }> {
  const now = deps.clock.now();
  const wanted = new Date(body.seen_up_to);
  const upTo = wanted.getTime() > now.getTime() ? now : wanted;
  return { seen_up_to: iso(await repository.markSeen(deps.db, user.userId, upTo)) };
}
