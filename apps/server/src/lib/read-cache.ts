import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { broadcastChange, onMissedChanges, onRemoteChange } from './instance-bus.js';
import { jsonOf } from './shared-json.js';

/**
 * Hot student reads (batch subjects, chapters, topics, the day's plan) are the same rows for every
 * student of a batch, so within one process they are kept for two seconds, per institution, keyed
 * by the query's shared inputs (batch, subject, chapter, date), never by user. Per-user facts (a
 * student's batch, a reader's links to a subject or right to a chapter) are kept the same way under
 * the user's id, so every request still runs its access check against them.
 *
 * Every successful write by a signed-in user of an institution drops that institution's reads
 * (an owner's write drops all): `forgetReadsAfterWrite` is an `onSend` hook, so the next request
 * of any client already sees the change in this process. Every drop is also sent to the other
 * server instances (`lib/instance-bus.ts`), which drop the same within a second; a change made
 * outside the API is seen within the two seconds at most (15 minutes for `STEADY_TTL_MS` reads).
 */
const TTL_MS = 2000;
/**
 * For reads that only the API's writes change, each of which drops them here and on every
 * instance (a student's batch, their opened topics, their notes, an account): kept for a quarter
 * of an hour, so a student who comes back to the portal finds them ready. A school's students sign
 * in some minutes before a paper opens; kept only a minute, their reads had expired by the opening
 * and were all read again in its first seconds. They do not depend on the clock; a change made
 * outside the API shows within the quarter of an hour.
 */
export const STEADY_TTL_MS = 15 * 60_000;
const MAX_ENTRIES = 50_000;
/**
 * The answers kept, in bytes of their JSON: per-user reads of thousands of students would
 * otherwise fill memory long before the count limit (a doubt list can be hundreds of KB). As
 * objects they take a few times their JSON in memory, so 16 MB of JSON is some 50-80 MB of heap.
 * The oldest entries go first; an answer larger than a tenth of the budget is not kept at all.
 */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  /** Size of the answer's JSON once loaded (0 while loading). */
  bytes: number;
  /** The answer itself once loaded, so many entries can be handed out without awaiting each. */
  loaded?: { answer: unknown };
  /** When it was last put at the Map's end (the cache's `order` then). */
  order: number;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Sum of the entries' `bytes`. */
  bytes: number;
  /** Part of every key: bumping an institution's generation retires all of its entries at once. */
  generations: Map<string, number>;
  /** Bumped when every institution's reads are dropped (an owner's write, a missed change). */
  epoch: number;
  /** Every drop of an institution's or all reads, counted. */
  drops: number;
  /** Reads answered from the cache and reads that loaded (for /metrics). */
  hits: number;
  misses: number;
  /** Counts every entry put at the Map's end. */
  order: number;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      entries: new Map(),
      bytes: 0,
      generations: new Map(),
      epoch: 0,
      drops: 0,
      hits: 0,
      misses: 0,
      order: 0,
    };
    caches.set(db, cache);
  }
  return cache;
}

function remove(cache: Cache, key: string, entry: Entry): void {
  if (cache.entries.get(key) !== entry) return;
  cache.entries.delete(key);
  cache.bytes -= entry.bytes;
}

/**
 * Drops the least recently used entries until within both limits: the Map keeps insertion order,
 * entries are re-inserted when renewed, and a hit moves an entry in the older half to the end.
 */
function evict(cache: Cache): void {
  for (const [key, entry] of cache.entries) {
    if (cache.bytes <= READ_CACHE_MAX_BYTES && cache.entries.size < MAX_ENTRIES) return;
    remove(cache, key, entry);
  }
}

/**
 * The answer's size in bytes, about (JSON text; UTF-16 length as the byte count, close enough). A
 * shared answer's text is the one its answers are then written with (lib/shared-json.ts).
 */
