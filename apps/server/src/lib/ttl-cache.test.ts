import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { ttlCache } from './ttl-cache.js';

const db = {} as Database;

/** A load that resolves when told to, counting how often it ran. */
function gatedLoad<Value>(value: Value) {
  const gates: (() => void)[] = [];
  const counter = { runs: 0 };
  const load = () => {
    counter.runs += 1;
    return new Promise<Value>((resolve) => gates.push(() => resolve(value)));
  };
  const open = () => {
    for (const gate of gates.splice(0)) gate();
  };
  return { load, open, counter };
}

describe('ttlCache', () => {
  it('loads a key once for every caller that asks while its load runs, then keeps it', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { load, open, counter } = gatedLoad('paper');
    const asked = Array.from({ length: 50 }, () => cache.get(db, 'exam-1', load));
    open();
    expect(await Promise.all(asked)).toEqual(Array(50).fill('paper'));
    expect(counter.runs).toBe(1);
    expect(await cache.get(db, 'exam-1', load)).toBe('paper');
    expect(counter.runs).toBe(1);
  });

  it('does not keep what was forgotten while it loaded, and loads it again', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const before = gatedLoad('before the regrade');
    const first = cache.get(db, 'exam-1', before.load);
    cache.forget(db, 'exam-1');
    const after = gatedLoad('after the regrade');
    const second = cache.get(db, 'exam-1', after.load);
    before.open();
    after.open();
    expect(await first).toBe('before the regrade');
    expect(await second).toBe('after the regrade');
    expect(await cache.get(db, 'exam-1', before.load)).toBe('after the regrade');
    expect(before.counter.runs + after.counter.runs).toBe(2);
  });

  it('lets a caller that shared a load whose value may not be kept load again', async () => {
    const cache = ttlCache<{ version: number }>({ ttlMs: 60_000, maxEntries: 10 });
    let current = 1;
    let runs = 0;
    let release = () => {};
    const load = () => {
      runs += 1;
      const version = current;
      return runs === 1
        ? new Promise<{ version: number }>((resolve) => {
            release = () => resolve({ version });
          })
        : Promise.resolve({ version });
    };
    const keep = (value: { version: number }) => value.version === current;
    const first = cache.get(db, 'account', load, keep);
    current = 2; // a write while the first load runs
    const second = cache.get(db, 'account', load, keep);
    release();
    expect((await first).version).toBe(1);
    expect((await second).version).toBe(2);
    expect(runs).toBe(2);
  });

  it('shares a failed load’s error, then loads again', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error('database gone');
    };
    const both = [cache.get(db, 'k', failing), cache.get(db, 'k', failing)];
    for (const one of both) await expect(one).rejects.toThrow('database gone');
    expect(runs).toBe(1);
    expect(await cache.get(db, 'k', async () => 'back')).toBe('back');
  });
});
