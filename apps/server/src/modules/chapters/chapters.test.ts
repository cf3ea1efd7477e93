import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChapter, createTopicRow } from '../../test/factories/chapters.js';
import { createBatchSubject } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
/** Taught to school's batch by school's faculty. */
let taught: Awaited<ReturnType<typeof createBatchSubject>>;
/** Taught to another batch of the school, by nobody. */
let elsewhere: Awaited<ReturnType<typeof createBatchSubject>>;
let theirs: Awaited<ReturnType<typeof createBatchSubject>>;
let theirChapter: Awaited<ReturnType<typeof createChapter>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  taught = await createBatchSubject(t, school.institution.id, school.batch.id, {
    facultyIds: [school.accounts.faculty.entityId],
  });
  const batch2 = await t.createBatch(school.institution.id);
  elsewhere = await createBatchSubject(t, school.institution.id, batch2.id);
  theirs = await createBatchSubject(t, other.institution.id, other.batch.id);
  theirChapter = await createChapter(t, other.institution.id, theirs.subjectId);
});
afterAll(() => t.close());

const inst = () => school.institution.id;

describe('GET /api/chapters/subject-id/{subjectId}', () => {
  const url = (subjectId: string) => `/api/chapters/subject-id/${subjectId}`;

  it('needs a session and an institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url(taught.subjectId) }, [
      'moderator',
      'faculty',
      'student',
    ]);
  });

  it('lists the chapters in creation order with visible topic counts; students see visible chapters only', async () => {
    const first = await createChapter(t, inst(), taught.subjectId, { title: 'Zeta first' });
    const hidden = await createChapter(t, inst(), taught.subjectId, { title: 'Hidden', visibility: false });
    await createChapter(t, inst(), taught.subjectId, { deletedAt: new Date() });
    const last = await createChapter(t, inst(), taught.subjectId, { title: 'Alpha last' });
    await createTopicRow(t, inst(), first.id);
    await createTopicRow(t, inst(), first.id);
    await createTopicRow(t, inst(), first.id, { visibility: false });
    await createTopicRow(t, inst(), first.id, { deletedAt: new Date() });

    const asModerator = await t.app.inject({
      url: url(taught.subjectId),
      headers: bearer(school.tokens.moderator),
    });
    expect(asModerator.statusCode).toBe(200);
    const list = asModerator.json().data.chapters;
    expect(list.map((c: { _id: string }) => c._id)).toEqual([first.id, hidden.id, last.id]);
    expect(list[0]).toEqual({
      _id: first.id,
      title: 'Zeta first',
      description: 'About it',
      subject_id: taught.subjectId,
      chapter_logo_url: null,
      topic_count: 2,
      visibility: true,
    });

    const asFaculty = await t.app.inject({
      url: url(taught.subjectId),
      headers: bearer(school.tokens.faculty),
    });
    expect(asFaculty.json().data.chapters).toHaveLength(3);
    const asStudent = await t.app.inject({
      url: url(taught.subjectId),
      headers: bearer(school.tokens.student),
    });
    expect(asStudent.statusCode).toBe(200);
    expect(asStudent.json().data.chapters.map((c: { _id: string }) => c._id)).toEqual([first.id, last.id]);
  });

  it('refuses a faculty member who does not teach the subject and a student of another batch (403)', async () => {
    const faculty = await t.app.inject({
      url: url(elsewhere.subjectId),
      headers: bearer(school.tokens.faculty),
    });
    expect(faculty.statusCode).toBe(403);
    const student = await t.app.inject({
      url: url(elsewhere.subjectId),
      headers: bearer(school.tokens.student),
    });
    expect(student.statusCode).toBe(403);
    const moderator = await t.app.inject({
      url: url(elsewhere.subjectId),
      headers: bearer(school.tokens.moderator),
    });
    expect(moderator.statusCode).toBe(200);
  });

  it('answers 404 for another institution’s subject and 400 for a malformed id', async () => {
    const foreign = await t.app.inject({
      url: url(theirs.subjectId),
      headers: bearer(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: url('nope'), headers: bearer(school.tokens.moderator) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.subjectId).toBe(MESSAGES.invalidId);
  });
});

