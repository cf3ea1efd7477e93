import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { type Standby, startStandby } from '../backup/standby.js';
import { connectDatabase, type DatabaseHandle, runMigrations } from '../db/client.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

/**
 * DATABASE_READ_URL against a real streaming replica made from the embedded binaries (a base
 * backup through the online backup API and `standby.signal`): reports read from it once it has
 * every write answered before them, from the primary when it lags or is down.
 */
const root = path.resolve(
  import.meta.dirname,
  '../../../../.tmp',
  `replica-${randomBytes(4).toString('hex')}`,
);
let primary: EmbeddedDatabase;
let standby: Standby;
let replica: DatabaseHandle;
let t: TestApp;
let app: FastifyInstance;
let school: Awaited<ReturnType<TestApp['createSchool']>>;

beforeAll(async () => {
  primary = await startEmbeddedPostgres({ directory: path.join(root, 'primary'), password: 'replica-test' });
  const migrating = connectDatabase(primary.url, 1);
  await runMigrations(migrating.db);
  await migrating.close();
  standby = await startStandby({ primaryUrl: primary.url, directory: path.join(root, 'standby') });
  replica = connectDatabase(standby.url, 3);
  t = await createTestApp({ databaseUrl: primary.url });
  app = await buildApp({ ...t.app.deps, readDb: replica.db });
  await app.ready();
  // Students are listed from the day their record was made (the database's clock): report today.
  t.clock.set(new Date());
  school = await t.createSchool();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  await replica?.close();
  await standby?.stop();
  await primary?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

/** Attendance By Batch for the day, and the ports its report statement was sent to. */
async function batchReport() {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const response = await app.inject({
      url: `/api/cwx/get-daily-json-attendance-by-batch/institution/${school.institution.id}/date/${new Date().toISOString().slice(0, 10)}?batch_id=all`,
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode, response.body).toBe(200);
    const ports = spy.mock.calls
      .map((call, index) => ({
        text: String((call[0] as { text?: string }).text ?? call[0]),
        client: spy.mock.contexts[index],
      }))
      .filter((call) => call.text.includes('impressions'))
      .map((call) => (call.client as pg.Client).port);
    return { body: response.body, ports };
  } finally {
    spy.mockRestore();
  }
}

const primaryPort = () => Number(new URL(primary.url).port);

it('reads reports from the replica, which is read-only, once it has replayed the primary', async () => {
  const report = await batchReport();
  expect(report.body).toContain(`Student ${school.accounts.student.username}`);
  expect(report.ports).toEqual([standby.port]);
  await expect(replica.pool.query('create table nope (id int)')).rejects.toThrow(/read-only/);
});

it('sees a write answered before it even while the replica lags, from the primary', async () => {
  await replica.pool.query('select pg_wal_replay_pause()');
  const late = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  try {
    const report = await batchReport();
    expect(report.body).toContain(`Student ${late.username}`);
    expect(report.ports).toEqual([primaryPort()]);
  } finally {
    await replica.pool.query('select pg_wal_replay_resume()');
  }
  // Caught up again: the replica answers, with the new student.
  const again = await batchReport();
  expect(again.body).toContain(`Student ${late.username}`);
  expect(again.ports).toEqual([standby.port]);
});

it('falls back to the primary when the replica is down', async () => {
  await standby.stop();
  const report = await batchReport();
  expect(report.body).toContain(`Student ${school.accounts.student.username}`);
  expect(report.ports).toEqual([primaryPort()]);
});
