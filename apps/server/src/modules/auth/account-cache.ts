import type { Database } from '../../db/client.js';
import { ttlCache } from '../../lib/ttl-cache.js';

/**
 * Every authenticated request needs the caller's account. Within one process it is kept for two
 * seconds; every write that changes what the guard checks (password, token version, archive,
 * institution visibility) calls `forgetAccount`/`forgetAllAccounts` so the change is immediate
 * here, and another server process sees it within the two seconds at most.
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
}

/** For changes that touch many accounts at once (an institution archived). */
export function forgetAllAccounts(db: Database): void {
  accounts.forgetAll(db);
}
