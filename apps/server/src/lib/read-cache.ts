import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * Hot student reads (batch subjects, chapters, topics, the day's plan) are the same rows for every
 * student of a batch, so within one process they are kept for two seconds, per institution, keyed
 * by the query's shared inputs (batch, subject, chapter, date), never by user. Per-user facts (a
 * student's batch, a reader's links to a subject or right to a chapter) are kept the same way under
 * the user's id, so every request still runs its access check against them.
 *
 * Every successful write by a signed-in user of an institution drops that institution's reads
 * (an owner's write drops all): `forgetReadsAfterWrite` is an `onSend` hook, so the next request
 * of any client already sees the change in this process. Another server process, or a change made
 * outside the API, is seen within the two seconds at most.
 */
const TTL_MS = 2000;
const MAX_ENTRIES = 50_000;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Part of every key: bumping an institution's generation retires all of its entries at once. */
  generations: Map<string, number>;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generations: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * `load()`'s answer for `key` of this institution, shared for two seconds. Concurrent callers
 * share one load; a failed load is not kept. A write retires the entries, in-flight loads
 * included, so no answer read before a write is handed out after it.
 */
export function cachedRead<T>(
  db: Database,
  institutionId: string,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const { entries, generations } = cacheOf(db);
  const fullKey = `${institutionId}/${generations.get(institutionId) ?? 0}/${key}`;
  const now = Date.now();
  const hit = entries.get(fullKey);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;

  const value = load();
  // Retired and expired entries are only overwritten, never swept: a full cache starts afresh.
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const entry: Entry = { value, expiresAt: now + TTL_MS };
  entries.set(fullKey, entry);
  value.catch(() => {
    if (entries.get(fullKey) === entry) entries.delete(fullKey);
  });
  return value;
}

/**
 * A per-user answer (a student's progress, notes, the doubts as they see them) kept like
 * `cachedRead`: dropped with the institution's reads, and also by `forgetUserReads` after the
 * user's own activity (opening a topic, writing a note), which changes nothing anyone else reads.
 */
export function cachedUserRead<T>(
  db: Database,
  institutionId: string,
  userId: string,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const generation = cacheOf(db).generations.get(userKey(userId)) ?? 0;
  return cachedRead(db, institutionId, `${userKey(userId)}/${generation}/${key}`, load);
}

const userKey = (userId: string) => `user:${userId}`;

/** After a write that changes only what this user reads: their next per-user reads go to the database. */
export function forgetUserReads(db: Database, userId: string): void {
  const { generations } = cacheOf(db);
  const key = userKey(userId);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

/** After a write of this institution's data: its next reads go to the database. */
export function forgetInstitutionReads(db: Database, institutionId: string): void {
  const { generations } = cacheOf(db);
  generations.set(institutionId, (generations.get(institutionId) ?? 0) + 1);
}

/** After a write that may touch any institution (an owner's). */
export function forgetAllReads(db: Database): void {
  caches.get(db)?.entries.clear();
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a successful write of this route affects cached reads: by default it drops the caller's
     * institution's. 'keep': it changes nothing any read holds (heartbeats, automated answers).
     * 'own': it changes only what the caller reads (their views, their notes), so only their
     * per-user reads drop. Students open topics and send heartbeats all day; each would otherwise
     * empty the cache for everyone.
     */
    readCache?: 'keep' | 'own';
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
    else if (effect !== 'keep') {
      if (user.institutionId) forgetInstitutionReads(db, user.institutionId);
      else forgetAllReads(db);
    }
  }
  done(null, payload);
}
