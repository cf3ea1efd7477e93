import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChapter } from '../../test/factories/chapters.js';
import { createBatchSubject, createSubject } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
/** Taught by school's faculty, with school's student enrolled, in school's batch. */
let taught: Awaited<ReturnType<typeof createBatchSubject>>;
/** In school's batch, nobody assigned. */
let untaught: Awaited<ReturnType<typeof createBatchSubject>>;
/** In another batch of the same school. */
let elsewhere: Awaited<ReturnType<typeof createBatchSubject>>;
let theirs: Awaited<ReturnType<typeof createBatchSubject>>;
let otherBatch: Awaited<ReturnType<TestApp['createBatch']>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  const inst = school.institution.id;
  taught = await createBatchSubject(t, inst, school.batch.id, {
    facultyIds: [school.accounts.faculty.entityId],
    studentIds: [school.accounts.student.entityId],
  });
  untaught = await createBatchSubject(t, inst, school.batch.id);
  otherBatch = await t.createBatch(inst, 'Class 9 B');
  elsewhere = await createBatchSubject(t, inst, otherBatch.id);
  theirs = await createBatchSubject(t, other.institution.id, other.batch.id, {
    facultyIds: [other.accounts.faculty.entityId],
  });
  await createChapter(t, inst, taught.subjectId);
  await createChapter(t, inst, taught.subjectId, { visibility: false });
  await createChapter(t, inst, taught.subjectId, { deletedAt: new Date() });
});
afterAll(() => t.close());

const ids = (response: { json(): { data: { batch_subjects: { _id: string }[] } } }) =>
  response
    .json()
    .data.batch_subjects.map((row) => row._id)
    .sort();

describe('GET /api/batch-subjects', () => {
  it('needs a session and an institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/batch-subjects' }, [
      'moderator',
      'faculty',
      'student',
    ]);
  });

  it('gives the moderator every batch subject of the institution, with counts, filtered by batch', async () => {
    const all = await t.app.inject({ url: '/api/batch-subjects', headers: bearer(school.tokens.moderator) });
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([taught.id, untaught.id, elsewhere.id].sort());

    const inBatch = await t.app.inject({
      url: `/api/batch-subjects?batch_id=${school.batch.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(ids(inBatch)).toEqual([taught.id, untaught.id].sort());
    const row = inBatch.json().data.batch_subjects.find((r: { _id: string }) => r._id === taught.id);
    expect(row).toEqual({
      _id: taught.id,
      batch_id: school.batch.id,
      subject_id: taught.subjectId,
      subject_title: expect.any(String),
      subject_description: '',
      subject_code: expect.any(String),
      subject_logo: 'others',
      subject_logo_url: null,
      batch_title: school.batch.title,
      academic_year: '2026-27',
      faculties: [{ _id: school.accounts.faculty.entityId, name: expect.any(String) }],
      student_count: 1,
      faculty_count: 1,
      chapter_count: 2,
    });
  });

  it('gives a faculty member only what they teach and a student only their batch’s, visible chapters counted', async () => {
    const faculty = await t.app.inject({
      url: '/api/batch-subjects',
      headers: bearer(school.tokens.faculty),
    });
    expect(ids(faculty)).toEqual([taught.id]);

    const student = await t.app.inject({
      url: '/api/batch-subjects',
      headers: bearer(school.tokens.student),
    });
    expect(ids(student)).toEqual([taught.id, untaught.id].sort());
    const row = student.json().data.batch_subjects.find((r: { _id: string }) => r._id === taught.id);
    expect(row.chapter_count).toBe(1);
  });

  it('shows nothing of another institution, even for its batch id', async () => {
    const response = await t.app.inject({
      url: `/api/batch-subjects?batch_id=${other.batch.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(response.json().data.batch_subjects).toEqual([]);
  });
});

describe('GET /api/batch-subjects/{id}', () => {
  it('needs a session and an institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/batch-subjects/${taught.id}` }, [
      'moderator',
      'faculty',
      'student',
    ]);
  });

  it('answers one batch subject to those who may see it and 404 to the rest', async () => {
    const get = (id: string, token: string) =>
      t.app.inject({ url: `/api/batch-subjects/${id}`, headers: bearer(token) });
    const mine = await get(taught.id, school.tokens.faculty);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.batch_subject._id).toBe(taught.id);
    expect((await get(untaught.id, school.tokens.faculty)).statusCode).toBe(404);
    expect((await get(elsewhere.id, school.tokens.student)).statusCode).toBe(404);
    expect((await get(theirs.id, school.tokens.moderator)).statusCode).toBe(404);
    expect((await get(untaught.id, school.tokens.student)).statusCode).toBe(200);
  });
});

