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

export function connectDatabase(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection can die (server restart, shutdown); without a listener that error would
  // crash the process. The next query simply opens a new connection.
  pool.on('error', (error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

// Both src/db/client.ts (tests, tsx) and dist/main.js (built server) resolve to the same folder.
export const migrationsFolder = path.resolve(
  import.meta.dirname,
  import.meta.dirname.endsWith('dist') ? '../src/db/migrations' : 'migrations',
);

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
