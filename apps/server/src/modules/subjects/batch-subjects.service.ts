import {
  type BatchSubject,
  type CreateBatchSubjectsBody,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type Role,
  type UpdateBatchSubjectBody,
} from '@portal/shared';
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { batches, batchSubjects, faculties, subjects } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { type Page, pageOf, readPage } from '../../lib/pagination.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from './enrolment.repository.js';
import { logoKey } from './subjects.service.js';

type PersonRef = BatchSubject['faculties'][number];

/** A value bound at run time: a plain value, or a prepared statement's placeholder. */
type Param = string | Placeholder;

/** Whose batch subjects: the caller's role and institution, a faculty member's record, a student's batch. */
interface Viewer {
  permission: Role;
  institutionId: Param;
  entityId: Param;
  /** A student's own batch (null when they have none); unused for other roles. */
  batchId: Param | null;
}

async function viewerOf(deps: AppDeps, user: AuthUser): Promise<Viewer> {
  const institutionId = institutionOf(user);
  const batchId =
    user.permission === 'student' ? await studentBatchId(deps, institutionId, user.entityId) : null;
  return { permission: user.permission, institutionId, entityId: user.entityId, batchId };
}

/**
 * The batch subjects a caller may see: a moderator all of the institution's, a faculty member
 * those they are assigned to, a student those of their own batch. Deleted batch subjects,
 * batches and subjects never show.
 */
function visibleTo(viewer: Viewer): SQL {
  const live = and(
    eq(batchSubjects.institutionId, viewer.institutionId),
    isNull(batchSubjects.deletedAt),
    isNull(batches.deletedAt),
    isNull(subjects.deletedAt),
  )!;
  switch (viewer.permission) {
    case 'moderator':
      return live;
    case 'faculty':
      return and(
        live,
        sql`exists (select 1 from batch_subject_faculties bsf
          where bsf.batch_subject_id = ${batchSubjects.id} and bsf.faculty_id = ${viewer.entityId})`,
      )!;
    case 'student':
      return viewer.batchId === null ? sql`false` : and(live, eq(batchSubjects.batchId, viewer.batchId))!;
    default:
      return sql`false`;
  }
}

/** Batch subjects with their subject, batch, faculty list and counts: one query, however many rows. */
function selectBatchSubjects(db: Database, viewer: Viewer, where: SQL | undefined) {
  // Students count only the chapters they can open.
  const chapterFilter = viewer.permission === 'student' ? sql`and c.visibility` : sql``;
  return db
    .select({
      id: batchSubjects.id,
      batchId: batchSubjects.batchId,
      subjectId: batchSubjects.subjectId,
      title: subjects.title,
      description: subjects.description,
      code: subjects.code,
      logo: subjects.logo,
      logoUrl: subjects.logoUrl,
      batchTitle: batches.title,
      academicYear: batches.academicYear,
      faculties: sql<PersonRef[]>`coalesce((
        select json_agg(json_build_object('_id', f.id, 'name', f.name) order by f.name, f.id)
        from batch_subject_faculties bsf join faculties f on f.id = bsf.faculty_id
        where bsf.batch_subject_id = ${batchSubjects.id} and f.archived_at is null), '[]'::json)`,
      // Enrolments (an index-only count) less those of archived students, found once per query
      // (a hashed subplan over the few archived ones) instead of probing every enrolled student.
      studentCount: sql<number>`(
        select count(*)::int from batch_subject_students bss
        where bss.batch_subject_id = ${batchSubjects.id} and bss.student_id not in (
          select st.id from students st
          where st.institution_id = ${viewer.institutionId} and st.archived_at is not null))`,
      chapterCount: sql<number>`(
        select count(*)::int from chapters c
        where c.subject_id = ${batchSubjects.subjectId} and c.deleted_at is null ${chapterFilter})`,
    })
    .from(batchSubjects)
    .innerJoin(subjects, eq(subjects.id, batchSubjects.subjectId))
    .innerJoin(batches, eq(batches.id, batchSubjects.batchId))
    .where(and(visibleTo(viewer), where))
    .orderBy(asc(batchSubjects.createdAt), asc(subjects.title), asc(batchSubjects.id));
}

type BatchSubjectRow = Awaited<ReturnType<typeof selectBatchSubjects>>[number];

