import type { Database } from '../../db/client.js';
import { broadcastChange, onMissedChanges, onRemoteChange } from '../../lib/instance-bus.js';
import { ttlCache } from '../../lib/ttl-cache.js';

/**
 * Every authenticated request needs the caller's account. Within one process it is kept for two
 * seconds; every write that changes what the guard checks (password, token version, archive,
 * institution visibility) calls `forgetAccount`/`forgetAllAccounts` so the change is immediate
 * here; the change is also sent to the other server instances (`lib/instance-bus.ts`), which drop
 * the account too, so a password change or an archive revokes sign-ins everywhere at once.
 */
// The row's type is the repository's; kept unknown here so the cache imports nothing back from it.
const accounts = ttlCache<unknown>({ ttlMs: 2000, maxEntries: 50_000 });

export async function cachedAccount<Row>(
  db: Database,
  userId: string,
  load: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  return (await accounts.get(db, userId, load)) as Row | undefined;
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
