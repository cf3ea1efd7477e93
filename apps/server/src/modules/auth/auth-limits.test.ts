import { formatMessage, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectDatabase, type DatabaseHandle } from '../../db/client.js';
import { passwordResets } from '../../db/schema/index.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { otpFrom } from '../../test/smtp-capture.js';

// Limits that protect an account hold whatever address a client has or claims.

let t: TestApp;
let behindProxy: TestApp;
/** A second instance of `t` on its database, with its own in-memory brake (as another process). */
let second: TestApp;
let secondDatabase: DatabaseHandle;
beforeAll(async () => {
  [t, behindProxy] = await Promise.all([
    createTestApp(),
    // app.inject's requests come from 127.0.0.1: here that is the proxy.
    createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
  const url = (t.app.deps.pool.options as { connectionString: string }).connectionString;
  secondDatabase = connectDatabase(url, 2);
  const app = await buildApp({ ...t.app.deps, db: secondDatabase.db, pool: secondDatabase.pool });
  await app.ready();
  second = { ...t, app };
});
afterAll(async () => {
  await second.app.close();
  await secondDatabase.close();
  await Promise.all([t.close(), behindProxy.close()]);
});

const MINUTE = 60_000;
let lastAddress = 0;
/** A client address of its own for each request, as many real clients would have. */
const anotherAddress = () => {
  lastAddress += 1;
  return `198.18.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

function post(
  app: TestApp,
  url: string,
  payload: object,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.app.inject({ method: 'POST', url, payload, ...options });
}

function expectRetryLater(response: Awaited<ReturnType<typeof post>>, minutes: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error).toEqual({
    code: 'RATE_LIMITED',
    message: formatMessage(MESSAGES.tooManyAttemptsRetryIn, { minutes: String(minutes) }),
  });
  expect(Number(response.headers['retry-after'])).toBe(minutes * 60);
}

async function account(app = t) {
  const institution = await app.createInstitution();
  return app.createAccount('student', { institutionId: institution.id });
}

describe('the client address', () => {
  it('ignores X-Forwarded-For by default: 40 wrong passwords with 40 forged addresses are limited', async () => {
    const student = await account();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await post(
        t,
        '/api/auth/login',
        { username: student.username, password: 'Wrong-password-1' },
        { headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` } },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });

  it('follows X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    // reset-password is limited to 10 a minute per address alone.
    const resetFrom = (app: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
      post(
        app,
        '/api/auth/reset-password',
        { temp_token: 'not-a-token', new_password: 'Brand-new-1' },
        { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } },
      );
    for (const app of [t, behindProxy]) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await resetFrom(app, '203.0.113.50')).statusCode).toBe(400);
      }
      expect((await resetFrom(app, '203.0.113.50')).statusCode).toBe(429);
    }
    // Behind the proxy another forwarded address is another client; without it, the same socket.
    expect((await resetFrom(behindProxy, '203.0.113.51')).statusCode).toBe(400);
    expect((await resetFrom(t, '203.0.113.51')).statusCode).toBe(429);
    // A client that reaches the portal directly is not believed, whatever it forwards.
    const direct = '198.51.100.7';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await resetFrom(behindProxy, `203.0.113.${60 + attempt}`, direct)).statusCode).toBe(400);
    }
    expect((await resetFrom(behindProxy, '203.0.113.99', direct)).statusCode).toBe(429);
  });
});

describe('sign-in limits: the guesser is held back, not the owner', () => {
  const wrong = (username: string) => ({ username, password: 'Wrong-password-1' });
  const right = (username: string) => ({ username, password: TEST_PASSWORD });
  const signIn = (body: object, remoteAddress = anotherAddress(), app = t) =>
    post(app, '/api/auth/login', body, { remoteAddress });

  it('a student’s wrong passwords hold back their own address, on every instance; the teacher signs in', async () => {
    const teacher = await t.createAccount('moderator', { institutionId: (await t.createInstitution()).id });
    const student = '198.51.100.23';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(wrong(teacher.username), student)).statusCode).toBe(401);
    }
    // Another instance (its own in-memory brake) finds the same count in the database.
    expectRetryLater(await signIn(right(teacher.username), student, second), 15);
    expect((await signIn(right(teacher.username), '198.51.100.80', second)).statusCode).toBe(200);
    expect((await signIn(right(teacher.username), '198.51.100.81')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await signIn(right(teacher.username), student, second)).statusCode).toBe(200);
  });

  it('failures from many addresses shrink every address’s allowance; a clean address still signs in', async () => {
    const student = await account();
    const guesser = anotherAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(wrong(student.username), guesser)).statusCode).toBe(401);
    }
    // 15 failures of the username in the hour: each address may now fail 5 times, not 10.
    for (let address = 0; address < 10; address += 1) {
      expect((await signIn(wrong(student.username))).statusCode).toBe(401);
    }
    expectRetryLater(await signIn(right(student.username), guesser), 15);
    expect((await signIn(right(student.username))).statusCode).toBe(200);

    // 20 and more: one failure per address and window.
    const once = anotherAddress();
    expect((await signIn(wrong(student.username), once)).statusCode).toBe(401);
    for (let address = 0; address < 4; address += 1) await signIn(wrong(student.username));
    expectRetryLater(await signIn(right(student.username), once), 15);
    for (let address = 0; address < 30; address += 1) {
      expect((await signIn(wrong(student.username))).statusCode).toBe(401);
    }
    expect((await signIn(right(student.username))).statusCode).toBe(200);

    // An address's window ends after 15 minutes: it may try again, while the hour's count holds.
    t.clock.advance(15 * MINUTE);
    expect((await signIn(wrong(student.username), guesser)).statusCode).toBe(401);
    expectRetryLater(await signIn(right(student.username), guesser), 15);
    expect((await signIn(right(student.username), once)).statusCode).toBe(200);
  });

  it('counts an unknown username alike, so the answers tell nothing about accounts', async () => {
    const known = (await account()).username;
    async function statuses(username: string) {
      const guesser = anotherAddress();
      const seen: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        seen.push((await signIn(wrong(username), guesser)).statusCode);
      for (let address = 0; address < 10; address += 1) seen.push((await signIn(wrong(username))).statusCode);
      seen.push((await signIn(wrong(username), guesser)).statusCode);
      return seen;
    }
    const expected = [...Array<number>(15).fill(401), 429];
    expect(await statuses(known)).toEqual(expected);
    expect(await statuses(t.unique('no-such-user'))).toEqual(expected);
  });

  it('counts failures only: a success hands its attempt back', async () => {
    const student = await account();
    const home = anotherAddress();
    for (let attempt = 0; attempt < 9; attempt += 1) await signIn(wrong(student.username), home);
    expect((await signIn(right(student.username), home)).statusCode).toBe(200);
    // Nine failures, not ten: one more wrong password is still evaluated, then the address waits.
    expect((await signIn(wrong(student.username), home, second)).statusCode).toBe(401);
    expectRetryLater(await signIn(right(student.username), home, second), 15);
  });

  it('lets a held-back address sign in at once with the password set through recovery', async () => {
    const student = await account();
    const home = anotherAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) await signIn(wrong(student.username), home);
    expect((await signIn(right(student.username), home, second)).statusCode).toBe(429);

    await post(t, '/api/auth/forgot-password', { username: student.username });
    const otp = otpFrom(t.smtp.lastTo(student.email!));
    const verified = await post(t, '/api/auth/verify-otp', { username: student.username, otp });
    const reset = { temp_token: verified.json().data.temp_token, new_password: 'Brand-new-1' };
    const resetFrom = { remoteAddress: anotherAddress() };
    expect((await post(t, '/api/auth/reset-password', reset, resetFrom)).statusCode).toBe(200);
    const fresh = { username: student.username, password: 'Brand-new-1' };
    expect((await signIn(fresh, home, second)).statusCode).toBe(200);
  });
});

