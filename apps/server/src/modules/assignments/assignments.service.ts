import {
  type Batch,
  type BatchSubjectFaculties,
  formatMessage,
  MESSAGES,
  type StudentsAdded,
  type StudentsRemoved,
  type SubjectStudent,
  type SubjectStudents,
} from '@portal/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  batches,
  batchSubjectFaculties,
  batchSubjectStudents,
  batchSubjects,
  faculties,
  students,
  subjects,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';

/** A live batch subject (its batch and subject live too) of the institution, or 404. */
async function findBatchSubject(deps: AppDeps, institutionId: string, id: string) {
  const [row] = await deps.db
    .select({ id: batchSubjects.id })
    .from(batchSubjects)
    .innerJoin(batches, and(eq(batches.id, batchSubjects.batchId), isNull(batches.deletedAt)))
    .innerJoin(subjects, and(eq(subjects.id, batchSubjects.subjectId), isNull(subjects.deletedAt)))
    .where(
      and(
        eq(batchSubjects.id, id),
        eq(batchSubjects.institutionId, institutionId),
        isNull(batchSubjects.deletedAt),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** These faculty members of the institution (archived included), or 404 when any is not. */
async function findFaculties(deps: AppDeps, institutionId: string, ids: string[]) {
  const rows = await deps.db
    .select({ id: faculties.id, name: faculties.name, archivedAt: faculties.archivedAt })
    .from(faculties)
    .where(and(inArray(faculties.id, ids), eq(faculties.institutionId, institutionId)));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** These students of the institution (archived included), or 404 when any is not. */
async function findStudents(deps: AppDeps, institutionId: string, ids: string[]) {
  const rows = await deps.db
    .select({ id: students.id, name: students.name, archivedAt: students.archivedAt })
    .from(students)
    .where(and(inArray(students.id, ids), eq(students.institutionId, institutionId)));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

function refuseArchived(
  rows: { name: string; archivedAt: Date | null }[],
  message: string,
  field: 'faculty_ids' | 'student_ids',
) {
  const archived = rows.filter((row) => row.archivedAt !== null).map((row) => row.name);
  if (archived.length > 0) {
    const text = formatMessage(message, { names: archived.sort().join(', ') });
    throw badRequest(text, { [field]: text });
  }
}

/** The batch subject's active faculty, by name. */
async function currentFaculties(deps: AppDeps, batchSubjectId: string): Promise<BatchSubjectFaculties> {
  const rows = await deps.db
    .select({ _id: faculties.id, name: faculties.name })
    .from(batchSubjectFaculties)
    .innerJoin(faculties, eq(faculties.id, batchSubjectFaculties.facultyId))
    .where(and(eq(batchSubjectFaculties.batchSubjectId, batchSubjectId), isNull(faculties.archivedAt)))
    .orderBy(asc(faculties.name), asc(faculties.id));
  return { batch_subject_id: batchSubjectId, faculties: rows };
}

/** Assigns faculty members to a batch subject; members already assigned stay as they are. */
export async function assignFaculties(
  deps: AppDeps,
  institutionId: string,
  batchSubjectId: string,
  facultyIds: string[],
): Promise<BatchSubjectFaculties> {
  await findBatchSubject(deps, institutionId, batchSubjectId);
  refuseArchived(
    await findFaculties(deps, institutionId, facultyIds),
    MESSAGES.archivedFacultyRefused,
    'faculty_ids',
  );
  await deps.db
    .insert(batchSubjectFaculties)
    .values(facultyIds.map((facultyId) => ({ batchSubjectId, facultyId, createdAt: deps.clock.now() })))
    .onConflictDoNothing();
  return currentFaculties(deps, batchSubjectId);
}

/** Removes faculty members from a batch subject; their authoring rights on it end with it. */
export async function removeFaculties(
  deps: AppDeps,
  institutionId: string,
  batchSubjectId: string,
  facultyIds: string[],
): Promise<BatchSubjectFaculties> {
  await findBatchSubject(deps, institutionId, batchSubjectId);
  await findFaculties(deps, institutionId, facultyIds);
  await deps.db
    .delete(batchSubjectFaculties)
    .where(
      and(
        eq(batchSubjectFaculties.batchSubjectId, batchSubjectId),
        inArray(batchSubjectFaculties.facultyId, facultyIds),
      ),
    );
  return currentFaculties(deps, batchSubjectId);
}

async function activeStudentCount(deps: AppDeps, batchSubjectId: string): Promise<number> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(batchSubjectStudents)
    .innerJoin(students, eq(students.id, batchSubjectStudents.studentId))
    .where(and(eq(batchSubjectStudents.batchSubjectId, batchSubjectId), isNull(students.archivedAt)));
  return row?.count ?? 0;
}

/** Adds students to a batch subject (one statement); those already on it are left as they are. */
export async function addStudents(
  deps: AppDeps,
  institutionId: string,
  batchSubjectId: string,
  studentIds: string[],
): Promise<StudentsAdded> {
  await findBatchSubject(deps, institutionId, batchSubjectId);
  refuseArchived(
    await findStudents(deps, institutionId, studentIds),
    MESSAGES.archivedStudentsRefused,
    'student_ids',
  );
  const added = await deps.db
    .insert(batchSubjectStudents)
    .values(studentIds.map((studentId) => ({ batchSubjectId, studentId, createdAt: deps.clock.now() })))
    .onConflictDoNothing()
    .returning({ studentId: batchSubjectStudents.studentId });
  return {
    batch_subject_id: batchSubjectId,
    added: added.length,
    student_count: await activeStudentCount(deps, batchSubjectId),
  };
}

/** Removes students from a batch subject (one statement). */
export async function removeStudents(
  deps: AppDeps,
  institutionId: string,
  batchSubjectId: string,
  studentIds: string[],
): Promise<StudentsRemoved> {
  await findBatchSubject(deps, institutionId, batchSubjectId);
  await findStudents(deps, institutionId, studentIds);
  const removed = await deps.db
    .delete(batchSubjectStudents)
    .where(
      and(
        eq(batchSubjectStudents.batchSubjectId, batchSubjectId),
        inArray(batchSubjectStudents.studentId, studentIds),
      ),
    )
    .returning({ studentId: batchSubjectStudents.studentId });
  return {
    batch_subject_id: batchSubjectId,
    removed: removed.length,
    student_count: await activeStudentCount(deps, batchSubjectId),
  };
}

/** Active students of the institution (optionally of one batch) matching `where`, by name. */
function selectSubjectStudents(
  deps: AppDeps,
  institutionId: string,
  batchId: string | undefined,
  where: SQL,
): Promise<SubjectStudent[]> {
  return deps.db
    .select({
      _id: students.id,
      name: students.name,
      batch_id: batches.id,
      batch_title: batches.title,
    })
    .from(students)
    .leftJoin(batches, and(eq(batches.id, students.batchId), isNull(batches.deletedAt)))
    .where(
      and(
        eq(students.institutionId, institutionId),
        isNull(students.archivedAt),
        batchId ? eq(students.batchId, batchId) : undefined,
        where,
      ),
    )
    .orderBy(asc(students.name), asc(students.id));
}

/**
 * The Add/Remove Student screen: the subject's active students, and the institution's other active
 * students who could be added (optionally only one batch's); one query each.
 */
export async function subjectStudents(
  deps: AppDeps,
  institutionId: string,
  batchSubjectId: string,
  batchId: string | undefined,
): Promise<SubjectStudents> {
  await findBatchSubject(deps, institutionId, batchSubjectId);
  if (batchId) {
    const [batch] = await deps.db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(eq(batches.id, batchId), eq(batches.institutionId, institutionId), isNull(batches.deletedAt)),
      );
    if (!batch) throw notFound();
  }
  const enrolment = sql`exists (select 1 from ${batchSubjectStudents} bss
    where bss.batch_subject_id = ${batchSubjectId} and bss.student_id = ${students.id})`;
  const [enrolled, available] = await Promise.all([
    selectSubjectStudents(deps, institutionId, batchId, enrolment),
    selectSubjectStudents(deps, institutionId, batchId, sql`not ${enrolment}`),
  ]);
  return { enrolled, available };
}

// "Class 8 A" before "Class 10 A": numbers inside titles compare as numbers.
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A faculty member's batches (those with a batch subject they teach) or a student's own, in one query. */
export async function myBatches(deps: AppDeps, user: AuthUser): Promise<Batch[]> {
  const mine =
    user.permission === 'faculty'
      ? sql`exists (select 1 from ${batchSubjectFaculties} bsf
          join ${batchSubjects} bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
          where bs.batch_id = ${batches.id} and bsf.faculty_id = ${user.entityId})`
      : sql`${batches.id} = (select st.batch_id from ${students} st where st.id = ${user.entityId})`;
  const rows = await deps.db
    .select({
      id: batches.id,
      title: batches.title,
      academicYear: batches.academicYear,
      displayOrder: batches.displayOrder,
      studentCount: sql<number>`count(${students.id})::int`,
    })
    .from(batches)
    .leftJoin(students, and(eq(students.batchId, batches.id), isNull(students.archivedAt)))
    .where(and(eq(batches.institutionId, user.institutionId!), isNull(batches.deletedAt), mine))
    .groupBy(batches.id);
  return rows
    .map(
      (row): Batch => ({
        _id: row.id,
        title: row.title,
        academic_year: row.academicYear,
        display_order: row.displayOrder,
        student_count: row.studentCount,
      }),
    )
    .sort((a, b) => a.display_order - b.display_order || naturalOrder.compare(a.title, b.title));
}
