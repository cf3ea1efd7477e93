import { SESSION_PRESENCE_TIMEOUT_MS, type SessionHeartbeat } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../lib/app-error.js';
import { institutionToday } from '../../lib/institution-day.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentSession } from './online-sessions.presenter.js';
import { recordAttendance } from './online-sessions.repository.js';
import { assertJoinWindow, sessionFor, setAuthorPresence } from './online-sessions.service.js';

const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

/**
 * POST /api/online-sessions/{id}/heartbeat, sent by the room page every 15 s (decision 30), only in
 * the join window (409 otherwise). The author's keeps them present; an invited student's records
 * their attendance and time in the room. Others reading the session have no heartbeat (403).
 */
export async function heartbeat(deps: AppDeps, user: AuthUser, sessionId: string): Promise<SessionHeartbeat> {
  const { row, access } = await sessionFor(deps, user, sessionId);
  if (access !== 'author' && access !== 'student') throw forbidden();
  const now = deps.clock.now();
  assertJoinWindow(row, now);
  if (access === 'author') {
    await setAuthorPresence(deps, user, row, true);
    return { session: presentSession({ ...row, author_seen_at: now }, access, now), attendance: null };
  }
  const institutionId = institutionOf(user);
  const beat = await recordAttendance(deps.db, {
    institutionId,
    sessionId,
    studentId: user.entityId,
    batchSubjectId: row.batch_subject_id,
    day: await institutionToday(deps, institutionId),
    now,
    timeoutSeconds: SESSION_PRESENCE_TIMEOUT_MS / 1000,
  });
  return {
    session: presentSession(row, access, now),
    attendance: {
      first_join: beat.first_join_at.toISOString(),
      last_seen: beat.last_seen_at.toISOString(),
      minutes_present: minutes(beat.seconds_present),
    },
  };
}
