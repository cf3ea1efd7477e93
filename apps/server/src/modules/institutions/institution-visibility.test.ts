import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../../db/schema/index.js';
import { createOwner } from '../../test/factories/institutions.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const asOwner = () => bearer(owner.token);
const missingId = '00000000-0000-4000-8000-000000000000';

async function listIds(query = ''): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/institutions${query}`, headers: asOwner() });
  expect(response.statusCode).toBe(200);
  return response.json().data.institutions.map((row: { _id: string }) => row._id);
}

const setVisibility = (id: string, payload: unknown, headers = asOwner()) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/institutions/${id}/visibility`,
    payload: payload as object,
    headers,
  });

describe('GET /api/institutions?archived=true', () => {
  it('is for owners only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/institutions?archived=true' }, ['owner']);
  });

  it('lists the archived institutions only, the last archived first', async () => {
    const first = await t.createInstitution({
      visibility: false,
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const second = await t.createInstitution({
      visibility: false,
      updatedAt: new Date('2026-02-01T00:00:00Z'),
    });
    const archived = await listIds('?archived=true');
    expect(archived.indexOf(second.id)).toBeLessThan(archived.indexOf(first.id));
    expect(archived).toContain(first.id);
    expect(archived).not.toContain(school.institution.id);
    expect(await listIds('?archived=false')).toContain(school.institution.id);
    expect(await listIds('?archived=false')).not.toContain(first.id);
  });

  it('answers 400 for an archived flag that is not true or false', async () => {
    const response = await t.app.inject({ url: '/api/institutions?archived=maybe', headers: asOwner() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.archived).toBe(MESSAGES.invalidInput);
  });
});

describe('PATCH /api/institutions/{id}/visibility', () => {
  it('is for owners only', async () => {
    const url = `/api/institutions/${school.institution.id}/visibility`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: { visibility: true } }, ['owner']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await setVisibility(missingId, { visibility: true })).statusCode).toBe(404);
    expect((await setVisibility('nope', { visibility: true })).statusCode).toBe(400);
  });

  it.each([[{}], [{ visibility: 'yes' }], [{ visibility: null }], [{ visibility: 1 }]])(
    'refuses the body %j and changes nothing',
    async (payload) => {
      const target = await t.createInstitution({ visibility: false });
      const response = await setVisibility(target.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.visibility).toBe(MESSAGES.invalidInput);
      const [row] = await t.db.select().from(institutions).where(eq(institutions.id, target.id));
      expect(row?.visibility).toBe(false);
    },
  );

  it('restores an archived institution: listed again, its accounts sign in again', async () => {
    const closed = await t.createSchool();
    const archive = await t.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${closed.institution.id}`,
      headers: asOwner(),
    });
    expect(archive.statusCode).toBe(200);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: closed.accounts.moderator.username, password: TEST_PASSWORD },
      });
    expect((await signIn()).statusCode).toBe(401);
    expect(await listIds('?archived=true')).toContain(closed.institution.id);

    const response = await setVisibility(closed.institution.id, { visibility: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.institution).toMatchObject({ _id: closed.institution.id, visibility: true });
    expect(await listIds()).toContain(closed.institution.id);
    expect(await listIds('?archived=true')).not.toContain(closed.institution.id);
    expect((await signIn()).statusCode).toBe(200);
    // A token issued before the archive works again too: archiving an institution revokes nothing.
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(closed.tokens.student) });
    expect(me.statusCode).toBe(200);

    // Restoring it again changes nothing.
    const again = await setVisibility(closed.institution.id, { visibility: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.institution.visibility).toBe(true);
  });

  it('archives with false: hidden, and its accounts stop at once', async () => {
    const doomed = await t.createSchool();
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(doomed.tokens.moderator) })).statusCode,
    ).toBe(200);
    const response = await setVisibility(doomed.institution.id, { visibility: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.institution.visibility).toBe(false);
    expect(await listIds()).not.toContain(doomed.institution.id);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(doomed.tokens.moderator) })).statusCode,
    ).toBe(401);
  });
});
