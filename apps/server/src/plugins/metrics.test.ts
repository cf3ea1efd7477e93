import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

/** `GET /metrics` (decision 42): off by default, on with METRICS=on, or for the addresses listed. */
let on: TestApp;
let listed: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await createTestApp({ env: { METRICS: 'on' } });
  listed = await createTestApp({ env: { METRICS: '10.0.0.0/8,192.0.2.7' } });
  off = await createTestApp();
});
afterAll(async () => {
  await on.close();
  await listed.close();
  await off.close();
});

const metricsOf = async (t: TestApp, remoteAddress = '127.0.0.1') =>
  t.app.inject({ url: '/metrics', remoteAddress });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('/metrics', () => {
  it('is not served unless METRICS says so', async () => {
    const response = await metricsOf(off);
    expect(response.body).not.toContain('portal_http_requests_total');
    expect(response.headers['content-type']).not.toContain('text/plain; version=0.0.4');
  });

  it('counts requests and their time per route pattern and status, never the URL', async () => {
    const school = await on.createSchool();
    for (let i = 0; i < 3; i++) {
      await on.app.inject({
        url: `/api/batches/${school.batch.id}/students`,
        headers: bearer(school.tokens.moderator),
      });
    }
    await on.app.inject({ url: '/api/batches', headers: { authorization: 'Bearer not-a-token' } });
    const response = await metricsOf(on);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const route = { method: 'GET', route: '/api/batches/:batchId/students', status: '200' };
    expect(sample(text, 'portal_http_requests_total', route)).toBe(3);
    expect(sample(text, 'portal_http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'portal_http_requests_total', { route: '/api/batches', status: '401' })).toBe(1);
    expect(text).not.toContain(school.batch.id);
    expect(text).not.toContain(school.tokens.moderator);
  });

  it('reports event streams, the read cache, the database pool, the sign-in queue and background work', async () => {
    const school = await on.createSchool();
    // Two reads of a cached route: the first loads, the second is answered from the cache.
    for (let i = 0; i < 2; i++) {
      await on.app.inject({ url: '/api/users/me/batch-subjects', headers: bearer(school.tokens.student) });
    }
    const text = (await metricsOf(on)).body;
    expect(sample(text, 'portal_event_streams_open')).toBe(0);
    expect(sample(text, 'portal_read_cache_hits_total')).toBeGreaterThan(0);
    expect(sample(text, 'portal_read_cache_misses_total')).toBeGreaterThan(0);
    expect(
      sample(text, 'portal_db_pool_connections', { pool: 'primary', state: 'in_use' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_db_pool_connections', { pool: 'primary', state: 'idle' })).toBeGreaterThan(0);
    expect(sample(text, 'portal_db_pool_connections', { pool: 'primary', state: 'waiting' })).toBe(0);
    expect(sample(text, 'portal_sign_in_queue', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'portal_background_tasks', { pool: 'passwords.worker', state: 'queued' })).toBe(0);
    expect(text).toContain('portal_process_resident_memory_bytes');
    expect(text).toContain('# TYPE portal_jobs gauge');
  });

  it('answers only the listed addresses when METRICS is a list', async () => {
    expect((await metricsOf(listed, '127.0.0.1')).statusCode).toBe(404);
    expect((await metricsOf(listed, '192.0.2.8')).statusCode).toBe(404);
    expect((await metricsOf(listed, '10.20.30.40')).statusCode).toBe(200);
    expect((await metricsOf(listed, '192.0.2.7')).statusCode).toBe(200);
  });
});
