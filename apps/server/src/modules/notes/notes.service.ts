import {
  type CreateNoteBody,
  type CreateSessionNoteBody,
  type Note,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type SessionNote,
} from '@portal/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  batchSubjects,
  chapters,
  notes,
  onlineSessions,
  sessionNotes,
  subjects,
  topics,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { type Page, pageOf, readPage } from '../../lib/pagination.js';
import { preparedStatement, queryPrepared } from '../../lib/prepared.js';
import { cachedRead, cachedUserRead, derivedOnce, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  assertStudentBatchSubject,
  assertStudentSession,
  assertStudentTopic,
} from '../learning/reading.policy.js';

/** What selects a student's notes: all of them, or those of one topic, batch subject or id. */
type NoteFilter = 'all' | 'topic' | 'batch_subject' | 'id';
const FILTER_COLUMN = { topic: notes.topicId, batch_subject: notes.batchSubjectId, id: notes.id } as const;

// The notes tab of every topic page asks this, so each filter (first page or a later one) is a
// named prepared statement. A page: `limit` notes after the cursor's note, newest first; the
// window count (computed before the limit) is the list's total on the first page.
function prepareOwnNotes(db: Database, name: string, filter: NoteFilter, afterOne: boolean) {
  return db
    .select({
      note: notes,
      topicTitle: topics.title,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      subjectId: subjects.id,
      subjectTitle: subjects.title,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(notes)
    .innerJoin(topics, eq(topics.id, notes.topicId))
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .innerJoin(batchSubjects, eq(batchSubjects.id, notes.batchSubjectId))
    .innerJoin(subjects, eq(subjects.id, batchSubjects.subjectId))
    .where(
      and(
        eq(notes.institutionId, sql.placeholder('institutionId')),
        eq(notes.studentId, sql.placeholder('studentId')),
        isNull(notes.deletedAt),
        isNull(topics.deletedAt),
        isNull(chapters.deletedAt),
        filter === 'all' ? undefined : eq(FILTER_COLUMN[filter], sql.placeholder('value')),
        afterOne
          ? sql`(${notes.createdAt}, ${notes.id}) < (select p.created_at, p.id from notes p
              where p.id = ${sql.placeholder('after')} and p.student_id = ${sql.placeholder('studentId')})`
          : undefined,
      ),
    )
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

const ONE: Page = { limit: 1, after: null };

/**
 * A page of the student's own live notes (all, or of one topic, batch subject or id), with their
 * titles, in one query.
 */
async function selectOwnNotes(
  deps: AppDeps,
  user: AuthUser,
  filter: NoteFilter,
  value: string | undefined,
  page: Page,
): Promise<{ notes: Note[]; page: PageInfo }> {
  const afterOne = page.after !== null;
  const name = `own_notes_${filter}${afterOne ? '_after' : ''}`;
  const query = preparedStatement(deps.db, name, (name) => prepareOwnNotes(deps.db, name, filter, afterOne));
  const rows = await query.execute({
    institutionId: institutionOf(user),
    studentId: user.entityId,
    value,
    after: page.after?.[0],
    limit: page.limit + 1,
  });
  const { rows: kept, page: info } = pageOf(rows, page, ({ note }) => [note.id], rows[0]?.total ?? 0);
  const presented = kept.map(({ note, total: _total, ...titles }) => ({
    _id: note.id,
    note_text: note.noteText,
    topic_id: note.topicId,
    batch_subject_id: note.batchSubjectId,
    topic_title: titles.topicTitle,
    chapter_id: titles.chapterId,
    chapter_title: titles.chapterTitle,
    subject_id: titles.subjectId,
    subject_title: titles.subjectTitle,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  }));
  return { notes: presented, page: info };
}

/** A page of every topic note of the student, newest first. */
export function listAllOwn(deps: AppDeps, user: AuthUser, query: PageQuery) {
  return selectOwnNotes(deps, user, 'all', undefined, readPage(query, PAGE_SIZE.default));
}

function prepareTopicExists(db: Database, name: string) {
  return db
    .select({ id: topics.id })
    .from(topics)
    .where(
      and(
        eq(topics.id, sql.placeholder('topicId')),
        eq(topics.institutionId, sql.placeholder('institutionId')),
        isNull(topics.deletedAt),
      ),
    )
    .prepare(name);
}

/**
 * The topics the student has live notes on, read once (`notes_student_topic_idx`) and kept with
 * their cached reads, which their own note writes drop: a topic page asks for its notes every
 * time, and most topics have none, which this answers without a query.
 */
const notedSet = derivedOnce((ids: string[]) => new Set(ids));

async function notedTopics(deps: AppDeps, user: AuthUser): Promise<ReadonlySet<string>> {
  const ids = await cachedUserRead(
    deps.db,
    institutionOf(user),
    user.userId,
    'noted_topics',
    async () => {
      const rows = await queryPrepared<{ topic_id: string }>(
        deps.pool,
        'noted_topics',
        'select distinct topic_id from notes where student_id = $1 and institution_id = $2 and deleted_at is null',
        [user.entityId, institutionOf(user)],
      );
      return rows.map((row) => row.topic_id);
    },
    STEADY_TTL_MS,
  );
  return notedSet(ids);
}

const noNotes = (page: Page): { notes: Note[]; page: PageInfo } => ({
  notes: [],
  page: pageOf([], page, () => [], 0).page,
});

/** A page of own notes on a topic of the institution (404 for any other topic). */
export async function listOwnForTopic(deps: AppDeps, user: AuthUser, topicId: string, query: PageQuery) {
  const institutionId = institutionOf(user);
  const page = readPage(query, PAGE_SIZE.default);
  // Whether the topic exists is the same for everyone: kept shared.
  const live = cachedRead(
    deps.db,
    institutionId,
    `live_topic:${topicId}`,
    async () => {
      const query = preparedStatement(deps.db, 'live_topic', (name) => prepareTopicExists(deps.db, name));
      return (await query.execute({ topicId, institutionId })).length > 0;
    },
    STEADY_TTL_MS,
  );
  const [exists, noted] = await Promise.all([live, notedTopics(deps, user)]);
  if (!exists) throw notFound();
  // Most topics a student opens have none of their notes: answered from the noted topics alone,
  // with nothing kept per topic.
  if (!noted.has(topicId)) return noNotes(page);
  // Kept with the student's cached reads, which their note writes drop.
  const key = `notes_of_topic:${topicId}:${page.limit}:${page.after ?? ''}`;
  return cachedUserRead(
    deps.db,
    institutionId,
    user.userId,
    key,
    () => selectOwnNotes(deps, user, 'topic', topicId, page),
    STEADY_TTL_MS,
  );
}

/**
 * GET /api/users/me/notes/counts: the student's live notes counted per batch subject, with the
 * list's own conditions (a deleted topic or chapter hides its notes), in one statement.
 */
export async function countOwnByBatchSubject(deps: AppDeps, user: AuthUser) {
  const counts = await deps.db
    .select({ batch_subject_id: notes.batchSubjectId, total: sql<number>`count(*)::int` })
    .from(notes)
    .innerJoin(topics, eq(topics.id, notes.topicId))
    .innerJoin(chapters, eq(chapters.id, topics.chapterId))
    .where(
      and(
        eq(notes.institutionId, institutionOf(user)),
        eq(notes.studentId, user.entityId),
        isNull(notes.deletedAt),
        isNull(topics.deletedAt),
        isNull(chapters.deletedAt),
      ),
    )
    .groupBy(notes.batchSubjectId)
    .orderBy(notes.batchSubjectId);
  return { counts };
}

export async function listOwnForBatchSubject(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
  query: PageQuery,
) {
  await assertStudentBatchSubject(deps, user, batchSubjectId);
  return selectOwnNotes(deps, user, 'batch_subject', batchSubjectId, readPage(query, PAGE_SIZE.default));
}

async function getOwn(deps: AppDeps, user: AuthUser, noteId: string): Promise<Note> {
  const [note] = (await selectOwnNotes(deps, user, 'id', noteId, ONE)).notes;
  if (!note) throw notFound();
  return note;
}

export async function createNote(deps: AppDeps, user: AuthUser, body: CreateNoteBody): Promise<Note> {
  const topic = await assertStudentTopic(deps, user, body.topic_id, body.batch_subject_id);
  const [row] = await deps.db
    .insert(notes)
    .values({
      institutionId: institutionOf(user),
      studentId: user.entityId,
      topicId: topic.topicId,
      batchSubjectId: topic.batchSubjectId,
      noteText: body.note_text,
    })
    .returning({ id: notes.id });
  return getOwn(deps, user, row!.id);
}

/** The note's author, or 404: another student's note does not exist for the caller. */
function ownNote(user: AuthUser, noteId: string) {
  return and(
    eq(notes.id, noteId),
    eq(notes.institutionId, institutionOf(user)),
    eq(notes.studentId, user.entityId),
    isNull(notes.deletedAt),
  );
}

export async function updateNote(deps: AppDeps, user: AuthUser, noteId: string, noteText: string) {
  const [row] = await deps.db
    .update(notes)
    .set({ noteText, updatedAt: deps.clock.now() })
    .where(ownNote(user, noteId))
    .returning({ id: notes.id });
  if (!row) throw notFound();
  return getOwn(deps, user, noteId);
}

export async function deleteNote(deps: AppDeps, user: AuthUser, noteId: string): Promise<void> {
  const [row] = await deps.db
    .update(notes)
    .set({ deletedAt: deps.clock.now() })
    .where(ownNote(user, noteId))
    .returning({ id: notes.id });
  if (!row) throw notFound();
}

// Session notes -------------------------------------------------------------------------------

/** A page of the student's own live session notes, newest first, with the sessions' titles. */
async function selectOwnSessionNotes(
  deps: AppDeps,
  user: AuthUser,
  where: SQL | undefined,
  page: Page,
): Promise<{ notes: SessionNote[]; page: PageInfo }> {
  const institutionId = institutionOf(user);
  const rows = await deps.db
    .select({
      note: sessionNotes,
      sessionTitle: onlineSessions.title,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(sessionNotes)
    .innerJoin(onlineSessions, eq(onlineSessions.id, sessionNotes.sessionId))
    .where(
      and(
        eq(sessionNotes.institutionId, institutionId),
        eq(sessionNotes.studentId, user.entityId),
        isNull(sessionNotes.deletedAt),
        where,
        page.after
          ? sql`(${sessionNotes.createdAt}, ${sessionNotes.id}) < (select p.created_at, p.id from session_notes p
              where p.id = ${page.after[0]} and p.student_id = ${user.entityId})`
          : undefined,
      ),
    )
    .orderBy(desc(sessionNotes.createdAt), desc(sessionNotes.id))
    .limit(page.limit + 1);
  const { rows: kept, page: info } = pageOf(rows, page, ({ note }) => [note.id], rows[0]?.total ?? 0);
  const presented = kept.map(({ note, sessionTitle }) => ({
    _id: note.id,
    session_id: note.sessionId,
    session_title: sessionTitle,
    note_text: note.noteText,
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  }));
  return { notes: presented, page: info };
}

export function listAllOwnSessionNotes(deps: AppDeps, user: AuthUser, query: PageQuery) {
  return selectOwnSessionNotes(deps, user, undefined, readPage(query, PAGE_SIZE.default));
}

export async function listOwnForSession(deps: AppDeps, user: AuthUser, sessionId: string, query: PageQuery) {
  await assertStudentSession(deps, user, sessionId);
  const page = readPage(query, PAGE_SIZE.default);
  return selectOwnSessionNotes(deps, user, eq(sessionNotes.sessionId, sessionId), page);
}

async function getOwnSessionNote(deps: AppDeps, user: AuthUser, noteId: string): Promise<SessionNote> {
  const [note] = (await selectOwnSessionNotes(deps, user, eq(sessionNotes.id, noteId), ONE)).notes;
  if (!note) throw notFound();
  return note;
}

export async function createSessionNote(deps: AppDeps, user: AuthUser, body: CreateSessionNoteBody) {
  await assertStudentSession(deps, user, body.session_id);
  const [row] = await deps.db
    .insert(sessionNotes)
    .values({
      institutionId: institutionOf(user),
      studentId: user.entityId,
      sessionId: body.session_id,
      noteText: body.note_text,
    })
    .returning({ id: sessionNotes.id });
  return getOwnSessionNote(deps, user, row!.id);
}

function ownSessionNote(user: AuthUser, noteId: string) {
  return and(
    eq(sessionNotes.id, noteId),
    eq(sessionNotes.institutionId, institutionOf(user)),
    eq(sessionNotes.studentId, user.entityId),
    isNull(sessionNotes.deletedAt),
  );
}

export async function updateSessionNote(deps: AppDeps, user: AuthUser, noteId: string, noteText: string) {
  const [row] = await deps.db
    .update(sessionNotes)
    .set({ noteText, updatedAt: deps.clock.now() })
    .where(ownSessionNote(user, noteId))
    .returning({ id: sessionNotes.id });
  if (!row) throw notFound();
  return getOwnSessionNote(deps, user, noteId);
}

export async function deleteSessionNote(deps: AppDeps, user: AuthUser, noteId: string): Promise<void> {
  const [row] = await deps.db
    .update(sessionNotes)
    .set({ deletedAt: deps.clock.now() })
    .where(ownSessionNote(user, noteId))
    .returning({ id: sessionNotes.id });
  if (!row) throw notFound();
}
