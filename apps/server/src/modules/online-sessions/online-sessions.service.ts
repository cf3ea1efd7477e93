import {
  type createCustomSessionBodySchema,
  type createOnlineSessionBodySchema,
  formatMessage,
  MESSAGES,
  type OnlineSession,
  type OnlineSessionDetail,
  type OnlineSessionList,
  type onlineSessionListQuerySchema,
  PAGE_SIZE,
  SESSION_MAX_HOURS,
  sessionStartAccepted,
  type updateOnlineSessionBodySchema,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { onlineSessionStudents, onlineSessions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { institutionTimeZone } from '../../lib/institution-day.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import { roomFor } from './jitsi-room.js';
import {
  isAuthorPresent,
  isJoinWindowOpen,
  mayDelete,
  mayJoin,
  type SessionAccess,
  sessionAccess,
} from './online-sessions.policy.js';
import { presentSession } from './online-sessions.presenter.js';
import * as repository from './online-sessions.repository.js';
import { publishSessionEvent } from './session-events.js';

type ListQuery = z.output<typeof onlineSessionListQuerySchema>;
type CreateBody = z.output<typeof createOnlineSessionBodySchema>;
type CustomBody = z.output<typeof createCustomSessionBodySchema>;
type UpdateBody = z.output<typeof updateOnlineSessionBodySchema>;

/** The session and how the caller stands to it: 404 outside their institution, 403 when not theirs to reach. */
export async function sessionFor(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string,
): Promise<{ row: repository.SessionRow; access: Exclude<SessionAccess, 'none'> }> {
  const row = await repository.findSession(deps.db, institutionOf(user), user.entityId, sessionId);
  if (!row) throw notFound();
  const access = sessionAccess(user, { isAuthor: row.is_author, teaches: row.teaches, invited: row.invited });
  if (access === 'none') throw forbidden();
  return { row, access };
}

async function presentOne(deps: AppDeps, user: AuthUser, sessionId: string): Promise<OnlineSession> {
  const { row, access } = await sessionFor(deps, user, sessionId);
  return presentSession(row, access, deps.clock.now());
}

/** GET /api/online-sessions/{id}: the session and, for the author and invited students, its room. */
export async function getSession(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string,
): Promise<OnlineSessionDetail> {
  const { row, access } = await sessionFor(deps, user, sessionId);
  const room = mayJoin(access)
    ? roomFor(deps, user, { id: row.id, start: row.start_time, end: row.end_time }, access === 'author')
    : null;
  return { session: presentSession(row, access, deps.clock.now()), room };
}

/** How a reader's access to the rows of a list is known without reading each link. */
function listAccess(user: AuthUser, row: repository.SessionRow): SessionAccess {
  return sessionAccess(user, { isAuthor: row.is_author, teaches: row.teaches, invited: row.invited });
}

async function listFor(
  deps: AppDeps,
  user: AuthUser,
  scope: repository.SessionScope,
  query: ListQuery,
): Promise<OnlineSessionList> {
  const institutionId = institutionOf(user);
  const now = deps.clock.now();
  const page = readPage(query, PAGE_SIZE.default);
  const filters: repository.SessionFilters = {
    batchId: query.batch_id,
    batchSubjectId: query.batch_subject_id,
    day: query.date
      ? { date: query.date, timeZone: await institutionTimeZone(deps, institutionId) }
      : undefined,
  };
  const list = { institutionId, scope, filters, now };
  const [rows, counts] = await Promise.all([
    repository.listSessions(
      deps.db,
      { ...list, tab: query.when, soonestFirst: query.order === 'soonest' },
      page,
    ),
    repository.countSessions(deps.db, list),
  ]);
  const paged = pageOf(rows, page, (row) => [row.id], counts[query.when]);
  return {
    sessions: paged.rows.map((row) => presentSession(row, listAccess(user, row), now)),
    counts,
    page: paged.page,
  };
}

/**
 * GET /api/users/me/online-sessions: a faculty member's own sessions (learning §6), a student's
 * (their batch's sessions of their subjects and the custom sessions that selected them), a
 * moderator's institution's.
 */
export function listOwnSessions(deps: AppDeps, user: AuthUser, query: ListQuery): Promise<OnlineSessionList> {
  const kind =
    user.permission === 'moderator' ? 'institution' : user.permission === 'faculty' ? 'authored' : 'invited';
  return listFor(deps, user, { kind, me: user.entityId }, query);
}

/**
 * GET /api/online-sessions/batch/{id}: a batch's sessions as the caller may see them (moderators:
 * all; faculty: theirs and those of the batch subjects they teach; a student: only their own batch's,
 * those open to them).
 */
export async function listBatchSessions(
  deps: AppDeps,
  user: AuthUser,
  batchId: string,
  query: ListQuery,
): Promise<OnlineSessionList> {
  const institutionId = institutionOf(user);
  if (!(await repository.batchExists(deps.db, institutionId, batchId))) throw notFound();
  if (
    user.permission === 'student' &&
    (await studentBatchId(deps, institutionId, user.entityId)) !== batchId
  ) {
    throw forbidden();
  }
  const kind =
    user.permission === 'moderator' ? 'institution' : user.permission === 'faculty' ? 'taught' : 'invited';
  return listFor(deps, user, { kind, me: user.entityId }, { ...query, batch_id: batchId });
}

/** Start not before now's 15-minute slot (or one just ended), end after start, at most SESSION_MAX_HOURS long (learning §5). */
function assertTimes(start: Date, end: Date, now: Date, startChanged = true) {
  if (startChanged && !sessionStartAccepted(start, now)) {
    throw badRequest(MESSAGES.sessionStartInPast, { start_time: MESSAGES.sessionStartInPast });
  }
  if (end.getTime() <= start.getTime()) {
    throw badRequest(MESSAGES.sessionEndBeforeStart, { end_time: MESSAGES.sessionEndBeforeStart });
  }
  if (end.getTime() - start.getTime() > SESSION_MAX_HOURS * 3_600_000) {
    const message = formatMessage(MESSAGES.sessionTooLong, { hours: String(SESSION_MAX_HOURS) });
    throw badRequest(message, { end_time: message });
  }
}

/**
 * A batch subject of the institution the faculty member teaches (404 when there is none, 403 when
 * they do not teach it), taught to `batchId` when one is given (400 otherwise).
 */
async function hostBatchSubject(deps: AppDeps, user: AuthUser, batchSubjectId: string, batchId?: string) {
  const row = await repository.findBatchSubject(deps.db, institutionOf(user), batchSubjectId, user.entityId);
  if (!row) throw notFound();
  if (!row.teaches) throw forbidden();
  if (batchId && batchId !== row.batch_id) {
    throw badRequest(MESSAGES.sessionBatchMismatch, { batch_id: MESSAGES.sessionBatchMismatch });
  }
  return row;
}

/** POST /api/online-sessions: a live session of a batch subject the faculty member teaches. */
export async function createSession(deps: AppDeps, user: AuthUser, body: CreateBody): Promise<OnlineSession> {
  const batchSubjectId = (body.batch_subject_id ?? body.subject_id)!;
  if (!(await repository.batchExists(deps.db, institutionOf(user), body.batch_id))) throw notFound();
  await hostBatchSubject(deps, user, batchSubjectId, body.batch_id);
  const start = new Date(body.start_time);
  const end = new Date(body.end_time);
  const now = deps.clock.now();
  assertTimes(start, end, now);
  const institutionId = institutionOf(user);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(onlineSessions)
      .values({
        institutionId,
        batchId: body.batch_id,
        batchSubjectId,
        title: body.title,
        startTime: start,
        endTime: end,
        authorId: user.entityId,
        authorName: user.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: onlineSessions.id });
    const session = { id: row!.id, institutionId, batchSubjectId, isCustom: false };
    await publishSessionEvent(deps, tx, session, 'session.created');
    return row!.id;
  });
  return presentOne(deps, user, id);
}

