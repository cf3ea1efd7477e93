import { type Assessment, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.js';
import {
  createAnswerRow,
  createAssessmentRow,
  createAttemptRow,
  createQuestionRows,
} from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;

let school: School;
let other: School;
/** Taught to the school's batch by its faculty member (and a second teacher); the student is enrolled. */
let maths: Taught;
/** Taught to the school's batch by nobody the tests sign in as; the student is enrolled. */
let history: Taught;
/** Of the other institution. */
let theirs: Taught;
let coTeacherToken: string;

const NOW = new Date('2026-11-20T09:00:00Z');
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** A valid create body for a batch subject: tomorrow 10:00-11:00 IST. */
const createBody = (batchSubjectId: string, overrides: Record<string, unknown> = {}) => ({
  title: t.unique('Unit test '),
  description: 'Chapters 1 to 3',
  batch_subject_id: batchSubjectId,
  start_date: '2026-11-21T10:00:00+05:30',
  due_date: '2026-11-21T11:00:00+05:30',
  ...overrides,
});

const countRows = async () => (await t.db.select({ id: assessments.id }).from(assessments)).length;

/** Uploads a file as `token` with a purpose, answering its URL. */
async function upload(token: string, filename: string, purpose: 'content' | 'import') {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4 not really']), filename);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/s3/v2?purpose=${purpose}`,
    payload: form,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.publicUrl as string;
}

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  const institutionId = school.institution.id;
  const coTeacher = await t.createAccount('faculty', { institutionId });
  coTeacherToken = await t.login(coTeacher.username);
  maths = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId, coTeacher.entityId],
  });
  history = await createTaughtSubject(t, { institutionId, batchId: school.batch.id });
  await enrolStudents(t, maths.batchSubject.id, [school.accounts.student.entityId]);
  await enrolStudents(t, history.batchSubject.id, [school.accounts.student.entityId]);
  theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
});
afterAll(() => t.close());

