import type { Database } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import { shareReadCache } from './read-cache.js';

/** How long a read waits for the replica to catch up before it goes to the primary instead. */
export const REPLICA_WAIT_MS = 1_000;
const POLL_MS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where a heavy read goes (decision 42): the streaming replica (`DATABASE_READ_URL`) once it has
 * replayed everything the primary had written to disk when the read began, so the read sees every
 * write answered before it, the caller's own included (a moderator's change, the overdue attempts
 * the marks report has just submitted). A replica more than `REPLICA_WAIT_MS` behind, or one that
 * does not answer, and the read goes to the primary. Without a replica: the primary.
 */
export async function upToDateReplica(deps: AppDeps): Promise<Database> {
  const replica = deps.readDb;
  if (!replica) return deps.db;
  try {
    const { rows } = await deps.pool.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn');
    const flushed = rows[0]!.lsn;
    const deadline = performance.now() + REPLICA_WAIT_MS;
    while (true) {
      const replayed = await replica.$client.query<{ caught_up: boolean }>(
        'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as caught_up',
        [flushed],
      );
      if (replayed.rows[0]!.caught_up) {
        shareReadCache(replica, deps.db);
        return replica;
      }
      if (performance.now() > deadline) return deps.db;
      await pause(POLL_MS);
    }
  } catch {
    return deps.db;
  }
}

/** `deps` whose `db` reads from the up-to-date replica (for services that only read). */
export async function readingDeps(deps: AppDeps): Promise<AppDeps> {
  const db = await upToDateReplica(deps);
  return db === deps.db ? deps : { ...deps, db };
}
