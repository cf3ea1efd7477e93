import { MESSAGES } from '@portal/shared';
import hi from '@portal/shared/locales/hi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetInstitutionReads, forgetUserReads } from '../../lib/read-cache.js';
import { createDoubtRow, createResponseRow, createTaughtSubject } from '../../test/factories/doubts.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
type Account = Awaited<ReturnType<TestApp['createAccount']>>;

let school: School;
let other: School;
/** Taught to the school's batch by its faculty member: a visible topic, a hidden one. */
let maths: Taught;
/** Taught to the school's batch too, in a hidden chapter. */
let hiddenChapter: Taught;
/** Another subject of the same batch. */
let history: Taught;
/** Taught to a second batch of the school, by a second faculty member. */
let science: Taught;
/** The other institution's. */
let theirs: Taught;
let classmate: Account & { token: string };
let otherBatchStudent: Account & { token: string };
let otherFaculty: Account & { token: string };

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const doubtIds = (response: { json(): { data: { doubts: { _id: string }[] } } }) =>
  response.json().data.doubts.map((doubt) => doubt._id);

/** A doubt of the school's student (or another) on the first maths topic. */
/** A doubt written straight into the table; the cached reads are dropped as an API write drops them. */
const mathsDoubt = async (studentId = school.accounts.student.entityId, doubtText?: string) => {
  const doubt = await createDoubtRow(t, {
    institutionId: school.institution.id,
    studentId,
    topicId: maths.topics[0]!.id,
    batchSubjectId: maths.batchSubject.id,
    doubtText,
  });
  forgetInstitutionReads(t.db, school.institution.id);
  return doubt;
};

const facultyName = () => `Faculty ${school.accounts.faculty.username}`;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  const institutionId = school.institution.id;
  maths = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
    topics: [{ title: 'Fractions' }, { title: 'Hidden fractions', visibility: false }],
  });
  hiddenChapter = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    chapterVisible: false,
    facultyIds: [school.accounts.faculty.entityId],
  });
  history = await createTaughtSubject(t, { institutionId, batchId: school.batch.id });
  const secondBatch = await t.createBatch(institutionId);
  const faculty2 = await t.createAccount('faculty', { institutionId });
  otherFaculty = { ...faculty2, token: await t.login(faculty2.username) };
  science = await createTaughtSubject(t, {
    institutionId,
    batchId: secondBatch.id,
    facultyIds: [faculty2.entityId],
  });
  theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
  const mate = await t.createAccount('student', { institutionId, batchId: school.batch.id });
  classmate = { ...mate, token: await t.login(mate.username) };
  const away = await t.createAccount('student', { institutionId, batchId: secondBatch.id });
  otherBatchStudent = { ...away, token: await t.login(away.username) };
});
afterAll(() => t.close());

