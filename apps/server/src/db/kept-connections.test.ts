import { afterEach, expect, inject, test } from 'vitest';
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
