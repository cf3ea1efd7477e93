import { execFileSync } from 'node:child_process';
import { REPORT_MARKS, REPORT_PDF_MAX_ROWS } from '@portal/shared';
import hi from '@portal/shared/locales/hi';
import { parse } from 'csv-parse/sync';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batches,
  doubtResponses,
  doubts,
  faculties,
  impressions,
  institutions,
  onlineSessionAttendance,
  onlineSessionStudents,
  onlineSessions,
  students,
  timeSpent,
  topics,
} from '../../db/schema/index.js';
import { createChapter, createTopicRow } from '../../test/factories/chapters.js';
import { createPlanEntry } from '../../test/factories/study-plans.js';
import { createBatchSubject, createSubject, enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
import { tablePdf } from './report-documents.js';

/**
 * Every figure below is worked out by hand from this fixture (dates are the institutions' days).
 *
 * Institution K (Asia/Kolkata, UTC+5:30), today Wed 2026-11-18 (clock 12:00 UTC = 17:30 IST).
 * Batch "K-A": Physics (P1, P2 and the deleted P3; Fiona teaches) and Maths (M1; George teaches).
 * Batch "K-B": Physics too. Study plan of Tue 17: P1 and P3 (Physics, K-A), M1 (Maths, K-A).
 * Students (K-A unless said; enrolled in their batch's subjects):
 *   Asha   opened P1 at 19:00 UTC Mon 16 = 00:30 IST Tue 17, with 0.75 + 1 minutes then; M1 on Tue 10;
 *          0.333 minutes on P1 on Tue 10.
 *   Bala   2.333 minutes on an assessment Mon 16; opened P1 Wed 18; not enrolled in Maths.
 *   Chitra archived; opened P1 Tue 17 (never shown).
 *   Dev    record made at 00:30 IST on Tue 17 (joined mid-week; Mon 16 in UTC); opened M1 Tue 17.
 *   Eshan  in K-B since Nov 1, moved to K-A on Wed 18 (10:30 IST); 1 minute on P2 Wed 18.
 *   Farah  K-B; 0.5 minutes on P1 in K-B's Physics on Tue 17, never opened it.
 * Institution N (America/New_York, UTC-5): Nia opened a topic at 04:30 UTC Tue 17 = 23:30 Mon 16.
 * Live classes (Attendance For Live Class), by a visiting teacher unless said:
 *   "Live"     Fiona's, K-A Physics, 10:30 IST Tue 17: invited Asha, Bala, Dev, Eshan (enrolled in
 *              K-A's Physics now; Chitra archived); Asha present 30 minutes, Dev 100 seconds.
 *   "Revision" custom, K-B Physics, 23:50 IST Tue 17 (18:20 UTC): selected Farah and Chitra; nobody came.
 *   "Late"     K-A Physics, 00:15 IST Wed 18 (18:45 UTC Tue 17): on the 18th.
 *   Fiona's deleted session at 10:30 IST Tue 17 is in no report.
 */

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
let k: School;
let n: School;
const ids: Record<string, string> = {};

const TODAY_UTC_NOON = new Date('2026-11-18T12:00:00Z');

async function makeStudent(school: School, name: string, batchId: string, createdAt: string) {
  const account = await t.createAccount('student', { institutionId: school.institution.id, batchId });
  await t.db
    .update(students)
    .set({ name, createdAt: new Date(createdAt) })
    .where(eq(students.id, account.entityId));
  return { id: account.entityId, token: await t.login(account.username) };
}

const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  t = await createTestApp();
  k = await t.createSchool();
  n = await t.createSchool();
  await t.db
    .update(institutions)
    .set({ timeZone: 'Asia/Kolkata' })
    .where(eq(institutions.id, k.institution.id));
  await t.db
    .update(institutions)
    .set({ timeZone: 'America/New_York' })
    .where(eq(institutions.id, n.institution.id));
  await t.db.update(batches).set({ title: 'K-A' }).where(eq(batches.id, k.batch.id));
  const kb = await t.createBatch(k.institution.id, 'K-B');
  const K = k.institution.id;
  ids.batchA = k.batch.id;
  ids.batchB = kb.id;

  // Faculty: Fiona (Physics), George (Maths), Hari (archived).
  const fiona = k.accounts.faculty.entityId;
  await t.db.update(faculties).set({ name: 'Fiona' }).where(eq(faculties.id, fiona));
  const george = (await t.createAccount('faculty', { institutionId: K })).entityId;
  await t.db.update(faculties).set({ name: 'George' }).where(eq(faculties.id, george));
  const hari = (await t.createAccount('faculty', { institutionId: K })).entityId;
  await t.db
    .update(faculties)
    .set({ name: 'Hari', archivedAt: new Date('2026-11-01T00:00:00Z') })
    .where(eq(faculties.id, hari));
  ids.fiona = fiona;
  ids.george = george;

  const physics = await createSubject(t, K, { title: 'Physics' });
  const maths = await createSubject(t, K, { title: 'Maths' });
  const bsP = await createBatchSubject(t, K, k.batch.id, { subjectId: physics.id, facultyIds: [fiona] });
  const bsM = await createBatchSubject(t, K, k.batch.id, { subjectId: maths.id, facultyIds: [george] });
  const bsPB = await createBatchSubject(t, K, kb.id, { subjectId: physics.id });
  ids.bsP = bsP.id;
  ids.bsM = bsM.id;
  const physicsChapter = await createChapter(t, K, physics.id);
  const mathsChapter = await createChapter(t, K, maths.id);
  const nov1 = new Date('2026-11-01T06:00:00Z');
  const topic = (chapterId: string, title: string, authorId: string, createdAt = nov1) =>
    createTopicRow(t, K, chapterId, { title, authorId, createdAt });
  const p1 = await topic(physicsChapter.id, 'P1', fiona);
  const p2 = await topic(physicsChapter.id, 'P2', fiona);
  const p3 = await topic(physicsChapter.id, 'P3', fiona);
  await t.db.update(topics).set({ deletedAt: nov1 }).where(eq(topics.id, p3.id));
  const m1 = await topic(mathsChapter.id, 'M1', george);
  // George's topics at the academic year's edges: 01:30 IST on 1 April 2026 is in 2026-27, 15 March is not.
  await topic(mathsChapter.id, 'M-edge', george, new Date('2026-03-31T20:00:00Z'));
  await topic(mathsChapter.id, 'M-old', george, new Date('2026-03-15T06:00:00Z'));
  Object.assign(ids, { p1: p1.id, p2: p2.id, p3: p3.id, m1: m1.id });
  for (const [batchSubjectId, topicId] of [
    [bsP.id, p1.id],
    [bsP.id, p3.id],
    [bsM.id, m1.id],
  ] as const) {
    await createPlanEntry(t.db, { institutionId: K, batchSubjectId, topicId, date: '2026-11-17' });
  }

  // Students. The school's own student account (used for the 403s) is in no batch, so in no report.
  await t.db.update(students).set({ batchId: null }).where(eq(students.id, k.accounts.student.entityId));
  const asha = await makeStudent(k, 'Asha', k.batch.id, '2026-11-01T00:00:00Z');
  const bala = await makeStudent(k, 'Bala', k.batch.id, '2026-11-01T00:00:00Z');
  const chitra = await makeStudent(k, 'Chitra', k.batch.id, '2026-11-01T00:00:00Z');
  const dev = await makeStudent(k, 'Dev', k.batch.id, '2026-11-16T19:00:00Z');
  const eshan = await makeStudent(k, 'Eshan', kb.id, '2026-11-01T00:00:00Z');
  const farah = await makeStudent(k, 'Farah', kb.id, '2026-11-01T00:00:00Z');
  Object.assign(ids, { asha: asha.id, bala: bala.id, dev: dev.id, eshan: eshan.id, farah: farah.id });
  await enrolStudents(t, bsP.id, [asha.id, bala.id, chitra.id, dev.id]);
  // Bala does not learn Maths.
  await enrolStudents(t, bsM.id, [asha.id, chitra.id, dev.id]);
  await enrolStudents(t, bsPB.id, [eshan.id, farah.id]);

  // Asha opens P1 at 00:30 IST on Tue 17 (still Mon 16 in UTC), through the API.
  at('2026-11-16T19:00:00Z');
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  expect(
    (await post(asha.token, '/api/impressions', { topic_id: p1.id, batch_subject_id: bsP.id })).statusCode,
  ).toBe(201);
  for (const minutes of [0.75, 1]) {
    const beat = { content_id: p1.id, content_type: 'topics', time_spent: minutes, batch_subject_id: bsP.id };
    expect((await post(asha.token, '/api/time-spent', beat)).statusCode).toBe(201);
  }
  await t.app.flushTimeSpent();

  const view = (
    studentId: string,
    topicId: string,
    batchSubjectId: string,
    viewDate: string,
    lastViewedAt: string,
  ) =>
    t.db.insert(impressions).values({
      institutionId: K,
      studentId,
      topicId,
      batchSubjectId,
      viewDate,
      firstViewedAt: new Date(lastViewedAt),
      lastViewedAt: new Date(lastViewedAt),
    });
  const spend = (
    studentId: string,
    contentType: 'topics' | 'assessment',
    contentId: string,
    batchSubjectId: string,
    day: string,
    minutes: number,
  ) =>
    t.db
      .insert(timeSpent)
      .values({ institutionId: K, studentId, contentType, contentId, batchSubjectId, day, minutes });
  await view(asha.id, m1.id, bsM.id, '2026-11-10', '2026-11-10T05:00:00Z');
  await spend(asha.id, 'topics', p1.id, bsP.id, '2026-11-10', 0.333);
  await spend(bala.id, 'assessment', p2.id, bsP.id, '2026-11-16', 2.333);
  await view(bala.id, p1.id, bsP.id, '2026-11-18', '2026-11-18T04:00:00Z');
  await view(chitra.id, p1.id, bsP.id, '2026-11-17', '2026-11-17T04:00:00Z');
  await t.db.update(students).set({ archivedAt: nov1 }).where(eq(students.id, chitra.id));
  await view(dev.id, m1.id, bsM.id, '2026-11-17', '2026-11-17T06:00:00Z');
  await spend(farah.id, 'topics', p1.id, bsPB.id, '2026-11-17', 0.5);

  // Eshan moves from K-B to K-A at 10:30 IST on Wed 18, through the API.
  at('2026-11-18T05:00:00Z');
  const move = await t.app.inject({
    method: 'PATCH',
    url: '/api/batches/student',
    payload: { student_id: eshan.id, old_batch: kb.id, new_batch: k.batch.id },
    headers: bearer(k.tokens.moderator),
  });
  expect(move.statusCode).toBe(200);
  await spend(eshan.id, 'topics', p2.id, bsP.id, '2026-11-18', 1);

  // Doubts on Fiona's Physics (one deleted) and George's Maths; Fiona answers two (one twice) and the deleted one.
  const doubt = async (studentId: string, batchSubjectId: string, topicId: string, deleted = false) => {
    const [row] = await t.db
      .insert(doubts)
      .values({
        institutionId: K,
        studentId,
        topicId,
        batchSubjectId,
        doubtText: 'Why?',
        createdAt: new Date('2026-11-12T06:00:00Z'),
        deletedAt: deleted ? new Date('2026-11-13T06:00:00Z') : null,
      })
      .returning();
    return row!;
  };
  const d1 = await doubt(asha.id, bsP.id, p1.id);
  const d2 = await doubt(bala.id, bsP.id, p1.id);
  const deletedDoubt = await doubt(bala.id, bsP.id, p1.id, true);
  const d4 = await doubt(asha.id, bsM.id, m1.id);
  const reply = (doubtId: string, authorUserId: string, authorRole: 'faculty' | 'moderator' | 'student') =>
    t.db.insert(doubtResponses).values({
      institutionId: K,
      doubtId,
      authorUserId,
      authorRole,
      authorName: 'x',
      responseText: 'Because.',
      createdAt: new Date('2026-11-13T06:00:00Z'),
    });
  await reply(d1.id, k.accounts.faculty.user.id, 'faculty');
  await reply(d1.id, k.accounts.faculty.user.id, 'faculty');
  await reply(d2.id, k.accounts.faculty.user.id, 'faculty');
  // A reply to a deleted doubt counts for nobody.
  await reply(deletedDoubt.id, k.accounts.faculty.user.id, 'faculty');
  await reply(d4.id, k.accounts.moderator.user.id, 'moderator');
  // Fiona hosts a session (and a deleted one).
  for (const deletedAt of [null, new Date('2026-11-16T00:00:00Z')]) {
    await t.db.insert(onlineSessions).values({
      institutionId: K,
      batchId: k.batch.id,
      batchSubjectId: bsP.id,
      title: 'Live',
      startTime: new Date('2026-11-17T05:00:00Z'),
      endTime: new Date('2026-11-17T06:00:00Z'),
      authorId: fiona,
      deletedAt,
    });
  }

  // Institution N: Nia opens a topic at 23:30 on Mon 16 in New York (04:30 UTC on Tue 17).
  const N = n.institution.id;
  await t.db.update(students).set({ batchId: null }).where(eq(students.id, n.accounts.student.entityId));
  const nia = await makeStudent(n, 'Nia', n.batch.id, '2026-11-01T00:00:00Z');
  const nSubject = await createSubject(t, N, { title: 'Biology' });
  const nbs = await createBatchSubject(t, N, n.batch.id, { subjectId: nSubject.id, studentIds: [nia.id] });
  const nChapter = await createChapter(t, N, nSubject.id);
  const nTopic = await createTopicRow(t, N, nChapter.id, { title: 'Cells' });
  ids.nTopic = nTopic.id;
  at('2026-11-17T04:30:00Z');
  expect(
    (await post(nia.token, '/api/impressions', { topic_id: nTopic.id, batch_subject_id: nbs.id })).statusCode,
  ).toBe(201);

  at(TODAY_UTC_NOON.toISOString());
});
afterAll(() => t.close());

