import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { expectLastAnswerWins } from '../../test/archive-race.js';
import { createOwner } from '../../test/factories/institutions.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const missingId = '00000000-0000-4000-8000-000000000000';
const asOwner = () => bearer(owner.token);
const base = (institutionId = school.institution.id) => `/api/institutions/${institutionId}/moderators`;

const signIn = (username: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

async function newModerator(institutionId = school.institution.id) {
  const account = await t.createAccount('moderator', { institutionId });
  return { ...account, token: await t.login(account.username) };
}

describe('GET /api/institutions/{id}/moderators', () => {
  it('is for owners only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: base() }, ['owner']);
  });

  it('lists the institution’s moderators only, newest first, with their state', async () => {
    const fresh = await t.createAccount('moderator', {
      institutionId: school.institution.id,
      mustChangePassword: true,
    });
    const response = await t.app.inject({ url: base(), headers: asOwner() });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.moderators;
    expect(rows.map((row: { _id: string }) => row._id)).toEqual([
      fresh.user.id,
      school.accounts.moderator.user.id,
    ]);
    expect(rows[0]).toEqual({
      _id: fresh.user.id,
      username: fresh.username,
      email: fresh.email,
      archived: false,
      must_change_password: true,
      created_at: expect.any(String),
    });
  });

  it('answers 404 for an unknown or archived institution and 400 for a malformed id', async () => {
    const archived = await t.createInstitution({ visibility: false });
    for (const id of [missingId, archived.id]) {
      expect((await t.app.inject({ url: base(id), headers: asOwner() })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: base('nope'), headers: asOwner() })).statusCode).toBe(400);
  });
});

describe('POST /api/institutions/{id}/moderators/reset-password', () => {
  const reset = (moderatorId: unknown, institutionId = school.institution.id) =>
    t.app.inject({
      method: 'POST',
      url: `${base(institutionId)}/reset-password`,
      payload: { moderator_id: moderatorId } as object,
      headers: asOwner(),
    });

  it('is for owners only', async () => {
    const url = `${base()}/reset-password`;
    const payload = { moderator_id: school.accounts.moderator.user.id };
    await expectGuarded(t, school, { method: 'POST', url, payload }, ['owner']);
  });

  it('generates a password shown once, which must be changed at the next sign-in; old tokens stop', async () => {
    const moderator = await newModerator();
    const response = await reset(moderator.user.id);
    expect(response.statusCode).toBe(200);
    const credential = response.json().data.credential;
    expect(credential).toEqual({
      _id: moderator.user.id,
      username: moderator.username,
      password: expect.any(String),
    });
    expect(credential.password.length).toBeGreaterThanOrEqual(8);

    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(moderator.token) })).statusCode).toBe(
      401,
    );
    expect((await signIn(moderator.username)).statusCode).toBe(401);
    const login = await signIn(moderator.username, credential.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.must_change_password).toBe(true);
    const batches = await t.app.inject({ url: '/api/batches', headers: bearer(login.json().data.jwt) });
    expect(batches.statusCode).toBe(403);
    expect(batches.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const [row] = await t.db.select().from(users).where(eq(users.id, moderator.user.id));
    expect(row?.passwordHash).not.toContain(credential.password);
  });

  it('answers 404 for a moderator of another institution, a faculty member, or an unknown institution', async () => {
    for (const [moderatorId, institutionId] of [
      [other.accounts.moderator.user.id, school.institution.id],
      [school.accounts.faculty.user.id, school.institution.id],
      [school.accounts.student.user.id, school.institution.id],
      [missingId, school.institution.id],
      [school.accounts.moderator.user.id, missingId],
    ] as const) {
      expect((await reset(moderatorId, institutionId)).statusCode).toBe(404);
    }
    // Nothing was reset: the other institution's moderator still signs in with their password.
    expect((await signIn(other.accounts.moderator.username)).statusCode).toBe(200);
  });

  it.each([[undefined], ['nope'], [42]])('refuses moderator_id %j with 400', async (moderatorId) => {
    const response = await reset(moderatorId);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.moderator_id).toBeTruthy();
  });
});

describe('DELETE /api/institutions/{id}/moderators/{moderatorId} and PATCH …/dearc/{moderatorId}', () => {
  const archive = (moderatorId: string, institutionId = school.institution.id) =>
    t.app.inject({ method: 'DELETE', url: `${base(institutionId)}/${moderatorId}`, headers: asOwner() });
  const unarchive = (moderatorId: string, institutionId = school.institution.id) =>
    t.app.inject({ method: 'PATCH', url: `${base(institutionId)}/dearc/${moderatorId}`, headers: asOwner() });

  it('are for owners only', async () => {
    const id = school.accounts.moderator.user.id;
    await expectGuarded(t, school, { method: 'DELETE', url: `${base()}/${id}` }, ['owner']);
    await expectGuarded(t, school, { method: 'PATCH', url: `${base()}/dearc/${id}` }, ['owner']);
  });

  it('archive stops the moderator’s sign-in and tokens at once; unarchive lets them sign in again', async () => {
    const moderator = await newModerator();
    const archived = await archive(moderator.user.id);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.moderator).toMatchObject({ _id: moderator.user.id, archived: true });
    expect((await t.app.inject({ url: '/api/batches', headers: bearer(moderator.token) })).statusCode).toBe(
      401,
    );
    expect((await signIn(moderator.username)).statusCode).toBe(401);
    const listed = await t.app.inject({ url: base(), headers: asOwner() });
    expect(
      listed.json().data.moderators.find((row: { _id: string }) => row._id === moderator.user.id),
    ).toMatchObject({ archived: true });

    const restored = await unarchive(moderator.user.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.moderator.archived).toBe(false);
    expect((await signIn(moderator.username)).statusCode).toBe(200);
    // The archive revoked the old token for good.
    expect((await t.app.inject({ url: '/api/batches', headers: bearer(moderator.token) })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for someone who is not a moderator of that institution, and 400 for a malformed id', async () => {
    for (const call of [archive, unarchive]) {
      expect((await call(other.accounts.moderator.user.id)).statusCode).toBe(404);
      expect((await call(school.accounts.faculty.user.id)).statusCode).toBe(404);
      expect((await call(school.accounts.moderator.user.id, other.institution.id)).statusCode).toBe(404);
      expect((await call(missingId)).statusCode).toBe(404);
      expect((await call('nope')).statusCode).toBe(400);
    }
    expect((await signIn(other.accounts.moderator.username)).statusCode).toBe(200);
  });

  it('answers concurrent archive and unarchive in order: the last answer is the final state', async () => {
    const moderator = await newModerator();
    const archivedRow = async () => {
      const [row] = await t.db.select().from(users).where(eq(users.id, moderator.user.id));
      return row!.archivedAt !== null;
    };
    await expectLastAnswerWins({
      archive: () => archive(moderator.user.id),
      unarchive: () => unarchive(moderator.user.id),
      // A moderator has no profile record: the login is both.
      archivedRows: async () => {
        const archived = await archivedRow();
        return { profile: archived, login: archived };
      },
      rounds: 10,
    });
  });
});

describe('an archived moderator', () => {
  it('cannot recover the password either', async () => {
    const moderator = await newModerator();
    await t.app.inject({ method: 'DELETE', url: `${base()}/${moderator.user.id}`, headers: asOwner() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: moderator.username },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.invalidUsername);
  });
});
