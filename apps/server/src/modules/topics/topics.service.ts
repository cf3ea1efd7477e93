import type { CreateTopicBody, Role, Topic, UpdateTopicBody } from '@portal/shared';
import { MESSAGES, tiptapText } from '@portal/shared';
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  batchSubjectFaculties,
  batchSubjects,
  chapters,
  students,
  subjects,
  topics,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { sharedPart } from '../../lib/shared-json.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findActiveFaculty } from '../faculties/faculties.service.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import { topicPicture } from './topic-picture.js';

type TopicRow = typeof topics.$inferSelect;

function present(row: TopicRow, subjectId: string): Topic {
  return {
    _id: row.id,
    title: row.title,
    topic_title: row.title,
    type: row.type,
    content_uri: row.contentUri,
    wysiwyg_state: row.wysiwygState,
    chapter_id: row.chapterId,
    subject_id: subjectId,
    author_id: row.authorId,
    author_name: row.authorName,
    notes: row.notes,
    topic_logo_url: topicPicture(row),
    visibility: row.visibility,
    self_assessment: row.selfAssessment,
    created_at: row.createdAt.toISOString(),
  };
}

/** Who reads: the caller's role and record id (a value, or a prepared statement's placeholder). */
interface Reader {
  permission: Role;
  entityId: string | Placeholder;
}

/** The chapters (of live subjects) whose topics this caller may read. */
function readableChapter(user: Reader): SQL {
  switch (user.permission) {
    case 'moderator':
      return sql`true`;
    case 'faculty':
      return sql`exists (
        select 1 from ${batchSubjectFaculties}
        join ${batchSubjects} on ${batchSubjects.id} = ${batchSubjectFaculties.batchSubjectId}
        where ${batchSubjectFaculties.facultyId} = ${user.entityId}
          and ${batchSubjects.subjectId} = ${chapters.subjectId}
          and ${batchSubjects.deletedAt} is null)`;
    case 'student':
      return sql`${chapters.visibility} and exists (
        select 1 from ${batchSubjects}
        join ${students} on ${students.batchId} = ${batchSubjects.batchId}
        where ${students.id} = ${user.entityId}
          and ${batchSubjects.subjectId} = ${chapters.subjectId}
          and ${batchSubjects.deletedAt} is null)`;
    default:
      return sql`false`;
  }
}

/** Students see only visible topics; authors see every one. */
const readableTopic = (permission: Role): SQL =>
  permission === 'student' ? sql`${topics.visibility}` : sql`true`;

const liveChapter = (institutionId: string | Placeholder) =>
  and(eq(chapters.institutionId, institutionId), isNull(chapters.deletedAt), isNull(subjects.deletedAt));

/** Topics joined with their (live) chapter and subject, filtered to what the caller may read. */
function selectReadable(deps: AppDeps, user: AuthUser, institutionId: string, where: SQL | undefined) {
  return deps.db
    .select({ topic: topics, subjectId: chapters.subjectId })
    .from(topics)
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(topics.institutionId, institutionId),
        isNull(topics.deletedAt),
        liveChapter(institutionId),
        readableChapter(user),
        readableTopic(user.permission),
        where,
      ),
    )
    .orderBy(asc(topics.createdAt), asc(topics.id));
}

/** Whether the reader may open a chapter: live, of a live subject of the institution, readable to them. */
function prepareChapterCheck(db: Database, name: string, permission: Role) {
  const reader = { permission, entityId: sql.placeholder('entityId') };
  return db
    .select({ id: chapters.id })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(chapters.id, sql.placeholder('chapterId')),
        liveChapter(sql.placeholder('institutionId')),
        readableChapter(reader),
      ),
    )
    .prepare(name);
}

/**
 * Whether a batch's students may open a chapter: live, visible, of a live subject of the
 * institution taught to the batch. The rule of `readableChapter` for students, by their batch, so
 * every student of the batch shares one cached answer.
 */
