import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { authPlugin } from './auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The operations anyone may call: everything else in the OpenAPI document needs a token. */
const PUBLIC_OPERATIONS = [
  'GET /api/health',
  // Liveness and readiness, for load balancers and orchestrators.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/config/public',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/verify-otp',
  'POST /api/auth/reset-password',
  // Sign-out removes the file cookie even when the sign-in token has already expired.
  'DELETE /api/files/session',
];

interface Operation {
  key: string;
  method: string;
  path: string;
  secured: boolean;
}

async function operations(): Promise<Operation[]> {
  const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      secured: Boolean(spec.security?.length),
    })),
  );
}

/** A request wrong in every part validation checks: path, query and body. */
const badRequest = (operation: Operation, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: operation.method as 'POST',
    url: `${operation.path.replace(/\{\w+\}/g, 'not-an-id')}?batch_id=x&date=x&ids=x&status=x`,
    headers: { 'content-type': 'application/json', ...headers },
    ...(operation.method === 'GET' ? {} : { payload: body }),
  });

describe('authentication runs before validation', () => {
  it('answers 401, not 400, to a request without a token and with a bad body', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/batches', { title: '', academic_year: 'soon' }],
      ['POST', '/api/topics', { title: 42 }],
      ['PATCH', '/api/students/not-an-id', { date_of_birth: '0000-01-01' }],
      ['POST', '/api/study-plans', { date: '0000-01-01', topic_ids: 'x' }],
      ['POST', '/api/notes', { note_text: 'a\u0000b' }],
      ['POST', '/api/auth/change-password', { old_password: [] }],
      ['POST', '/api/doubts/auto-answer', []],
    ];
    for (const [method, url, payload] of cases) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 401 before the body is even read: malformed, too deep or too large', async () => {
    for (const body of [
      '{"title":',
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `"${'x'.repeat(2_000_000)}"`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/batches',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('on every operation the OpenAPI document marks as needing the bearer token', async () => {
    const secured = (await operations()).filter((operation) => operation.secured);
    expect(secured.length).toBeGreaterThan(90);
    for (const operation of secured) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const response = await badRequest(operation, '{"a":', headers);
        expect(response.statusCode, `${operation.key}: ${response.body}`).toBe(401);
      }
    }
  });

  it('refuses a malformed, forged or oversized bearer header with 401, never a 500', async () => {
    const headers = [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer  a.b.c',
      `Bearer ${'a'.repeat(8_000)}`,
      `Bearer ${'x.'.repeat(2_000)}x`,
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwidHYiOjB9.',
    ];
    for (const authorization of headers) {
      const response = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 40)).toBe(401);
    }
  });

  it('and every other operation is one anyone may call', async () => {
    const open = (await operations()).filter((operation) => !operation.secured);
    expect(open.map((operation) => operation.key).sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    for (const operation of open) {
      const response = await badRequest(operation, '{}');
      expect(response.statusCode, operation.key).not.toBe(401);
    }
  });

  it('refuses at start-up a guard put where validation would run first', async () => {
    const app = Fastify();
    app.decorate('deps', {} as never);
    await app.register(authPlugin, { secret: 'x'.repeat(32), expiresIn: '1h' });
    expect(() => app.post('/x', { preHandler: app.requireAuth() }, async () => 'ok')).toThrow(
      'requireAuth belongs in onRequest, not preHandler',
    );
    await app.close();
  });

  it('refuses at start-up a guarded route that writes its own security: the guard marks it', async () => {
    const app = Fastify();
    app.decorate('deps', {} as never);
    await app.register(authPlugin, { secret: 'x'.repeat(32), expiresIn: '1h' });
    expect(() =>
      app.get(
        '/x',
        { onRequest: app.requireAuth(), schema: { security: [{ bearer: [] }] } },
        async () => 'ok',
      ),
    ).toThrow("GET /x: requireAuth marks the route's security; leave it out of the schema");
    app.get('/y', { onRequest: app.requireAuth(), schema: {} }, async () => 'ok');
    await app.close();
  });
});
