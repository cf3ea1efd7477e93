import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import {
  createLogins,
  resetPasswords,
  setUsersArchived,
  takenUsernames,
  usernameFor,
} from './accounts.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('accounts', () => {
  it('picks the typed username, else the PRN, else the first mobile', () => {
    expect(usernameFor({ username: 'asha.k', prn: 'P1', mobile: ['98'] })).toBe('asha.k');
    expect(usernameFor({ prn: 'PRN 001', mobile: ['98'] })).toBe('PRN001');
    expect(usernameFor({ mobile: ['9800000001', '9800000002'] })).toBe('9800000001');
  });

  it('creates logins that must change their generated password, and refuses taken names', async () => {
    const institution = await t.createInstitution();
    const [login] = await createLogins(t.db, institution.id, 'student', ['Fresh.Name']);
    expect(login!.password).toMatch(/^\S{8,}$/);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'fresh.name', password: login!.password },
    });
    expect(signedIn.json().data.must_change_password).toBe(true);
    expect(await takenUsernames(t.db, ['FRESH.NAME', 'other'])).toEqual(new Set(['fresh.name']));
    await expect(createLogins(t.db, institution.id, 'faculty', ['FRESH.name'])).rejects.toMatchObject({
      statusCode: 409,
      message: 'Username already exists.',
    });
  });

  it('resets several passwords in one statement and revokes their tokens', async () => {
    const institution = await t.createInstitution();
    const a = await t.createAccount('student', { institutionId: institution.id });
    const b = await t.createAccount('faculty', { institutionId: institution.id });
    const token = await t.login(a.username);
    const passwords = await resetPasswords(t.db, [a.user.id, b.user.id]);
    expect(new Set(passwords.values()).size).toBe(2);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: b.username, password: passwords.get(b.user.id) },
    });
    expect(fresh.json().data.must_change_password).toBe(true);
  });

  it('archiving blocks sign-in at once; restoring lets it back', async () => {
    const institution = await t.createInstitution();
    const a = await t.createAccount('faculty', { institutionId: institution.id });
    const token = await t.login(a.username);
    await setUsersArchived(t.db, [a.user.id], new Date());
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    await setUsersArchived(t.db, [a.user.id], null);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.archivedAt).toBeNull();
    expect(await t.login(a.username)).toEqual(expect.any(String));
  });
});
