import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/health answers 200 with the database reachable', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('tells liveness from readiness: ready once the database is at this release’s migrations', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ok', database: 'ok', migrations: 'ok' } });

    // The database one migration behind this release (as before an upgrade's start has run).
    const { rows } = await t.app.deps.pool.query(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *',
    );
    try {
      const behind = await t.app.inject({ url: '/api/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().error.code).toBe('MIGRATIONS_PENDING');
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.app.deps.pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [rows[0].id, rows[0].hash, rows[0].created_at],
      );
    }
  });

  it('is not ready, but alive, while the database cannot be reached', async () => {
    const unreachable = new pg.Pool({ connectionString: 'postgres://nobody:x@127.0.0.1:1/none', max: 1 });
    unreachable.on('error', () => {});
    const app = await buildApp({ ...t.app.deps, pool: unreachable });
    try {
      const ready = await app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.end();
    }
  });

  it('GET /api/config/public answers the support contacts without a token', async () => {
    const response = await t.app.inject({ url: '/api/config/public' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual([
      'product_name',
      'support_email',
      'support_phone',
      'version',
    ]);
  });

  it('serves the OpenAPI document generated from the route schemas, and its UI', async () => {
    const document = await t.app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/verify-otp', '/api/health']));
    expect(document.json().paths['/api/auth/login'].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends a JSON answer the strict API policy, and a page helmet’s headers with the portal’s policy', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const answer = await t.app.inject({ url });
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('lets the room page run the meeting server’s IFrame API script, and no other outside script', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    const policy = String(response.headers['content-security-policy']);
    const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scripts?.trim()).toBe(`script-src 'self' https://${t.config.JITSI_DOMAIN}/external_api.js`);
  });

  it('sends HSTS only over HTTPS: not over plain HTTP, not for a forwarded proto nobody trusts', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown API paths with the one error shape', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('API_DOCS=off', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ env: { API_DOCS: 'off' } });
  });
  afterAll(() => quiet.close());

  it('publishes neither the reference nor its document, and the API still answers', async () => {
    expect((await quiet.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await quiet.app.inject({ url: '/api/docs/' })).statusCode).toBe(404);
    expect((await quiet.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
    expect((await quiet.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Still generated inside the app (the hostile-input sweep walks it).
    expect(Object.keys(quiet.app.swagger().paths ?? {})).toContain('/api/auth/login');
  });
});

describe('behind a trusted proxy that terminates HTTPS', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it('sends HSTS when the proxy says the request came over HTTPS', async () => {
    const https = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    const http = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