function present(row: BatchSubjectRow): BatchSubject {
  return {
    _id: row.id,
    batch_id: row.batchId,
    subject_id: row.subjectId,
    subject_title: row.title,
    subject_description: row.description,
    subject_code: row.code,
    subject_logo: logoKey(row.logo),
    subject_logo_url: row.logoUrl ?? null,
    batch_title: row.batchTitle,
    academic_year: row.academicYear,
    faculties: row.faculties,
    student_count: row.studentCount,
    faculty_count: row.faculties.length,
    chapter_count: row.chapterCount,
  };
}

async function queryBatchSubjects(deps: AppDeps, user: AuthUser, where: SQL | undefined) {
  const rows = await selectBatchSubjects(deps.db, await viewerOf(deps, user), where);
  return rows.map(present);
}

/** After the cursor's batch subject, in the list's order (created, subject title, id). */
function afterCursor(institutionId: Param): SQL {
  return sql`(${batchSubjects.createdAt}, ${subjects.title}, ${batchSubjects.id}) > (
    select p.created_at, ps.title, p.id from batch_subjects p join subjects ps on ps.id = p.subject_id
    where p.id = ${sql.placeholder('after')} and p.institution_id = ${institutionId})`;
}

const listViewer = (permission: Role): Viewer => ({
  permission,
  institutionId: sql.placeholder('institutionId'),
  entityId: sql.placeholder('entityId'),
  batchId: sql.placeholder('ownBatchId'),
});

/**
 * The batch-subject list is every role's landing page, so it is a named prepared statement per
 * role (with or without the batch filter, first or later page): PostgreSQL plans it once per
 * connection. One page: the counts are computed for the page's rows only.
 */
function prepareList(db: Database, name: string, permission: Role, byBatch: boolean, afterOne: boolean) {
  const viewer = listViewer(permission);
  const where = and(
    byBatch ? eq(batchSubjects.batchId, sql.placeholder('batchId')) : undefined,
    afterOne ? afterCursor(viewer.institutionId) : undefined,
  );
  return selectBatchSubjects(db, viewer, where).limit(sql.placeholder('limit')).prepare(name);
}

function prepareCount(db: Database, name: string, permission: Role, byBatch: boolean) {
  const viewer = listViewer(permission);
  const where = byBatch ? eq(batchSubjects.batchId, sql.placeholder('batchId')) : undefined;
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(batchSubjects)
    .innerJoin(subjects, eq(subjects.id, batchSubjects.subjectId))
    .innerJoin(batches, eq(batches.id, batchSubjects.batchId))
    .where(and(visibleTo(viewer), where))
    .prepare(name);
}

async function runList(deps: AppDeps, viewer: Viewer, entityId: string, page: Page, batchId?: string) {
  const byBatch = Boolean(batchId);
  const afterOne = page.after !== null;
  const shape = `${viewer.permission}${byBatch ? '_of_batch' : ''}`;
  const name = `batch_subjects_${shape}${afterOne ? '_after' : ''}`;
  const query = preparedStatement(deps.db, name, (name) =>
    prepareList(deps.db, name, viewer.permission, byBatch, afterOne),
  );
  const values = {
    institutionId: viewer.institutionId,
    entityId,
    ownBatchId: viewer.batchId,
    batchId,
    after: page.after?.[0],
    limit: page.limit + 1,
  };
  const count = preparedStatement(deps.db, `batch_subjects_count_${shape}`, (name) =>
    prepareCount(deps.db, name, viewer.permission, byBatch),
  );
  const [rows, counted] = await Promise.all([query.execute(values), afterOne ? null : count.execute(values)]);
  const { rows: kept, page: info } = pageOf(rows, page, (row) => [row.id], counted?.[0]?.total ?? null);
  return { batch_subjects: kept.map(present), page: info };
}

/**
 * A page of the batch subjects the caller may see, optionally of one batch. Every student of a
 * batch sees the same list, so theirs is shared through the short-lived read cache
 * (lib/read-cache.ts).
 */
export async function listBatchSubjects(
  deps: AppDeps,
  user: AuthUser,
  query: { batch_id?: string } & PageQuery,
): Promise<{ batch_subjects: BatchSubject[]; page: PageInfo }> {
  const viewer = await viewerOf(deps, user);
  const page = readPage(query, PAGE_SIZE.default);
  const batchId = query.batch_id;
  if (user.permission !== 'student') return runList(deps, viewer, user.entityId, page, batchId);
  if (viewer.batchId === null) {
    return {
      batch_subjects: [],
      page: { limit: page.limit, next_cursor: null, total: page.after ? null : 0 },
    };
  }
  const key = `batch_subjects_of_students:${viewer.batchId}:${batchId ?? ''}:${page.limit}:${page.after ?? ''}`;
  return cachedRead(
    deps.db,
    institutionOf(user),
    key,
    () => runList(deps, viewer, user.entityId, page, batchId),
    STEADY_TTL_MS,
  );
}

