import { MESSAGES } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { createVerifier } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineSessionAttendance, timeSpent } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { assignFaculty, enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { roomFor } from './jitsi-room.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
let school: School;
let other: School;
let maths: Taught;
let theirs: Taught;
/** Students of the school's batch enrolled in maths (besides school.accounts.student). */
let classmate: { entityId: string; token: string };
let another: { entityId: string; token: string };
/** A student of another batch of the same school, and a maths teacher who did not create the sessions. */
let elsewhere: { entityId: string; token: string };
let coTeacher: { token: string };
let stranger: { token: string };

const NOW = new Date('2026-11-20T09:00:00Z');
const START = new Date('2026-11-20T10:00:00Z');
const END = new Date('2026-11-20T11:00:00Z');
const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

async function newSession(overrides: object = {}, token = school.tokens.faculty) {
  t.clock.set(NOW);
  const response = await call('POST', '/api/online-sessions', token, {
    title: t.unique('Live '),
    start_time: START.toISOString(),
    end_time: END.toISOString(),
    batch_id: school.batch.id,
    batch_subject_id: maths.batchSubject.id,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.session as { _id: string; title: string };
}

async function newCustom(studentIds: string[]) {
  t.clock.set(NOW);
  const response = await call('POST', '/api/online-sessions/student-id', school.tokens.faculty, {
    title: t.unique('Custom '),
    start_time: '2026-11-20 10:00:00',
    end_time: '2026-11-20 11:00:00',
    subject_id: maths.batchSubject.id,
    faculty_id: school.accounts.faculty.entityId,
    student_ids: studentIds,
    total_students: studentIds.length,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.session as { _id: string; total_students: number; is_custom: boolean };
}

const beat = (id: string, token: string) => call('POST', `/api/online-sessions/${id}/heartbeat`, token);
const read = async (id: string, token: string) =>
  (await call('GET', `/api/online-sessions/${id}`, token)).json().data;

async function studentOf(batchId: string, subject?: Taught) {
  const account = await t.createAccount('student', { institutionId: school.institution.id, batchId });
  if (subject) await enrolStudents(t, subject.batchSubject.id, [account.entityId]);
  return { entityId: account.entityId, token: await t.login(account.username) };
}

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  await enrolStudents(t, maths.batchSubject.id, [school.accounts.student.entityId]);
  classmate = await studentOf(school.batch.id, maths);
  another = await studentOf(school.batch.id, maths);
  const otherBatch = await t.createBatch(school.institution.id);
  elsewhere = await studentOf(otherBatch.id);
  const co = await t.createAccount('faculty', { institutionId: school.institution.id });
  await assignFaculty(t, maths.batchSubject.id, [co.entityId]);
  coTeacher = { token: await t.login(co.username) };
  const lone = await t.createAccount('faculty', { institutionId: school.institution.id });
  stranger = { token: await t.login(lone.username) };
  theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
});
afterAll(() => t.close());

describe('guards and bad input', () => {
  it('refuse callers without a token (401) and the wrong roles (403)', async () => {
    const body = { title: 'x', start_time: START.toISOString(), end_time: END.toISOString(), batch_id: ID };
    await expectGuarded(t, school, { method: 'POST', url: '/api/online-sessions', payload: body }, [
      'faculty',
    ]);
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/online-sessions/student-id', payload: body },
      ['faculty'],
    );
    const readers = ['moderator', 'faculty', 'student'] as const;
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/online-sessions' }, readers);
    await expectGuarded(t, school, { method: 'GET', url: `/api/online-sessions/batch/${ID}` }, readers);
    await expectGuarded(t, school, { method: 'GET', url: `/api/online-sessions/${ID}` }, readers);
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/online-sessions/${ID}`, payload: {} },
      readers,
    );
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/online-sessions/${ID}` }, [
      'moderator',
      'faculty',
    ]);
    await expectGuarded(t, school, { method: 'POST', url: `/api/online-sessions/${ID}/heartbeat` }, [
      'faculty',
      'student',
    ]);
    for (const url of [`/api/online-sessions/${ID}/report`, `/api/online-sessions/${ID}/report/csv`]) {
      await expectGuarded(t, school, { method: 'GET', url }, ['moderator', 'faculty']);
    }
    const range = '?from=2026-11-01&to=2026-11-30';
    for (const url of ['/api/online-sessions/reports', '/api/online-sessions/reports/pdf']) {
      await expectGuarded(t, school, { method: 'GET', url: `${url}${range}` }, ['moderator']);
    }
  });

  it('answers 401 before reading a bad body, and 400 with the spec’s texts for bad ones', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/online-sessions', payload: { x: 1 } })).statusCode,
    ).toBe(401);
    const token = school.tokens.faculty;
    const empty = await call('POST', '/api/online-sessions', token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.title).toBe(MESSAGES.fillAllFormFields);
    const backwards = await call('POST', '/api/online-sessions', token, {
      title: 'Backwards',
      start_time: END.toISOString(),
      end_time: START.toISOString(),
      batch_id: school.batch.id,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.end_time).toBe(MESSAGES.sessionEndBeforeStart);
    const noStudents = await call('POST', '/api/online-sessions/student-id', token, {
      title: 'Nobody',
      start_time: START.toISOString(),
      end_time: END.toISOString(),
      subject_id: maths.batchSubject.id,
      student_ids: [],
    });
    expect(noStudents.statusCode).toBe(400);
    expect(noStudents.json().error.fields.student_ids).toBe(MESSAGES.selectStudents);
    expect((await call('GET', '/api/online-sessions/not-an-id', token)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/me/online-sessions?when=later', token)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/me/online-sessions?cursor=abc', token)).statusCode).toBe(400);
    // A day is one of 2000-2099, as everywhere else (PostgreSQL cannot hold the year 0).
    for (const date of ['0000-01-01', '1999-12-31', '9999-12-31', '2026-02-30']) {
      for (const url of ['/api/users/me/online-sessions', `/api/online-sessions/batch/${school.batch.id}`]) {
        for (const reader of [token, school.tokens.student, school.tokens.moderator]) {
          const response = await call('GET', `${url}?date=${date}`, reader);
          expect(response.statusCode, `${url} ${date}`).toBe(400);
        }
      }
    }
    const inRange = await call('GET', '/api/users/me/online-sessions?date=2099-12-31', school.tokens.student);
    expect(inRange.statusCode).toBe(200);
    for (const range of ['from=0000-01-01&to=0000-01-02', 'from=9999-12-30&to=9999-12-31']) {
      const report = await call('GET', `/api/online-sessions/reports?${range}`, school.tokens.moderator);
      expect(report.statusCode, range).toBe(400);
    }
    const range = await call(
      'GET',
      '/api/online-sessions/reports?from=2026-11-30&to=2026-11-01',
      school.tokens.moderator,
    );
    expect(range.statusCode).toBe(400);
  });
});

