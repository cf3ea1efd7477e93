import type { Database } from '../../db/client.js';

const TTL_MS = 2000;
const MAX_ENTRIES = 50_000;

// The row's type is the repository's; kept unknown here so the cache imports nothing back from it.
interface Entry {
  row: unknown;
  expiresAt: number;
}

/**
 * Every authenticated request needs the caller's account. Within one process it is kept for two
 * seconds; every write that changes what the guard checks (password, token version, archive,
 * institution visibility) calls `forgetAccount`/`forgetAllAccounts` so the change is immediate
 * here, and another server process sees it within the two seconds at most.
 */
const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export async function cachedAccount<Row>(
  db: Database,
  userId: string,
  load: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(userId);
  if (hit && hit.expiresAt > now) return hit.row as Row | undefined;
  const row = await load();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userId, { row, expiresAt: now + TTL_MS });
  return row;
}

export function forgetAccount(db: Database, userId: string): void {
  caches.get(db)?.delete(userId);
}

/** For changes that touch many accounts at once (an institution archived). */
export function forgetAllAccounts(db: Database): void {
  caches.get(db)?.clear();
}
