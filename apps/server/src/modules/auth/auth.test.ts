import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, students, users } from '../../db/schema/index.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { otpFrom } from '../../test/smtp-capture.js';
import { forgetAccount } from './account-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

describe('POST /api/auth/login', () => {
  it('answers the session account of the spec, username compared case-insensitively', async () => {
    const institution = await t.createInstitution({
      title: 'Hill School',
      navLogo: '/logo.png',
      timeZone: 'Asia/Kolkata',
    });
    const batch = await t.createBatch(institution.id);
    const student = await t.createAccount('student', { institutionId: institution.id, batchId: batch.id });
    const response = await post('/api/auth/login', {
      username: student.username.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      jwt: expect.any(String),
      user_id: student.user.id,
      username: student.username,
      name: `Student ${student.username}`,
      entity_id: student.entityId,
      entity_type: 'student',
      permission: 'student',
      institution_id: institution.id,
      institution_title: 'Hill School',
      institution_nav_logo: '/logo.png',
      academic_year: '2026-27',
      time_zone: 'Asia/Kolkata',
      language: 'en',
      must_change_password: false,
    });
    expect(student.entityId).not.toBe(student.user.id);
  });

  it('gives an owner no institution and its own user id as entity id', async () => {
    const owner = await t.createAccount('owner');
    const response = await post('/api/auth/login', { username: owner.username, password: TEST_PASSWORD });
    expect(response.json().data).toMatchObject({
      permission: 'owner',
      entity_id: owner.user.id,
      institution_id: null,
      institution_title: null,
      // No institution: the portal's default zone (decision 16).
      time_zone: 'UTC',
    });
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const institution = await t.createInstitution();
    const moderator = await t.createAccount('moderator', { institutionId: institution.id });
    for (const body of [
      { username: moderator.username, password: 'wrong-password' },
      { username: 'nobody-here', password: TEST_PASSWORD },
    ]) {
      const response = await post('/api/auth/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: MESSAGES.loginFailed });
    }
  });

  it('refuses archived users, archived student records and users of an archived institution', async () => {
    const institution = await t.createInstitution();
    const archivedUser = await t.createAccount('moderator', { institutionId: institution.id });
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, archivedUser.user.id));
    const archivedStudent = await t.createAccount('student', { institutionId: institution.id });
    await t.db
      .update(students)
      .set({ archivedAt: new Date() })
      .where(eq(students.id, archivedStudent.entityId));
    const closed = await t.createInstitution();
    const closedFaculty = await t.createAccount('faculty', { institutionId: closed.id });
    await t.db.update(institutions).set({ visibility: false }).where(eq(institutions.id, closed.id));

    for (const account of [archivedUser, archivedStudent, closedFaculty]) {
      const response = await post('/api/auth/login', { username: account.username, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(MESSAGES.loginFailed);
    }
  });

  it('stops an archived user’s existing token', async () => {
    const institution = await t.createInstitution();
    const faculty = await t.createAccount('faculty', { institutionId: institution.id });
    const token = await t.login(faculty.username);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, faculty.user.id));
    forgetAccount(t.db, faculty.user.id); // as every service that archives does
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 400 with field messages for a bad body, and for malformed JSON', async () => {
    const empty = await post('/api/auth/login', { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      username: MESSAGES.enterUsername,
      password: MESSAGES.enterPassword,
    });
    const missing = await post('/api/auth/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe(MESSAGES.enterPassword);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toEqual(expect.any(String));
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await post('/api/auth/login', { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toEqual(expect.any(String));
  });

  it('rate limits repeated attempts with 429 and a clear message', async () => {
    const body = { username: 'rate-limited-user', password: 'wrong-password' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await post('/api/auth/login', body)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const blocked = await post('/api/auth/login', body);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.rateLimited });
  });
});

describe('GET /api/auth/me', () => {
  it('needs a valid token', async () => {
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const garbage = await t.app.inject({ url: '/api/auth/me', headers: bearer('not-a-token') });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a token without an expiry or issue time, or issued in the future', async () => {
    const owner = await t.createAccount('owner');
    const claims = createDecoder()(await t.login(owner.username)) as Record<string, number | string>;
    // Claims exactly as given (`noTimestamp` keeps the signer from adding an issue time where none is).
    const sign = (payload: object) =>
      createSigner({ key: t.app.deps.jwtSecret, noTimestamp: !('iat' in payload) })(payload);
    const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    // The same claims signed again are a valid token: only what is changed below is refused.
    expect((await me(sign(claims))).statusCode).toBe(200);
    const { exp, iat, ...timeless } = claims;
    expect((await me(sign({ ...timeless, iat }))).statusCode).toBe(401);
    expect((await me(sign({ ...timeless, exp }))).statusCode).toBe(401);
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect((await me(sign({ ...timeless, iat: later, exp: later + 3600 }))).statusCode).toBe(401);
  });

  it('answers the account without the token', async () => {
    const owner = await t.createAccount('owner');
    const response = await t.app.inject({
      url: '/api/auth/me',
      headers: bearer(await t.login(owner.username)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.username).toBe(owner.username);
    expect(response.json().data.jwt).toBeUndefined();
  });

  it('names the person: a student’s or faculty member’s name, else the username', async () => {
    const institution = await t.createInstitution();
    const batch = await t.createBatch(institution.id);
    const student = await t.createAccount('student', { institutionId: institution.id, batchId: batch.id });
    const faculty = await t.createAccount('faculty', { institutionId: institution.id });
    const moderator = await t.createAccount('moderator', { institutionId: institution.id });
    const nameOf = async (username: string) =>
      (await t.app.inject({ url: '/api/auth/me', headers: bearer(await t.login(username)) })).json().data
        .name;
    expect(await nameOf(student.username)).toBe(`Student ${student.username}`);
    expect(await nameOf(faculty.username)).toBe(`Faculty ${faculty.username}`);
    expect(await nameOf(moderator.username)).toBe(moderator.username);
  });

  it("gives the institution's time zone, else the portal's default, for every time shown (decision 37)", async () => {
    const zoned = await t.createInstitution({ timeZone: 'Asia/Kolkata' });
    const unzoned = await t.createInstitution();
    const zoneOf = async (institutionId: string) => {
      const moderator = await t.createAccount('moderator', { institutionId });
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: bearer(await t.login(moderator.username)),
      });
      return me.json().data.time_zone;
    };
    expect(await zoneOf(zoned.id)).toBe('Asia/Kolkata');
    expect(await zoneOf(unzoned.id)).toBe('UTC');
  });
});

describe('password recovery', () => {
  async function recoverable() {
    const institution = await t.createInstitution();
    return t.createAccount('student', { institutionId: institution.id });
  }

  it('refuses an unknown username and an account without e-mail with "invalid username"', async () => {
    const institution = await t.createInstitution();
    const noEmail = await t.createAccount('faculty', { institutionId: institution.id, email: null });
    for (const username of ['ghost-user', noEmail.username]) {
      const response = await post('/api/auth/forgot-password', { username });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.invalidUsername);
    }
    expect((await post('/api/auth/forgot-password', {})).json().error.fields.username).toBe(
      MESSAGES.enterUsername,
    );
  });

  it('completes: OTP by e-mail, temp token, new password; old password and old tokens stop working', async () => {
    const account = await recoverable();
    const oldToken = await t.login(account.username);
    expect((await post('/api/auth/forgot-password', { username: account.username })).statusCode).toBe(200);
    const mail = t.smtp.lastTo(account.email!);
    expect(mail?.subject).toContain('OTP');
    const otp = otpFrom(mail);

    const verified = await post('/api/auth/verify-otp', { username: account.username, otp });
    expect(verified.statusCode).toBe(200);
    const tempToken = verified.json().data.temp_token;
    expect(tempToken).toEqual(expect.any(String));

    const reset = await post('/api/auth/reset-password', {
      temp_token: tempToken,
      new_password: 'Brand-new-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { username: account.username, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { username: account.username, password: 'Brand-new-1' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);

    const reused = await post('/api/auth/reset-password', {
      temp_token: tempToken,
      new_password: 'Another-one-2',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'RESET_TOKEN_EXPIRED',
      message: MESSAGES.resetLinkInvalid,
    });
  });

  it('refuses a wrong OTP, and the right one after five wrong tries', async () => {
    const account = await recoverable();
    await post('/api/auth/forgot-password', { username: account.username });
    const otp = otpFrom(t.smtp.lastTo(account.email!));
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/api/auth/verify-otp', { username: account.username, otp: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.invalidOtp);
    }
    const tooLate = await post('/api/auth/verify-otp', { username: account.username, otp });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.message).toBe(MESSAGES.invalidOtp);
  });

  it('refuses an OTP after its 10 minutes, and a temp token after its 15', async () => {
    const account = await recoverable();
    await post('/api/auth/forgot-password', { username: account.username });
    const otp = otpFrom(t.smtp.lastTo(account.email!));
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await post('/api/auth/verify-otp', { username: account.username, otp });
    expect(expired.json().error.message).toBe(MESSAGES.invalidOtp);

    await post('/api/auth/forgot-password', { username: account.username });
    const fresh = otpFrom(t.smtp.lastTo(account.email!));
    t.clock.advance(9 * 60_000);
    const verified = await post('/api/auth/verify-otp', { username: account.username, otp: fresh });
    expect(verified.statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const stale = await post('/api/auth/reset-password', {
      temp_token: verified.json().data.temp_token,
      new_password: 'Brand-new-1',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('a newer OTP replaces the earlier one', async () => {
    const account = await recoverable();
    await post('/api/auth/forgot-password', { username: account.username });
    const first = otpFrom(t.smtp.lastTo(account.email!));
    await post('/api/auth/forgot-password', { username: account.username });
    const second = otpFrom(t.smtp.lastTo(account.email!));
    if (first !== second) {
      expect(
        (await post('/api/auth/verify-otp', { username: account.username, otp: first })).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { username: account.username, otp: second })).statusCode).toBe(
      200,
    );
  });

  it('checks the new password’s length', async () => {
    const response = await post('/api/auth/reset-password', {
      temp_token: 'whatever',
      new_password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.new_password).toBe(MESSAGES.passwordTooShort);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs a token', async () => {
    const response = await post('/api/auth/change-password', { old_password: 'a', new_password: 'abcdefgh' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong old password with the spec’s message', async () => {
    const owner = await t.createAccount('owner');
    const token = await t.login(owner.username);
    const response = await post(
      '/api/auth/change-password',
      { old_password: 'nope', new_password: 'Fresh-pass-1' },
      token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'WRONG_OLD_PASSWORD',
      message: MESSAGES.checkOldPassword,
    });
  });

  it('changes the password and revokes every token issued before', async () => {
    const institution = await t.createInstitution();
    const moderator = await t.createAccount('moderator', { institutionId: institution.id });
    const token = await t.login(moderator.username);
    const otherDevice = await t.login(moderator.username);
    const response = await post(
      '/api/auth/change-password',
      { old_password: TEST_PASSWORD, new_password: 'Fresh-pass-1' },
      token,
    );
    expect(response.statusCode).toBe(200);
    for (const old of [token, otherDevice]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect(await t.login(moderator.username, 'Fresh-pass-1')).toEqual(expect.any(String));
  });

  it('a generated password must be changed before anything else is reachable', async () => {
    const institution = await t.createInstitution();
    const student = await t.createAccount('student', {
      institutionId: institution.id,
      mustChangePassword: true,
    });
    const login = await post('/api/auth/login', { username: student.username, password: TEST_PASSWORD });
    expect(login.json().data.must_change_password).toBe(true);
    const token = login.json().data.jwt;

    const blocked = await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: MESSAGES.passwordChangeRequired,
    });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const changed = await post(
      '/api/auth/change-password',
      { old_password: TEST_PASSWORD, new_password: 'Mine-now-1' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = await post('/api/auth/login', { username: student.username, password: 'Mine-now-1' });
    expect(fresh.json().data.must_change_password).toBe(false);
    const open = await t.app.inject({
      url: '/api/users/me/demo-video',
      headers: bearer(fresh.json().data.jwt),
    });
    expect(open.statusCode).toBe(200);
  });
});
