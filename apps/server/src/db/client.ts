import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The app's database; `$client` is its pool, for the named statements of lib/prepared.ts. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle inside `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Dates stay 'YYYY-MM-DD' strings: a calendar day must not shift with the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * `keepOpen`: the server's pool keeps every connection it has opened, however long it idles. A
 * school's portal is quiet until the exam's first minute, then every student arrives at once: a
 * pool that had closed its idle connections would open them all again in that rush, and each new
 * PostgreSQL session first fills its caches and plans its statements anew.
 */
export function connectDatabase(url: string, max = 10, { keepOpen = false } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, ...(keepOpen ? { min: max } : {}) });
  // An idle connection can die (server restart, shutdown); without a listener that error would
  // crash the process. The next query simply opens a new connection.
  pool.on('error', (error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Plans a read of each of the portal's tables: the session loads their descriptions and their
 * indexes' into its own caches. A pool idles on a few connections for hours; at an exam's opening
 * all of them serve at once, and a session meeting a table for the first time reads the catalog
 * for it first (a PostgreSQL session's caches are its own, not shared).
 */
const WARM_TABLES = `do $warm$
declare found record;
begin
  for found in
    select c.oid::regclass as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
  loop
    execute format('explain select 1 from %s', found.name);
  end loop;
end
$warm$`;

/**
 * Opens the pool's `max` connections now, before the portal takes its first request, each with
 * its tables known (`WARM_TABLES`). A server that refuses some (its `max_connections` shared with
 * other instances) does not stop the start: the pool opens them when needed, as before. Answers
 * the reason of the first refusal, if any.
 */
export async function openConnections(pool: pg.Pool): Promise<{ opened: number; refused?: string }> {
  const tries = await Promise.allSettled(
    Array.from({ length: pool.options.max }, async () => {
      const client = await pool.connect();
      // Warming is a help, never a condition: a server that refuses it still serves.
      await client.query(WARM_TABLES).catch(() => undefined);
      client.release();
    }),
  );
  let opened = 0;
  let refused: string | undefined;
  for (const tried of tries) {
    if (tried.status === 'fulfilled') opened += 1;
    else refused ??= tried.reason instanceof Error ? tried.reason.message : String(tried.reason);
  }
  return { opened, ...(refused ? { refused } : {}) };
}

// Both src/db/client.ts (tests, tsx) and dist/main.js (built server) resolve to the same folder.
export const migrationsFolder = path.resolve(
  import.meta.dirname,
  import.meta.dirname.endsWith('dist') ? '../src/db/migrations' : 'migrations',
);

/** Any fixed number: the advisory lock instances take while migrating. */
const MIGRATION_LOCK = 7_152_028;

/**
 * Applies the pending migrations, all in one transaction (drizzle's migrator), so one that fails
 * leaves the database as it was. Instances started together take turns on an advisory lock: the
 * first applies them, the others then find nothing to do (without it both would create the same
 * tables and one would fail to start).
 */
export async function runMigrations(db: Database, lockUrl?: string): Promise<void> {
  // The lock needs a session of its own: `lockUrl` is a direct one when the pool goes through PgBouncer.
  const lock = new pg.Client(lockUrl ? { connectionString: lockUrl } : db.$client.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lock.end().catch(() => {});
  }
}