describe('POST /api/chapters', () => {
  const body = () => ({ title: 'Motion', description: 'Speed and velocity', subject_id: taught.subjectId });
  const post = (payload: object, token: string) =>
    t.app.inject({ method: 'POST', url: '/api/chapters', payload, headers: bearer(token) });

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/chapters', payload: body() }, [
      'moderator',
      'faculty',
    ]);
  });

  it('creates a visible chapter for a moderator and for a faculty member who teaches the subject', async () => {
    const moderator = await post(body(), school.tokens.moderator);
    expect(moderator.statusCode).toBe(201);
    expect(moderator.json().data.chapter).toEqual({
      _id: expect.any(String),
      title: 'Motion',
      description: 'Speed and velocity',
      subject_id: taught.subjectId,
      chapter_logo_url: null,
      topic_count: 0,
      visibility: true,
    });
    const faculty = await post({ ...body(), visibility: false }, school.tokens.faculty);
    expect(faculty.statusCode).toBe(201);
    expect(faculty.json().data.chapter.visibility).toBe(false);
  });

  it('refuses a faculty member who does not teach the subject (403)', async () => {
    const response = await post({ ...body(), subject_id: elsewhere.subjectId }, school.tokens.faculty);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for another institution’s subject', async () => {
    const response = await post({ ...body(), subject_id: theirs.subjectId }, school.tokens.moderator);
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'title', MESSAGES.fillAllFormFields],
    [{ title: undefined }, 'title', MESSAGES.fillAllFormFields],
    [{ description: '  ' }, 'description', MESSAGES.fillAllFormFields],
    [{ subject_id: undefined }, 'subject_id', MESSAGES.fillAllFormFields],
    [{ subject_id: '' }, 'subject_id', MESSAGES.fillAllFormFields],
    [{ subject_id: 'nope' }, 'subject_id', MESSAGES.invalidId],
    [{ visibility: 'yes' }, 'visibility', expect.any(String)],
  ])('refuses %j with a message on %s', async (change, field, message) => {
    const response = await post({ ...body(), ...change }, school.tokens.moderator);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual(message);
  });
});

describe('PATCH /api/chapters/{chapterId}', () => {
  it('is for moderators and faculty', async () => {
    const chapter = await createChapter(t, inst(), taught.subjectId);
    await expectGuarded(t, school, { method: 'PATCH', url: `/api/chapters/${chapter.id}`, payload: {} }, [
      'moderator',
      'faculty',
    ]);
  });

  it('changes the fields given and keeps the others (hiding a chapter)', async () => {
    const chapter = await createChapter(t, inst(), taught.subjectId, { title: 'Old', description: 'Kept' });
    await createTopicRow(t, inst(), chapter.id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/chapters/${chapter.id}`,
      payload: { title: 'New', visibility: false },
      headers: bearer(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.chapter).toMatchObject({
      _id: chapter.id,
      title: 'New',
      description: 'Kept',
      visibility: false,
      topic_count: 1,
    });
    const student = await t.app.inject({
      url: `/api/chapters/subject-id/${taught.subjectId}`,
      headers: bearer(school.tokens.student),
    });
    expect(student.json().data.chapters.map((c: { _id: string }) => c._id)).not.toContain(chapter.id);
  });

  it('refuses a faculty member who does not teach it (403) and another institution’s chapter (404)', async () => {
    const chapter = await createChapter(t, inst(), elsewhere.subjectId);
    const faculty = await t.app.inject({
      method: 'PATCH',
      url: `/api/chapters/${chapter.id}`,
      payload: { title: 'Mine now' },
      headers: bearer(school.tokens.faculty),
    });
    expect(faculty.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/chapters/${theirChapter.id}`,
      payload: { title: 'Stolen' },
      headers: bearer(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    [{ title: ' ' }, 'title', MESSAGES.fillAllFormFields],
    [{ description: '' }, 'description', MESSAGES.fillAllFormFields],
    [{ visibility: 1 }, 'visibility', expect.any(String)],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const chapter = await createChapter(t, inst(), taught.subjectId);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/chapters/${chapter.id}`,
      payload,
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual(message);
  });
});

describe('DELETE /api/chapters/{chapterId}', () => {
  it('is for moderators and faculty', async () => {
    const chapter = await createChapter(t, inst(), taught.subjectId);
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/chapters/${chapter.id}` }, [
      'moderator',
      'faculty',
    ]);
  });

  it('soft-deletes: gone from the list, a second delete is 404', async () => {
    const chapter = await createChapter(t, inst(), taught.subjectId);
    const url = `/api/chapters/${chapter.id}`;
    const removed = await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.faculty) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { deleted: true } });
    const list = await t.app.inject({
      url: `/api/chapters/subject-id/${taught.subjectId}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(list.json().data.chapters.map((c: { _id: string }) => c._id)).not.toContain(chapter.id);
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.moderator) });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a faculty member who does not teach it (403) and another institution’s chapter (404)', async () => {
    const chapter = await createChapter(t, inst(), elsewhere.subjectId);
    const faculty = await t.app.inject({
      method: 'DELETE',
      url: `/api/chapters/${chapter.id}`,
      headers: bearer(school.tokens.faculty),
    });
    expect(faculty.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/chapters/${theirChapter.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('no longer lets a faculty member author once their batch subject is deleted', async () => {
    const assignment = await createBatchSubject(t, inst(), school.batch.id, {
      facultyIds: [school.accounts.faculty.entityId],
    });
    const chapter = await createChapter(t, inst(), assignment.subjectId);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/batch-subjects/${assignment.id}`,
      headers: bearer(school.tokens.moderator),
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/chapters/${chapter.id}`,
      headers: bearer(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(403);
  });
});
