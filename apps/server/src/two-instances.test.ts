import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { connectDatabase, type DatabaseHandle } from './db/client.js';
import { busOf } from './lib/instance-bus.js';
import { addressOf, openEventStream, pause } from './test/event-stream.js';
import { createReadableTopic } from './test/factories/learning.js';
import { uploadFile } from './test/factories/students.js';
import { bearer, createTestApp, type TestApp } from './test/harness.js';

/**
 * Two portal instances on one database (decision 36): A is the test app, B a second app with its
 * own pool, caches and listening connection, as a second process would have.
 */
let t: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let readable: Awaited<ReturnType<typeof createReadableTopic>>;

beforeAll(async () => {
  t = await createTestApp();
  const url = (t.app.deps.pool.options as { connectionString: string }).connectionString;
  bDatabase = connectDatabase(url, 5);
  b = await buildApp({ ...t.app.deps, db: bDatabase.db, pool: bDatabase.pool });
  await b.ready();
  await busOf(bDatabase.db)!.listening();
  await busOf(t.db)!.listening();
  school = await t.createSchool();
  readable = await createReadableTopic(t, school);
});
afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await t.close();
});

it("an announcement made through A reaches a student's stream on B within a second", async () => {
  const stream = await openEventStream(await addressOf(b), school.tokens.student);
  await stream.waitFor((event) => event.event === 'ready');
  const started = performance.now();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/announcements',
    headers: bearer(school.tokens.moderator),
    payload: { title: 'Exams', description: 'Next week', audience: 'institution' },
  });
  expect(created.statusCode).toBe(201);
  await stream.waitFor((event) => event.event === 'announcement.created', 1000);
  expect(performance.now() - started).toBeLessThan(1000);
  await stream.close();
});

it('an archive through A is refused on B at once', async () => {
  const student = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  const token = await t.login(student.username);
  // B has the account cached ...
  expect((await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  const archived = await t.app.inject({
    method: 'DELETE',
    url: '/api/students',
    headers: bearer(school.tokens.moderator),
    payload: { student_id: student.entityId },
  });
  expect(archived.statusCode).toBe(200);
  // ... and refuses it as soon as its listening connection has the change, which PostgreSQL sends
  // to every instance when A's answer is already waiting for its own copy: a client going on to B
  // gets there later than that. In one busy test process, B may read its socket a moment after A.
  const answered = performance.now();
  let status = (await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode;
  while (status === 200 && performance.now() - answered < 100) {
    await pause(5);
    status = (await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode;
  }
  expect(status).toBe(401);
  // Without the change B would accept the token while it keeps the account.
  expect(performance.now() - answered).toBeLessThan(100);
});

it('a sign-out through A ends the sign-in on B at once: its token and its file cookie', async () => {
  const student = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  const token = await t.login(student.username);
  const cookie = await t.fileCookie(token);
  const file = await uploadFile(t, token, 'answers.csv', 'a file of their own');
  // B has checked both (and keeps what it learnt) ...
  expect((await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  expect((await b.inject({ url: file, headers: cookie })).statusCode).toBe(200);
  const signedOut = await t.app.inject({
    method: 'DELETE',
    url: '/api/files/session',
    headers: bearer(token),
  });
  expect(signedOut.statusCode).toBe(200);
  // ... and refuses both once its listening connection has the change (as for an archive above).
  const answered = performance.now();
  const statuses = async () => [
    (await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode,
    (await b.inject({ url: file, headers: cookie })).statusCode,
  ];
  let seen = await statuses();
  while (seen.includes(200) && performance.now() - answered < 100) {
    await pause(5);
    seen = await statuses();
  }
  expect(seen).toEqual([401, 401]);
});

it('a read cached on B shows a write made through A within a second', async () => {
  const counts = async () => {
    const response = await b.inject({ url: '/api/doubts/counts', headers: bearer(school.tokens.moderator) });
    expect(response.statusCode).toBe(200);
    const row = response
      .json()
      .data.counts.find(
        (count: { batch_subject_id: string }) => count.batch_subject_id === readable.batchSubject.id,
      );
    return row?.total ?? 0;
  };
  const before = await counts();
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/doubts',
    headers: bearer(school.tokens.student),
    payload: { doubt_text: 'Why?', topic_id: readable.topic.id, batch_subject_id: readable.batchSubject.id },
  });
  expect(asked.statusCode).toBe(201);
  const started = performance.now();
  let after = await counts();
  while (after === before && performance.now() - started < 1000) {
    await pause(20);
    after = await counts();
  }
  // The counts are kept ten seconds; only the change sent by A makes B read them again.
  expect(after).toBe(before + 1);
});