describe('password recovery limits per account', () => {
  it('e-mails at most 3 OTPs an hour to an account, whatever the address', async () => {
    const student = await account();
    const mails = () => t.smtp.received.filter((mail) => mail.to.includes(student.email!)).length;
    const ask = () =>
      post(
        t,
        '/api/auth/forgot-password',
        { username: student.username },
        { remoteAddress: anotherAddress() },
      );
    for (let request = 0; request < 3; request += 1) expect((await ask()).statusCode).toBe(200);
    expectRetryLater(await ask(), 60);
    expect(mails()).toBe(3);
    t.clock.advance(60 * MINUTE);
    expect((await ask()).statusCode).toBe(200);
    expect(mails()).toBe(4);
  });

  it('50 concurrent wrong guesses get at most 5 evaluated; then even the right code is refused', async () => {
    const student = await account();
    await post(t, '/api/auth/forgot-password', { username: student.username });
    const otp = otpFrom(t.smtp.lastTo(student.email!));
    const wrong = otp === '000000' ? '111111' : '000000';
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(
          t,
          '/api/auth/verify-otp',
          { username: student.username, otp: wrong },
          { remoteAddress: anotherAddress() },
        ),
      ),
    );
    expect(responses.every((response) => response.statusCode === 400)).toBe(true);
    const [reset] = await t.db
      .select({ attempts: passwordResets.attempts })
      .from(passwordResets)
      .where(eq(passwordResets.userId, student.user.id));
    expect(reset!.attempts).toBeLessThanOrEqual(5);

    const right = await post(t, '/api/auth/verify-otp', { username: student.username, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(MESSAGES.invalidOtp);
  });

  it('a new code brings no fresh tries within the 10-minute window', async () => {
    const student = await account();
    const ask = () => post(t, '/api/auth/forgot-password', { username: student.username });
    const verify = (otp: string) =>
      post(
        t,
        '/api/auth/verify-otp',
        { username: student.username, otp },
        { remoteAddress: anotherAddress() },
      );

    await ask();
    const first = otpFrom(t.smtp.lastTo(student.email!));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(first === '000000' ? '111111' : '000000')).statusCode).toBe(400);
    }
    t.clock.advance(2 * MINUTE);
    await ask();
    expectRetryLater(await verify(otpFrom(t.smtp.lastTo(student.email!))), 8);

    t.clock.advance(8 * MINUTE);
    await ask();
    expect((await verify(otpFrom(t.smtp.lastTo(student.email!)))).statusCode).toBe(200);
  });
});

describe('change-password limit per signed-in user', () => {
  it('limits one user’s wrong old passwords without holding back another on the same address', async () => {
    const school = await t.createInstitution();
    const [careless, classmate] = await Promise.all([
      t.createAccount('student', { institutionId: school.id }),
      t.createAccount('student', { institutionId: school.id }),
    ]);
    const carelessToken = await t.login(careless.username);
    const classmateToken = await t.login(classmate.username);
    const change = (token: string, oldPassword: string, remoteAddress = '192.0.2.10') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress,
        headers: bearer(token),
        payload: { old_password: oldPassword, new_password: 'Fresh-pass-1' },
      });

    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await change(carelessToken, 'Wrong-password-1')).statusCode).toBe(400);
    }
    expectRetryLater(await change(carelessToken, TEST_PASSWORD), 15);
    expectRetryLater(await change(carelessToken, TEST_PASSWORD, '192.0.2.99'), 15);
    expect((await change(classmateToken, TEST_PASSWORD)).statusCode).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await change(carelessToken, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
