import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
let classmate: { entityId: string; name: string; token: string };
let sessionId: string;

const START = new Date('2026-11-20T10:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  const maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  const mate = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  classmate = {
    entityId: mate.entityId,
    name: `Student ${mate.username}`,
    token: await t.login(mate.username),
  };
  await enrolStudents(t, maths.batchSubject.id, [school.accounts.student.entityId, mate.entityId]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/online-sessions',
    headers: bearer(school.tokens.faculty),
    payload: {
      title: '=Trigonometry live',
      start_time: START.toISOString(),
      end_time: at(3_600_000).toISOString(),
      batch_id: school.batch.id,
      batch_subject_id: maths.batchSubject.id,
    },
  });
  sessionId = created.json().data.session._id;
  // Only the classmate attends: 10:00:00 to 10:01:30 in heartbeats 15 s apart.
  for (let ms = 0; ms <= 90_000; ms += 15_000) {
    t.clock.set(at(ms));
    await t.app.inject({
      method: 'POST',
      url: `/api/online-sessions/${sessionId}/heartbeat`,
      headers: bearer(classmate.token),
    });
  }
});
afterAll(() => t.close());

describe('one session’s attendance', () => {
  it('lists every invited student with Attended / Not Attended, first join, last leave and minutes', async () => {
    const response = await get(`/api/online-sessions/${sessionId}/report`, school.tokens.faculty);
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report).toMatchObject({ invited: 2, attended: 1, absent: 1 });
    const byId = Object.fromEntries(
      report.students.map((row: { student_id: string }) => [row.student_id, row]),
    );
    expect(byId[classmate.entityId]).toMatchObject({
      student_name: classmate.name,
      attendance: 'Attended',
      first_join: START.toISOString(),
      last_leave: at(90_000).toISOString(),
      minutes_present: 1.5,
    });
    expect(byId[school.accounts.student.entityId]).toMatchObject({
      attendance: 'Not Attended',
      first_join: null,
      minutes_present: 0,
    });
    expect((await get(`/api/online-sessions/${sessionId}/report`, school.tokens.moderator)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/online-sessions/${sessionId}/report`, other.tokens.moderator)).statusCode).toBe(
      404,
    );
  });

  it('downloads as CSV (formula cells made inert) and as PDF', async () => {
    const csv = await get(`/api/online-sessions/${sessionId}/report/csv`, school.tokens.moderator);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['content-disposition']).toContain('session-trigonometry-live.csv');
    expect(csv.body).toContain('Minutes Present');
    expect(csv.body).toContain(`${classmate.name},`);
    expect(csv.body).toContain('Attended');
    expect(csv.body).toContain('1.50');
    const pdf = await get(`/api/online-sessions/${sessionId}/report/pdf`, school.tokens.faculty);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('sessions of a date range', () => {
  it('counts invited, attended and absent per session, in one answer', async () => {
    const response = await get(
      '/api/online-sessions/reports?from=2026-11-20&to=2026-11-20',
      school.tokens.moderator,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.sessions).toEqual([
      expect.objectContaining({
        session_id: sessionId,
        title: '=Trigonometry live',
        batch_title: school.batch.title,
        invited: 2,
        attended: 1,
        absent: 1,
      }),
    ]);
    const before = await get(
      '/api/online-sessions/reports?from=2026-11-01&to=2026-11-19',
      school.tokens.moderator,
    );
    expect(before.json().data.sessions).toEqual([]);
    const theirs = await get(
      '/api/online-sessions/reports?from=2026-11-20&to=2026-11-20',
      other.tokens.moderator,
    );
    expect(theirs.json().data.sessions).toEqual([]);
    const foreignBatch = await get(
      `/api/online-sessions/reports?from=2026-11-20&to=2026-11-20&batch_id=${other.batch.id}`,
      school.tokens.moderator,
    );
    expect(foreignBatch.statusCode).toBe(404);
  });

  it('downloads as CSV and PDF', async () => {
    const csv = await get(
      '/api/online-sessions/reports/csv?from=2026-11-20&to=2026-11-20',
      school.tokens.moderator,
    );
    // After the byte-order mark every portal CSV begins with (Excel then reads it as UTF-8).
    expect(csv.body.split('\n')[0]).toBe(
      '\uFEFFSl No,Session,Batch,Subject,Teacher,Start,End,Invited,Attended,Absent',
    );
    expect(csv.body).toContain("'=Trigonometry live");
    // Start and end as 'DD-MM-YYYY | hh:mm A' in the institution's time zone (the test school's is UTC).
    expect(csv.body).toContain(',20-11-2026 | 10:00 AM,20-11-2026 | 11:00 AM,');
    const pdf = await get(
      '/api/online-sessions/reports/pdf?from=2026-11-19&to=2026-11-20',
      school.tokens.moderator,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The range and the times in the one format of every screen (decision 37).
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], {
      input: pdf.rawPayload,
    }).toString();
    expect(text).toContain('19-11-2026 – 20-11-2026');
    expect(text).toContain('20-11-2026 | 10:00 AM');
  });
});
