import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { impressions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { numberOfId } from '../../lib/id-numbers.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedUserRead, derivedOnce, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';

/** The Set view of each cached array of opened topics. */
const setOf = derivedOnce((opened: number[]) => new Set(opened));

function prepareViewed(db: Database, name: string) {
  return db
    .selectDistinct({ topicId: impressions.topicId })
    .from(impressions)
    .where(eq(impressions.studentId, sql.placeholder('studentId')))
    .prepare(name);
}

/**
 * The topics the student has opened (any day), as topic numbers (`topicNumbers`). Every topic they
 * ever opened is read once (an index-only scan of the impressions primary key: a few pages, never
 * the table) and kept with their cached reads, which their own views drop: their day's plan,
 * chapters and topic lists all answer from it.
 */
export async function openedTopics(deps: AppDeps, user: AuthUser): Promise<ReadonlySet<number>> {
  const opened = await cachedUserRead(
    deps.db,
    institutionOf(user),
    user.userId,
    'viewed_topics',
    async () => {
      const query = preparedStatement(deps.db, 'viewed_topics', (name) => prepareViewed(deps.db, name));
      return (await query.execute({ studentId: user.entityId })).map((row) => numberOfId(row.topicId));
    },
    // Only their opening a topic changes them, which drops their per-user reads: a student moving
    // through chapters, topics and their day's plan asks for them on every page.
    STEADY_TTL_MS,
  );
  return setOf(opened);
}

/**
 * The topic numbers of a shared (cached) list of topics, worked out once per list rather than on
 * every request that checks them against a student's opened topics.
 */
const listNumbers = new WeakMap<readonly unknown[], number[]>();

export function topicNumbers<Item>(list: readonly Item[], topicIdOf: (item: Item) => string): number[] {
  let numbers = listNumbers.get(list);
  if (!numbers) {
    numbers = list.map((item) => numberOfId(topicIdOf(item)));
    listNumbers.set(list, numbers);
  }
  return numbers;
}

/** Which of these topics the student has opened (any day). */
export async function viewedTopicIds(
  deps: AppDeps,
  user: AuthUser,
  topicIds: string[],
): Promise<Set<string>> {
  if (topicIds.length === 0) return new Set();
  const opened = await openedTopics(deps, user);
  return new Set(topicIds.filter((id) => opened.has(numberOfId(id))));
}
