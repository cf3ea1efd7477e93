import { type CreateSubjectBody, SUBJECT_LOGOS, type Subject, type SubjectLogo } from '@portal/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { subjects } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { studentBatchId } from './enrolment.repository.js';

type SubjectRow = typeof subjects.$inferSelect;

/** A stored logo key outside today's list (older data) shows as 'others'. */
export function logoKey(value: string): SubjectLogo {
  return (SUBJECT_LOGOS as readonly string[]).includes(value) ? (value as SubjectLogo) : 'others';
}

function present(row: SubjectRow): Subject {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    code: row.code,
    subject_logo: logoKey(row.logo),
    subject_logo_url: row.logoUrl ?? null,
  };
}

export async function createSubject(
  deps: AppDeps,
  institutionId: string,
  body: CreateSubjectBody,
): Promise<Subject> {
  const [row] = await deps.db
    .insert(subjects)
    .values({
      institutionId,
      title: body.title,
      description: body.description,
      code: body.code,
      logo: body.subject_logo,
      logoUrl: body.subject_logo_url || null,
    })
    .returning();
  return present(row!);
}

/** The institution's subjects with these ids (all of them when no ids are given), by title. */
export async function listSubjects(deps: AppDeps, institutionId: string, ids: string[]): Promise<Subject[]> {
  const rows = await deps.db
    .select()
    .from(subjects)
    .where(
      and(
        eq(subjects.institutionId, institutionId),
        isNull(subjects.deletedAt),
        ids.length > 0 ? inArray(subjects.id, ids) : undefined,
      ),
    )
    .orderBy(asc(subjects.title), asc(subjects.id));
  return rows.map(present);
}

export interface SubjectLinks {
  /** The person teaches a live batch subject of this subject (batch_subject_faculties). */
  teaches: boolean;
  /** The person is a student of a live batch this subject is taught to. */
  studies: boolean;
}

/**
 * How a person (faculty or student record id) is linked to a subject of the institution, in one
 * query; undefined when the institution has no such live subject. Every chapter and topic route
 * asks this, so it is a named prepared statement (planned once per connection).
 */
// Column references inside the subqueries are written out: in a one-table select Drizzle leaves
// them unqualified, and a bare "id" would bind to the subquery's own tables.
function prepareSubjectLinks(db: Database, name: string) {
  const entityId = sql.placeholder('entityId');
  return db
    .select({
      teaches: sql<boolean>`exists (
        select 1 from batch_subject_faculties bsf
        join batch_subjects bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
        join batches b on b.id = bs.batch_id and b.deleted_at is null
        where bs.subject_id = subjects.id and bsf.faculty_id = ${entityId})`,
      studies: sql<boolean>`exists (
        select 1 from students st
        join batch_subjects bs on bs.batch_id = st.batch_id and bs.deleted_at is null
        join batches b on b.id = bs.batch_id and b.deleted_at is null
        where bs.subject_id = subjects.id and st.id = ${entityId})`,
    })
    .from(subjects)
    .where(
      and(
        eq(subjects.id, sql.placeholder('subjectId')),
        eq(subjects.institutionId, sql.placeholder('institutionId')),
        isNull(subjects.deletedAt),
      ),
    )
    .prepare(name);
}

export async function loadSubjectLinks(
  deps: AppDeps,
  institutionId: string,
  subjectId: string,
  entityId: string,
): Promise<SubjectLinks | undefined> {
  const query = preparedStatement(deps.db, 'subject_links', (name) => prepareSubjectLinks(deps.db, name));
  const [row] = await query.execute({ institutionId, subjectId, entityId });
  return row;
}

/** Whether the subject (live, of the institution) is taught to a batch: the students' half of `SubjectLinks`. */
function prepareBatchSubjectLinks(db: Database, name: string) {
  return db
    .select({
      teaches: sql<boolean>`false`,
      studies: sql<boolean>`exists (
        select 1 from batch_subjects bs
        join batches b on b.id = bs.batch_id and b.deleted_at is null
        where bs.subject_id = subjects.id and bs.batch_id = ${sql.placeholder('batchId')} and bs.deleted_at is null)`,
    })
    .from(subjects)
    .where(
      and(
        eq(subjects.id, sql.placeholder('subjectId')),
        eq(subjects.institutionId, sql.placeholder('institutionId')),
        isNull(subjects.deletedAt),
      ),
    )
    .prepare(name);
}

/**
 * A student's links to a subject are their batch's: kept per batch and subject for two seconds,
 * so the students of a batch share one lookup (their batch itself is kept per student).
 */
export async function cachedStudentSubjectLinks(
  deps: AppDeps,
  institutionId: string,
  subjectId: string,
  studentId: string,
): Promise<SubjectLinks | undefined> {
  const batchId = await studentBatchId(deps, institutionId, studentId);
  if (batchId === null) return cachedSubjectLinks(deps, institutionId, subjectId, studentId);
  return cachedRead(
    deps.db,
    institutionId,
    `subject_links_of_batch:${batchId}:${subjectId}`,
    async () => {
      const query = preparedStatement(deps.db, 'batch_subject_links', (name) =>
        prepareBatchSubjectLinks(deps.db, name),
      );
      const [row] = await query.execute({ institutionId, subjectId, batchId });
      return row;
    },
    STEADY_TTL_MS,
  );
}

/**
 * `loadSubjectLinks` through the short-lived read cache (lib/read-cache.ts), per person and
 * subject: for reading chapters, which every subject page does. Authoring checks do not use it.
 */
export function cachedSubjectLinks(
  deps: AppDeps,
  institutionId: string,
  subjectId: string,
  entityId: string,
): Promise<SubjectLinks | undefined> {
  return cachedRead(deps.db, institutionId, `subject_links:${entityId}:${subjectId}`, () =>
    loadSubjectLinks(deps, institutionId, subjectId, entityId),
  );
}
