import type { Database } from '../db/client.js';

interface Entry<Value> {
  value: Value;
  expiresAt: number;
}

interface Maps<Value> {
  kept: Map<string, Entry<Value>>;
  /** Loads under way: a key asked for again while its load runs shares that load. */
  loading: Map<string, Promise<Value>>;
}

/**
 * A small per-process cache of rows, one map per Database (tests run several), each entry kept
 * for `ttlMs`. Bounded by count: when full it starts over, which costs a few reloads, never memory.
 * A key is loaded once at a time: at an examination's opening hundreds of students ask for its
 * paper within the first load's milliseconds, and each would otherwise read it again.
 */
export function ttlCache<Value>(options: { ttlMs: number; maxEntries: number }) {
  const maps = new WeakMap<Database, Maps<Value>>();
  const mapsOf = (db: Database) => {
    let found = maps.get(db);
    if (!found) {
      found = { kept: new Map(), loading: new Map() };
      maps.set(db, found);
    }
    return found;
  };
  return {
    /**
     * The kept value, else `load()`'s (shared with the callers that ask while it runs); `keep`
     * says whether a loaded value may be kept, `fresh` whether a kept one may still be used. A
     * caller that shared a load whose value may not be kept (a write came during it) loads again.
     */
    get(
      db: Database,
      key: string,
      load: () => Promise<Value>,
      keep: (value: Value) => boolean = () => true,
      fresh: (value: Value) => boolean = () => true,
    ): Promise<Value> {
      const { kept, loading } = mapsOf(db);
      const hit = kept.get(key);
      if (hit && hit.expiresAt > Date.now() && fresh(hit.value)) return Promise.resolve(hit.value);
      const running = loading.get(key);
      if (running) return running.then((value) => (keep(value) ? value : load()));
      const started = Date.now();
      const loaded = load().then(
        (value) => {
          // Forgotten while loading (a regrade): the value may be older than the change, so it is not kept.
          if (loading.get(key) !== loaded) return value;
          loading.delete(key);
          if (!keep(value)) return value;
          if (kept.size >= options.maxEntries) kept.clear();
          kept.set(key, { value, expiresAt: started + options.ttlMs });
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === loaded) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, loaded);
      return loaded;
    },
    forget(db: Database, key: string): void {
      const found = maps.get(db);
      found?.kept.delete(key);
      found?.loading.delete(key);
    },
    forgetAll(db: Database): void {
      const found = maps.get(db);
      found?.kept.clear();
      found?.loading.clear();
    },
  };
}