describe('POST /api/doubts', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    doubt_text: 'Why do we flip the second fraction when dividing?',
    topic_id: maths.topics[0]!.id,
    batch_subject_id: maths.batchSubject.id,
    ...overrides,
  });

  it('is for students only', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/doubts', payload: body() }, ['student']);
  });

  it('creates the doubt on the topic and answers it in the documented shape', async () => {
    const response = await send('POST', '/api/doubts', school.tokens.student, body());
    expect(response.statusCode).toBe(201);
    expect(response.json().data.doubt).toEqual({
      _id: expect.any(String),
      doubt_text: 'Why do we flip the second fraction when dividing?',
      topic_id: maths.topics[0]!.id,
      topic_title: 'Fractions',
      chapter_id: maths.chapter.id,
      chapter_title: maths.chapter.title,
      batch_subject_id: maths.batchSubject.id,
      subject_id: maths.subjectId,
      subject_title: expect.any(String),
      batch_title: school.batch.title,
      author_name: MESSAGES.doubtAuthorYou,
      is_own: true,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      response_count: 0,
      responses_total: 0,
      answered: false,
      responses: [],
    });
  });

  it.each([
    ['an empty text', { doubt_text: '   ' }, 'doubt_text', MESSAGES.fillTheForm],
    ['a missing text', { doubt_text: undefined }, 'doubt_text', MESSAGES.fillTheForm],
    [
      'a text over 2000 characters',
      { doubt_text: 'x'.repeat(2001) },
      'doubt_text',
      'At most 2000 characters.',
    ],
    ['a malformed topic id', { topic_id: 'nope' }, 'topic_id', MESSAGES.invalidId],
    ['a missing batch subject', { batch_subject_id: undefined }, 'batch_subject_id', MESSAGES.invalidId],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const response = await send('POST', '/api/doubts', school.tokens.student, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('refuses a topic of another subject than the batch subject’s (400)', async () => {
    const response = await send(
      'POST',
      '/api/doubts',
      school.tokens.student,
      body({ topic_id: history.topics[0]!.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.topic_id).toBe(MESSAGES.topicNotInSubject);
  });

  it('answers 404 for another institution’s batch subject or topic, and for hidden topics', async () => {
    for (const overrides of [
      { batch_subject_id: theirs.batchSubject.id },
      { topic_id: theirs.topics[0]!.id },
      { topic_id: maths.topics[1]!.id },
      { topic_id: hiddenChapter.topics[0]!.id, batch_subject_id: hiddenChapter.batchSubject.id },
    ]) {
      const response = await send('POST', '/api/doubts', school.tokens.student, body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(404);
    }
  });

  it('answers 403 for a batch subject of another batch', async () => {
    const response = await send(
      'POST',
      '/api/doubts',
      school.tokens.student,
      body({ batch_subject_id: science.batchSubject.id, topic_id: science.topics[0]!.id }),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/doubts', () => {
  let own: Awaited<ReturnType<typeof mathsDoubt>>;
  let mates: Awaited<ReturnType<typeof mathsDoubt>>;
  let scienceDoubt: Awaited<ReturnType<typeof mathsDoubt>>;
  let theirDoubt: Awaited<ReturnType<typeof mathsDoubt>>;

  beforeAll(async () => {
    own = await mathsDoubt();
    mates = await mathsDoubt(classmate.entityId);
    await createResponseRow(t, {
      institutionId: school.institution.id,
      doubtId: mates.id,
      authorUserId: school.accounts.faculty.user.id,
      authorRole: 'faculty',
      authorName: facultyName(),
      responseText: 'Dividing by a fraction is multiplying by its reciprocal.',
    });
    // A follow-up by the student: the doubt is still waiting for a teacher.
    await createResponseRow(t, {
      institutionId: school.institution.id,
      doubtId: own.id,
      authorUserId: school.accounts.student.user.id,
      authorRole: 'student',
      authorName: `Student ${school.accounts.student.username}`,
    });
    scienceDoubt = await createDoubtRow(t, {
      institutionId: school.institution.id,
      studentId: otherBatchStudent.entityId,
      topicId: science.topics[0]!.id,
      batchSubjectId: science.batchSubject.id,
    });
    theirDoubt = await createDoubtRow(t, {
      institutionId: other.institution.id,
      studentId: other.accounts.student.entityId,
      topicId: theirs.topics[0]!.id,
      batchSubjectId: theirs.batchSubject.id,
    });
  });

  it('needs a student, faculty member or moderator of an institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/doubts' }, [
      'student',
      'faculty',
      'moderator',
    ]);
  });

  it('shows a student every doubt of their batch subjects, others’ as Anonymous, newest first', async () => {
    const response = await get('/api/doubts', school.tokens.student);
    expect(response.statusCode).toBe(200);
    const list = response.json().data.doubts;
    const ids = list.map((doubt: { _id: string }) => doubt._id);
    expect(ids.indexOf(mates.id)).toBeLessThan(ids.indexOf(own.id));
    expect(ids).not.toContain(scienceDoubt.id);
    expect(ids).not.toContain(theirDoubt.id);
    const mine = list.find((doubt: { _id: string }) => doubt._id === own.id);
    // Its only reply is the student's own follow-up: nothing is replied yet.
    expect(mine).toMatchObject({ author_name: 'You', is_own: true, answered: false, response_count: 0 });
    expect(mine.responses[0]).toMatchObject({ author_name: 'You', author_role: 'student', is_own: true });
    const theirsSeen = list.find((doubt: { _id: string }) => doubt._id === mates.id);
    expect(theirsSeen).toMatchObject({ author_name: 'Anonymous', is_own: false, answered: true });
    expect(theirsSeen.responses).toEqual([
      {
        _id: expect.any(String),
        response_text: 'Dividing by a fraction is multiplying by its reciprocal.',
        doubt_id: mates.id,
        author_name: facultyName(),
        author_role: 'faculty',
        is_own: false,
        created_at: expect.any(String),
      },
    ]);
    // No other student's real name reaches a student.
    expect(response.body).not.toContain(classmate.username);
  });

  it('writes You and Anonymous in the reader’s language', async () => {
    const chosen = await send('PATCH', '/api/users/me/language', classmate.token, { language: 'hi' });
    expect(chosen.statusCode).toBe(200);
    try {
      const list = (await get('/api/doubts', classmate.token)).json().data.doubts;
      const authorOf = (id: string) => list.find((doubt: { _id: string }) => doubt._id === id).author_name;
      expect(authorOf(mates.id)).toBe(hi.messages.doubtAuthorYou);
      expect(authorOf(own.id)).toBe(hi.messages.doubtAuthorAnonymous);
    } finally {
      await send('PATCH', '/api/users/me/language', classmate.token, { language: 'en' });
    }
    // The next reader in English reads English: nothing of the Hindi reader's stays behind.
    const mine = (await get('/api/doubts', school.tokens.student)).json().data.doubts;
    expect(mine.find((doubt: { _id: string }) => doubt._id === own.id).author_name).toBe('You');
  });

  it('answers a reloaded page as it was, and in the language the reader has just chosen', async () => {
    const english = await get('/api/doubts', classmate.token);
    // The reader's page is kept presented and its JSON written once: a reload answers the same
    // without writing the doubts' JSON again.
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect((await get('/api/doubts', classmate.token)).body).toBe(english.body);
      const doubtsWritten = stringify.mock.calls.filter(
        ([value]) => Array.isArray(value) && (value[0] as { doubt_text?: string })?.doubt_text !== undefined,
      );
      expect(doubtsWritten).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
    await send('PATCH', '/api/users/me/language', classmate.token, { language: 'hi' });
    try {
      const list = (await get('/api/doubts', classmate.token)).json().data.doubts;
      expect(list.find((doubt: { _id: string }) => doubt._id === mates.id).author_name).toBe(
        hi.messages.doubtAuthorYou,
      );
    } finally {
      await send('PATCH', '/api/users/me/language', classmate.token, { language: 'en' });
    }
    expect((await get('/api/doubts', classmate.token)).body).toBe(english.body);
  });

  it('shows faculty the doubts of the batch subjects they teach, with the students’ names', async () => {
    const response = await get('/api/doubts', school.tokens.faculty);
    const list = response.json().data.doubts;
    expect(doubtIds(response)).toEqual(expect.arrayContaining([own.id, mates.id]));
    expect(doubtIds(response)).not.toContain(scienceDoubt.id);
    expect(list.find((doubt: { _id: string }) => doubt._id === mates.id).author_name).toBe(
      `Student ${classmate.username}`,
    );
    const theirView = await get('/api/doubts', otherFaculty.token);
    expect(doubtIds(theirView)).toEqual([scienceDoubt.id]);
  });

  it('shows a moderator the whole institution’s doubts, and no other institution’s', async () => {
    const ids = doubtIds(await get('/api/doubts', school.tokens.moderator));
    expect(ids).toEqual(expect.arrayContaining([own.id, mates.id, scienceDoubt.id]));
    expect(ids).not.toContain(theirDoubt.id);
  });

  it('filters by status: new has no teacher reply yet, replied has one', async () => {
    const fresh = doubtIds(await get('/api/doubts?status=new', school.tokens.faculty));
    const replied = doubtIds(await get('/api/doubts?status=replied', school.tokens.faculty));
    expect(fresh).toContain(own.id);
    expect(fresh).not.toContain(mates.id);
    expect(replied).toContain(mates.id);
    expect(replied).not.toContain(own.id);
  });

  it('filters by batch subject, which must be the caller’s', async () => {
    const mine = await get(`/api/doubts?batch_subject_id=${science.batchSubject.id}`, otherFaculty.token);
    expect(doubtIds(mine)).toEqual([scienceDoubt.id]);
    const notTheirs = await get(
      `/api/doubts?batch_subject_id=${science.batchSubject.id}`,
      school.tokens.student,
    );
    expect(notTheirs.statusCode).toBe(403);
    const notTaught = await get(`/api/doubts?batch_subject_id=${maths.batchSubject.id}`, otherFaculty.token);
    expect(notTaught.statusCode).toBe(403);
    const otherInstitution = await get(
      `/api/doubts?batch_subject_id=${theirs.batchSubject.id}`,
      school.tokens.moderator,
    );
    expect(otherInstitution.statusCode).toBe(404);
  });

  it.each([
    ['status=open', 'status'],
    ['batch_subject_id=nope', 'batch_subject_id'],
  ])('refuses %s (400)', async (query, field) => {
    const response = await get(`/api/doubts?${query}`, school.tokens.student);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it('answers in the same number of SQL statements however many doubts and replies there are', async () => {
    const { pool } = t.app.deps;
    const original = pool.query;
    const statements: string[] = [];
    const countStatements = async (url: string) => {
      await get(url, school.tokens.faculty); // warms the account cache, so both runs start alike
      forgetUserReads(t.db, school.accounts.faculty.user.id); // the page itself is built again
      statements.length = 0;
      pool.query = ((...args: Parameters<typeof original>) => {
        const [config] = args as unknown[];
        statements.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
        return (original as (...a: unknown[]) => unknown).apply(pool, args);
      }) as typeof original;
      try {
        const response = await get(url, school.tokens.faculty);
        expect(response.statusCode).toBe(200);
        // The drop above tells other instances with a pg_notify of its own, which is not the request's.
        const own = statements.filter((text) => !text.startsWith('select pg_notify'));
        return { total: own.length, doubts: response.json().data.doubts.length };
      } finally {
        pool.query = original;
      }
    };
    const url = `/api/doubts?batch_subject_id=${maths.batchSubject.id}`;
    const before = await countStatements(url);
    for (let index = 0; index < 6; index++) {
      const doubt = await mathsDoubt(classmate.entityId);
      await createResponseRow(t, {
        institutionId: school.institution.id,
        doubtId: doubt.id,
        authorUserId: school.accounts.faculty.user.id,
        authorRole: 'faculty',
        authorName: facultyName(),
      });
    }
    const after = await countStatements(url);
    expect(after.doubts).toBe(before.doubts + 6);
    expect(after.total).toBe(before.total);
    // The batch-subject check and the list itself: doubts and replies come in one statement.
    expect(statements.filter((text) => /\bfrom doubts\b/.test(text))).toHaveLength(1);
    expect(after.total).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/doubts/topic/{topicId} and /api/doubts/batch-subject/{id}', () => {
  let doubt: Awaited<ReturnType<typeof mathsDoubt>>;
  beforeAll(async () => {
    doubt = await mathsDoubt(classmate.entityId);
  });

  it('need a signed-in member of an institution', async () => {
    const roles = ['student', 'faculty', 'moderator'] as const;
    await expectGuarded(t, school, { method: 'GET', url: `/api/doubts/topic/${maths.topics[0]!.id}` }, roles);
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/doubts/batch-subject/${maths.batchSubject.id}` },
      roles,
    );
  });

  it('list the topic’s and the batch subject’s doubts for its students and teachers', async () => {
    for (const token of [school.tokens.student, school.tokens.faculty, school.tokens.moderator]) {
      expect(doubtIds(await get(`/api/doubts/topic/${maths.topics[0]!.id}`, token))).toContain(doubt.id);
      expect(doubtIds(await get(`/api/doubts/batch-subject/${maths.batchSubject.id}`, token))).toContain(
        doubt.id,
      );
    }
  });

  it('answer an empty list for a topic of the caller’s without doubts', async () => {
    const response = await get(`/api/doubts/topic/${history.topics[0]!.id}`, school.tokens.student);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.doubts).toEqual([]);
  });

  it('answer 403 across batch subjects and 404 across institutions or for hidden topics', async () => {
    const cases: [string, string, number][] = [
      [`/api/doubts/topic/${maths.topics[0]!.id}`, otherBatchStudent.token, 403],
      [`/api/doubts/topic/${maths.topics[0]!.id}`, otherFaculty.token, 403],
      [`/api/doubts/batch-subject/${maths.batchSubject.id}`, otherBatchStudent.token, 403],
      [`/api/doubts/batch-subject/${maths.batchSubject.id}`, otherFaculty.token, 403],
      [`/api/doubts/topic/${maths.topics[1]!.id}`, school.tokens.student, 404],
      [`/api/doubts/topic/${theirs.topics[0]!.id}`, school.tokens.moderator, 404],
      [`/api/doubts/batch-subject/${theirs.batchSubject.id}`, school.tokens.moderator, 404],
    ];
    for (const [url, token, status] of cases) {
      expect((await get(url, token)).statusCode, url).toBe(status);
    }
  });

  it('refuse malformed ids (400)', async () => {
    expect((await get('/api/doubts/topic/nope', school.tokens.student)).json().error.fields.topicId).toBe(
      MESSAGES.invalidId,
    );
    expect((await get('/api/doubts/batch-subject/nope', school.tokens.student)).statusCode).toBe(400);
  });
});

describe('GET /api/doubts/ids', () => {
  it('needs a signed-in member of an institution', async () => {
    const doubt = await mathsDoubt();
    await expectGuarded(t, school, { method: 'GET', url: `/api/doubts/ids?ids=${doubt.id}` }, [
      'student',
      'faculty',
      'moderator',
    ]);
  });

  it('answers the listed doubts the caller may see, leaving the others out', async () => {
    const mine = await mathsDoubt();
    const away = await createDoubtRow(t, {
      institutionId: school.institution.id,
      studentId: otherBatchStudent.entityId,
      topicId: science.topics[0]!.id,
      batchSubjectId: science.batchSubject.id,
    });
    const theirs2 = await createDoubtRow(t, {
      institutionId: other.institution.id,
      studentId: other.accounts.student.entityId,
      topicId: theirs.topics[0]!.id,
      batchSubjectId: theirs.batchSubject.id,
    });
    const response = await get(
      `/api/doubts/ids?ids=${mine.id},${away.id}, ${theirs2.id}`,
      school.tokens.student,
    );
    expect(response.statusCode).toBe(200);
    expect(doubtIds(response)).toEqual([mine.id]);
  });

  it.each(['', 'nope', ','])('refuses ids=%s (400)', async (ids) => {
    const response = await get(`/api/doubts/ids?ids=${ids}`, school.tokens.student);
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/users/me/doubts', () => {
  it('is for students and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/doubts' }, ['student', 'faculty']);
  });

  it('answers a student’s own doubts only, and faculty their batch subjects’ doubts', async () => {
    const mine = await mathsDoubt();
    const mates = await mathsDoubt(classmate.entityId);
    const own = doubtIds(await get('/api/users/me/doubts', school.tokens.student));
    expect(own).toContain(mine.id);
    expect(own).not.toContain(mates.id);
    const taught = doubtIds(await get('/api/users/me/doubts?status=new', school.tokens.faculty));
    expect(taught).toEqual(expect.arrayContaining([mine.id, mates.id]));
    expect((await get('/api/users/me/doubts?status=maybe', school.tokens.student)).statusCode).toBe(400);
  });
});

describe('GET, PATCH and DELETE /api/doubts/{id}', () => {
  it('are guarded by role', async () => {
    const doubt = await mathsDoubt();
    const roles = ['student', 'faculty', 'moderator'] as const;
    await expectGuarded(t, school, { method: 'GET', url: `/api/doubts/${doubt.id}` }, roles);
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/doubts/${doubt.id}`, payload: { doubt_text: 'Edited' } },
      ['student'],
    );
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/doubts/${doubt.id}` }, ['student']);
  });

  it('GET answers one doubt to its batch subject’s readers, 403 to others, 404 across institutions', async () => {
    const doubt = await mathsDoubt();
    const response = await get(`/api/doubts/${doubt.id}`, school.tokens.faculty);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.doubt).toMatchObject({
      _id: doubt.id,
      author_name: `Student ${school.accounts.student.username}`,
      is_own: false,
    });
    expect((await get(`/api/doubts/${doubt.id}`, classmate.token)).json().data.doubt.author_name).toBe(
      'Anonymous',
    );
    expect((await get(`/api/doubts/${doubt.id}`, otherBatchStudent.token)).statusCode).toBe(403);
    expect((await get(`/api/doubts/${doubt.id}`, otherFaculty.token)).statusCode).toBe(403);
    expect((await get(`/api/doubts/${doubt.id}`, other.tokens.moderator)).statusCode).toBe(404);
    expect((await get('/api/doubts/nope', school.tokens.student)).statusCode).toBe(400);
  });

  it('PATCH lets only the author edit the text', async () => {
    const doubt = await mathsDoubt();
    const url = `/api/doubts/${doubt.id}`;
    expect((await send('PATCH', url, classmate.token, { doubt_text: 'Mine now' })).statusCode).toBe(403);
    expect((await send('PATCH', url, other.tokens.student, { doubt_text: 'Mine now' })).statusCode).toBe(404);
    const empty = await send('PATCH', url, school.tokens.student, { doubt_text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.doubt_text).toBe(MESSAGES.fillTheForm);
    t.clock.advance(60_000);
    const edited = await send('PATCH', url, school.tokens.student, { doubt_text: 'What is a reciprocal?' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.doubt).toMatchObject({
      _id: doubt.id,
      doubt_text: 'What is a reciprocal?',
      author_name: 'You',
      updated_at: t.clock.now().toISOString(),
      created_at: doubt.createdAt.toISOString(),
    });
  });

  it('DELETE lets only the author delete it, and it leaves every list', async () => {
    const doubt = await mathsDoubt();
    const url = `/api/doubts/${doubt.id}`;
    expect((await send('DELETE', url, classmate.token)).statusCode).toBe(403);
    expect((await send('DELETE', url, other.tokens.student)).statusCode).toBe(404);
    const response = await send('DELETE', url, school.tokens.student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: true } });
    expect((await get(url, school.tokens.student)).statusCode).toBe(404);
    expect(doubtIds(await get('/api/doubts', school.tokens.moderator))).not.toContain(doubt.id);
    expect((await send('DELETE', url, school.tokens.student)).statusCode).toBe(404);
  });
});

describe('POST /api/doubts/respond and the reply routes', () => {
  it('are guarded by role', async () => {
    const doubt = await mathsDoubt();
    const roles = ['student', 'faculty', 'moderator'] as const;
    const payload = { response_text: 'Think of halves.', doubt_id: doubt.id };
    await expectGuarded(t, school, { method: 'POST', url: '/api/doubts/respond', payload }, roles);
    const reply = await createResponseRow(t, {
      institutionId: school.institution.id,
      doubtId: doubt.id,
      authorUserId: school.accounts.faculty.user.id,
      authorRole: 'faculty',
      authorName: facultyName(),
    });
    const url = `/api/doubts/responses/${reply.id}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: { response_text: 'Edited' } }, roles);
    await expectGuarded(t, school, { method: 'DELETE', url }, roles);
  });

  it('lets the batch subject’s teacher answer, signed with their name, and marks the doubt answered', async () => {
    const doubt = await mathsDoubt();
    const response = await send('POST', '/api/doubts/respond', school.tokens.faculty, {
      response_text: 'Multiply by the reciprocal.',
      doubt_id: doubt.id,
      subject_id: maths.batchSubject.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.response).toEqual({
      _id: expect.any(String),
      response_text: 'Multiply by the reciprocal.',
      doubt_id: doubt.id,
      author_name: facultyName(),
      author_role: 'faculty',
      is_own: true,
      created_at: t.clock.now().toISOString(),
    });
    const seen = (await get(`/api/doubts/${doubt.id}`, school.tokens.student)).json().data.doubt;
    expect(seen).toMatchObject({ answered: true, response_count: 1 });
    expect(seen.responses[0]).toMatchObject({ author_name: facultyName(), is_own: false });
  });

  it('lets a moderator answer and a classmate follow up; a follow-up does not answer the doubt', async () => {
    const doubt = await mathsDoubt();
    const followUp = await send('POST', '/api/doubts/respond', classmate.token, {
      response_text: 'I have the same question.',
      doubt_id: doubt.id,
    });
    expect(followUp.statusCode).toBe(201);
    expect(followUp.json().data.response).toMatchObject({ author_name: 'You', author_role: 'student' });
    expect((await get(`/api/doubts/${doubt.id}`, school.tokens.student)).json().data.doubt).toMatchObject({
      answered: false,
      responses: [expect.objectContaining({ author_name: 'Anonymous', is_own: false })],
    });
    const byFaculty = (await get(`/api/doubts/${doubt.id}`, school.tokens.faculty)).json().data.doubt;
    expect(byFaculty.responses[0].author_name).toBe(`Student ${classmate.username}`);

    t.clock.advance(1000); // replies list oldest first
    const moderated = await send('POST', '/api/doubts/respond', school.tokens.moderator, {
      response_text: 'Your teacher will cover it on Monday.',
      doubt_id: doubt.id,
    });
    expect(moderated.statusCode).toBe(201);
    expect(moderated.json().data.response).toMatchObject({
      author_name: school.accounts.moderator.username,
      author_role: 'moderator',
    });
    const after = (await get(`/api/doubts/${doubt.id}`, school.tokens.student)).json().data.doubt;
    // Two replies, one of them a teacher's: '(1) replied'.
    expect(after).toMatchObject({ answered: true, response_count: 1 });
    expect(after.responses.map((reply: { author_role: string }) => reply.author_role)).toEqual([
      'student',
      'moderator',
    ]);
  });

  it('counts only teachers’ replies: the asker’s own follow-up leaves the doubt new, for everyone', async () => {
    const doubt = await mathsDoubt();
    const followUp = await send('POST', '/api/doubts/respond', school.tokens.student, {
      response_text: 'I still do not get it.',
      doubt_id: doubt.id,
    });
    expect(followUp.statusCode).toBe(201);
    const readers = [school.tokens.student, school.tokens.faculty, school.tokens.moderator];
    for (const token of readers) {
      const seen = (await get(`/api/doubts/${doubt.id}`, token)).json().data.doubt;
      expect(seen).toMatchObject({ answered: false, response_count: 0, responses_total: 1 });
      expect(seen.responses).toHaveLength(1);
      const onTopic = (await get(`/api/doubts/topic/${maths.topics[0]!.id}`, token)).json().data.doubts;
      expect(onTopic.find((row: { _id: string }) => row._id === doubt.id).response_count).toBe(0);
    }
    // The faculty home's tabs and the student's own list agree: still new, not replied.
    for (const [url, token] of [
      ['/api/doubts', school.tokens.faculty],
      ['/api/users/me/doubts', school.tokens.faculty],
      ['/api/users/me/doubts', school.tokens.student],
    ] as const) {
      expect(doubtIds(await get(`${url}?status=new`, token)), url).toContain(doubt.id);
      expect(doubtIds(await get(`${url}?status=replied`, token)), url).not.toContain(doubt.id);
    }

    t.clock.advance(1000);
    await send('POST', '/api/doubts/respond', school.tokens.faculty, {
      response_text: 'Turn the second fraction upside down, then multiply.',
      doubt_id: doubt.id,
    });
    t.clock.advance(1000);
    await send('POST', '/api/doubts/respond', school.tokens.student, {
      response_text: 'Thank you!',
      doubt_id: doubt.id,
    });
    const answered = (await get(`/api/doubts/${doubt.id}`, school.tokens.faculty)).json().data.doubt;
    expect(answered).toMatchObject({ answered: true, response_count: 1 });
    expect(answered.responses.map((reply: { author_role: string }) => reply.author_role)).toEqual([
      'student',
      'faculty',
      'student',
    ]);
    expect(doubtIds(await get('/api/doubts?status=replied', school.tokens.faculty))).toContain(doubt.id);
    expect(doubtIds(await get('/api/doubts?status=new', school.tokens.faculty))).not.toContain(doubt.id);
  });

  it('refuses teachers and students of other batch subjects (403) and other institutions (404)', async () => {
    const doubt = await mathsDoubt();
    const payload = { response_text: 'Hello', doubt_id: doubt.id };
    expect((await send('POST', '/api/doubts/respond', otherFaculty.token, payload)).statusCode).toBe(403);
    expect((await send('POST', '/api/doubts/respond', otherBatchStudent.token, payload)).statusCode).toBe(
      403,
    );
    expect((await send('POST', '/api/doubts/respond', other.tokens.faculty, payload)).statusCode).toBe(404);
  });

  it.each([
    ['an empty reply', { response_text: '  ' }, 'response_text', MESSAGES.answerYourDoubt],
    ['a missing reply', { response_text: undefined }, 'response_text', MESSAGES.answerYourDoubt],
    [
      'a reply over 5000 characters',
      { response_text: 'x'.repeat(5001) },
      'response_text',
      'At most 5000 characters.',
    ],
    ['a malformed doubt id', { doubt_id: 'nope' }, 'doubt_id', MESSAGES.invalidId],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const doubt = await mathsDoubt();
    const response = await send('POST', '/api/doubts/respond', school.tokens.faculty, {
      response_text: 'Fine',
      doubt_id: doubt.id,
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    if (field === 'response_text' && message === MESSAGES.answerYourDoubt) {
      expect(response.json().error.message).toBe('Please answer your doubt.');
    }
  });

  it('lets only the author edit and delete a reply', async () => {
    const doubt = await mathsDoubt();
    const created = await send('POST', '/api/doubts/respond', school.tokens.faculty, {
      response_text: 'First try.',
      doubt_id: doubt.id,
    });
    const url = `/api/doubts/responses/${created.json().data.response._id}`;
    expect((await send('PATCH', url, school.tokens.moderator, { response_text: 'Hijack' })).statusCode).toBe(
      403,
    );
    expect((await send('PATCH', url, school.tokens.student, { response_text: 'Hijack' })).statusCode).toBe(
      403,
    );
    expect((await send('PATCH', url, other.tokens.faculty, { response_text: 'Hijack' })).statusCode).toBe(
      404,
    );
    const empty = await send('PATCH', url, school.tokens.faculty, { response_text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.answerYourDoubt);

    const edited = await send('PATCH', url, school.tokens.faculty, { response_text: 'Second try.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.response).toMatchObject({ response_text: 'Second try.', is_own: true });

    expect((await send('DELETE', url, school.tokens.student)).statusCode).toBe(403);
    const removed = await send('DELETE', url, school.tokens.faculty);
    expect(removed.json()).toEqual({ data: { deleted: true } });
    const after = (await get(`/api/doubts/${doubt.id}`, school.tokens.faculty)).json().data.doubt;
    expect(after).toMatchObject({ answered: false, response_count: 0, responses: [] });
    expect((await send('DELETE', url, school.tokens.faculty)).statusCode).toBe(404);
    expect(
      (await send('PATCH', '/api/doubts/responses/nope', school.tokens.faculty, { response_text: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('read cache', () => {
  it('a new doubt or reply shows at once to a reader whose view of the topic was cached', async () => {
    const url = `/api/doubts/topic/${maths.topics[0]!.id}`;
    const seen = async () => {
      const doubts = (await get(url, school.tokens.faculty)).json().data.doubts;
      return doubts.map((doubt: { doubt_text: string; response_count: number }) => [
        doubt.doubt_text,
        doubt.response_count,
      ]);
    };
    const before = await seen();
    t.clock.advance(1000); // the newest doubt lists first
    const created = await send('POST', '/api/doubts', school.tokens.student, {
      doubt_text: 'Is the cached list refreshed?',
      topic_id: maths.topics[0]!.id,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(created.statusCode).toBe(201);
    expect(await seen()).toEqual([['Is the cached list refreshed?', 0], ...before]);
    await send('POST', '/api/doubts/respond', school.tokens.faculty, {
      response_text: 'It is.',
      doubt_id: created.json().data.doubt._id,
    });
    expect((await seen())[0]).toEqual(['Is the cached list refreshed?', 1]);
  });
});