const get = (url: string, token = k.tokens.moderator) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const K = () => k.institution.id;
const byTopicUrl = (date: string) => `/api/cwx/get-daily-json-report/institution/${K()}/date/${date}`;
const byBatchUrl = (date: string, institutionId = K()) =>
  `/api/cwx/get-daily-json-attendance-by-batch/institution/${institutionId}/date/${date}`;
const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

describe('Attendance By Topic', () => {
  it('marks each plan topic of the day for each student of the batch, Viewed by the end of that day', async () => {
    const response = await get(`${byTopicUrl('2026-11-17')}?batch_id=${ids.batchA}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report.batch_title).toBe('K-A');
    expect(report.time_zone).toBe('Asia/Kolkata');
    // P3 is deleted.
    expect(
      report.topics.map((topic: Record<string, unknown>) => [
        topic.subject_title,
        topic.topic_title,
        topic.student_count,
        topic.viewed_count,
      ]),
    ).toEqual([
      ['Maths', 'M1', 2, 2],
      ['Physics', 'P1', 3, 1],
    ]);
    // Chitra is archived, Eshan joined K-A on the 18th; Bala does not learn Maths; Bala opened P1
    // on the 18th, after the day; Asha opened M1 the week before, and P1 at 00:30 IST on the 17th.
    expect(
      report.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.attendance,
        row.viewed_count,
      ]),
    ).toEqual([
      ['Asha', ['Viewed', 'Viewed'], 2],
      ['Bala', ['---', 'Not Viewed'], 0],
      ['Dev', ['Viewed', 'Not Viewed'], 1],
    ]);
  });

  it("is 'all' batches by default, and a day without a plan is empty", async () => {
    const all = (await get(byTopicUrl('2026-11-17'))).json().data;
    expect(all.batch_id).toBe('all');
    expect(all.result).toHaveLength(3);
    const empty = (await get(byTopicUrl('2026-11-16'))).json().data;
    expect([empty.topics, empty.result]).toEqual([[], []]);
  });

  it('gives the same grid as CSV and PDF', async () => {
    const csv = await get(`${byTopicUrl('2026-11-17')}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(parse(csv.body, { bom: true })).toEqual([
      ['Sl No', 'Student Name', 'Maths: M1', 'Physics: P1', 'Topics Viewed'],
      ['1', 'Asha', 'Viewed', 'Viewed', '2/2'],
      ['2', 'Bala', '---', 'Not Viewed', '0/1'],
      ['3', 'Dev', 'Viewed', 'Not Viewed', '1/2'],
    ]);
    const pdf = await get(`${byTopicUrl('2026-11-17')}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Attendance By Topic');
    expect(text).toContain('Date: 17-11-2026');
    expect(text).toContain('3 of 5 viewed');
    expect(text).toMatch(/Bala\s+---\s+Not Viewed\s+0\/1/);
  });

  it('begins its CSV with the byte-order mark, so Excel reads a Hindi reader’s headers right', async () => {
    const reader = await t.createAccount('moderator', { institutionId: K() });
    const token = await t.login(reader.username);
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/language',
      payload: { language: 'hi' },
      headers: bearer(token),
    });
    expect(chosen.statusCode).toBe(200);
    const csv = await get(`${byTopicUrl('2026-11-17')}/csv`, token);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    // Read back as Excel and the portal's importers do: the mark skipped, the headers in Hindi.
    const [header] = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual([
      hi.labels.reportSlNo,
      hi.labels.reportStudentName,
      'Maths: M1',
      'Physics: P1',
      hi.labels.reportTopicsViewed,
    ]);
  });
});

describe('Attendance By Batch and By Subject', () => {
  it('counts a view at 00:30 local on the local day, not the UTC one', async () => {
    const monday = (await get(byBatchUrl('2026-11-16'))).json().data;
    // Dev joined on the 17th, Eshan on the 18th; Chitra is archived.
    expect(
      monday.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.batch_title,
        row.attendance,
        row.time_spent,
      ]),
    ).toEqual([
      ['Asha', 'K-A', 'Absent', 0],
      ['Bala', 'K-A', 'Present', 2.33],
      ['Farah', 'K-B', 'Absent', 0],
    ]);
    expect([monday.present_count, monday.absent_count]).toEqual([1, 2]);
    const tuesday = (await get(`${byBatchUrl('2026-11-17')}?batch_id=${ids.batchA}`)).json().data;
    expect(
      tuesday.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.attendance,
        row.time_spent,
      ]),
    ).toEqual([
      ['Asha', 'Present', 1.75],
      ['Bala', 'Absent', 0],
      ['Dev', 'Present', 0],
    ]);
  });

  it('counts the day of an institution in New York by its own clock', async () => {
    const url = (date: string) => byBatchUrl(date, n.institution.id);
    const monday = (await get(url('2026-11-16'), n.tokens.moderator)).json().data;
    expect(monday.result.map((row: Record<string, string>) => [row.student_name, row.attendance])).toEqual([
      ['Nia', 'Present'],
    ]);
    const tuesday = (await get(url('2026-11-17'), n.tokens.moderator)).json().data;
    expect(tuesday.result.map((row: Record<string, string>) => [row.student_name, row.attendance])).toEqual([
      ['Nia', 'Absent'],
    ]);
  });

  it('restricts By Subject to the batch subject’s students and activity', async () => {
    const url = `/api/cwx/get-daily-json-attendance-by-subject/institution/${K()}/batch-subject/${ids.bsP}/date/2026-11-17`;
    const report = (await get(url)).json().data;
    expect([report.subject_title, report.batch_title]).toEqual(['Physics', 'K-A']);
    // Dev was active on the 17th, but in Maths.
    expect(
      report.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.subject_title,
        row.attendance,
      ]),
    ).toEqual([
      ['Asha', 'Physics', 'Present'],
      ['Bala', 'Physics', 'Absent'],
      ['Dev', 'Physics', 'Absent'],
    ]);
    const csv: string[][] = parse((await get(`${url}/csv`)).body, { bom: true });
    expect(csv.slice(1)).toEqual([
      ['1', 'Asha', 'K-A', 'Present', '1.75'],
      ['2', 'Bala', 'K-A', 'Absent', '0.00'],
      ['3', 'Dev', 'K-A', 'Absent', '0.00'],
    ]);
    const other = `/api/cwx/get-daily-json-attendance-by-subject/institution/${K()}/batch-subject/${n.batch.id}/date/2026-11-17`;
    expect((await get(other)).statusCode).toBe(404);
  });
});

describe('Attendance By Week', () => {
  const weekUrl = (date: string) => `${byBatchUrl(date)}/weekly?batch_id=${ids.batchA}`;

  it("marks Monday to Sunday, '---' after today and before the student joined", async () => {
    const report = (await get(weekUrl('2026-11-19'))).json().data;
    expect([report.week_start, report.week_end, report.today]).toEqual([
      '2026-11-16',
      '2026-11-22',
      '2026-11-18',
    ]);
    const P = REPORT_MARKS.present;
    const A = REPORT_MARKS.absent;
    const _ = REPORT_MARKS.noDay;
    expect(
      report.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.days,
        row.present_count,
        row.counted_days,
      ]),
    ).toEqual([
      ['Asha', [A, P, A, _, _, _, _], 1, 3],
      ['Bala', [P, A, P, _, _, _, _], 2, 3],
      ['Dev', [_, P, A, _, _, _, _], 1, 2],
      ['Eshan', [_, _, P, _, _, _, _], 1, 1],
    ]);
    const csv: string[][] = parse(
      (await get(`${byBatchUrl('2026-11-19')}/weekly/csv?batch_id=${ids.batchA}`)).body,
      { bom: true },
    );
    expect(csv[0]).toEqual([
      'Sl No',
      'Student Name',
      'Batch',
      'Mon 16-11',
      'Tue 17-11',
      'Wed 18-11',
      'Thu 19-11',
      'Fri 20-11',
      'Sat 21-11',
      'Sun 22-11',
      'Days Present',
    ]);
    expect(csv[3]).toEqual([
      '3',
      'Dev',
      'K-A',
      '---',
      'Present',
      'Absent',
      '---',
      '---',
      '---',
      '---',
      '1/2',
    ]);
  });

  it('reads the week before the boundary as its own week, without the students who came later', async () => {
    const report = (await get(weekUrl('2026-11-15'))).json().data;
    expect([report.week_start, report.week_end]).toEqual(['2026-11-09', '2026-11-15']);
    expect(
      report.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.present_count,
        row.counted_days,
      ]),
    ).toEqual([
      ['Asha', 1, 7],
      ['Bala', 0, 7],
    ]);
    expect(report.result[0].days[1]).toBe(REPORT_MARKS.present);
  });
});

describe('Attendance For Live Class', () => {
  const liveUrl = (date: string, suffix = '') =>
    `/api/cwx/get-daily-json-report-online/date/${date}${suffix}`;

  beforeAll(async () => {
    const K = k.institution.id;
    const [live] = await t.db
      .select({ id: onlineSessions.id })
      .from(onlineSessions)
      .where(and(eq(onlineSessions.title, 'Live'), isNull(onlineSessions.deletedAt)));
    ids.live = live!.id;
    const [bsPB] = (
      await t.db.execute(
        `select id from batch_subjects where batch_id = '${ids.batchB}' and deleted_at is null limit 1`,
      )
    ).rows as { id: string }[];
    const session = async (
      title: string,
      batchId: string,
      batchSubjectId: string,
      start: string,
      isCustom = false,
    ) => {
      const [row] = await t.db
        .insert(onlineSessions)
        .values({
          institutionId: K,
          batchId,
          batchSubjectId,
          title,
          startTime: new Date(start),
          endTime: new Date(new Date(start).getTime() + 3_600_000),
          authorName: 'Visiting teacher',
          isCustom,
        })
        .returning();
      return row!.id;
    };
    const revision = await session('Revision', ids.batchB, bsPB!.id, '2026-11-17T18:20:00Z', true);
    const chitra = (await t.db.select().from(students).where(eq(students.name, 'Chitra')))[0]!.id;
    await t.db.insert(onlineSessionStudents).values([
      { sessionId: revision, studentId: ids.farah },
      { sessionId: revision, studentId: chitra },
    ]);
    await session('Late', ids.batchA, ids.bsP, '2026-11-17T18:45:00Z');
    const attend = (studentId: string, first: string, last: string, seconds: number) =>
      t.db.insert(onlineSessionAttendance).values({
        sessionId: ids.live!,
        studentId,
        institutionId: K,
        firstJoinAt: new Date(first),
        lastSeenAt: new Date(last),
        secondsPresent: seconds,
      });
    await attend(ids.asha!, '2026-11-17T05:02:00Z', '2026-11-17T05:32:00Z', 1800);
    await attend(ids.dev!, '2026-11-17T05:10:00Z', '2026-11-17T05:12:00Z', 100);
  });

  it('lists each session of the local day with each invited student Attended / Not Attended', async () => {
    const response = await get(liveUrl('2026-11-17'));
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report.batch_id).toBe('all');
    expect(
      report.result.map((session: Record<string, unknown>) => [
        session.title,
        session.batch_title,
        session.subject_title,
        session.teacher,
        session.invited,
        session.attended,
        session.absent,
      ]),
    ).toEqual([
      ['Live', 'K-A', 'Physics', 'Fiona', 4, 2, 2],
      ['Revision', 'K-B', 'Physics', 'Visiting teacher', 1, 0, 1],
    ]);
    expect(report.result[0].students).toEqual([
      {
        student_id: ids.asha,
        student_name: 'Asha',
        attendance: 'Attended',
        first_join: '2026-11-17T05:02:00.000Z',
        last_leave: '2026-11-17T05:32:00.000Z',
        minutes: 30,
      },
      {
        student_id: ids.bala,
        student_name: 'Bala',
        attendance: 'Not Attended',
        first_join: null,
        last_leave: null,
        minutes: 0,
      },
      {
        student_id: ids.dev,
        student_name: 'Dev',
        attendance: 'Attended',
        first_join: '2026-11-17T05:10:00.000Z',
        last_leave: '2026-11-17T05:12:00.000Z',
        minutes: 1.67,
      },
      {
        student_id: ids.eshan,
        student_name: 'Eshan',
        attendance: 'Not Attended',
        first_join: null,
        last_leave: null,
        minutes: 0,
      },
    ]);
    expect(report.result[1].students.map((row: Record<string, string>) => row.student_name)).toEqual([
      'Farah',
    ]);
  });

  it('takes the day in the institution’s time zone and filters by batch', async () => {
    const wednesday = (await get(liveUrl('2026-11-18'))).json().data;
    expect(wednesday.result.map((session: Record<string, string>) => session.title)).toEqual(['Late']);
    const batchB = (await get(liveUrl('2026-11-17', `?batch_id=${ids.batchB}`))).json().data;
    expect([
      batchB.batch_title,
      batchB.result.map((session: Record<string, string>) => session.title),
    ]).toEqual(['K-B', ['Revision']]);
    const none = (await get(liveUrl('2026-11-16'))).json().data;
    expect(none.result).toEqual([]);
  });

  it('gives one section per session as CSV and PDF', async () => {
    const csv: string[][] = parse((await get(liveUrl('2026-11-17', '/csv'))).body, {
      bom: true,
      relax_column_count: true,
    });
    expect(csv[0]![0]).toBe(
      'Session: Live  ·  Batch: K-A  ·  Subject: Physics  ·  Teacher: Fiona  ·  Start: 17-11-2026 | 10:30 AM  ·  End: 17-11-2026 | 11:30 AM  ·  Attended: 2/4',
    );
    expect(csv.slice(1, 3)).toEqual([
      ['Sl No', 'Student Name', 'Attendance', 'First Join', 'Last Leave', 'Minutes'],
      ['1', 'Asha', 'Attended', '17-11-2026 | 10:32 AM', '17-11-2026 | 11:02 AM', '30.00'],
    ]);
    expect(csv[5]).toEqual(['4', 'Eshan', 'Not Attended', '', '', '0.00']);
    expect(csv.at(-1)).toEqual(['1', 'Farah', 'Not Attended', '', '', '0.00']);
    const text = pdfText((await get(liveUrl('2026-11-17', '/pdf'))).rawPayload);
    expect(text).toContain('Attendance For Live Class');
    expect(text).toContain('Date: 17-11-2026');
    expect(text).toContain('Attended: 0/1');
    expect(text).toMatch(/Dev\s+Attended\s+17-11-2026 \| 10:40 AM\s+17-11-2026 \| 10:42 AM\s+1\.67/);
  });
});

describe('GET /api/cwx/get-json-report/topic/{topicid}', () => {
  it('lists every student learning the topic with Viewed, minutes to 2 decimals and the last view', async () => {
    const response = await get(`/api/cwx/get-json-report/topic/${ids.p1}`);
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect([report.topic_title, report.subject_title, report.viewed_count]).toEqual(['P1', 'Physics', 2]);
    expect(
      report.result.map((row: Record<string, unknown>) => [
        row.student_name,
        row.batch_title,
        row.attendance,
        row.time_spent,
        row.updated_at,
      ]),
    ).toEqual([
      ['Asha', 'K-A', 'Viewed', 2.08, '2026-11-16T19:00:00.000Z'],
      ['Bala', 'K-A', 'Viewed', 0, '2026-11-18T04:00:00.000Z'],
      ['Dev', 'K-A', 'Not Viewed', 0, null],
      ['Eshan', 'K-A', 'Not Viewed', 0, null],
      ['Farah', 'K-B', 'Not Viewed', 0.5, null],
    ]);
    const batchB = (await get(`/api/cwx/get-json-report/topic/${ids.p1}?batch_id=${ids.batchB}`)).json().data;
    expect(batchB.result.map((row: Record<string, string>) => row.student_name)).toEqual(['Farah']);
    const csv: string[][] = parse((await get(`/api/cwx/get-json-report/topic/${ids.p1}/csv`)).body, {
      bom: true,
    });
    expect(csv[1]).toEqual(['1', 'Asha', 'K-A', 'Viewed', '2.08', '17-11-2026 | 12:30 AM']);
  });

  it('answers 404 for a deleted topic and for another institution’s', async () => {
    expect((await get(`/api/cwx/get-json-report/topic/${ids.p3}`)).statusCode).toBe(404);
    expect((await get(`/api/cwx/get-json-report/topic/${ids.nTopic}`)).statusCode).toBe(404);
  });
});

describe('GET /api/cwx/get-teacher-report', () => {
  it('counts each active teacher’s topics, doubts, answers and sessions in the academic year', async () => {
    const report = (await get('/api/cwx/get-teacher-report')).json().data;
    expect([report.from, report.to]).toEqual(['2026-04-01', '2027-03-31']);
    expect(report.result.map((row: Record<string, unknown>) => Object.values(row).slice(1))).toEqual([
      ['Fiona', 2, 2, 2, 1],
      ['George', 2, 1, 0, 0],
    ]);
    const november = (await get('/api/cwx/get-teacher-report?from=2026-11-01&to=2026-11-30')).json().data;
    expect(november.result.map((row: Record<string, unknown>) => row.topics_count)).toEqual([2, 1]);
    const pdf = pdfText(
      (await get('/api/cwx/get-teacher-report/pdf?from=2026-11-01&to=2026-11-30')).rawPayload,
    );
    expect(pdf).toContain('Faculty Analytics');
    expect(pdf).toMatch(/Fiona\s+2\s+2\s+2\s+1/);
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await get('/api/cwx/get-teacher-report?from=2026-11-02&to=2026-11-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.to).toBe('The start date must not be after the end date.');
  });
});

describe('guards and bad input', () => {
  const routes = () => [
    byTopicUrl('2026-11-17'),
    byBatchUrl('2026-11-17'),
    `${byBatchUrl('2026-11-17')}/weekly`,
    `/api/cwx/get-daily-json-attendance-by-subject/institution/${K()}/batch-subject/${ids.bsP}/date/2026-11-17`,
    `/api/cwx/get-json-report/topic/${ids.p1}`,
    '/api/cwx/get-teacher-report',
    '/api/cwx/get-daily-json-report-online/date/2026-11-17',
  ];

  it('answers 401 without a token and 403 to faculty, students and the owner, as JSON, PDF and CSV', async () => {
    for (const url of routes()) {
      const [path, query] = url.split('?');
      for (const suffix of ['', '/pdf', '/csv']) {
        await expectGuarded(t, k, { method: 'GET', url: `${path}${suffix}${query ? `?${query}` : ''}` }, [
          'moderator',
        ]);
      }
    }
  });

  it("answers 404 for another institution's id or batch", async () => {
    const N = n.institution.id;
    for (const url of [
      `/api/cwx/get-daily-json-report/institution/${N}/date/2026-11-17`,
      byBatchUrl('2026-11-17', N),
      `${byBatchUrl('2026-11-17', N)}/weekly/pdf`,
      `${byTopicUrl('2026-11-17')}?batch_id=${n.batch.id}`,
      `/api/cwx/get-json-report/topic/${ids.p1}?batch_id=${n.batch.id}`,
      `/api/cwx/get-daily-json-report-online/date/2026-11-17?batch_id=${n.batch.id}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 400 for a bad date or batch filter, before reading anything', async () => {
    for (const url of [
      byTopicUrl('2026-02-30'),
      byTopicUrl('17-11-2026'),
      `${byBatchUrl('yesterday')}/weekly`,
      `${byBatchUrl('2026-11-17')}?batch_id=everyone`,
      '/api/cwx/get-teacher-report?from=2026-13-01',
      `/api/cwx/get-json-report/topic/not-an-id`,
      '/api/cwx/get-daily-json-report-online/date/2026-11-31',
      '/api/cwx/get-daily-json-report-online/date/1999-12-31',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
  });

  it('refuses a PDF longer than REPORT_PDF_MAX_ROWS rows (the CSV has them all)', async () => {
    const table = (rows: number) => ({
      institution: 'K',
      title: 'Attendance By Batch',
      lines: [],
      sections: [
        {
          heading: null,
          headers: ['Sl No', 'Student Name'],
          rows: Array.from({ length: rows }, (_, i) => [String(i + 1), 'A']),
        },
      ],
      filename: 'x',
    });
    await expect(tablePdf(table(REPORT_PDF_MAX_ROWS + 1))).rejects.toMatchObject({ statusCode: 400 });
    const { pdf } = await tablePdf(table(2));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reads each report with a fixed number of statements, whatever the number of students', async () => {
    for (const url of routes()) {
      const count = await countQueries(() => get(url));
      expect(count, url).toBeLessThanOrEqual(4);
    }
  });
});