describe('creating sessions', () => {
  it('lets a faculty member create one of a batch subject they teach, from now on', async () => {
    const session = await newSession();
    const detail = await read(session._id, school.tokens.faculty);
    expect(detail.session).toMatchObject({
      title: session.title,
      batch_id: school.batch.id,
      batch_subject_id: maths.batchSubject.id,
      subject_id: maths.batchSubject.subjectId,
      author_id: school.accounts.faculty.entityId,
      author_logged_in: false,
      is_custom: false,
      total_students: 3,
      can_delete: true,
      can_attend: false,
      room_state: 'yet_to_start',
    });
    expect(detail.room).toMatchObject({ room_name: session._id, moderator: true, jwt: null });
    // The spec's subject_id stands for the batch subject.
    await newSession({ batch_subject_id: undefined, subject_id: maths.batchSubject.id });
  });

  it('refuses a start before now, a subject not taught, another batch or institution', async () => {
    t.clock.set(NOW);
    const base = {
      title: 'Late',
      // Before the slot that has just ended (one within its grace is still taken).
      start_time: at(NOW, -16 * 60_000).toISOString(),
      end_time: END.toISOString(),
      batch_id: school.batch.id,
      batch_subject_id: maths.batchSubject.id,
    };
    const late = await call('POST', '/api/online-sessions', school.tokens.faculty, base);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(MESSAGES.sessionStartInPast);
    const ok = { ...base, start_time: START.toISOString() };
    expect((await call('POST', '/api/online-sessions', stranger.token, ok)).statusCode).toBe(403);
    const foreign = { ...ok, batch_subject_id: theirs.batchSubject.id };
    expect((await call('POST', '/api/online-sessions', school.tokens.faculty, foreign)).statusCode).toBe(404);
    const otherBatch = await t.createBatch(school.institution.id);
    const mismatch = await call('POST', '/api/online-sessions', school.tokens.faculty, {
      ...ok,
      batch_id: otherBatch.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(MESSAGES.sessionBatchMismatch);
  });

  it('counts the live students a session is open to: an archived one leaves both kinds', async () => {
    const leaver = await studentOf(school.batch.id, maths);
    const custom = await newCustom([leaver.entityId, classmate.entityId]);
    const whole = await newSession();
    const before = (await read(whole._id, school.tokens.faculty)).session.total_students;
    const archived = await call('DELETE', '/api/students', school.tokens.moderator, {
      student_id: leaver.entityId,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await read(custom._id, school.tokens.faculty)).session.total_students).toBe(1);
    expect((await read(whole._id, school.tokens.faculty)).session.total_students).toBe(before - 1);
  });

  it('opens a custom session only to the selected students of the batch subject', async () => {
    const custom = await newCustom([school.accounts.student.entityId, classmate.entityId]);
    expect(custom).toMatchObject({ is_custom: true, total_students: 2 });
    expect((await call('GET', `/api/online-sessions/${custom._id}`, classmate.token)).statusCode).toBe(200);
    const unselected = await call('GET', `/api/online-sessions/${custom._id}`, another.token);
    expect(unselected.statusCode).toBe(403);
    t.clock.set(START);
    expect((await beat(custom._id, another.token)).statusCode).toBe(403);
    // The author sees the selection; a selected student does not.
    expect((await read(custom._id, school.tokens.faculty)).session.student_ids).toHaveLength(2);
    expect((await read(custom._id, classmate.token)).session.student_ids).toEqual([]);

    t.clock.set(NOW);
    const outsider = await call('POST', '/api/online-sessions/student-id', school.tokens.faculty, {
      title: 'Wrong batch',
      start_time: START.toISOString(),
      end_time: END.toISOString(),
      subject_id: maths.batchSubject.id,
      student_ids: [classmate.entityId, elsewhere.entityId],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.fields.student_ids).toBe(MESSAGES.sessionStudentsNotInSubject);
  });
});

describe('reaching a session', () => {
  it('is for invited students, the author, the subject’s teachers and moderators; 404 elsewhere', async () => {
    const session = await newSession();
    for (const token of [school.tokens.student, school.tokens.moderator, coTeacher.token]) {
      expect((await call('GET', `/api/online-sessions/${session._id}`, token)).statusCode).toBe(200);
    }
    expect((await read(session._id, coTeacher.token)).room).toBeNull();
    expect((await call('GET', `/api/online-sessions/${session._id}`, elsewhere.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/online-sessions/${session._id}`, stranger.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/online-sessions/${session._id}`, other.tokens.student)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/online-sessions/${session._id}`, other.tokens.moderator)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/online-sessions/${session._id}`, other.tokens.faculty)).statusCode,
    ).toBe(404);
  });

  it('lists a faculty member’s own sessions, a student’s, a batch’s, one tab at a time with counts', async () => {
    const mine = await newSession();
    const coTaught = await newSession({}, coTeacher.token);
    const own = (await call('GET', '/api/users/me/online-sessions?limit=200', school.tokens.faculty)).json()
      .data;
    const ownIds = own.sessions.map((s: { _id: string }) => s._id);
    expect(ownIds).toContain(mine._id);
    expect(ownIds).not.toContain(coTaught._id);
    expect(own.counts.upcoming).toBe(own.sessions.length);

    const student = (await call('GET', '/api/users/me/online-sessions?limit=200', another.token)).json().data;
    const studentIds = student.sessions.map((s: { _id: string }) => s._id);
    expect(studentIds).toEqual(expect.arrayContaining([mine._id, coTaught._id]));
    // A list's card names the subject by its own id, the batch subject by batch_subject_id.
    expect(student.sessions.find((s: { _id: string }) => s._id === mine._id)).toMatchObject({
      batch_subject_id: maths.batchSubject.id,
      subject_id: maths.batchSubject.subjectId,
    });
    const outsider = (await call('GET', '/api/users/me/online-sessions', elsewhere.token)).json().data;
    expect(outsider.sessions).toEqual([]);

    // Keyset pages: one at a time, no row twice.
    const first = (await call('GET', '/api/users/me/online-sessions?limit=1', another.token)).json().data;
    expect(first.page.total).toBe(student.counts.upcoming);
    const second = (
      await call(
        'GET',
        `/api/users/me/online-sessions?limit=1&cursor=${first.page.next_cursor}`,
        another.token,
      )
    ).json().data;
    expect(second.sessions[0]._id).not.toBe(first.sessions[0]._id);

    // After the end both move to Previous; the day filter keeps that day's sessions.
    t.clock.set(at(END, 1));
    const later = (await call('GET', '/api/users/me/online-sessions?when=previous', another.token)).json()
      .data;
    expect(later.counts.upcoming).toBe(0);
    expect(later.sessions.length).toBe(student.sessions.length);
    const day = await call(
      'GET',
      '/api/users/me/online-sessions?when=previous&date=2026-11-21',
      another.token,
    );
    expect(day.json().data.sessions).toEqual([]);

    const batch = await call(
      'GET',
      `/api/online-sessions/batch/${school.batch.id}?when=previous`,
      school.tokens.moderator,
    );
    expect(batch.json().data.counts.previous).toBeGreaterThanOrEqual(2);
    expect(
      (await call('GET', `/api/online-sessions/batch/${school.batch.id}`, elsewhere.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/online-sessions/batch/${other.batch.id}`, school.tokens.moderator)).statusCode,
    ).toBe(404);
  });
});

describe('the room', () => {
  it('takes heartbeats from 5 minutes before the start until the end, both included', async () => {
    const session = await newSession();
    t.clock.set(at(START, -5 * 60_000 - 1));
    const early = await beat(session._id, school.tokens.student);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.sessionJoinClosed);
    expect((await read(session._id, school.tokens.student)).session.can_attend).toBe(false);
    t.clock.set(at(START, -5 * 60_000));
    expect((await beat(session._id, school.tokens.student)).statusCode).toBe(200);
    expect((await read(session._id, school.tokens.student)).session).toMatchObject({
      can_attend: true,
      room_state: 'yet_to_start',
    });
    t.clock.set(END);
    expect((await beat(session._id, school.tokens.student)).statusCode).toBe(200);
    expect((await beat(session._id, school.tokens.faculty)).statusCode).toBe(200);
    t.clock.set(at(END, 1));
    expect((await beat(session._id, school.tokens.student)).statusCode).toBe(409);
    expect((await beat(session._id, school.tokens.faculty)).statusCode).toBe(409);
    expect((await read(session._id, school.tokens.student)).session).toMatchObject({
      can_attend: false,
      room_state: 'ended',
    });
    // Reading is not attending: moderators and other teachers send no heartbeat.
    t.clock.set(START);
    expect((await beat(session._id, school.tokens.moderator)).statusCode).toBe(403);
  });

  it('keeps the teacher present while heartbeats arrive, and not 45 s after the last', async () => {
    const session = await newSession();
    t.clock.set(START);
    const waiting = await read(session._id, school.tokens.student);
    expect(waiting.session).toMatchObject({ author_logged_in: false, room_state: 'waiting_for_teacher' });
    const joined = await beat(session._id, school.tokens.faculty);
    expect(joined.json().data.session.author_logged_in).toBe(true);
    t.clock.set(at(START, 45_000));
    expect((await read(session._id, school.tokens.student)).session).toMatchObject({
      author_logged_in: true,
      room_state: 'open',
    });
    t.clock.set(at(START, 45_001));
    expect((await read(session._id, school.tokens.student)).session.author_logged_in).toBe(false);

    // PATCH author_logged_in: only the author; false ends presence at once.
    await beat(session._id, school.tokens.faculty);
    const fromStudent = await call('PATCH', `/api/online-sessions/${session._id}`, school.tokens.student, {
      author_logged_in: true,
    });
    expect(fromStudent.statusCode).toBe(403);
    expect(fromStudent.json().error.message).toBe(MESSAGES.sessionOnlyAuthorPresence);
    const left = await call('PATCH', `/api/online-sessions/${session._id}`, school.tokens.faculty, {
      author_logged_in: false,
    });
    expect(left.json().data.session.author_logged_in).toBe(false);
  });

  it('records one attendance row per student whatever the reloads, and the time in the room', async () => {
    const session = await newSession();
    const rows = () =>
      t.db
        .select()
        .from(onlineSessionAttendance)
        .where(
          and(
            eq(onlineSessionAttendance.sessionId, session._id),
            eq(onlineSessionAttendance.studentId, classmate.entityId),
          ),
        );
    const beatAt = async (ms: number) => {
      t.clock.set(at(START, ms));
      const response = await beat(session._id, classmate.token);
      expect(response.statusCode).toBe(200);
      return response.json().data.attendance;
    };
    await beatAt(0);
    await beatAt(15_000);
    // A reload (or a second tab) beats again at once: the same instants are not counted twice.
    await beatAt(16_000);
    await beatAt(16_000);
    await beatAt(30_000);
    // Away for two minutes: the gap is not presence; then back for 15 s.
    await beatAt(150_000);
    const last = await beatAt(165_000);
    expect(last).toEqual({
      first_join: START.toISOString(),
      last_seen: at(START, 165_000).toISOString(),
      minutes_present: 0.75,
    });
    expect(await rows()).toHaveLength(1);
    const [spent] = await t.db
      .select()
      .from(timeSpent)
      .where(and(eq(timeSpent.contentId, session._id), eq(timeSpent.studentId, classmate.entityId)));
    expect(spent).toMatchObject({ contentType: 'online', batchSubjectId: maths.batchSubject.id });
    expect(spent!.minutes).toBeCloseTo(0.75);
  });
});

describe('deleting and editing', () => {
  it('deletes before the end only, by its author or a moderator', async () => {
    const session = await newSession();
    expect(
      (await call('DELETE', `/api/online-sessions/${session._id}`, school.tokens.student)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/online-sessions/${session._id}`, coTeacher.token)).statusCode).toBe(
      403,
    );
    t.clock.set(END);
    expect((await read(session._id, school.tokens.faculty)).session.can_delete).toBe(false);
    const late = await call('DELETE', `/api/online-sessions/${session._id}`, school.tokens.faculty);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.sessionEndedCannotDelete);

    const doomed = await newSession();
    t.clock.set(at(END, -1));
    const done = await call('DELETE', `/api/online-sessions/${doomed._id}`, school.tokens.faculty);
    expect(done.json().data).toEqual({ deleted: true, message: MESSAGES.sessionDeleted });
    expect((await call('GET', `/api/online-sessions/${doomed._id}`, school.tokens.faculty)).statusCode).toBe(
      404,
    );
  });

  it('lets the author change title and times before the end', async () => {
    const session = await newSession();
    const renamed = await call('PATCH', `/api/online-sessions/${session._id}`, school.tokens.faculty, {
      title: 'Renamed',
      end_time: at(END, 30 * 60_000).toISOString(),
    });
    expect(renamed.json().data.session).toMatchObject({
      title: 'Renamed',
      end_time: at(END, 30 * 60_000).toISOString(),
    });
    expect(
      (await call('PATCH', `/api/online-sessions/${session._id}`, school.tokens.moderator, { title: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('room tokens', () => {
  it('are signed for the session’s room until its end when JITSI_APP_ID/SECRET are set', () => {
    const secret = 'a-jitsi-app-secret-of-the-meeting-server';
    const deps = {
      config: {
        ...t.config,
        JITSI_DOMAIN: 'meet.school.test',
        JITSI_APP_ID: 'portal',
        JITSI_APP_SECRET: secret,
      },
      clock: t.clock,
    } as unknown as AppDeps;
    t.clock.set(START);
    const user = { userId: ID, name: 'Asha' } as AuthUser;
    const room = roomFor(deps, user, { id: ID, start: START, end: END }, true);
    expect(room).toMatchObject({
      domain: 'meet.school.test',
      room_name: ID,
      display_name: 'Asha',
      moderator: true,
    });
    const claims = createVerifier({ key: secret, algorithms: ['HS256'], clockTimestamp: START.getTime() })(
      room.jwt!,
    );
    expect(claims).toMatchObject({
      aud: 'jitsi',
      iss: 'portal',
      sub: 'meet.school.test',
      room: ID,
      exp: END.getTime() / 1000,
      context: { user: { name: 'Asha', moderator: true } },
    });
    t.clock.set(at(END, 1));
    expect(roomFor(deps, user, { id: ID, start: START, end: END }, false).jwt).toBeNull();
  });
});