/**
 * POST /api/online-sessions/student-id: a custom session open only to the selected students, who
 * must be active students of the batch subject's batch enrolled in it (400 otherwise, without
 * saying which ids exist elsewhere). Session and selection are written together.
 */
export async function createCustomSession(
  deps: AppDeps,
  user: AuthUser,
  body: CustomBody,
): Promise<OnlineSession> {
  const institutionId = institutionOf(user);
  const batchSubjectId = (body.batch_subject_id ?? body.subject_id)!;
  if (body.batch_id && !(await repository.batchExists(deps.db, institutionId, body.batch_id)))
    throw notFound();
  if (body.faculty_id && body.faculty_id !== user.entityId) throw forbidden();
  const host = await hostBatchSubject(deps, user, batchSubjectId, body.batch_id);
  const start = new Date(body.start_time);
  const end = new Date(body.end_time);
  const now = deps.clock.now();
  assertTimes(start, end, now);
  const studentIds = [...new Set(body.student_ids)];
  const id = await deps.db.transaction(async (tx) => {
    const found = await repository.studentsOfBatchSubject(tx, {
      institutionId,
      batchId: host.batch_id,
      batchSubjectId,
      studentIds,
    });
    if (found.length !== studentIds.length) {
      throw badRequest(MESSAGES.sessionStudentsNotInSubject, {
        student_ids: MESSAGES.sessionStudentsNotInSubject,
      });
    }
    const [row] = await tx
      .insert(onlineSessions)
      .values({
        institutionId,
        batchId: host.batch_id,
        batchSubjectId,
        title: body.title,
        startTime: start,
        endTime: end,
        authorId: user.entityId,
        authorName: user.name,
        isCustom: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: onlineSessions.id });
    await tx
      .insert(onlineSessionStudents)
      .values(studentIds.map((studentId) => ({ sessionId: row!.id, studentId })));
    const session = { id: row!.id, institutionId, batchSubjectId, isCustom: true };
    await publishSessionEvent(deps, tx, session, 'session.created');
    return row!.id;
  });
  return presentOne(deps, user, id);
}

