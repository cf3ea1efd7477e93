import type pg from 'pg';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';

/**
 * Everything the routes and services need from outside, injected so tests can swap the clock and
 * the mailer. Kept apart from `app.ts` so services depend on this, not on the module table.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  /** A streaming replica (DATABASE_READ_URL) for heavy reads (`lib/replica.ts`). */
  readDb?: Database;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  jwtSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
