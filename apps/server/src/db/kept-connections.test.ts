import { randomBytes } from 'node:crypto';
import { afterEach, expect, inject, test } from 'vitest';
import { withDatabase } from '../test/global-setup.js';
import { connectDatabase, type DatabaseHandle, openConnections } from './client.js';

/** The server's pool (main.ts): every connection opened before the first request, and kept. */
let database: DatabaseHandle | undefined;
afterEach(() => database?.close());

const serverSessions = async (handle: DatabaseHandle) =>
  Number(
    (
      await handle.pool.query<{ count: string }>(
        `select count(*) from pg_stat_activity where application_name = 'kept-connections-test'`,
      )
    ).rows[0]!.count,
  );

test('opens the pool’s every connection up front and keeps them through an idle spell', async () => {
  const url = new URL(inject('adminDatabaseUrl'));
  url.searchParams.set('application_name', 'kept-connections-test');
  database = connectDatabase(url.toString(), 4, { keepOpen: true });
  expect(await openConnections(database.pool)).toEqual({ opened: 4 });
  expect(database.pool.totalCount).toBe(4);
  expect(database.pool.idleCount).toBe(4);
  expect(await serverSessions(database)).toBe(4);
  // An idle connection of an ordinary pool closes after `idleTimeoutMillis`; these never do.
  expect(database.pool.options.min).toBe(4);
});

test('an ordinary pool (scripts, tests) still lets idle connections go', async () => {
  database = connectDatabase(inject('adminDatabaseUrl'), 4);
  expect(database.pool.options.min).toBe(0);
  expect(database.pool.options.idleTimeoutMillis).toBeGreaterThan(0);
});

test('a server that refuses connections does not stop the start: the reason is told', async () => {
  const url = new URL(inject('adminDatabaseUrl'));
  url.password = 'not-the-password';
  database = connectDatabase(url.toString(), 2, { keepOpen: true });
  const connections = await openConnections(database.pool);
  expect(connections.opened).toBe(0);
  expect(connections.refused).toMatch(/password/);
});

test('each kept connection knows the portal’s tables and their indexes before the first request', async () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `warm_${randomBytes(6).toString('hex')}`;
  const admin = connectDatabase(adminUrl, 1);
  await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE portal_template`);
  try {
    database = connectDatabase(withDatabase(adminUrl, name), 3, { keepOpen: true });
    expect(await openConnections(database.pool)).toEqual({ opened: 3 });
    // A session's index descriptions are its own memory contexts, named by index.
    const known = `select count(*)::int as count from pg_backend_memory_contexts
      where name = 'index info' and ident in ('exam_attempts_pkey', 'exam_answers_pkey')`;
    const clients = await Promise.all([0, 1, 2].map(() => database!.pool.connect()));
    try {
      for (const client of clients) expect((await client.query(known)).rows[0].count).toBe(2);
    } finally {
      for (const client of clients) client.release();
    }
    const fresh = connectDatabase(withDatabase(adminUrl, name), 1);
    expect((await fresh.pool.query(known)).rows[0].count).toBe(0);
    await fresh.close();
    await database.close();
    database = undefined;
  } finally {
    await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
});