function sizeOf(value: unknown): number {
  try {
    return (jsonOf(value) ?? '').length + 64;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Where an institution's reads stand: it changes whenever they are dropped. Something derived from
 * the institution's rows outside this cache (lib's account cache) and stamped with it is current
 * while the stamp is the same.
 */
export function readsStamp(db: Database, institutionId: string | null): string {
  const cache = cacheOf(db);
  return `${cache.epoch}/${institutionId === null ? '' : (cache.generations.get(institutionId) ?? 0)}`;
}

/**
 * How many times any institution's reads have been dropped: a load during which it changed may
 * hold rows from before a write, so it is not kept.
 */
export function readsDrops(db: Database): number {
  return cacheOf(db).drops;
}

/**
 * `derive` made once per kept answer rather than once per request (a Set view of a cached array,
 * say): remembered by the answer's identity, so it goes when the answer does.
 */
export function derivedOnce<Source extends object, Value>(derive: (source: Source) => Value) {
  const derived = new WeakMap<Source, Value>();
  return (source: Source): Value => {
    let value = derived.get(source);
    if (value === undefined) {
      value = derive(source);
      derived.set(source, value);
    }
    return value;
  };
}

/** The cache's current size, for tests and diagnostics. */
/**
 * Makes `alias` (the replica's handle) use `primary`'s cache: what a replica read keeps is dropped
 * by the primary's writes like any other entry, and is not kept twice.
 */
export function shareReadCache(alias: Database, primary: Database): void {
  if (caches.get(alias) !== cacheOf(primary)) caches.set(alias, cacheOf(primary));
}

export function readCacheSize(db: Database): { entries: number; bytes: number } {
  const cache = cacheOf(db);
  return { entries: cache.entries.size, bytes: cache.bytes };
}

export function readCacheCounts(db: Database): { hits: number; misses: number } {
  const { hits, misses } = cacheOf(db);
  return { hits, misses };
}

/**
 * `load()`'s answer for `key` of this institution, shared for two seconds. Concurrent callers
 * share one load; a failed load is not kept. A write retires the entries, in-flight loads
 * included, so no answer read before a write is handed out after it. The cache holds at most
 * READ_CACHE_MAX_BYTES of answers and MAX_ENTRIES entries, dropping the oldest first. `ttlMs`:
 * longer for answers a few seconds late do no harm and that cost much to make (list totals).
 */
export function cachedRead<T>(
  db: Database,
  institutionId: string,
  key: string,
  load: () => Promise<T>,
  ttlMs = TTL_MS,
): Promise<T> {
  const cache = cacheOf(db);
  const fullKey = `${keyPrefix(cache, institutionId)}${key}`;
  const now = Date.now();
  const hit = cache.entries.get(fullKey);
  if (hit && hit.expiresAt > now) {
    cache.hits++;
    keepRecent(cache, fullKey, hit);
    return hit.value as Promise<T>;
  }
  cache.misses++;
  const value = load();
  keep(cache, fullKey, value, now + ttlMs);
  return value;
}

/**
 * `cachedRead` for many keys of one kind at once: each kept answer, and for the others a single
 * `loadMissing(missingKeys)`, whose map answers each of them (a key it leaves out: null).
 */
export function cachedReadMany<T>(
  db: Database,
  institutionId: string,
  keys: readonly string[],
  loadMissing: (missingKeys: string[]) => Promise<Map<string, T>>,
  ttlMs = TTL_MS,
): Promise<(T | null)[]> {
  const cache = cacheOf(db);
  const prefix = keyPrefix(cache, institutionId);
  const now = Date.now();
  // When every key is kept and loaded (the usual case), the answers are handed out at once.
  const ready: unknown[] = [];
  const answers = keys.map((key) => {
    const fullKey = `${prefix}${key}`;
    const hit = cache.entries.get(fullKey);
    if (!hit || hit.expiresAt <= now) return undefined;
    keepRecent(cache, fullKey, hit);
    if (hit.loaded) ready.push(hit.loaded.answer);
    return hit.value as Promise<T | null>;
  });
  if (ready.length === keys.length) {
    cache.hits += keys.length;
    return Promise.resolve(ready as (T | null)[]);
  }
  const missing = [...new Set(keys.filter((_, index) => answers[index] === undefined))];
  cache.misses += missing.length;
  cache.hits += keys.length - missing.length;
  if (missing.length > 0) {
    const loaded = loadMissing(missing);
    const answerOf = new Map(missing.map((key) => [key, loaded.then((found) => found.get(key) ?? null)]));
    for (const [key, answer] of answerOf) keep(cache, `${prefix}${key}`, answer, now + ttlMs);
    keys.forEach((key, index) => {
      answers[index] ??= answerOf.get(key);
    });
  }
  return Promise.all(answers as Promise<T | null>[]);
}

/**
 * A hit on an entry in the older half of the cache moves it to the end, so that once the cache is
 * full the answers every student shares (a batch's examinations, a topic's card) stay while the
 * stream of per-student answers pushes out the ones nobody asks for again. Entries in the newer
 * half stay where they are: most hits are there, and they cost nothing.
 */
function keepRecent(cache: Cache, fullKey: string, entry: Entry): void {
  if (cache.order - entry.order <= cache.entries.size >> 1) return;
  cache.entries.delete(fullKey);
  cache.entries.set(fullKey, entry);
  entry.order = ++cache.order;
}

const keyPrefix = (cache: Cache, institutionId: string) =>
  `${institutionId}/${cache.generations.get(institutionId) ?? 0}/`;

/** Keeps `value` under `fullKey` until `expiresAt`, counting its size once loaded; a failed load is dropped. */
function keep(cache: Cache, fullKey: string, value: Promise<unknown>, expiresAt: number): void {
  const previous = cache.entries.get(fullKey);
  if (previous) remove(cache, fullKey, previous);
  const entry: Entry = { value, expiresAt, bytes: 0, order: ++cache.order };
  cache.entries.set(fullKey, entry);
  value.then(
    (answer) => {
      if (cache.entries.get(fullKey) !== entry) return;
      entry.loaded = { answer };
      const bytes = sizeOf(answer);
      if (bytes > READ_CACHE_MAX_BYTES / 10) return remove(cache, fullKey, entry);
      entry.bytes = bytes;
      cache.bytes += bytes;
      evict(cache);
    },
    () => remove(cache, fullKey, entry),
  );
  if (cache.entries.size > MAX_ENTRIES) evict(cache);
}

/**
 * A per-user answer (a student's progress, notes, the doubts as they see them) kept like
 * `cachedRead`: dropped with the institution's reads, and also by `forgetUserReads` after the
 * user's own activity (opening a topic, writing a note), which changes nothing anyone else reads.
 * `ttlMs`: longer for answers only the user's own writes change.
 */
export function cachedUserRead<T>(
  db: Database,
  institutionId: string,
  userId: string,
  key: string,
  load: () => Promise<T>,
  ttlMs = TTL_MS,
): Promise<T> {
  const generation = cacheOf(db).generations.get(userKey(userId)) ?? 0;
  return cachedRead(db, institutionId, `${userKey(userId)}/${generation}/${key}`, load, ttlMs);
}

const userKey = (userId: string) => `user:${userId}`;

/**
 * Reads of one kind that only some writes change: the bell's announcements, which only
 * announcement writes change. Those writes drop these alone (a route's `readCache` names the
 * scope), so an announcement to the whole school does not empty every other read of it; any other
 * write of the institution drops them with the rest.
 */
export type ReadScope = 'announcements';

const scopeKey = (institutionId: string, scope: ReadScope) => `${institutionId}~${scope}`;

/** `cachedRead` of a scope: dropped by the institution's writes and by `forgetScopedReads`. */
export function cachedScopedRead<T>(
  db: Database,
  institutionId: string,
  scope: ReadScope,
  key: string,
  load: () => Promise<T>,
  ttlMs = TTL_MS,
): Promise<T> {
  const generation = cacheOf(db).generations.get(scopeKey(institutionId, scope)) ?? 0;
  return cachedRead(db, institutionId, `${scope}/${generation}/${key}`, load, ttlMs);
}

/** After a write that changes only the scope's reads (an announcement). */
export function forgetScopedReads(db: Database, institutionId: string, scope: ReadScope): void {
  forgetScopedReadsHere(db, `${institutionId}/${scope}`);
  broadcastChange(db, CHANGE.scope, `${institutionId}/${scope}`);
}

function forgetScopedReadsHere(db: Database, argument: string): void {
  const [institutionId = '', scope = ''] = argument.split('/');
  const { generations } = cacheOf(db);
  const key = scopeKey(institutionId, scope as ReadScope);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

/** After a write that changes only what this user reads: their next per-user reads go to the database. */
export function forgetUserReads(db: Database, userId: string): void {
  forgetUserReadsHere(db, userId);
  broadcastChange(db, CHANGE.user, userId);
}

/** After a write of this institution's data: its next reads go to the database. */
export function forgetInstitutionReads(db: Database, institutionId: string): void {
  forgetInstitutionReadsHere(db, institutionId);
  broadcastChange(db, CHANGE.institution, institutionId);
}

/** After a write that may touch any institution (an owner's). */
export function forgetAllReads(db: Database): void {
  forgetAllReadsHere(db);
  broadcastChange(db, CHANGE.all);
}

/** The kinds of change other instances are told of (one character each). */
const CHANGE = { user: 'u', institution: 'i', all: 'a', scope: 's' } as const;

function forgetUserReadsHere(db: Database, userId: string): void {
  const { generations } = cacheOf(db);
  const key = userKey(userId);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

function forgetInstitutionReadsHere(db: Database, institutionId: string): void {
  const cache = cacheOf(db);
  cache.generations.set(institutionId, (cache.generations.get(institutionId) ?? 0) + 1);
  cache.drops += 1;
}

function forgetAllReadsHere(db: Database): void {
  const cache = cacheOf(db);
  cache.entries.clear();
  cache.bytes = 0;
  cache.epoch += 1;
  cache.drops += 1;
}

onRemoteChange(CHANGE.user, forgetUserReadsHere);
onRemoteChange(CHANGE.scope, forgetScopedReadsHere);
onRemoteChange(CHANGE.institution, forgetInstitutionReadsHere);
onRemoteChange(CHANGE.all, (db) => forgetAllReadsHere(db));
onMissedChanges(forgetAllReadsHere);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a successful write of this route affects cached reads: by default it drops the caller's
     * institution's. 'keep': it changes nothing any read holds (heartbeats, automated answers).
     * 'own': it changes only what the caller reads (their views, their notes), so only their
     * per-user reads drop. Students open topics and send heartbeats all day; each would otherwise
     * empty the cache for everyone. A scope ('announcements'): it changes only that scope's reads.
     */
    readCache?: 'keep' | 'own' | ReadScope;
  }
}

/**
 * `onSend` hook: a successful write by a signed-in user drops the reads of their institution
 * (all of them for an owner) before the answer leaves, so whoever sees the answer sees the change.
 * Unauthenticated writes (sign-in, password reset) change no cached rows. A callback hook rather
 * than an async one: it runs on every answer, and most are reads that only pass through.
 */
export function forgetReadsAfterWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const user = request.auth;
  if (user && !READ_METHODS.has(request.method) && reply.statusCode < 300) {
    const { db } = request.server.deps;
    const effect = request.routeOptions.config.readCache;
    if (effect === 'own') forgetUserReads(db, user.userId);
    else if (effect === 'announcements' && user.institutionId) {
      forgetScopedReads(db, user.institutionId, effect);
    } else if (effect !== 'keep') {
      if (user.institutionId) forgetInstitutionReads(db, user.institutionId);
      else forgetAllReads(db);
    }
  }
  done(null, payload);
}
