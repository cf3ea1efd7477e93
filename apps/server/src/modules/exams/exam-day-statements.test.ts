import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timeSpent } from '../../db/schema/index.js';
import { busOf } from '../../lib/instance-bus.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import { untilAlone } from '../../test/alone.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam } from '../../test/factories/exams.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';

/**
 * What an exam day costs the database, counted in statements (not timed): thousands of students
 * open the Examinations tab and the bell, start, save and submit. Each count is the whole request,
 * the sign-in check included.
 */
let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let exam: Awaited<ReturnType<typeof createLiveExam>>;
let batchSubjectId: string;
const START = new Date('2026-11-20T10:00:00Z');
const students: { token: string }[] = [];
const studentIds: string[] = [];

/** A LIVE examination of the batch subject, open for an hour from START. */
const hourLongExam = (settings?: Parameters<typeof createLiveExam>[1]['settings']) =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId,
    start: START,
    due: new Date(START.getTime() + 3_600_000),
    settings,
  });

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  const maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  batchSubjectId = maths.batchSubject.id;
  for (let index = 0; index < 3; index++) {
    const account = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    await enrolStudents(t, batchSubjectId, [account.entityId]);
    students.push({ token: await t.login(account.username) });
    studentIds.push(account.entityId);
  }
  exam = await hourLongExam();
  t.clock.set(START);
  // As a school runs it: one portal, which sends no change to other instances.
  await untilAlone(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
/** The statements one request sends, once every drop it caused has gone out to other instances. */
async function statements(token: string, method: Method, url: string, payload?: object) {
  await busOf(t.db)?.sent();
  let answer: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
  const count = await countQueries(async () => {
    answer = await t.app.inject({ method, url, headers: bearer(token), payload });
  });
  expect(answer!.statusCode, answer!.body).toBeLessThan(300);
  return { count, body: answer!.json().data };
}

describe('an exam day in statements', () => {
  it('opens the Examinations tab and the bell from memory once the batch’s parts are kept', async () => {
    const [first, second] = students;
    // The first student of the batch loads the shared parts (and their own).
    await statements(first!.token, 'GET', '/api/users/me/assessments');
    await statements(first!.token, 'GET', '/api/users/me/notifications');
    // A classmate pays only for their own parts; a second visit for nothing at all.
    const list = await statements(second!.token, 'GET', '/api/users/me/assessments');
    // Their sign-in's account and, in one statement, their facts with their attempts.
    expect(list.count).toBe(2);
    expect((await statements(second!.token, 'GET', '/api/users/me/assessments')).count).toBe(0);
    expect((await statements(second!.token, 'GET', '/api/users/me/notifications')).count).toBe(1);
    expect((await statements(second!.token, 'GET', '/api/users/me/notifications')).count).toBe(0);
  });

  it('starts with one write, the paper made once per examination; saves in one statement; submits in one', async () => {
    const [first, second] = students;
    const started = await statements(first!.token, 'POST', '/api/assessment-attempts', {
      assessment_id: exam.assessment.id,
    });
    expect(started.body.questions).toHaveLength(5);
    // The classmate's paper is the one already made: only their attempt is written (alone, the
    // portal sends the drop of their kept attempts to no other instance).
    await statements(second!.token, 'GET', '/api/users/me/assessments');
    const theirs = await statements(second!.token, 'POST', '/api/assessment-attempts', {
      assessment_id: exam.assessment.id,
    });
    expect(theirs.count).toBe(1);
    const attemptId = theirs.body.attempt._id;
    const save = (optionId: string) =>
      statements(
        second!.token,
        'PUT',
        `/api/assessment-attempts/${attemptId}/answers/${exam.single.question.id}`,
        {
          submitted_answer_ids: [optionId],
        },
      );
    // The start dropped the student's own reads: the first save reads their parts again.
    await save(exam.single.options[0]!.id);
    expect((await save(exam.single.options[1]!.id)).count).toBe(1);
    // An answer sheet's upload keeps every kept read: the next save is still one statement.
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 page 1']), 'sheet.pdf');
    const sheet = await t.app.inject({
      method: 'POST',
      url: '/api/s3/v2?purpose=answer_sheet',
      payload: form,
      headers: bearer(second!.token),
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect((await save(exam.single.options[0]!.id)).count).toBe(1);
    const submitted = await statements(second!.token, 'POST', '/api/assessment-submissions', {
      assessment_id: exam.assessment.id,
      batch_subject_id: batchSubjectId,
      submissions: [],
    });
    expect(submitted.count).toBe(1);
  });

  it('counts a request’s own statements, not the time-spent buffer’s write, whenever its timer fires', async () => {
    // The buffer writes every student's entries of a second at once; a start only adds to it.
    const entry = {
      institutionId: school.institution.id,
      studentId: studentIds[2]!,
      contentType: 'assessment',
      contentId: exam.assessment.id,
      batchSubjectId,
      day: '2026-11-20',
      minutes: 1,
      at: START,
    };
    const count = await countQueries(async () => {
      t.app.timeSpent.add(entry);
      await t.app.flushTimeSpent();
    });
    expect(count).toBe(0);
    const written = await t.db
      .select({ minutes: timeSpent.minutes })
      .from(timeSpent)
      .where(and(eq(timeSpent.studentId, entry.studentId), eq(timeSpent.contentId, entry.contentId)));
    expect(written).toEqual([{ minutes: 1 }]);
  });

  it('costs the same with a shuffled, drawn, timed paper and a student holding extra time', async () => {
    const fair = await hourLongExam({
      durationMinutes: 30,
      shuffleQuestions: true,
      shuffleOptions: true,
      drawCount: 3,
    });
    const [first, second] = students;
    // The staff give the second student extra time (a staff write: everyone's kept parts drop).
    const given = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${fair.assessment.id}/accommodations/${studentIds[1]}`,
      headers: bearer(school.tokens.moderator),
      payload: { extra_percent: 50 },
    });
    expect(given.statusCode).toBe(200);
    await statements(first!.token, 'POST', '/api/assessment-attempts', { assessment_id: fair.assessment.id });
    await statements(second!.token, 'GET', '/api/users/me/assessments');
    const theirs = await statements(second!.token, 'POST', '/api/assessment-attempts', {
      assessment_id: fair.assessment.id,
    });
    expect(theirs.count).toBe(1);
    expect(theirs.body.questions).toHaveLength(3);
    expect(Date.parse(theirs.body.attempt.deadline) - START.getTime()).toBe(45 * 60_000);
    const question = theirs.body.questions[0];
    const save = () =>
      statements(
        second!.token,
        'PUT',
        `/api/assessment-attempts/${theirs.body.attempt._id}/answers/${question._id}`,
        {
          submitted_answer_ids: question.answers.length ? [question.answers[0]._id] : [],
          submitted_answer_text: question.answers.length ? undefined : 'An answer',
          marked_for_review: true,
        },
      );
    await save();
    expect((await save()).count).toBe(1);
  });

  it('after an announcement to the whole school, each batch reloads its announcements once', async () => {
    const [first, second, third] = students;
    for (const student of students) await statements(student.token, 'GET', '/api/users/me/notifications');
    await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: bearer(school.tokens.moderator),
      payload: { title: 'Exam hall', description: 'Room 4', audience: 'institution' },
    });
    const wave = [];
    for (const student of [first!, second!, third!]) {
      wave.push((await statements(student.token, 'GET', '/api/users/me/notifications')).count);
    }
    expect(wave).toEqual([1, 0, 0]);
    // Their other kept reads are untouched by it: the Examinations tab is still free.
    expect((await statements(third!.token, 'GET', '/api/users/me/assessments')).count).toBe(0);
  });

  it('starts on the reads kept since the student opened the tab, minutes before the opening', async () => {
    const paper = await hourLongExam();
    // The factory writes outside the API, which drops nothing by itself.
    forgetInstitutionReads(t.db, school.institution.id);
    const [first, second] = students;
    await statements(second!.token, 'GET', '/api/users/me/assessments');
    // The student sits waiting for ten minutes (the kept reads' clock is the machine's).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.advanceTimersByTime(10 * 60_000);
      // A classmate's start makes the paper again (kept a minute); the student's is one write.
      await statements(first!.token, 'POST', '/api/assessment-attempts', {
        assessment_id: paper.assessment.id,
      });
      const theirs = await statements(second!.token, 'POST', '/api/assessment-attempts', {
        assessment_id: paper.assessment.id,
      });
      expect(theirs.count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes a paper once when the batch starts it at the same moment', async () => {
    const [warmUp, reference, together] = [await hourLongExam(), await hourLongExam(), await hourLongExam()];
    forgetInstitutionReads(t.db, school.institution.id);
    for (const student of students) await statements(student.token, 'GET', '/api/users/me/assessments');
    const [first] = students;
    /** The first student's start (which drops their own reads: the tab reads them again, as it does). */
    const startAlone = async (paper: typeof together) => {
      const started = await statements(first!.token, 'POST', '/api/assessment-attempts', {
        assessment_id: paper.assessment.id,
      });
      await statements(first!.token, 'GET', '/api/users/me/assessments');
      return started.count;
    };
    // The institution's own kept facts come back with the first start after the drop.
    await startAlone(warmUp);
    // A start on a paper not yet made: the paper's reads and the attempt's write.
    const alone = await startAlone(reference);
    expect(alone).toBeGreaterThan(1);
    await busOf(t.db)?.sent();
    const answers: number[] = [];
    const count = await countQueries(() =>
      Promise.all(
        students.map(async (student) => {
          const answer = await t.app.inject({
            method: 'POST',
            url: '/api/assessment-attempts',
            headers: bearer(student.token),
            payload: { assessment_id: together.assessment.id },
          });
          answers.push(answer.statusCode);
        }),
      ),
    );
    expect(answers).toEqual([201, 201, 201]);
    // Each student's attempt written, the paper read once for all three.
    expect(count).toBe(alone + students.length - 1);
  });

  it('keys the attempts and answers by time, so an exam day’s inserts fill the indexes’ last pages', async () => {
    const paper = await hourLongExam();
    const attemptIds: string[] = [];
    for (const student of students) {
      const started = await statements(student.token, 'POST', '/api/assessment-attempts', {
        assessment_id: paper.assessment.id,
      });
      attemptIds.push(started.body.attempt._id);
      await statements(
        student.token,
        'PUT',
        `/api/assessment-attempts/${started.body.attempt._id}/answers/${paper.single.question.id}`,
        { submitted_answer_ids: [paper.single.options[0]!.id] },
      );
    }
    // The key made without uuidv7() (PostgreSQL before 18), two in a row.
    const portable = await t.db.execute<{ id: string }>(
      sql`select uuid_time_ordered_portable() as id from generate_series(1, 2)`,
    );
    // The answers in the order they were saved: each student's after the one before.
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select a.id from unnest(${sql.param(attemptIds)}::uuid[]) with ordinality as s(attempt_id, n)
        join exam_answers a using (attempt_id) order by s.n`,
    );
    // Version 7 (RFC 9562): the first 12 hex digits are the milliseconds of the insert, in order.
    const millisecondsOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    for (const ids of [attemptIds, rows.map((row) => row.id), portable.rows.map((row) => row.id)]) {
      expect(ids.length).toBeGreaterThan(1);
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const times = ids.map(millisecondsOf);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.abs(times[0]! - Date.now())).toBeLessThan(60_000);
    }
  });
});
