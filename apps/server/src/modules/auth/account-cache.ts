import type { Database } from '../../db/client.js';
import { broadcastChange, onMissedChanges, onRemoteChange } from '../../lib/instance-bus.js';
import { readsDrops, readsStamp, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { ttlCache } from '../../lib/ttl-cache.js';

/**
 * Every authenticated request needs the caller's account. Within one process it is kept for a
 * quarter of an hour (`STEADY_TTL_MS`), stamped with where its institution's reads stood when it
 * was loaded: every write of the institution (a name, a batch, a logo changed) drops those reads and
 * so the account too, as an owner's write drops every account. Writes that change what the guard
 * checks without a signed-in caller (a password reset) call `forgetAccount`, and
 * `forgetAllAccounts` serves changes to many at once; both are also sent to the other server instances
 * (`lib/instance-bus.ts`), which drop the account too, so a password change or an archive
 * revokes sign-ins everywhere at once.
 */
interface Kept {
  // The row's type is the repository's; kept unknown here so the cache imports nothing back from it.
  row: { institutionId: string | null } | undefined;
  stamp: string;
  /** `readsDrops` when the load began: a drop during the load may have come after its read. */
  drops: number;
}

const accounts = ttlCache<Kept>({ ttlMs: STEADY_TTL_MS, maxEntries: 50_000 });

export async function cachedAccount<Row extends { institutionId: string | null }>(
  db: Database,
  userId: string,
  load: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const kept = await accounts.get(
    db,
    userId,
    async () => {
      const drops = readsDrops(db);
      const row = await load();
      return { row, drops, stamp: row ? readsStamp(db, row.institutionId) : '' };
    },
    (loaded) => loaded.row !== undefined && loaded.drops === readsDrops(db),
    (hit) => hit.stamp === readsStamp(db, hit.row!.institutionId),
  );
  return kept.row as Row | undefined;
}

export function forgetAccount(db: Database, userId: string): void {
  accounts.forget(db, userId);
  broadcastChange(db, CHANGE.account, userId);
}

/** For changes that touch many accounts at once (an institution archived). */
export function forgetAllAccounts(db: Database): void {
  accounts.forgetAll(db);
  broadcastChange(db, CHANGE.allAccounts);
}

const CHANGE = { account: 'c', allAccounts: 'C' } as const;
onRemoteChange(CHANGE.account, (db, userId) => accounts.forget(db, userId));
onRemoteChange(CHANGE.allAccounts, (db) => accounts.forgetAll(db));
onMissedChanges((db) => accounts.forgetAll(db));