/** One batch subject the caller may see; anything else (other institution, deleted) is 404. */
export async function getBatchSubject(deps: AppDeps, user: AuthUser, id: string): Promise<BatchSubject> {
  const [row] = await queryBatchSubjects(deps, user, eq(batchSubjects.id, id));
  if (!row) throw notFound();
  return row;
}

/** The batch subjects of a faculty member's batches of one academic year. */
export async function listFacultyYearBatchSubjects(
  deps: AppDeps,
  user: AuthUser,
  facultyId: string,
  academicYear: string,
): Promise<BatchSubject[]> {
  const [faculty] = await deps.db
    .select({ id: faculties.id })
    .from(faculties)
    .where(and(eq(faculties.id, facultyId), eq(faculties.institutionId, institutionOf(user))));
  if (!faculty) throw notFound();
  return queryBatchSubjects(
    deps,
    user,
    and(
      eq(batches.academicYear, academicYear),
      sql`exists (select 1 from batch_subject_faculties bsf
        where bsf.batch_subject_id = ${batchSubjects.id} and bsf.faculty_id = ${facultyId})`,
    ),
  );
}

/**
 * Links subjects to a batch; subjects already linked are left as they are. Answers the batch
 * subjects of all the requested subjects. Any id outside the institution is 404.
 */
export async function linkSubjects(
  deps: AppDeps,
  user: AuthUser,
  body: CreateBatchSubjectsBody,
): Promise<BatchSubject[]> {
  const institutionId = institutionOf(user);
  const subjectIds = [...new Set(body.subject_ids)];
  await deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.id, body.batch_id),
          eq(batches.institutionId, institutionId),
          isNull(batches.deletedAt),
        ),
      );
    if (!batch) throw notFound();
    const found = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(
        and(
          inArray(subjects.id, subjectIds),
          eq(subjects.institutionId, institutionId),
          isNull(subjects.deletedAt),
        ),
      );
    if (found.length !== subjectIds.length) throw notFound();
    // The partial unique index (batch, subject) among live rows makes a repeated link a no-op.
    await tx
      .insert(batchSubjects)
      .values(subjectIds.map((subjectId) => ({ institutionId, batchId: body.batch_id, subjectId })))
      .onConflictDoNothing();
  });
  return queryBatchSubjects(
    deps,
    user,
    and(eq(batchSubjects.batchId, body.batch_id), inArray(batchSubjects.subjectId, subjectIds)),
  );
}

async function findBatchSubject(deps: AppDeps, institutionId: string, id: string) {
  const [row] = await deps.db
    .select({ id: batchSubjects.id, subjectId: batchSubjects.subjectId })
    .from(batchSubjects)
    .innerJoin(subjects, eq(subjects.id, batchSubjects.subjectId))
    .innerJoin(batches, eq(batches.id, batchSubjects.batchId))
    .where(
      and(
        eq(batchSubjects.id, id),
        eq(batchSubjects.institutionId, institutionId),
        isNull(batchSubjects.deletedAt),
        isNull(batches.deletedAt),
        isNull(subjects.deletedAt),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** Edits the subject behind a batch subject; fields left out keep their values. */
export async function updateBatchSubject(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  body: UpdateBatchSubjectBody,
): Promise<BatchSubject> {
  const found = await findBatchSubject(deps, institutionOf(user), id);
  const changes: Partial<typeof subjects.$inferInsert> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.code !== undefined) changes.code = body.code;
  if (body.subject_logo !== undefined) changes.logo = body.subject_logo;
  if (body.subject_logo_url !== undefined) changes.logoUrl = body.subject_logo_url || null;
  if (Object.keys(changes).length > 0) {
    await deps.db.update(subjects).set(changes).where(eq(subjects.id, found.subjectId));
  }
  return getBatchSubject(deps, user, id);
}

/** Soft delete (decision 6): the subject and its chapters stay for the other batches. */
export async function deleteBatchSubject(deps: AppDeps, user: AuthUser, id: string): Promise<void> {
  await findBatchSubject(deps, institutionOf(user), id);
  await deps.db.update(batchSubjects).set({ deletedAt: deps.clock.now() }).where(eq(batchSubjects.id, id));
}