/** 409 outside the join window: 5 minutes before the start until the end (learning §4). */
export function assertJoinWindow(row: repository.SessionRow, now: Date) {
  if (!isJoinWindowOpen(now, row.start_time, row.end_time)) throw conflict(MESSAGES.sessionJoinClosed);
}

const sessionRef = (row: repository.SessionRow, institutionId: string) => ({
  id: row.id,
  institutionId,
  batchSubjectId: row.batch_subject_id,
  isCustom: row.is_custom,
});

/**
 * Presence set by the author (PATCH `author_logged_in`, and every heartbeat). Arriving or leaving
 * is told to the session's audience, so a waiting student's room opens without waiting for a poll.
 */
export async function setAuthorPresence(
  deps: AppDeps,
  user: AuthUser,
  row: repository.SessionRow,
  present: boolean,
) {
  const now = deps.clock.now();
  const mark = (executor: Database | Transaction) =>
    executor
      .update(onlineSessions)
      .set({ authorSeenAt: present ? now : null })
      .where(eq(onlineSessions.id, row.id));
  // Most heartbeats only renew the presence: one statement, no event.
  if (isAuthorPresent(row.author_seen_at, now) === present) return void (await mark(deps.db));
  await deps.db.transaction(async (tx) => {
    await mark(tx);
    const kind = present ? 'session.teacher_joined' : 'session.teacher_left';
    await publishSessionEvent(deps, tx, sessionRef(row, institutionOf(user)), kind);
  });
}

/**
 * PATCH /api/online-sessions/{id}: by its author only. Title and times before the end (409 after);
 * `author_logged_in: false` marks them gone at once, `true` counts as a heartbeat (join window only).
 */
export async function updateSession(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string,
  body: UpdateBody,
): Promise<OnlineSession> {
  const { row, access } = await sessionFor(deps, user, sessionId);
  if (access !== 'author')
    throw forbidden(body.author_logged_in === undefined ? undefined : MESSAGES.sessionOnlyAuthorPresence);
  const now = deps.clock.now();
  const changesDetails =
    body.title !== undefined || body.start_time !== undefined || body.end_time !== undefined;
  if (changesDetails) {
    if (now.getTime() >= row.end_time.getTime()) throw conflict(MESSAGES.sessionEndedCannotEdit);
    const start = body.start_time ? new Date(body.start_time) : row.start_time;
    const end = body.end_time ? new Date(body.end_time) : row.end_time;
    assertTimes(start, end, now, start.getTime() !== row.start_time.getTime());
    await deps.db.transaction(async (tx) => {
      await tx
        .update(onlineSessions)
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          startTime: start,
          endTime: end,
          updatedAt: now,
        })
        .where(eq(onlineSessions.id, sessionId));
      await publishSessionEvent(deps, tx, sessionRef(row, institutionOf(user)), 'session.changed');
    });
  }
  if (body.author_logged_in === false) await setAuthorPresence(deps, user, row, false);
  if (body.author_logged_in === true) {
    assertJoinWindow(row, now);
    await setAuthorPresence(deps, user, row, true);
  }
  return presentOne(deps, user, sessionId);
}

/** DELETE /api/online-sessions/{id}: its author or a moderator, only before the end (a soft delete). */
export async function deleteSession(deps: AppDeps, user: AuthUser, sessionId: string) {
  const { row, access } = await sessionFor(deps, user, sessionId);
  if (access !== 'author' && access !== 'moderator') throw forbidden();
  const now = deps.clock.now();
  if (!mayDelete(access, now, row.end_time)) throw conflict(MESSAGES.sessionEndedCannotDelete);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(onlineSessions)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(onlineSessions.id, sessionId), eq(onlineSessions.institutionId, institutionOf(user))));
    await publishSessionEvent(deps, tx, sessionRef(row, institutionOf(user)), 'session.changed');
  });
  return { deleted: true, message: MESSAGES.sessionDeleted };
}
