import { formatMessage, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/index.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { otpFrom } from '../../test/smtp-capture.js';

// Limits that protect an account hold whatever address a client has or claims.

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  [t, behindProxy] = await Promise.all([
    createTestApp(),
    // app.inject's requests come from 127.0.0.1: here that is the proxy.
    createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), behindProxy.close()]));

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

describe('sign-in limit per username', () => {
  it('after 10 wrong passwords from any addresses answers 429 with when to retry, even for the right password', async () => {
    const student = await account();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const username = attempt % 2 ? student.username.toUpperCase() : ` ${student.username}`;
      const response = await post(
        t,
        '/api/auth/login',
        { username, password: 'Wrong-password-1' },
        { remoteAddress: anotherAddress() },
      );
      expect(response.statusCode).toBe(401);
    }
    const right = { username: student.username, password: TEST_PASSWORD };
    expectRetryLater(await post(t, '/api/auth/login', right, { remoteAddress: anotherAddress() }), 15);
    t.clock.advance(5 * MINUTE);
    expectRetryLater(await post(t, '/api/auth/login', right, { remoteAddress: anotherAddress() }), 10);
    t.clock.advance(10 * MINUTE);
    expect((await post(t, '/api/auth/login', right, { remoteAddress: anotherAddress() })).statusCode).toBe(
      200,
    );
  });

  it('lets a locked account sign in at once with the password set through recovery', async () => {
    const student = await account();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = { username: student.username, password: 'Wrong-password-1' };
      await post(t, '/api/auth/login', wrong, { remoteAddress: anotherAddress() });
    }
    const old = { username: student.username, password: TEST_PASSWORD };
    expect((await post(t, '/api/auth/login', old, { remoteAddress: anotherAddress() })).statusCode).toBe(429);

    await post(t, '/api/auth/forgot-password', { username: student.username });
    const otp = otpFrom(t.smtp.lastTo(student.email!));
    const verified = await post(t, '/api/auth/verify-otp', { username: student.username, otp });
    const reset = { temp_token: verified.json().data.temp_token, new_password: 'Brand-new-1' };
    const resetFrom = { remoteAddress: anotherAddress() };
    expect((await post(t, '/api/auth/reset-password', reset, resetFrom)).statusCode).toBe(200);
    const fresh = { username: student.username, password: 'Brand-new-1' };
    expect((await post(t, '/api/auth/login', fresh, { remoteAddress: anotherAddress() })).statusCode).toBe(
      200,
    );
  });

  it('limits an unknown username alike, so the limit tells nothing about accounts', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const body = { username: 'no-such-user', password: 'Wrong-password-1' };
      statuses.push((await post(t, '/api/auth/login', body, { remoteAddress: anotherAddress() })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts failures only: signing in often never locks an account', async () => {
    const student = await account();
    const right = { username: student.username, password: TEST_PASSWORD };
    const wrong = { username: student.username, password: 'Wrong-password-1' };
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await post(t, '/api/auth/login', wrong, { remoteAddress: anotherAddress() });
    }
    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect((await post(t, '/api/auth/login', right, { remoteAddress: anotherAddress() })).statusCode).toBe(
        200,
      );
    }
    expect((await post(t, '/api/auth/login', wrong, { remoteAddress: anotherAddress() })).statusCode).toBe(
      401,
    );
    expect((await post(t, '/api/auth/login', right, { remoteAddress: anotherAddress() })).statusCode).toBe(
      429,
    );
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
