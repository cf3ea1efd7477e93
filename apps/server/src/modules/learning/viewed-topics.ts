import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { impressions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedUserRead } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * A student's opened topics change only when they open one, and that drops their per-user reads
 * in this process at once, so they are kept for a minute rather than the shared two seconds: a
 * student moving through chapters, topics and their day's plan asks for them on every page.
 */
const VIEWED_TTL_MS = 60_000;

/**
 * Topic ids as small numbers, the same for the life of the process: a student's opened topics are
 * kept as a short array of numbers (a few hundred bytes) instead of UUID strings (some 40 bytes
 * each), so the read cache holds every active student's at once within its byte budget.
 */
const numbers = new Map<string, number>();

function numberOf(topicId: string): number {
  let number = numbers.get(topicId);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(topicId, number);
  }
  return number;
}

/** The Set view of each cached array, made once per cached answer rather than once per request. */
const sets = new WeakMap<number[], Set<number>>();

function setOf(opened: number[]): Set<number> {
  let set = sets.get(opened);
  if (!set) {
    set = new Set(opened);
    sets.set(opened, set);
  }
  return set;
}

function prepareViewed(db: Database, name: string) {
  return db
    .selectDistinct({ topicId: impressions.topicId })
    .from(impressions)
    .where(eq(impressions.studentId, sql.placeholder('studentId')))
    .prepare(name);
}

/**
 * Which of these topics the student has opened (any day). Every topic they ever opened is read
 * once (an index-only scan of the impressions primary key: a few pages, never the table) and kept
 * with their cached reads, which their own views drop: their day's plan, chapters and topic lists
 * all answer from it.
 */
export async function viewedTopicIds(
  deps: AppDeps,
  user: AuthUser,
  topicIds: string[],
): Promise<Set<string>> {
  if (topicIds.length === 0) return new Set();
  const opened = await cachedUserRead(
    deps.db,
    institutionOf(user),
    user.userId,
    'viewed_topics',
    async () => {
      const query = preparedStatement(deps.db, 'viewed_topics', (name) => prepareViewed(deps.db, name));
      return (await query.execute({ studentId: user.entityId })).map((row) => numberOf(row.topicId));
    },
    VIEWED_TTL_MS,
  );
  const set = setOf(opened);
  return new Set(topicIds.filter((id) => set.has(numberOf(id))));
}