function prepareChapterCheckForBatch(db: Database, name: string) {
  return db
    .select({ id: chapters.id })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(chapters.id, sql.placeholder('chapterId')),
        liveChapter(sql.placeholder('institutionId')),
        sql`${chapters.visibility} and exists (
          select 1 from ${batchSubjects}
          where ${batchSubjects.batchId} = ${sql.placeholder('batchId')}
            and ${batchSubjects.subjectId} = ${chapters.subjectId}
            and ${batchSubjects.deletedAt} is null)`,
      ),
    )
    .prepare(name);
}

/** Whether the reader may open the chapter, kept for two seconds: per batch for students, else per reader. */
async function mayReadChapter(deps: AppDeps, user: AuthUser, institutionId: string, chapterId: string) {
  const { permission, entityId } = user;
  if (permission === 'student') {
    const batchId = await studentBatchId(deps, institutionId, entityId);
    if (batchId === null) return false;
    return cachedRead(
      deps.db,
      institutionId,
      `chapter_reader_batch:${batchId}:${chapterId}`,
      async () => {
        const check = preparedStatement(deps.db, 'chapter_check_batch', (name) =>
          prepareChapterCheckForBatch(deps.db, name),
        );
        return (await check.execute({ institutionId, chapterId, batchId })).length > 0;
      },
      STEADY_TTL_MS,
    );
  }
  return cachedRead(
    deps.db,
    institutionId,
    `chapter_reader:${permission}:${entityId}:${chapterId}`,
    async () => {
      const check = preparedStatement(deps.db, `chapter_check_${permission}`, (name) =>
        prepareChapterCheck(deps.db, name, permission),
      );
      return (await check.execute({ institutionId, chapterId, entityId })).length > 0;
    },
  );
}

/** A chapter's live topics that readers of this role may see (`readableTopic`), oldest first. */
function prepareChapterTopicList(db: Database, name: string, permission: Role) {
  return db
    .select({ topic: topics, subjectId: chapters.subjectId })
    .from(topics)
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .where(
      and(
        eq(topics.chapterId, sql.placeholder('chapterId')),
        isNull(topics.deletedAt),
        readableTopic(permission),
      ),
    )
    .orderBy(asc(topics.createdAt), asc(topics.id))
    .prepare(name);
}

/**
 * A chapter's topics, oldest first; a chapter the caller cannot read (or another institution's)
 * answers 404 rather than an empty list. Every chapter page asks this, so both steps are named
 * prepared statements behind the short-lived read cache (lib/read-cache.ts): the check per batch
 * (students) or reader and chapter, the list per chapter and role, shared by every reader of that role.
 */
export async function listChapterTopics(
  deps: AppDeps,
  user: AuthUser,
  institutionId: string,
  chapterId: string,
): Promise<Topic[]> {
  const { permission } = user;
  if (!(await mayReadChapter(deps, user, institutionId, chapterId))) throw notFound();
  const listName = `chapter_topics_${permission}`;
  return cachedRead(
    deps.db,
    institutionId,
    `${listName}:${chapterId}`,
    async () => {
      const list = preparedStatement(deps.db, listName, (name) =>
        prepareChapterTopicList(deps.db, name, permission),
      );
      const rows = await list.execute({ chapterId });
      // The same list for every reader of the chapter: its JSON is made once (lib/shared-json.ts).
      return sharedPart(rows.map((row) => present(row.topic, row.subjectId)));
    },
    STEADY_TTL_MS,
  );
}

/** The readable topics among `ids` (unknown or unreadable ids are left out). */
export async function listTopicsByIds(
  deps: AppDeps,
  user: AuthUser,
  institutionId: string,
  ids: string[],
): Promise<Topic[]> {
  if (ids.length === 0) return [];
  const rows = await selectReadable(deps, user, institutionId, inArray(topics.id, ids));
  return rows.map((row) => present(row.topic, row.subjectId));
}

export async function getTopic(
  deps: AppDeps,
  user: AuthUser,
  institutionId: string,
  topicId: string,
): Promise<Topic> {
  const [row] = await selectReadable(deps, user, institutionId, eq(topics.id, topicId));
  if (!row) throw notFound();
  return present(row.topic, row.subjectId);
}

