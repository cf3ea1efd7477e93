import {
  type CreateDoubtBody,
  type Doubt,
  type DoubtListQuery,
  type DoubtResponse,
  MESSAGES,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type RespondBody,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { doubtResponses, doubts } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { type Page, pageOf, readPage } from '../../lib/pagination.js';
import { cachedRead, cachedUserRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { sharedPart } from '../../lib/shared-json.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { doubtAudience, publishEvent } from '../events/publish.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';
import { assertCanReadSubject } from '../subjects/subjects.policy.js';
import { mayEditDoubt, mayEditResponse, mayUseBatchSubject } from './doubts.policy.js';
import { presentDoubt, presentResponse } from './doubts.presenter.js';
import * as repository from './doubts.repository.js';

const present = (rows: repository.DoubtRow[], user: AuthUser) => rows.map((row) => presentDoubt(row, user));

/**
 * A live batch subject of the caller's institution that the caller belongs to (`mayUseBatchSubject`):
 * 404 when their institution has no such batch subject, 403 when it is not theirs.
 */
export async function assertBatchSubject(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
): Promise<repository.BatchSubjectRow> {
  const row = await repository.findBatchSubject(deps.db, institutionOf(user), batchSubjectId, user.entityId);
  if (!row) throw notFound();
  if (!mayUseBatchSubject(user.permission, row)) throw forbidden();
  return row;
}

/** A page of doubts as the caller sees them, with its page info. */
export interface DoubtPage {
  doubts: Doubt[];
  page: PageInfo;
}

/**
 * Whose count a count is: a moderator's is the institution's, a faculty member's their own, a
 * student's their batch's (what they see depends only on it; their own doubts are a filter).
 */
async function countScope(deps: AppDeps, user: AuthUser): Promise<string> {
  switch (user.permission) {
    case 'moderator':
      return 'institution';
    case 'student':
      return `batch:${await studentBatchId(deps, institutionOf(user), user.entityId)}`;
    default:
      return `${user.permission}:${user.entityId}`;
  }
}

/**
 * A page of doubts, and on the first page their total. Counting reads every match (a school's
 * 50,000 take tens of milliseconds), so the total is kept with the cached reads for ten seconds,
 * shared by everyone it is the same for: a doubt or reply written through the API drops it at once;
 * a change made elsewhere (another server, a script) shows in the total within ten seconds.
 */
const TOTAL_TTL_MS = 10_000;

async function doubtPage(
  deps: AppDeps,
  user: AuthUser,
  filter: repository.DoubtFilter,
  page: Page,
  rows?: Promise<repository.DoubtRow[]>,
): Promise<DoubtPage> {
  const institutionId = institutionOf(user);
  const filterKey = [filter.topicId, filter.batchSubjectId, filter.studentId, filter.status].join(':');
  /** The page of `listed` (a row past the limit tells that more follow), presented for the reader. */
  const presentedPage = (listed: repository.DoubtRow[]) => {
    const kept = pageOf(listed, page, (row) => [row.id], null);
    return { doubts: present(kept.rows, user), page: kept.page };
  };
  /**
   * A teacher's or moderator's page of doubts with their replies, presented and marked shared so
   * that its JSON is written once (lib/shared-json.ts): tens of KB to build, kept per reader for the
   * shared two seconds (every doubt or reply written through the API drops it), so one reloading
   * their doubts page back to back reuses it. Kept in the reader's language, as 'You' and
   * 'Anonymous' are written in it.
   */
  const readersPage = () =>
    cachedUserRead(
      deps.db,
      institutionId,
      user.userId,
      `doubt_page:${user.language}:${filterKey}:${page.limit}:${page.after?.join(',') ?? ''}`,
      async () => {
        const presented = presentedPage(
          await repository.listDoubts(deps.db, institutionId, user, filter, page),
        );
        return { doubts: sharedPart(presented.doubts), page: presented.page };
      },
    );
  const [{ doubts, page: info }, total] = await Promise.all([
    rows ? rows.then(presentedPage) : readersPage(),
    page.after
      ? null
      : cachedRead(
          deps.db,
          institutionId,
          `doubt_total:${await countScope(deps, user)}:${filterKey}`,
          () => repository.countDoubts(deps.db, institutionId, user, filter),
          TOTAL_TTL_MS,
        ),
  ]);
  return { doubts, page: { ...info, total: page.after ? null : total } };
}

/** GET /api/doubts/counts: the caller's readable doubts counted per batch subject (kept like the totals). */
export async function countDoubtsByBatchSubject(deps: AppDeps, user: AuthUser) {
  const institutionId = institutionOf(user);
  const counts = await cachedRead(
    deps.db,
    institutionId,
    `doubt_counts:${await countScope(deps, user)}`,
    () => repository.countDoubtsByBatchSubject(deps.db, institutionId, user),
    TOTAL_TTL_MS,
  );
  return { counts };
}

/** GET /api/doubts: a page of the caller's batch subjects' doubts, optionally of one and by status. */
export async function listDoubts(
  deps: AppDeps,
  user: AuthUser,
  query: DoubtListQuery & PageQuery,
): Promise<DoubtPage> {
  if (query.batch_subject_id) await assertBatchSubject(deps, user, query.batch_subject_id);
  const page = readPage(query, PAGE_SIZE.default);
  const filter = { batchSubjectId: query.batch_subject_id, status: query.status };
  return doubtPage(deps, user, filter, page);
}

/** GET /api/users/me/doubts: a student's own doubts; a faculty member's batch subjects' doubts. */
export async function listOwnDoubts(
  deps: AppDeps,
  user: AuthUser,
  query: DoubtListQuery & PageQuery,
): Promise<DoubtPage> {
  if (user.permission !== 'student') return listDoubts(deps, user, query);
  if (query.batch_subject_id) await assertBatchSubject(deps, user, query.batch_subject_id);
  const page = readPage(query, PAGE_SIZE.default);
  const filter = { batchSubjectId: query.batch_subject_id, status: query.status, studentId: user.entityId };
  return doubtPage(deps, user, filter, page);
}

export async function listBatchSubjectDoubts(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
  query: PageQuery,
): Promise<DoubtPage> {
  await assertBatchSubject(deps, user, batchSubjectId);
  return doubtPage(deps, user, { batchSubjectId }, readPage(query, PAGE_SIZE.default));
}

/**
 * A page of a topic's doubts in the caller's batch subjects. The topic must be one the caller may
 * read: a topic hidden from a student or of another institution answers 404, a subject they
 * neither teach nor study 403, as reading the topic itself would. Every topic page asks this, so
 * the list and the topic are read together and the subject rule comes from the short-lived read
 * cache.
 */
export async function listTopicDoubts(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  query: PageQuery,
): Promise<DoubtPage> {
  const institutionId = institutionOf(user);
  const page = readPage(query, PAGE_SIZE.default);
  const pageKey = `${topicId}:${page.limit}:${page.after?.[0] ?? ''}`;
  const topic = await cachedRead(
    deps.db,
    institutionId,
    `doubt_topic:${topicId}`,
    async () => {
      return (await repository.findTopic(deps.db, institutionId, topicId)) ?? null;
    },
    STEADY_TTL_MS,
  );
  if (!topic || (user.permission === 'student' && !topic.visible)) throw notFound();
  await assertCanReadSubject(deps, user, topic.subject_id);
  // Every doubt or reply write drops the institution's reads, so a new doubt or answer shows at
  // once. A batch's students see the same doubts (authors are named per reader by the presenter),
  // so their rows are shared per batch; teachers' and moderators' are kept per reader.
  const batchId =
    user.permission === 'student' ? await studentBatchId(deps, institutionId, user.entityId) : null;
  const rows =
    user.permission === 'student'
      ? cachedRead(
          deps.db,
          institutionId,
          `topic_doubts_of_batch:${batchId}:${pageKey}`,
          () => repository.listDoubts(deps.db, institutionId, user, { topicId }, page),
          STEADY_TTL_MS,
        )
      : cachedUserRead(deps.db, institutionId, user.userId, `topic_doubts:${pageKey}`, () =>
          repository.listDoubts(deps.db, institutionId, user, { topicId }, page),
        );
  return doubtPage(deps, user, { topicId }, page, rows);
}

/** GET /api/doubts/ids: those of the given doubts the caller may see; the others are left out. */
export async function listDoubtsByIds(deps: AppDeps, user: AuthUser, ids: string[]): Promise<Doubt[]> {
  const rows = await repository.listDoubtsByIds(deps.db, institutionOf(user), user, ids);
  return present(rows, user);
}

/** A page of the replies of a doubt the caller may see, oldest first (lists fold in the first ones only). */
export async function listResponses(
  deps: AppDeps,
  user: AuthUser,
  doubtId: string,
  query: PageQuery,
): Promise<{ responses: DoubtResponse[]; page: PageInfo }> {
  const doubt = await readableDoubt(deps, user, doubtId);
  const page = readPage(query, PAGE_SIZE.default);
  const result = await repository.listResponses(deps.db, institutionOf(user), doubt.id, page);
  const { rows, page: info } = pageOf(result.rows, page, (row) => [row._id], result.total);
  return { responses: rows.map((row) => presentResponse(row, user)), page: info };
}

/** A live doubt of the caller's institution (404 otherwise) that they may see (403 otherwise). */
async function readableDoubt(deps: AppDeps, user: AuthUser, doubtId: string): Promise<repository.DoubtRow> {
  const row = await repository.findDoubt(deps.db, institutionOf(user), user, doubtId);
  if (!row) throw notFound();
  if (!row.readable) throw forbidden();
  return row;
}

export async function getDoubt(deps: AppDeps, user: AuthUser, doubtId: string): Promise<Doubt> {
  return presentDoubt(await readableDoubt(deps, user, doubtId), user);
}

/**
 * A student asks on a visible topic of a visible chapter through a batch subject of their batch;
 * the topic must belong to that batch subject's subject.
 */
export async function createDoubt(deps: AppDeps, user: AuthUser, body: CreateDoubtBody): Promise<Doubt> {
  const institutionId = institutionOf(user);
  const batchSubject = await assertBatchSubject(deps, user, body.batch_subject_id);
  const topic = await repository.findTopic(deps.db, institutionId, body.topic_id);
  if (!topic?.visible) throw notFound();
  if (topic.subject_id !== batchSubject.subject_id) {
    throw badRequest(MESSAGES.topicNotInSubject, { topic_id: MESSAGES.topicNotInSubject });
  }
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(doubts)
    .values({
      institutionId,
      studentId: user.entityId,
      topicId: topic.id,
      batchSubjectId: batchSubject.id,
      doubtText: body.doubt_text,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: doubts.id });
  return getDoubt(deps, user, row!.id);
}

/** The doubt, if the caller asked it: 404 when their institution has no such doubt, 403 when not theirs. */
async function ownDoubt(deps: AppDeps, user: AuthUser, doubtId: string): Promise<repository.DoubtRow> {
  const row = await repository.findDoubt(deps.db, institutionOf(user), user, doubtId);
  if (!row) throw notFound();
  if (!mayEditDoubt(user, row.student_id)) throw forbidden();
  return row;
}

export async function updateDoubt(
  deps: AppDeps,
  user: AuthUser,
  doubtId: string,
  doubtText: string,
): Promise<Doubt> {
  const row = await ownDoubt(deps, user, doubtId);
  await deps.db.update(doubts).set({ doubtText, updatedAt: deps.clock.now() }).where(eq(doubts.id, row.id));
  const updated = await repository.findDoubt(deps.db, institutionOf(user), user, doubtId);
  return presentDoubt(updated!, user);
}

/** Soft delete: the doubt and its replies leave every list. */
export async function deleteDoubt(deps: AppDeps, user: AuthUser, doubtId: string): Promise<void> {
  const row = await ownDoubt(deps, user, doubtId);
  const now = deps.clock.now();
  await deps.db.update(doubts).set({ deletedAt: now, updatedAt: now }).where(eq(doubts.id, row.id));
}

/**
 * A reply to a doubt the caller may see: a teacher of its batch subject or a moderator answers, a
 * student of its batch follows up. Signed with the author's name as it is now.
 */
export async function respond(deps: AppDeps, user: AuthUser, body: RespondBody): Promise<DoubtResponse> {
  const doubt = await readableDoubt(deps, user, body.doubt_id);
  const name = await repository.authorName(deps.db, user.userId);
  const now = deps.clock.now();
  const [row] = await deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(doubtResponses)
      .values({
        institutionId: institutionOf(user),
        doubtId: doubt.id,
        authorUserId: user.userId,
        authorRole: user.permission,
        authorName: name,
        responseText: body.response_text,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await publishEvent(deps, tx, {
      institutionId: institutionOf(user),
      kind: 'doubt.replied',
      audience: doubtAudience(doubt.student_id, doubt.batch_subject_id),
      refs: { doubt_id: doubt.id, topic_id: doubt.topic_id, batch_subject_id: doubt.batch_subject_id },
    });
    return added;
  });
  return presentResponse(responseJson(row!), user);
}

function responseJson(row: typeof doubtResponses.$inferSelect): repository.ResponseJson {
  return {
    _id: row.id,
    response_text: row.responseText,
    doubt_id: row.doubtId,
    author_user_id: row.authorUserId,
    author_role: row.authorRole,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The reply, if the caller wrote it: 404 when their institution has no such reply, 403 when not theirs. */
async function ownResponse(deps: AppDeps, user: AuthUser, responseId: string) {
  const row = await repository.findResponse(deps.db, institutionOf(user), responseId);
  if (!row) throw notFound();
  if (!mayEditResponse(user, row.author_user_id)) throw forbidden();
  return row;
}

export async function updateResponse(
  deps: AppDeps,
  user: AuthUser,
  responseId: string,
  responseText: string,
): Promise<DoubtResponse> {
  const own = await ownResponse(deps, user, responseId);
  const [row] = await deps.db
    .update(doubtResponses)
    .set({ responseText, updatedAt: deps.clock.now() })
    .where(eq(doubtResponses.id, own.id))
    .returning();
  return presentResponse(responseJson(row!), user);
}

export async function deleteResponse(deps: AppDeps, user: AuthUser, responseId: string): Promise<void> {
  const own = await ownResponse(deps, user, responseId);
  const now = deps.clock.now();
  await deps.db
    .update(doubtResponses)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(doubtResponses.id, own.id));
}
