import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../../db/client.js';

/** How long a health check waits for the database (a saturated pool counts as unreachable). */
const CHECK_TIMEOUT_MS = 2_000;

let expected: number | undefined;
/** The migrations this release ships (read once). */
const releaseMigrations = () => {
  expected ??= readMigrationFiles({ migrationsFolder }).length;
  return expected;
};

/** The database as this instance finds it: reachable and at this release's migrations, or not. */
export async function databaseState(pool: pg.Pool): Promise<'ok' | 'unreachable' | 'behind'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    const { rows } = await Promise.race([
      pool.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations'),
      timeout,
    ]);
    return (rows[0]?.applied ?? 0) >= releaseMigrations() ? 'ok' : 'behind';
  } catch (error) {
    // No migrations table yet: a database nothing was applied to.
    return (error as { code?: string }).code === '42P01' ? 'behind' : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