/** Topics written by any of `authorIds`, of live chapters of the institution. */
export async function listTopicsByAuthors(
  deps: AppDeps,
  institutionId: string,
  authorIds: string[],
): Promise<Topic[]> {
  if (authorIds.length === 0) return [];
  const rows = await deps.db
    .select({ topic: topics, subjectId: chapters.subjectId })
    .from(topics)
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(topics.institutionId, institutionId),
        isNull(topics.deletedAt),
        liveChapter(institutionId),
        inArray(topics.authorId, authorIds),
      ),
    )
    .orderBy(asc(topics.createdAt), asc(topics.id));
  return rows.map((row) => present(row.topic, row.subjectId));
}

/** A live chapter of the institution with its subject; anything else is "not found". */
export async function findChapter(
  deps: AppDeps,
  institutionId: string,
  chapterId: string,
): Promise<{ id: string; subjectId: string }> {
  const [row] = await deps.db
    .select({ id: chapters.id, subjectId: chapters.subjectId })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(chapters.id, chapterId), liveChapter(institutionId)));
  if (!row) throw notFound();
  return row;
}

/** A live topic of the institution (whoever may read it), with its chapter's subject. */
export async function findTopic(
  deps: AppDeps,
  institutionId: string,
  topicId: string,
): Promise<{ topic: TopicRow; subjectId: string }> {
  const [row] = await deps.db
    .select({ topic: topics, subjectId: chapters.subjectId })
    .from(topics)
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(topics.id, topicId),
        eq(topics.institutionId, institutionId),
        isNull(topics.deletedAt),
        liveChapter(institutionId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The author must be an active faculty member of the institution; the name comes from that record. */
async function authorOf(deps: AppDeps, institutionId: string, authorId: string) {
  const author = await findActiveFaculty(deps, institutionId, authorId);
  if (!author) throw badRequest(MESSAGES.authorNotActive, { author_id: MESSAGES.authorNotActive });
  return author;
}

export async function createTopic(
  deps: AppDeps,
  institutionId: string,
  chapter: { id: string; subjectId: string },
  body: CreateTopicBody,
): Promise<Topic> {
  const author = await authorOf(deps, institutionId, body.author_id);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(topics)
    .values({
      institutionId,
      chapterId: chapter.id,
      title: body.title,
      type: body.type,
      contentUri: body.content_uri,
      wysiwygState: body.wysiwyg_state,
      descriptionText: tiptapText(body.wysiwyg_state),
      authorId: author._id,
      authorName: author.name,
      notes: body.notes,
      logoUrl: body.topic_logo_url || null,
      visibility: body.visibility,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return present(row!, chapter.subjectId);
}

export async function updateTopic(
  deps: AppDeps,
  institutionId: string,
  current: { topic: TopicRow; subjectId: string },
  body: UpdateTopicBody,
): Promise<Topic> {
  const changes: Partial<typeof topics.$inferInsert> = { updatedAt: deps.clock.now() };
  if (body.author_id !== undefined) {
    const author = await authorOf(deps, institutionId, body.author_id);
    changes.authorId = author._id;
    changes.authorName = author.name;
  }
  if (body.title !== undefined) changes.title = body.title;
  if (body.type !== undefined) changes.type = body.type;
  if (body.content_uri !== undefined) changes.contentUri = body.content_uri;
  if (body.wysiwyg_state !== undefined) {
    changes.wysiwygState = body.wysiwyg_state;
    changes.descriptionText = tiptapText(body.wysiwyg_state);
  }
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.topic_logo_url !== undefined) changes.logoUrl = body.topic_logo_url || null;
  if (body.visibility !== undefined) changes.visibility = body.visibility;
  const [row] = await deps.db
    .update(topics)
    .set(changes)
    .where(and(eq(topics.id, current.topic.id), eq(topics.institutionId, institutionId)))
    .returning();
  return present(row!, current.subjectId);
}

/** Soft delete (decision 6). */
export async function deleteTopic(deps: AppDeps, institutionId: string, topicId: string): Promise<void> {
  await deps.db
    .update(topics)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(topics.id, topicId), eq(topics.institutionId, institutionId)));
}
