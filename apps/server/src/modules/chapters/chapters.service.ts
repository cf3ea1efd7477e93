import type { Chapter, CreateChapterBody, UpdateChapterBody } from '@portal/shared';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { chapters } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';

// Students see visible topics only, so every card counts those. The outer column is written out:
// in a one-table select Drizzle leaves it unqualified, and a bare "id" would bind to topics.
const topicCount = sql<number>`(
  select count(*)::int from topics t
  where t.chapter_id = chapters.id and t.deleted_at is null and t.visibility)`;

function selectChapters(db: Database, where: SQL) {
  return db
    .select({ chapter: chapters, topicCount })
    .from(chapters)
    .where(and(isNull(chapters.deletedAt), where))
    .orderBy(asc(chapters.createdAt), asc(chapters.id));
}

function present({ chapter, topicCount }: Awaited<ReturnType<typeof selectChapters>>[number]): Chapter {
  return {
    _id: chapter.id,
    title: chapter.title,
    description: chapter.description,
    subject_id: chapter.subjectId,
    chapter_logo_url: chapter.logoUrl ?? null,
    topic_count: topicCount,
    visibility: chapter.visibility,
  };
}

// Listing a subject's chapters is a hot read (every subject page); as named prepared statements
// PostgreSQL plans it once per connection. Students' variant keeps only visible chapters.
function prepareList(db: Database, name: string, visibleOnly: boolean) {
  return selectChapters(
    db,
    and(
      eq(chapters.institutionId, sql.placeholder('institutionId')),
      eq(chapters.subjectId, sql.placeholder('subjectId')),
      visibleOnly ? eq(chapters.visibility, true) : undefined,
    )!,
  ).prepare(name);
}

/**
 * A subject's chapters in the order they were created, with their topic counts, in one query.
 * The same for everyone who may read the subject (the caller's access is checked before), so
 * shared through the short-lived read cache (lib/read-cache.ts).
 */
export function listChapters(
  deps: AppDeps,
  institutionId: string,
  subjectId: string,
  visibleOnly: boolean,
): Promise<Chapter[]> {
  const name = visibleOnly ? 'visible_chapters_of_subject' : 'chapters_of_subject';
  return cachedRead(
    deps.db,
    institutionId,
    `${name}:${subjectId}`,
    async () => {
      const query = preparedStatement(deps.db, name, (name) => prepareList(deps.db, name, visibleOnly));
      const rows = await query.execute({ institutionId, subjectId });
      return rows.map(present);
    },
    STEADY_TTL_MS,
  );
}

async function getChapter(deps: AppDeps, institutionId: string, id: string): Promise<Chapter> {
  const [row] = await selectChapters(
    deps.db,
    and(eq(chapters.institutionId, institutionId), eq(chapters.id, id))!,
  );
  if (!row) throw notFound();
  return present(row);
}

/** The subject of a live chapter of the institution (for the authoring check), else 404. */
export async function chapterSubjectId(deps: AppDeps, institutionId: string, id: string): Promise<string> {
  const [row] = await deps.db
    .select({ subjectId: chapters.subjectId })
    .from(chapters)
    .where(and(eq(chapters.id, id), eq(chapters.institutionId, institutionId), isNull(chapters.deletedAt)));
  if (!row) throw notFound();
  return row.subjectId;
}

export async function createChapter(
  deps: AppDeps,
  institutionId: string,
  body: CreateChapterBody,
): Promise<Chapter> {
  const [row] = await deps.db
    .insert(chapters)
    .values({
      institutionId,
      subjectId: body.subject_id,
      title: body.title,
      description: body.description,
      logoUrl: body.chapter_logo_url || null,
      visibility: body.visibility,
    })
    .returning();
  return {
    _id: row!.id,
    title: row!.title,
    description: row!.description,
    subject_id: row!.subjectId,
    chapter_logo_url: row!.logoUrl ?? null,
    topic_count: 0,
    visibility: row!.visibility,
  };
}

/** Changes the fields given; the others keep their values. */
export async function updateChapter(
  deps: AppDeps,
  institutionId: string,
  id: string,
  body: UpdateChapterBody,
): Promise<Chapter> {
  const changes: Partial<typeof chapters.$inferInsert> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.chapter_logo_url !== undefined) changes.logoUrl = body.chapter_logo_url || null;
  if (body.visibility !== undefined) changes.visibility = body.visibility;
  if (Object.keys(changes).length > 0) {
    await deps.db
      .update(chapters)
      .set(changes)
      .where(and(eq(chapters.id, id), eq(chapters.institutionId, institutionId), isNull(chapters.deletedAt)));
  }
  return getChapter(deps, institutionId, id);
}

/** Soft delete (decision 6); its topics become unreachable with it. */
export async function deleteChapter(deps: AppDeps, institutionId: string, id: string): Promise<void> {
  await deps.db
    .update(chapters)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(chapters.id, id), eq(chapters.institutionId, institutionId), isNull(chapters.deletedAt)));
}
