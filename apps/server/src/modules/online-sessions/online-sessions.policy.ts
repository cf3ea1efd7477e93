import {
  type Role,
  type RoomState,
  SESSION_JOIN_BEFORE_START_MS,
  SESSION_PRESENCE_TIMEOUT_MS,
} from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with online sessions (learning §6, decisions 24, 29, 30). Roles are checked by
 * the route guard; the rules below by the service, on rows of the caller's institution only
 * (another institution's ids answer 404).
 */
export const SESSION_POLICY = {
  /** Live and custom sessions are created by faculty for the batch subjects they teach. */
  host: ['faculty'],
  /** One session, its room, a batch's sessions, the caller's own list. */
  read: ['moderator', 'faculty', 'student'],
  /** Deleting: the author, or a moderator, before the end. */
  remove: ['moderator', 'faculty'],
  /** The room's heartbeat: the author (presence) and invited students (attendance). */
  attend: ['faculty', 'student'],
  /** One session's attendance: its author, the batch subject's teachers, moderators. */
  attendance: ['moderator', 'faculty'],
  /** The institution's sessions report. */
  reports: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;

/** How the caller stands to a session of their institution (read from its row). */
export interface SessionLinks {
  /** The faculty member who created it. */
  isAuthor: boolean;
  /** A faculty member assigned to its batch subject. */
  teaches: boolean;
  /** A student it is open to: a custom session's selected one, else the batch's students of the subject. */
  invited: boolean;
}

export type SessionAccess = 'author' | 'moderator' | 'teacher' | 'student' | 'none';

/**
 * Decision 29: only invited students, the author, the batch subject's other teachers (reading) and
 * the institution's moderators reach a session.
 */
export function sessionAccess(user: AuthUser, links: SessionLinks): SessionAccess {
  switch (user.permission) {
    case 'moderator':
      return 'moderator';
    case 'faculty':
      if (links.isAuthor) return 'author';
      return links.teaches ? 'teacher' : 'none';
    case 'student':
      return links.invited ? 'student' : 'none';
    default:
      return 'none';
  }
}

/** The join window (learning §4, §9): from 5 minutes before the start until the end, both included. */
export function isJoinWindowOpen(now: Date, start: Date, end: Date): boolean {
  const at = now.getTime();
  return at >= start.getTime() - SESSION_JOIN_BEFORE_START_MS && at <= end.getTime();
}

/** The teacher is present while their heartbeats arrive: the last one at most 45 s ago (decision 30). */
export function isAuthorPresent(authorSeenAt: Date | null, now: Date): boolean {
  return authorSeenAt !== null && now.getTime() - authorSeenAt.getTime() <= SESSION_PRESENCE_TIMEOUT_MS;
}

/** Deleting is for the author or a moderator, and only before the end (management §4). */
export function mayDelete(access: SessionAccess, now: Date, end: Date): boolean {
  return (access === 'author' || access === 'moderator') && now.getTime() < end.getTime();
}

/** Who may join the room: the author and invited students (others read the session only). */
export function mayJoin(access: SessionAccess): boolean {
  return access === 'author' || access === 'student';
}

/** What the room shows the reader at `now` (learning §4 room texts). */
export function roomState(
  access: SessionAccess,
  times: { start: Date; end: Date; authorPresent: boolean },
  now: Date,
): RoomState {
  if (now.getTime() > times.end.getTime()) return 'ended';
  if (access === 'author' && isJoinWindowOpen(now, times.start, times.end)) return 'open';
  if (now.getTime() < times.start.getTime()) return 'yet_to_start';
  return times.authorPresent || access === 'author' ? 'open' : 'waiting_for_teacher';
}
