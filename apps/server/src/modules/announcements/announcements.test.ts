import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchSubject } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let elsewhere: Awaited<ReturnType<TestApp['createSchool']>>;
let otherBatchId: string;
let otherBatchStudent: string;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  elsewhere = await t.createSchool();
  await createBatchSubject(t, school.institution.id, school.batch.id, {
    facultyIds: [school.accounts.faculty.entityId],
  });
  otherBatchId = (await t.createBatch(school.institution.id)).id;
  const other = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: otherBatchId,
  });
  otherBatchStudent = await t.login(other.username);
});
afterAll(() => t.close());

const post = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/announcements', headers: bearer(token), payload });
const list = async (token: string) => {
  const response = await t.app.inject({ url: '/api/announcements', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data.announcements.map((a: { title: string }) => a.title) as string[];
};
const body = { title: 'Title', description: 'Description', audience: 'institution' };

describe('announcements', () => {
  it('guards every route: 401 without a token, 403 for other roles', async () => {
    expect((await t.app.inject({ url: '/api/announcements' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/announcements', payload: body })).statusCode,
    ).toBe(401);
    expect((await post(school.tokens.student, body)).statusCode).toBe(403);
    expect((await post(school.tokens.faculty, body)).statusCode).toBe(403);
    const owner = await t.createAccount('owner');
    const ownerToken = await t.login(owner.username);
    expect((await t.app.inject({ url: '/api/announcements', headers: bearer(ownerToken) })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const before = await list(school.tokens.moderator);
    for (const bad of [
      { ...body, title: '  ' },
      { ...body, description: '' },
      { ...body, audience: 'everyone' },
      { ...body, audience: 'batches', batch_ids: [] },
      { ...body, audience: 'institution', batch_ids: [school.batch.id] },
      { ...body, audience: 'batches', batch_ids: ['not-an-id'] },
      { ...body, audience: 'batches', batch_ids: [elsewhere.batch.id] },
      { ...body, title: 'x'.repeat(201) },
    ]) {
      const response = await post(school.tokens.moderator, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await list(school.tokens.moderator)).toEqual(before);
  });

  it('shows each user the announcements addressed to them; edits and deletes within the institution', async () => {
    const toAll = (await post(school.tokens.moderator, { ...body, title: 'To all' })).json().data
      .announcement;
    t.clock.advance(1000);
    const toBatch = await post(school.tokens.moderator, {
      ...body,
      title: 'To the batch',
      audience: 'batches',
      batch_ids: [school.batch.id],
    });
    expect(toBatch.statusCode).toBe(201);
    expect(toBatch.json().data.announcement).toMatchObject({
      audience: 'batches',
      batches: [{ _id: school.batch.id, title: school.batch.title }],
    });
    // Newest first: each a second after the last (same-instant rows would order by their random ids).
    t.clock.advance(1000);
    await post(school.tokens.moderator, {
      ...body,
      title: 'To the other',
      audience: 'batches',
      batch_ids: [otherBatchId],
    });

    expect(await list(school.tokens.student)).toEqual(['To the batch', 'To all']);
    expect(await list(school.tokens.faculty)).toEqual(['To the batch', 'To all']);
    expect(await list(otherBatchStudent)).toEqual(['To the other', 'To all']);
    expect(await list(school.tokens.moderator)).toEqual(['To the other', 'To the batch', 'To all']);
    expect(await list(elsewhere.tokens.student)).toEqual([]);

    // Another institution's moderator: 404, as if it did not exist.
    const url = `/api/announcements/${toAll._id}`;
    const foreign = bearer(elsewhere.tokens.moderator);
    expect((await t.app.inject({ method: 'PATCH', url, headers: foreign, payload: body })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: foreign })).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/announcements/x',
      headers: bearer(school.tokens.moderator),
      payload: body,
    });
    expect(bad.statusCode).toBe(400);

    t.clock.advance(60_000);
    const edited = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(school.tokens.moderator),
      payload: { ...body, title: 'To all, edited' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.announcement.updated_at).toBe(t.clock.now().toISOString());
    expect((await list(school.tokens.student))[0]).toBe('To all, edited');
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.moderator) });
    expect(deleted.statusCode).toBe(200);
    expect(await list(school.tokens.student)).toEqual(['To the batch']);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: bearer(school.tokens.moderator) })).statusCode,
    ).toBe(404);
  });
});
