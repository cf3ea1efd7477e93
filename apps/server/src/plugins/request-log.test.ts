import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTaughtSubject } from '../test/factories/doubts.js';
import { createLiveExam } from '../test/factories/exams.js';
import { enrolStudents } from '../test/factories/subjects.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.js';
import { otpFrom } from '../test/smtp-capture.js';

/**
 * Request logs: one line per request with its id, route pattern, status and time; the id a trusted
 * proxy sent is kept, anyone else's is not; no token, password, OTP or answer is ever written.
 */
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
const PROXY = '192.0.2.1';

beforeAll(async () => {
  t = await createTestApp();
  const capture = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(
    { ...t.app.deps, config: { ...t.config, LOG_LEVEL: 'info', TRUST_PROXY: [PROXY] } },
    { logger: true, logStream: capture },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: '203.0.113.9' });

it('logs each request by id, route, status and time, and none of the secrets it carried', async () => {
  const school = await t.createSchool();
  const student = school.accounts.student;
  const maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  await enrolStudents(t, maths.batchSubject.id, [student.entityId]);
  const start = new Date('2026-11-20T08:00:00Z');
  const exam = await createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start,
    due: new Date(start.getTime() + 3_600_000),
  });
  const moderator = school.accounts.moderator;
  const secrets: string[] = [TEST_PASSWORD];

  const login = await post('/api/auth/login', { username: student.username, password: TEST_PASSWORD });
  const token = login.json().data.jwt as string;
  secrets.push(token);
  await post('/api/auth/forgot-password', { username: moderator.username });
  const otp = otpFrom(t.smtp.lastTo(moderator.email!));
  secrets.push(otp);
  const verified = await post('/api/auth/verify-otp', { username: moderator.username, otp });
  const tempToken = verified.json().data.temp_token as string;
  secrets.push(tempToken, 'Brand-new-Pass-9');
  expect(
    (await post('/api/auth/reset-password', { temp_token: tempToken, new_password: 'Brand-new-Pass-9' }))
      .statusCode,
  ).toBe(200);
  const attempt = await post(
    '/api/assessment-attempts',
    { assessment_id: exam.assessment.id },
    bearer(token),
  );
  const attemptId = attempt.json().data.attempt._id as string;
  const answer = 'The mitochondria is the powerhouse 7731';
  secrets.push(answer);
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/assessment-attempts/${attemptId}/answers/${exam.text.question.id}?note=${encodeURIComponent(answer)}`,
    headers: bearer(token),
    payload: { submitted_answer_text: answer },
  });
  expect(saved.statusCode).toBe(200);

  const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  expect(requests.map((line) => line.route)).toEqual(
    expect.arrayContaining([
      '/api/auth/login',
      '/api/auth/verify-otp',
      '/api/auth/reset-password',
      '/api/assessment-attempts/:id/answers/:questionId',
    ]),
  );
  for (const line of requests) {
    expect(line).toMatchObject({
      reqId: expect.any(String),
      method: expect.any(String),
      status: expect.any(Number),
    });
    expect(line.ms).toBeGreaterThanOrEqual(0);
  }
  const saveLine = requests.find((line) => line.route === '/api/assessment-attempts/:id/answers/:questionId');
  expect(saveLine.reqId).toBe(saved.headers['x-request-id']);
  const everything = lines.join('\n');
  for (const secret of secrets) {
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(encodeURIComponent(secret));
  }
});

it("keeps a trusted proxy's X-Request-Id and makes its own for anyone else", async () => {
  const viaProxy = await app.inject({
    url: '/api/health/live',
    headers: { 'x-request-id': 'edge-4711' },
    remoteAddress: PROXY,
  });
  expect(viaProxy.headers['x-request-id']).toBe('edge-4711');
  const direct = await app.inject({
    url: '/api/health/live',
    headers: { 'x-request-id': 'edge-4712' },
    remoteAddress: '203.0.113.9',
  });
  expect(direct.headers['x-request-id']).not.toBe('edge-4712');
  expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const odd = await app.inject({
    url: '/api/health/live',
    headers: { 'x-request-id': 'bad id\nwith a line' },
    remoteAddress: PROXY,
  });
  expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  expect(logged.some((line) => line.reqId === 'edge-4711' && line.route === '/api/health/live')).toBe(true);
});
