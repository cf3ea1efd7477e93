import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
});
afterAll(() => t.close());

const as = (token: string) => bearer(token);

describe('GET /api/batches', () => {
  it('is for moderators and faculty of the institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/batches' }, ['moderator', 'faculty']);
  });

  it('lists only the caller’s institution’s batches, with student counts and names when asked', async () => {
    const response = await t.app.inject({
      url: '/api/batches?with_students=true',
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    const batches = response.json().data.batches;
    expect(batches).toEqual([
      {
        _id: school.batch.id,
        title: school.batch.title,
        academic_year: '2026-27',
        display_order: 0,
        student_count: 1,
        students: [{ _id: school.accounts.student.entityId, name: expect.any(String) }],
      },
    ]);
    const plain = await t.app.inject({ url: '/api/batches', headers: as(school.tokens.faculty) });
    expect(plain.json().data.batches[0].students).toBeUndefined();
  });
});

describe('POST /api/batches', () => {
  const call = {
    method: 'POST' as const,
    url: '/api/batches',
    payload: { title: 'Class 6', academic_year: '2026-27' },
  };

  it('is for moderators only', async () => {
    await expectGuarded(t, school, call, ['moderator']);
  });

  it('creates a batch with display order 0', async () => {
    const response = await t.app.inject({ ...call, headers: as(school.tokens.moderator) });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.batch).toMatchObject({
      title: 'Class 6',
      academic_year: '2026-27',
      display_order: 0,
    });
  });

  it.each([
    [{ academic_year: '2026-27' }, 'title', MESSAGES.fillTheForm],
    [{ title: '   ', academic_year: '2026-27' }, 'title', MESSAGES.fillTheForm],
    [{ title: 'Class 6', academic_year: '2026' }, 'academic_year', 'Academic year must look like 2024-25.'],
    [
      { title: 'Class 6', academic_year: '2026-29' },
      'academic_year',
      'The second year must follow the first (2024-25).',
    ],
    [{ title: 'Class 6' }, 'academic_year', 'Academic year must look like 2024-25.'],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const response = await t.app.inject({ ...call, payload, headers: as(school.tokens.moderator) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('PATCH and DELETE /api/batches/{id}', () => {
  it('are for moderators only', async () => {
    const url = `/api/batches/${school.batch.id}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: { title: 'x' } }, ['moderator']);
    await expectGuarded(t, school, { method: 'DELETE', url }, ['moderator']);
  });

  it('answer 404 for another institution’s batch, and change nothing there', async () => {
    const url = `/api/batches/${other.batch.id}`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      payload: { title: 'Stolen' },
      headers: as(school.tokens.moderator),
    });
    expect(patch.statusCode).toBe(404);
    const remove = await t.app.inject({ method: 'DELETE', url, headers: as(school.tokens.moderator) });
    expect(remove.statusCode).toBe(404);
    const theirs = await t.app.inject({ url: '/api/batches', headers: as(other.tokens.moderator) });
    expect(theirs.json().data.batches[0].title).toBe(other.batch.title);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/batches/not-a-uuid',
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
  });

  it('renames only the title', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/batches/${school.batch.id}`,
      payload: { title: 'Renamed', academic_year: '1999-00' },
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.batch).toMatchObject({
      title: 'Renamed',
      academic_year: '2026-27',
      student_count: 1,
    });
  });

  it('keeps a batch that has students (409) and deletes an empty one', async () => {
    const busy = await t.app.inject({
      method: 'DELETE',
      url: `/api/batches/${school.batch.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(MESSAGES.batchHasStudents);

    const empty = await t.createBatch(school.institution.id, 'Empty batch');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/batches/${empty.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(removed.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/batches', headers: as(school.tokens.moderator) });
    expect(list.json().data.batches.map((batch: { _id: string }) => batch._id)).not.toContain(empty.id);
  });
});
