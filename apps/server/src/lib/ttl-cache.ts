import type { Database } from '../db/client.js';

interface Entry<Value> {
  value: Value;
  expiresAt: number;
}

/**
 * A small per-process cache of rows, one map per Database (tests run several), each entry kept
 * for `ttlMs`. Bounded by count: when full it starts over, which costs a few reloads, never memory.
 */
export function ttlCache<Value>(options: { ttlMs: number; maxEntries: number }) {
  const maps = new WeakMap<Database, Map<string, Entry<Value>>>();
  const mapOf = (db: Database) => {
    let map = maps.get(db);
    if (!map) {
      map = new Map();
      maps.set(db, map);
    }
    return map;
  };
  return {
    /**
     * The kept value, else `load()`'s; `keep` says whether a loaded value may be kept, `fresh`
     * whether a kept one may still be used.
     */
    async get(
      db: Database,
      key: string,
      load: () => Promise<Value>,
      keep: (value: Value) => boolean = () => true,
      fresh: (value: Value) => boolean = () => true,
    ): Promise<Value> {
      const map = mapOf(db);
      const now = Date.now();
      const hit = map.get(key);
      if (hit && hit.expiresAt > now && fresh(hit.value)) return hit.value;
      const value = await load();
      if (!keep(value)) return value;
      if (map.size >= options.maxEntries) map.clear();
      map.set(key, { value, expiresAt: now + options.ttlMs });
      return value;
    },
    forget(db: Database, key: string): void {
      maps.get(db)?.delete(key);
    },
    forgetAll(db: Database): void {
      maps.get(db)?.clear();
    },
  };
}