describe('POST /api/batch-subjects', () => {
  it('is for moderators only', async () => {
    await expectGuarded(
      t,
      school,
      {
        method: 'POST',
        url: '/api/batch-subjects',
        payload: { batch_id: school.batch.id, subject_ids: [taught.subjectId] },
      },
      ['moderator'],
    );
  });

  it('links subjects to a batch without duplicating an existing link', async () => {
    const fresh = await createSubject(t, school.institution.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/batch-subjects',
      payload: { batch_id: school.batch.id, subject_ids: [fresh.id, taught.subjectId, fresh.id] },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(201);
    const rows = response.json().data.batch_subjects;
    expect(rows).toHaveLength(2);
    expect(rows.map((r: { subject_id: string }) => r.subject_id).sort()).toEqual(
      [fresh.id, taught.subjectId].sort(),
    );
    expect(rows.find((r: { subject_id: string }) => r.subject_id === taught.subjectId)._id).toBe(taught.id);

    const list = await t.app.inject({
      url: `/api/batch-subjects?batch_id=${school.batch.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(list.json().data.batch_subjects).toHaveLength(3);
  });

  it('answers 404 for another institution’s batch or subject', async () => {
    const mine = await createSubject(t, school.institution.id);
    const foreign = await createSubject(t, other.institution.id);
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/batch-subjects',
        payload,
        headers: bearer(school.tokens.moderator),
      });
    expect((await post({ batch_id: other.batch.id, subject_ids: [mine.id] })).statusCode).toBe(404);
    expect((await post({ batch_id: school.batch.id, subject_ids: [mine.id, foreign.id] })).statusCode).toBe(
      404,
    );
    // Nothing was linked by the refused call.
    const list = await t.app.inject({
      url: `/api/batch-subjects?batch_id=${school.batch.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(list.json().data.batch_subjects.map((r: { subject_id: string }) => r.subject_id)).not.toContain(
      mine.id,
    );
  });

  it.each([
    [{ subject_ids: [] }, 'batch_id', MESSAGES.invalidId],
    [{ batch_id: 'x', subject_ids: [] }, 'batch_id', MESSAGES.invalidId],
    [
      { batch_id: '00000000-0000-4000-8000-000000000000', subject_ids: [] },
      'subject_ids',
      MESSAGES.fillTheForm,
    ],
    [
      { batch_id: '00000000-0000-4000-8000-000000000000', subject_ids: ['x'] },
      'subject_ids.0',
      MESSAGES.invalidId,
    ],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/batch-subjects',
      payload,
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('PATCH /api/batch-subjects/{id}', () => {
  it('is for moderators only', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/batch-subjects/${taught.id}`, payload: { title: 'x' } },
      ['moderator'],
    );
  });

  it('edits the subject’s fields and keeps those left out', async () => {
    const target = await createBatchSubject(t, school.institution.id, school.batch.id, {
      subjectId: (
        await createSubject(t, school.institution.id, { description: 'Old', logo: 'maths', code: 'M1' })
      ).id,
    });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch-subjects/${target.id}`,
      payload: { title: 'Algebra', subject_logo_url: '/files/a.png' },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.batch_subject).toMatchObject({
      _id: target.id,
      subject_title: 'Algebra',
      subject_description: 'Old',
      subject_code: 'M1',
      subject_logo: 'maths',
      subject_logo_url: '/files/a.png',
    });
  });

  it('refuses a logo image link that is neither http(s) nor the portal’s own file', async () => {
    const target = await createBatchSubject(t, school.institution.id, school.batch.id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch-subjects/${target.id}`,
      payload: { subject_logo_url: 'javascript:alert(1)' },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.subject_logo_url).toBe(MESSAGES.logoLinkInvalid);
  });

  it('answers 404 for another institution’s batch subject', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch-subjects/${theirs.id}`,
      payload: { title: 'Stolen' },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'title', MESSAGES.fillTheForm],
    [{ code: '   ' }, 'code', MESSAGES.fillTheForm],
    [{ subject_logo: 'nope' }, 'subject_logo', expect.any(String)],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/batch-subjects/${taught.id}`,
      payload,
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual(message);
  });
});

describe('DELETE /api/batch-subjects/{id}', () => {
  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/batch-subjects/${taught.id}` }, [
      'moderator',
    ]);
  });

  it('answers 404 for another institution’s batch subject and for a malformed id 400', async () => {
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/batch-subjects/${theirs.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/batch-subjects/nope',
      headers: bearer(school.tokens.moderator),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('soft-deletes: the batch subject is gone from lists and lookups, and can be linked again', async () => {
    const target = await createBatchSubject(t, school.institution.id, otherBatch.id);
    const url = `/api/batch-subjects/${target.id}`;
    const removed = await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.moderator) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { deleted: true } });
    expect((await t.app.inject({ url, headers: bearer(school.tokens.moderator) })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.moderator) });
    expect(again.statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/batch-subjects?batch_id=${otherBatch.id}`,
      headers: bearer(school.tokens.moderator),
    });
    expect(ids(list)).not.toContain(target.id);

    const relinked = await t.app.inject({
      method: 'POST',
      url: '/api/batch-subjects',
      payload: { batch_id: otherBatch.id, subject_ids: [target.subjectId] },
      headers: bearer(school.tokens.moderator),
    });
    expect(relinked.statusCode).toBe(201);
    expect(relinked.json().data.batch_subjects[0]._id).not.toBe(target.id);
  });
});

describe('GET /api/batch-subjects/faculty_id/{facultyId}/academic_year/{year}', () => {
  const url = (facultyId: string, year = '2026-27') =>
    `/api/batch-subjects/faculty_id/${facultyId}/academic_year/${year}`;

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url(school.accounts.faculty.entityId) }, [
      'moderator',
      'faculty',
    ]);
  });

  it('lists the faculty member’s batch subjects of that year, to a moderator or to themselves', async () => {
    for (const token of [school.tokens.moderator, school.tokens.faculty]) {
      const response = await t.app.inject({
        url: url(school.accounts.faculty.entityId),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([taught.id]);
    }
    const otherYear = await t.app.inject({
      url: url(school.accounts.faculty.entityId, '2025-26'),
      headers: bearer(school.tokens.moderator),
    });
    expect(otherYear.json().data.batch_subjects).toEqual([]);
  });

  it('refuses another faculty member (403) and another institution’s faculty (404)', async () => {
    const colleague = await t.createAccount('faculty', { institutionId: school.institution.id });
    const asColleague = await t.app.inject({
      url: url(school.accounts.faculty.entityId),
      headers: bearer(await t.login(colleague.username)),
    });
    expect(asColleague.statusCode).toBe(403);
    const foreign = await t.app.inject({
      url: url(other.accounts.faculty.entityId),
      headers: bearer(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400 for a malformed year', async () => {
    const response = await t.app.inject({
      url: url(school.accounts.faculty.entityId, '2026'),
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.year).toBe('Academic year must look like 2024-25.');
  });
});
