import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, openEventStream, pause } from '../../test/event-stream.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let base: string;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let maths: Awaited<ReturnType<typeof createTaughtSubject>>;
/** Enrolled in maths but never selected for the custom session. */
let classmate: string;
/** A student of another batch of the school. */
let otherBatch: string;

const NOW = new Date('2026-11-20T09:00:00Z');
const START = new Date('2026-11-20T10:00:00Z');
const END = new Date('2026-11-20T11:00:00Z');

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  base = await addressOf(t.app);
  school = await t.createSchool();
  const institutionId = school.institution.id;
  maths = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  await enrolStudents(t, maths.batchSubject.id, [school.accounts.student.entityId]);
  const mate = await t.createAccount('student', { institutionId, batchId: school.batch.id });
  await enrolStudents(t, maths.batchSubject.id, [mate.entityId]);
  classmate = await t.login(mate.username);
  const batch = await t.createBatch(institutionId);
  const stranger = await t.createAccount('student', { institutionId, batchId: batch.id });
  otherBatch = await t.login(stranger.username);
});
afterAll(() => t.close());

async function streams(...tokens: string[]) {
  const opened = await Promise.all(tokens.map((token) => openEventStream(base, token)));
  for (const stream of opened) await stream.waitFor((event) => event.event === 'ready');
  return opened;
}

describe('session events', () => {
  it('tell a batch session’s students of its creation, changes and the teacher coming and going', async () => {
    const [student, stranger] = await streams(school.tokens.student, otherBatch);
    t.clock.set(NOW);
    const created = await call('POST', '/api/online-sessions', school.tokens.faculty, {
      title: 'Algebra live',
      start_time: START.toISOString(),
      end_time: END.toISOString(),
      batch_id: school.batch.id,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.session._id as string;
    const got = await student.waitFor((event) => event.event === 'session.created', 1000);
    expect(got.data).toMatchObject({ session_id: id, batch_subject_id: maths.batchSubject.id });

    expect(
      (await call('PATCH', `/api/online-sessions/${id}`, school.tokens.faculty, { title: 'Algebra' }))
        .statusCode,
    ).toBe(200);
    await student.waitFor((event) => event.event === 'session.changed', 1000);

    // The teacher's first heartbeat is an arrival; the next ones only renew it; leaving is told.
    t.clock.set(START);
    const beat = () => call('POST', `/api/online-sessions/${id}/heartbeat`, school.tokens.faculty);
    expect((await beat()).statusCode).toBe(200);
    await student.waitFor((event) => event.event === 'session.teacher_joined', 1000);
    t.clock.set(new Date(START.getTime() + 15_000));
    expect((await beat()).statusCode).toBe(200);
    const leave = await call('PATCH', `/api/online-sessions/${id}`, school.tokens.faculty, {
      author_logged_in: false,
    });
    expect(leave.statusCode).toBe(200);
    await student.waitFor((event) => event.event === 'session.teacher_left', 1000);
    expect(student.kinds().filter((kind) => kind === 'session.teacher_joined')).toHaveLength(1);

    await pause(300);
    expect(stranger.kinds()).toEqual([]);
    await student.close();
    await stranger.close();
  });

  it('tell a custom session only to the students it selected', async () => {
    const [selected, unselected] = await streams(school.tokens.student, classmate);
    t.clock.set(NOW);
    const created = await call('POST', '/api/online-sessions/student-id', school.tokens.faculty, {
      title: 'Catch-up',
      start_time: '2026-11-20 10:00:00',
      end_time: '2026-11-20 11:00:00',
      subject_id: maths.batchSubject.id,
      faculty_id: school.accounts.faculty.entityId,
      student_ids: [school.accounts.student.entityId],
      total_students: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    await selected.waitFor((event) => event.event === 'session.created', 1000);
    const id = created.json().data.session._id as string;
    expect((await call('DELETE', `/api/online-sessions/${id}`, school.tokens.faculty)).statusCode).toBe(200);
    await selected.waitFor((event) => event.event === 'session.changed', 1000);
    await pause(300);
    expect(unselected.kinds()).toEqual([]);
    await selected.close();
    await unselected.close();
  });
});
