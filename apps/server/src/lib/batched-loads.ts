import DataLoader from 'dataloader';
import type { Database } from '../db/client.js';

/**
 * Rows that many requests ask for one key at a time (every request's account, a student's facts)
 * loaded together: the keys asked for while the event loop reads the waiting requests go out as
 * ONE statement when it turns (`setImmediate`), instead of one statement and one round trip each.
 * Five thousand students arriving within seconds then cost tens of statements, not thousands.
 * Nothing is kept here (`cache: false`): the callers' own caches decide what is kept and for how long.
 */
export function batchedLoads<Key, Value>(
  loadMany: (db: Database, keys: readonly Key[]) => Promise<Value[]>,
  maxBatchSize = 200,
): (db: Database, key: Key) => Promise<Value> {
  const loaders = new WeakMap<Database, DataLoader<Key, Value>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader((keys) => loadMany(db, keys), {
        cache: false,
        maxBatchSize,
        batchScheduleFn: (send) => setImmediate(send),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}
