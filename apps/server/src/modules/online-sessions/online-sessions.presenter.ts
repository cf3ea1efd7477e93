import type { OnlineSession } from '@portal/shared';
import {
  isAuthorPresent,
  isJoinWindowOpen,
  mayDelete,
  mayJoin,
  roomState,
  type SessionAccess,
} from './online-sessions.policy.js';
import type { SessionRow } from './online-sessions.repository.js';

/** A session as a reader with `access` sees it at `now`. */
export function presentSession(row: SessionRow, access: SessionAccess, now: Date): OnlineSession {
  const authorPresent = isAuthorPresent(row.author_seen_at, now);
  const seesSelection = access === 'author' || access === 'moderator' || access === 'teacher';
  return {
    _id: row.id,
    title: row.title,
    start_time: row.start_time.toISOString(),
    end_time: row.end_time.toISOString(),
    batch_id: row.batch_id,
    batch_title: row.batch_title,
    batch_subject_id: row.batch_subject_id,
    subject_id: row.subject_id,
    subject_title: row.subject_title,
    subject_code: row.subject_code,
    author_id: row.author_id,
    faculty_id: row.author_id,
    author_name: row.author_name,
    author_logged_in: authorPresent,
    is_custom: row.is_custom,
    total_students: row.total_students,
    student_ids: seesSelection ? row.student_ids : [],
    can_attend: mayJoin(access) && isJoinWindowOpen(now, row.start_time, row.end_time),
    can_delete: mayDelete(access, now, row.end_time),
    room_state: roomState(access, { start: row.start_time, end: row.end_time, authorPresent }, now),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