describe('guards', () => {
  it('refuse callers without a token (401) and roles the route is not for (403)', async () => {
    const id = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
    const teachers = ['moderator', 'faculty'] as const;
    await expectGuarded(t, school, { method: 'GET', url: '/api/assessments' }, teachers);
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/assessments', payload: createBody(maths.batchSubject.id) },
      teachers,
    );
    await expectGuarded(t, school, { method: 'GET', url: `/api/assessments/${id}` }, teachers);
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/assessments/${id}`, payload: { title: 'x' } },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/assessments/${id}/status`, payload: { status: 'CANCELED' } },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/assessment-questions/${id}/assessment-id` },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/assessment-questions/preview', payload: { csv_url: '/files/x.csv' } },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      {
        method: 'POST',
        url: '/api/assessment-questions/csv',
        payload: { csv_url: '/files/x.csv', assessment_id: id },
      },
      teachers,
    );
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/assessments' }, ['student']);
  });

  it('answers 401 before looking at a bad body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: { title: 42 } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/assessments', () => {
  it('creates a draft for a moderator, with the author and noFiles', async () => {
    const response = await send(
      'POST',
      '/api/assessments',
      school.tokens.moderator,
      createBody(maths.batchSubject.id),
    );
    expect(response.statusCode).toBe(201);
    const assessment: Assessment = response.json().data.assessment;
    expect(assessment).toMatchObject({
      status: 'DRAFTED',
      url: 'noFiles',
      batch_subject_id: maths.batchSubject.id,
      batch_id: school.batch.id,
      start_date: '2026-11-21T04:30:00.000Z',
      due_date: '2026-11-21T05:30:00.000Z',
      author_id: school.accounts.moderator.user.id,
      author_name: school.accounts.moderator.username,
      questions_count: 0,
      student_count: 1,
      can_edit: true,
      can_cancel: true,
    });
  });

  it('lets a faculty member create for a batch subject they teach, not for another (403)', async () => {
    const taught = await send(
      'POST',
      '/api/assessments',
      school.tokens.faculty,
      createBody(maths.batchSubject.id),
    );
    expect(taught.statusCode).toBe(201);
    expect(taught.json().data.assessment.author_name).toBe(`Faculty ${school.accounts.faculty.username}`);
    const before = await countRows();
    const notTaught = await send(
      'POST',
      '/api/assessments',
      school.tokens.faculty,
      createBody(history.batchSubject.id),
    );
    expect(notTaught.statusCode).toBe(403);
    expect(await countRows()).toBe(before);
  });

  it('answers 404 for another institution’s batch subject', async () => {
    const response = await send(
      'POST',
      '/api/assessments',
      school.tokens.moderator,
      createBody(theirs.batchSubject.id),
    );
    expect(response.statusCode).toBe(404);
  });

  it('refuses a form with gaps with "Please fill the form" and writes nothing', async () => {
    const before = await countRows();
    const response = await send('POST', '/api/assessments', school.tokens.moderator, { title: '  ' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    for (const field of ['title', 'description', 'batch_subject_id', 'start_date', 'due_date']) {
      expect(fields[field]).toBe(MESSAGES.fillTheForm);
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses a start before now, but accepts the start of the current 15-minute slot', async () => {
    t.clock.set(new Date('2026-11-20T09:07:00Z'));
    try {
      const past = await send(
        'POST',
        '/api/assessments',
        school.tokens.moderator,
        createBody(maths.batchSubject.id, { start_date: '2026-11-20T08:59:00Z' }),
      );
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields.start_date).toBe(MESSAGES.assessmentStartInPast);
      const slot = await send(
        'POST',
        '/api/assessments',
        school.tokens.moderator,
        createBody(maths.batchSubject.id, { start_date: '2026-11-20T09:00:00Z' }),
      );
      expect(slot.statusCode).toBe(201);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses a due date not after the start, and dates outside 2000-2099 or without an offset', async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ due_date: '2026-11-21T10:00:00+05:30' }, 'due_date', MESSAGES.assessmentDueBeforeStart],
      [{ due_date: '2026-11-21T09:00:00+05:30' }, 'due_date', MESSAGES.assessmentDueBeforeStart],
      [{ start_date: '2026-11-21 10:00:00' }, 'start_date', MESSAGES.assessmentDateTimeInvalid],
      [{ due_date: '2126-11-21T10:00:00Z' }, 'due_date', MESSAGES.assessmentDateTimeRange],
      [{ start_date: 20261121 }, 'start_date', MESSAGES.fillTheForm],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send(
        'POST',
        '/api/assessments',
        school.tokens.moderator,
        createBody(maths.batchSubject.id, overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses hostile and oversized text', async () => {
    const before = await countRows();
    for (const overrides of [
      { title: 'a\u0000b' },
      { title: 'x'.repeat(201) },
      { description: 'y'.repeat(5001) },
      { title: ['a'] },
      { batch_subject_id: "' or 1=1 --" },
    ]) {
      const response = await send(
        'POST',
        '/api/assessments',
        school.tokens.moderator,
        createBody(maths.batchSubject.id, overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 60)).toBe(400);
    }
    expect(await countRows()).toBe(before);
  });

  it('takes a question paper uploaded to the portal, and refuses any other link', async () => {
    const paper = await upload(school.tokens.faculty, 'paper.pdf', 'content');
    const created = await send(
      'POST',
      '/api/assessments',
      school.tokens.faculty,
      createBody(maths.batchSubject.id, { url: paper }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.assessment.url).toBe(paper);

    const before = await countRows();
    const theirPaper = await upload(other.tokens.moderator, 'theirs.pdf', 'content');
    const privateFile = await upload(school.tokens.moderator, 'private.pdf', 'import');
    for (const url of ['https://example.com/paper.pdf', '/files/../secrets.json', theirPaper, privateFile]) {
      const response = await send(
        'POST',
        '/api/assessments',
        school.tokens.faculty,
        createBody(maths.batchSubject.id, { url }),
      );
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields.url).toBe(MESSAGES.questionPaperNotOwnFile);
    }
    expect(await countRows()).toBe(before);
  });
});

describe('GET /api/assessments', () => {
  let listSchool: School;
  let english: Taught;
  let science: Taught;

  beforeAll(async () => {
    listSchool = await t.createSchool();
    const institutionId = listSchool.institution.id;
    const secondBatch = await t.createBatch(institutionId);
    english = await createTaughtSubject(t, {
      institutionId,
      batchId: listSchool.batch.id,
      facultyIds: [listSchool.accounts.faculty.entityId],
    });
    science = await createTaughtSubject(t, { institutionId, batchId: secondBatch.id });
    const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
    // English: two upcoming (due in 2 h and 5 h), one previous (due 1 h ago), one canceled upcoming.
    for (const [title, start, due, status] of [
      ['E-soon', -1, 2, 'LIVE'],
      ['E-later', 3, 5, 'DRAFTED'],
      ['E-past', -3, -1, 'LIVE'],
      ['E-canceled', 1, 4, 'CANCELED'],
    ] as const) {
      await createAssessmentRow(t, {
        institutionId,
        batchSubjectId: english.batchSubject.id,
        title,
        startDate: at(start),
        dueDate: at(due),
        status,
      });
    }
    await createAssessmentRow(t, {
      institutionId,
      batchSubjectId: science.batchSubject.id,
      title: 'S-soon',
      startDate: at(1),
      dueDate: at(3),
    });
  });

  const titles = (response: { json(): { data: { assessments: Assessment[] } } }) =>
    response.json().data.assessments.map((assessment) => assessment.title);

  it('lists a tab with both counts for a moderator, soonest due first; Previous latest first', async () => {
    const upcoming = await get('/api/assessments', listSchool.tokens.moderator);
    expect(upcoming.statusCode).toBe(200);
    expect(titles(upcoming)).toEqual(['E-soon', 'S-soon', 'E-canceled', 'E-later']);
    expect(upcoming.json().data.counts).toEqual({ upcoming: 4, previous: 1 });
    expect(upcoming.json().data.page).toEqual({ limit: 50, next_cursor: null, total: 4 });
    const previous = await get('/api/assessments?when=previous', listSchool.tokens.moderator);
    expect(titles(previous)).toEqual(['E-past']);
    // LIVE past its due date reads as CLOSED (decision 19).
    expect(previous.json().data.assessments[0].status).toBe('CLOSED');
  });

  it('filters by batch; a faculty member sees only the batch subjects they teach', async () => {
    const byBatch = await get(
      `/api/assessments?batch_id=${listSchool.batch.id}`,
      listSchool.tokens.moderator,
    );
    expect(titles(byBatch)).toEqual(['E-soon', 'E-canceled', 'E-later']);
    expect(byBatch.json().data.counts).toEqual({ upcoming: 3, previous: 1 });
    const faculty = await get('/api/assessments', listSchool.tokens.faculty);
    expect(titles(faculty)).toEqual(['E-soon', 'E-canceled', 'E-later']);
    const notTaught = await get(
      `/api/assessments?batch_subject_id=${science.batchSubject.id}`,
      listSchool.tokens.faculty,
    );
    expect(notTaught.statusCode).toBe(403);
  });

  it('answers 404 for another institution’s batch or batch subject, 400 for bad filters', async () => {
    expect(
      (await get(`/api/assessments?batch_id=${school.batch.id}`, listSchool.tokens.moderator)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/assessments?batch_subject_id=${maths.batchSubject.id}`, listSchool.tokens.moderator))
        .statusCode,
    ).toBe(404);
    for (const query of ['when=later', 'batch_id=1', 'limit=0', 'limit=201', 'cursor=%00']) {
      expect((await get(`/api/assessments?${query}`, listSchool.tokens.moderator)).statusCode, query).toBe(
        400,
      );
    }
  });

  it('pages with a cursor, never repeating or skipping a row', async () => {
    const first = await get('/api/assessments?limit=3', listSchool.tokens.moderator);
    expect(titles(first)).toEqual(['E-soon', 'S-soon', 'E-canceled']);
    const { next_cursor, total } = first.json().data.page;
    expect(total).toBe(4);
    const second = await get(`/api/assessments?limit=3&cursor=${next_cursor}`, listSchool.tokens.moderator);
    expect(titles(second)).toEqual(['E-later']);
    expect(second.json().data.page).toEqual({ limit: 3, next_cursor: null, total: null });
    // A cursor of another institution's row gives an empty page, never its rows.
    const foreign = Buffer.from(theirs.batchSubject.id).toString('base64url');
    const empty = await get(`/api/assessments?cursor=${foreign}`, listSchool.tokens.moderator);
    expect(empty.statusCode).toBe(200);
    expect(titles(empty)).toEqual([]);
  });

  it('moves an assessment to Previous once its due date passes', async () => {
    t.clock.set(new Date(NOW.getTime() + 2 * 3_600_000 + 1000));
    try {
      const response = await get('/api/assessments?when=previous', listSchool.tokens.moderator);
      expect(titles(response)).toEqual(['E-soon', 'E-past']);
      expect(response.json().data.counts).toEqual({ upcoming: 3, previous: 2 });
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('GET /api/users/me/assessments', () => {
  it('lists a student’s LIVE, CLOSED and EVOLUTED assessments of enrolled subjects, with has_taken', async () => {
    const local = await t.createSchool();
    const institutionId = local.institution.id;
    const studentId = local.accounts.student.entityId;
    const enrolled = await createTaughtSubject(t, { institutionId, batchId: local.batch.id });
    const notEnrolled = await createTaughtSubject(t, { institutionId, batchId: local.batch.id });
    await enrolStudents(t, enrolled.batchSubject.id, [studentId]);
    const row = (
      title: string,
      status: 'DRAFTED' | 'LIVE' | 'EVOLUTED' | 'CANCELED',
      batchSubjectId: string,
    ) =>
      createAssessmentRow(t, {
        institutionId,
        batchSubjectId,
        title,
        status,
        startDate: new Date('2026-11-20T08:00:00Z'),
        dueDate: new Date('2026-11-20T12:00:00Z'),
      });
    const live = await row('Live', 'LIVE', enrolled.batchSubject.id);
    await row('Draft', 'DRAFTED', enrolled.batchSubject.id);
    await row('Canceled', 'CANCELED', enrolled.batchSubject.id);
    await row('Evaluated', 'EVOLUTED', enrolled.batchSubject.id);
    await row('Not enrolled', 'LIVE', notEnrolled.batchSubject.id);
    await createAttemptRow(t, { institutionId, assessmentId: live.id, studentId, submittedAt: NOW });

    const response = await get('/api/users/me/assessments', local.tokens.student);
    expect(response.statusCode).toBe(200);
    const list: Assessment[] = response.json().data.assessments;
    expect(list.map((assessment) => assessment.title).sort()).toEqual(['Evaluated', 'Live']);
    // What the staff's cards count (submissions, enrolments) is not a student's to read: 0.
    expect(list.find((assessment) => assessment.title === 'Live')).toMatchObject({
      has_taken: true,
      submissions_received: 0,
      student_count: 0,
      can_edit: false,
      can_cancel: false,
    });
    expect(list.find((assessment) => assessment.title === 'Evaluated')?.has_taken).toBe(false);
  });
});

describe('GET and PATCH /api/assessments/{id}', () => {
  it('reads one for its teachers; 403 for a faculty member who does not teach it, 404 for another institution', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
    });
    expect((await get(`/api/assessments/${row.id}`, school.tokens.faculty)).statusCode).toBe(200);
    const historyRow = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: history.batchSubject.id,
    });
    expect((await get(`/api/assessments/${historyRow.id}`, school.tokens.faculty)).statusCode).toBe(403);
    expect((await get(`/api/assessments/${historyRow.id}`, school.tokens.moderator)).statusCode).toBe(200);
    expect((await get(`/api/assessments/${row.id}`, other.tokens.moderator)).statusCode).toBe(404);
    expect((await get('/api/assessments/not-an-id', school.tokens.moderator)).statusCode).toBe(400);
    const patched = await send('PATCH', `/api/assessments/${row.id}`, other.tokens.moderator, {
      title: 'Mine',
    });
    expect(patched.statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/assessments/${historyRow.id}`, school.tokens.faculty, { title: 'Mine' }))
        .statusCode,
    ).toBe(403);
  });

  it('edits title, description, times and paper, never the batch subject', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
    });
    const response = await send('PATCH', `/api/assessments/${row.id}`, school.tokens.faculty, {
      title: 'Renamed',
      description: 'New description',
      start_date: '2026-11-22T10:00:00Z',
      due_date: '2026-11-22T11:15:00Z',
      batch_subject_id: history.batchSubject.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.assessment).toMatchObject({
      title: 'Renamed',
      description: 'New description',
      start_date: '2026-11-22T10:00:00.000Z',
      due_date: '2026-11-22T11:15:00.000Z',
      batch_subject_id: maths.batchSubject.id,
    });
  });

  it('checks a changed start and due against now and each other, and changes nothing on 400', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
      startDate: new Date('2026-11-20T08:00:00Z'),
      dueDate: new Date('2026-11-20T10:00:00Z'),
    });
    // Started already: a new title keeps the start in the past, which is fine.
    const renamed = await send('PATCH', `/api/assessments/${row.id}`, school.tokens.moderator, {
      title: 'Kept',
    });
    expect(renamed.statusCode).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_date: '2026-11-20T08:30:00Z' }, 'start_date', MESSAGES.assessmentStartInPast],
      [{ due_date: '2026-11-20T08:45:00Z' }, 'due_date', MESSAGES.assessmentDueInPast],
      [{ start_date: '2026-11-20T11:00:00Z' }, 'due_date', MESSAGES.assessmentDueBeforeStart],
      [{ title: '' }, 'title', MESSAGES.fillTheForm],
      [{ url: 'javascript:alert(1)' }, 'url', MESSAGES.questionPaperNotOwnFile],
    ];
    for (const [body, field, message] of cases) {
      const response = await send('PATCH', `/api/assessments/${row.id}`, school.tokens.moderator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const [stored] = await t.db.select().from(assessments).where(eq(assessments.id, row.id));
    expect(stored).toMatchObject({
      title: 'Kept',
      startDate: row.startDate,
      dueDate: row.dueDate,
      paperUrl: null,
    });
  });

  it('refuses edits once canceled, evaluated or closed (409)', async () => {
    for (const [status, due] of [
      ['CANCELED', new Date('2026-11-21T10:00:00Z')],
      ['EVOLUTED', new Date('2026-11-20T08:00:00Z')],
      ['LIVE', new Date('2026-11-20T08:00:00Z')],
    ] as const) {
      const row = await createAssessmentRow(t, {
        institutionId: school.institution.id,
        batchSubjectId: maths.batchSubject.id,
        status,
        startDate: new Date('2026-11-20T07:00:00Z'),
        dueDate: due,
      });
      const response = await send('PATCH', `/api/assessments/${row.id}`, school.tokens.moderator, {
        title: 'No',
      });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error.message).toContain(status === 'LIVE' ? 'CLOSED' : status);
    }
  });
});

describe('PATCH /api/assessments/{id}/status', () => {
  const status = (id: string, token: string, body: object) =>
    send('PATCH', `/api/assessments/${id}/status`, token, body);

  it('lets the author cancel, not another teacher of the batch subject; a moderator always', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      authorUserId: school.accounts.faculty.user.id,
      status: 'LIVE',
    });
    const coTeacher = await status(row.id, coTeacherToken, { status: 'CANCELED' });
    expect(coTeacher.statusCode).toBe(403);
    expect(coTeacher.json().error.message).toBe(MESSAGES.onlyAuthorCancels);
    const listed = await get(`/api/assessments/${row.id}`, coTeacherToken);
    expect(listed.json().data.assessment).toMatchObject({
      can_cancel: false,
      can_edit: true,
      status: 'LIVE',
    });

    const author = await status(row.id, school.tokens.faculty, { status: 'CANCELED' });
    expect(author.statusCode).toBe(200);
    expect(author.json().data.assessment).toMatchObject({
      status: 'CANCELED',
      can_cancel: false,
      can_edit: false,
    });
    // Canceling again changes nothing.
    expect((await status(row.id, school.tokens.moderator, { status: 'CANCELED' })).statusCode).toBe(200);

    const byModerator = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: history.batchSubject.id,
      authorUserId: school.accounts.faculty.user.id,
    });
    expect((await status(byModerator.id, school.tokens.moderator, { status: 'CANCELED' })).statusCode).toBe(
      200,
    );
    expect((await status(byModerator.id, other.tokens.moderator, { status: 'CANCELED' })).statusCode).toBe(
      404,
    );
  });

  it('lets an author who no longer teaches the batch subject still cancel; others who do not teach it get 403', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: history.batchSubject.id,
      authorUserId: school.accounts.faculty.user.id,
    });
    expect((await status(row.id, coTeacherToken, { status: 'CANCELED' })).statusCode).toBe(403);
    expect(
      (await status(row.id, school.tokens.faculty, { status: 'EVOLUTED', force: true })).statusCode,
    ).toBe(403);
    expect((await status(row.id, school.tokens.faculty, { status: 'CANCELED' })).statusCode).toBe(200);
  });

  it('marks EVOLUTED only once CLOSED, and an evaluated one can no longer be canceled', async () => {
    const upcoming = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
    });
    const early = await status(upcoming.id, school.tokens.faculty, { status: 'EVOLUTED', force: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.assessmentNotClosed);

    const closed = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
      startDate: new Date('2026-11-20T06:00:00Z'),
      dueDate: new Date('2026-11-20T08:00:00Z'),
    });
    const evaluated = await status(closed.id, school.tokens.faculty, { status: 'EVOLUTED', force: true });
    expect(evaluated.statusCode).toBe(200);
    expect(evaluated.json().data.assessment.status).toBe('EVOLUTED');
    const cancel = await status(closed.id, school.tokens.moderator, { status: 'CANCELED' });
    expect(cancel.statusCode).toBe(409);
  });

  it('refuses statuses nobody sets (400) and changes nothing', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
    });
    for (const body of [
      { status: 'LIVE' },
      { status: 'CLOSED' },
      { status: 'canceled' },
      {},
      { status: 'CANCELED', force: 'yes' },
    ]) {
      expect((await status(row.id, school.tokens.moderator, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const [stored] = await t.db.select().from(assessments).where(eq(assessments.id, row.id));
    expect(stored!.status).toBe('DRAFTED');
  });
});

describe('GET /api/assessment-questions/{id}/assessment-id', () => {
  it('answers the assessment and its questions in order with the right options marked', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
    });
    await createQuestionRows(t, { institutionId: school.institution.id, assessmentId: row.id }, [
      { type: 'SINGLE_CHOICE', marks: 2 },
      { type: 'MULTIPLE_CHOICE', marks: 3 },
      { type: 'BOOLEAN' },
      { type: 'TEXT', marks: 5 },
      { type: 'UPLOAD', marks: 10 },
    ]);
    const response = await get(`/api/assessment-questions/${row.id}/assessment-id`, school.tokens.faculty);
    expect(response.statusCode).toBe(200);
    const { assessment, questions } = response.json().data;
    expect(assessment).toMatchObject({ questions_count: 5, total_marks: 21, has_upload_questions: true });
    expect(questions.map((question: { type: string }) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'BOOLEAN',
      'TEXT',
      'UPLOAD',
    ]);
    expect(
      questions[1].answers.map((option: { title: string; type: string }) => [option.title, option.type]),
    ).toEqual([
      ['Two', 'CORRECT'],
      ['Three', 'CORRECT'],
      ['Four', 'INCORRECT'],
    ]);
    expect(questions[3].answers).toEqual([]);
    expect(
      (await get(`/api/assessment-questions/${row.id}/assessment-id`, other.tokens.moderator)).statusCode,
    ).toBe(404);
    const historyRow = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: history.batchSubject.id,
    });
    expect(
      (await get(`/api/assessment-questions/${historyRow.id}/assessment-id`, school.tokens.faculty))
        .statusCode,
    ).toBe(403);
  });

  it('counts submissions received and fully evaluated', async () => {
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      status: 'LIVE',
    });
    const [made] = await createQuestionRows(
      t,
      { institutionId: school.institution.id, assessmentId: row.id },
      [{ type: 'TEXT' }],
    );
    const student2 = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const done = await createAttemptRow(t, {
      institutionId: school.institution.id,
      assessmentId: row.id,
      studentId: school.accounts.student.entityId,
      submittedAt: NOW,
    });
    await createAnswerRow(t, { attemptId: done.id, questionId: made!.question.id, assessed: true });
    const pending = await createAttemptRow(t, {
      institutionId: school.institution.id,
      assessmentId: row.id,
      studentId: student2.entityId,
      submittedAt: NOW,
    });
    await createAnswerRow(t, { attemptId: pending.id, questionId: made!.question.id });
    const response = await get(`/api/assessments/${row.id}`, school.tokens.moderator);
    expect(response.json().data.assessment).toMatchObject({
      submissions_received: 2,
      submissions_evoluted: 1,
    });
  });
});
