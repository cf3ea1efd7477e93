import {
  type CreateBatchStudentBody,
  dateText,
  fileSlug,
  type IssuedCredential,
  isPlausibleBirthDate,
  MESSAGES,
  type MoveStudentBody,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type Student,
  type UpdateStudentBody,
} from '@portal/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  batches,
  batchSubjectStudents,
  batchSubjects,
  institutions,
  students,
  users,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { institutionToday } from '../../lib/institution-day.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  createLogins,
  presentCredential,
  renewCredential,
  resetCredentials,
  setUsersArchived,
  usernameFor,
} from '../accounts/accounts.service.js';
import { presentStudent, type StudentRow } from './students.presenter.js';

/** The database or a transaction of it. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const studentColumns = {
  id: students.id,
  userId: students.userId,
  username: users.username,
  name: students.name,
  admissionYear: students.admissionYear,
  gender: students.gender,
  email: students.email,
  mobile: students.mobile,
  prn: students.prn,
  motherName: students.motherName,
  fatherName: students.fatherName,
  guardianName: students.guardianName,
  dateOfBirth: students.dateOfBirth,
  uploadAssessmentNotAllowed: students.uploadAssessmentNotAllowed,
  extraTimePercent: students.extraTimePercent,
  batchId: batches.id,
  batchTitle: batches.title,
  archivedAt: students.archivedAt,
};

/** Students with their username and (live) batch, in one query; the caller adds the filter. */
function selectStudents(db: Executor) {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(batches, and(eq(batches.id, students.batchId), isNull(batches.deletedAt)));
}

async function findStudent(db: Executor, institutionId: string, id: string): Promise<StudentRow> {
  const [row] = await selectStudents(db).where(
    and(eq(students.id, id), eq(students.institutionId, institutionId)),
  );
  if (!row) throw notFound();
  return row;
}

/** All of these students, or 404 when any is missing or another institution's. */
async function findStudents(db: Executor, institutionId: string, ids: string[]): Promise<StudentRow[]> {
  const rows = await selectStudents(db)
    .where(and(inArray(students.id, ids), eq(students.institutionId, institutionId)))
    .orderBy(asc(students.name));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** A live batch of the institution, or 404. */
export async function findBatch(db: Executor, institutionId: string, id: string) {
  const [row] = await db
    .select({ id: batches.id, title: batches.title })
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.institutionId, institutionId), isNull(batches.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** The enrolment rule (students.policy.ts): every current batch subject of the batch, one statement. */
export async function enrolInBatchSubjects(db: Executor, batchId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await db.execute(sql`
    insert into ${batchSubjectStudents} (batch_subject_id, student_id)
    select ${batchSubjects.id}, enrolled.id
    from ${batchSubjects} cross join unnest(${sql.param(studentIds)}::uuid[]) as enrolled(id)
    where ${batchSubjects.batchId} = ${batchId} and ${batchSubjects.deletedAt} is null
    on conflict do nothing`);
}

/** The student-table values of a create body (shared by the form and the CSV import). */
export function studentValues(
  caller: AuthUser,
  batchId: string,
  userId: string,
  body: CreateBatchStudentBody,
): typeof students.$inferInsert {
  return {
    institutionId: caller.institutionId!,
    userId,
    batchId,
    name: body.name,
    gender: body.gender,
    dateOfBirth: body.date_of_birth,
    // Read-only in the form: the institution's academic year unless the file gives one.
    admissionYear: body.admission_year || caller.academicYear,
    email: body.email,
    mobile: body.mobile,
    prn: body.prn || null,
    fatherName: body.father_name || null,
    motherName: body.mother_name || null,
    guardianName: body.guardian_name || null,
  };
}

/** A batch's students, archived ones included, ordered by name, in one query (404 for a foreign batch). */
export async function listBatchStudents(deps: AppDeps, institutionId: string, batchId: string) {
  const rows = await deps.db
    .select({
      ...studentColumns,
      // Null on the one row of an empty batch.
      id: sql<string | null>`${students.id}`,
      batchTitle: batches.title,
      academicYear: batches.academicYear,
      institutionTitle: institutions.title,
    })
    .from(batches)
    .innerJoin(institutions, eq(institutions.id, batches.institutionId))
    .leftJoin(students, eq(students.batchId, batches.id))
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(eq(batches.id, batchId), eq(batches.institutionId, institutionId), isNull(batches.deletedAt)))
    .orderBy(asc(students.name), asc(students.id));
  const [first] = rows;
  if (!first) throw notFound();
  return {
    batch: { id: batchId, title: first.batchTitle, academicYear: first.academicYear },
    institutionTitle: first.institutionTitle,
    students: rows.filter((row) => row.id !== null).map((row) => presentStudent(row as StudentRow)),
  };
}

/**
 * A page of a batch's students, archived ones included, ordered by name (then id); the first page
 * also counts them. 404 for a batch the institution does not have.
 */
export async function pageBatchStudents(
  deps: AppDeps,
  institutionId: string,
  batchId: string,
  query: PageQuery,
): Promise<{ students: Student[]; page: PageInfo }> {
  const page = readPage(query, PAGE_SIZE.default);
  const [batch, rows] = await Promise.all([
    deps.db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(eq(batches.id, batchId), eq(batches.institutionId, institutionId), isNull(batches.deletedAt)),
      ),
    selectStudents(deps.db)
      .where(
        and(
          eq(students.institutionId, institutionId),
          eq(students.batchId, batchId),
          page.after
            ? sql`(${students.name}, ${students.id}) > (select p.name, p.id from students p
                where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
            : undefined,
        ),
      )
      .orderBy(asc(students.name), asc(students.id))
      .limit(page.limit + 1),
  ]);
  if (batch.length === 0) throw notFound();
  const total = page.after
    ? null
    : (
        await deps.db
          .select({ total: sql<number>`count(*)::int` })
          .from(students)
          .where(and(eq(students.institutionId, institutionId), eq(students.batchId, batchId)))
      )[0]!.total;
  const { rows: kept, page: info } = pageOf(rows, page, (row) => [row.id], total);
  return { students: kept.map(presentStudent), page: info };
}

export async function getStudent(deps: AppDeps, institutionId: string, id: string): Promise<Student> {
  return presentStudent(await findStudent(deps.db, institutionId, id));
}

/** The institution's students among `ids` (unknown ids are left out), in one query. */
export async function listStudentsByIds(deps: AppDeps, institutionId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectStudents(deps.db)
    .where(and(inArray(students.id, ids), eq(students.institutionId, institutionId)))
    .orderBy(asc(students.name));
  return rows.map(presentStudent);
}

/** The schema refuses dates of birth before 1900; this refuses those after the institution's today. */
async function assertPlausibleBirthDate(
  deps: AppDeps,
  institutionId: string,
  dateOfBirth: string | null | undefined,
) {
  if (!dateOfBirth) return;
  if (!isPlausibleBirthDate(dateOfBirth, await institutionToday(deps, institutionId))) {
    throw badRequest(MESSAGES.dateOfBirthRange, { date_of_birth: MESSAGES.dateOfBirthRange });
  }
}

/** Creates the login (generated password, decision 4) and the student, enrolled per the rule. */
export async function createStudent(
  deps: AppDeps,
  caller: AuthUser,
  batchId: string,
  body: CreateBatchStudentBody,
): Promise<{ student: Student; credential: IssuedCredential }> {
  const institutionId = caller.institutionId!;
  await findBatch(deps.db, institutionId, batchId);
  await assertPlausibleBirthDate(deps, institutionId, body.date_of_birth);
  const username = usernameFor(body);
  const { studentId, login } = await deps.db.transaction(async (tx) => {
    const [login] = await createLogins(tx, institutionId, 'student', [username]);
    const [row] = await tx
      .insert(students)
      .values(studentValues(caller, batchId, login!.userId, body))
      .returning({ id: students.id });
    await enrolInBatchSubjects(tx, batchId, [row!.id]);
    return { studentId: row!.id, login: login! };
  });
  const student = await getStudent(deps, institutionId, studentId);
  return { student, credential: presentCredential({ id: student._id, name: student.name }, login) };
}

export async function updateStudent(
  deps: AppDeps,
  institutionId: string,
  id: string,
  body: UpdateStudentBody,
): Promise<Student> {
  await findStudent(deps.db, institutionId, id);
  await assertPlausibleBirthDate(deps, institutionId, body.date_of_birth);
  const changes: Partial<typeof students.$inferInsert> = {
    name: body.name,
    motherName: body.mother_name,
    fatherName: body.father_name,
    guardianName: body.guardian_name,
    dateOfBirth: body.date_of_birth,
    admissionYear: body.admission_year,
    email: body.email,
    mobile: body.mobile,
    gender: body.gender,
    prn: body.prn,
    uploadAssessmentNotAllowed: body.uploadAssessmentNotAllowed,
    extraTimePercent: body.extra_time_percent,
  };
  // Absent fields stay as they are; an empty text clears an optional one.
  const set = Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, value === '' ? null : value]),
  );
  if (Object.keys(set).length > 0) {
    await deps.db
      .update(students)
      .set({ ...set, updatedAt: deps.clock.now() })
      .where(and(eq(students.id, id), eq(students.institutionId, institutionId)));
  }
  return getStudent(deps, institutionId, id);
}

/** Archives the students (all or none: 404 if any is unknown); their sign-in and tokens stop at once. */
export async function archiveStudents(deps: AppDeps, institutionId: string, ids: string[]): Promise<number> {
  const rows = await findStudents(deps.db, institutionId, ids);
  const now = deps.clock.now();
  await setUsersArchived(
    deps.db,
    rows.map((row) => row.userId),
    now,
    {
      writeProfiles: async (tx) => {
        await lockStudents(
          tx,
          rows.map((row) => row.id),
        );
        await tx
          .update(students)
          .set({ archivedAt: sql`coalesce(${students.archivedAt}, ${now})`, updatedAt: now })
          .where(
            inArray(
              students.id,
              rows.map((row) => row.id),
            ),
          );
      },
    },
  );
  return rows.length;
}

export async function unarchiveStudent(deps: AppDeps, institutionId: string, id: string): Promise<Student> {
  const row = await findStudent(deps.db, institutionId, id);
  const restored = await setUsersArchived(deps.db, [row.userId], null, {
    writeProfiles: async (tx) => {
      await lockStudents(tx, [row.id]);
      await tx
        .update(students)
        .set({ archivedAt: null, updatedAt: deps.clock.now() })
        .where(eq(students.id, id));
    },
    answer: (tx) => findStudent(tx, institutionId, id),
  });
  return presentStudent(restored!);
}

/** Row locks in one order (by id), so archives and unarchives of the same students queue up. */
async function lockStudents(tx: Executor, ids: string[]) {
  await tx
    .select({ id: students.id })
    .from(students)
    .where(inArray(students.id, ids))
    .orderBy(asc(students.id))
    .for('update');
}

/** New generated passwords (changed at the next sign-in); earlier tokens stop working. */
export async function resetStudentPasswords(
  deps: AppDeps,
  institutionId: string,
  ids: string[],
): Promise<IssuedCredential[]> {
  return resetCredentials(deps.db, await findStudents(deps.db, institutionId, ids));
}

/** PUT /api/students/new-user: a new username (typed, else decision 4's default) and password. */
export async function renewStudentLogin(
  deps: AppDeps,
  institutionId: string,
  id: string,
  typed: string | undefined,
): Promise<IssuedCredential> {
  return renewCredential(deps.db, await findStudent(deps.db, institutionId, id), typed);
}

/** PATCH /api/batches/student: moves the student and their enrolments, in one transaction. */
export async function moveStudent(deps: AppDeps, institutionId: string, body: MoveStudentBody) {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ batchId: students.batchId, liveBatchId: batches.id })
      .from(students)
      .leftJoin(batches, and(eq(batches.id, students.batchId), isNull(batches.deletedAt)))
      .where(and(eq(students.id, body.student_id), eq(students.institutionId, institutionId)))
      .for('update', { of: students });
    if (!current) throw notFound();
    await findBatch(tx, institutionId, body.new_batch);
    // A deleted batch shows as none (the presenter's null), so old_batch null matches it.
    if (current.liveBatchId !== body.old_batch) throw conflict(MESSAGES.studentMoveStale);
    if (current.batchId === body.new_batch) return;
    await tx
      .update(students)
      .set({ batchId: body.new_batch, batchJoinedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(eq(students.id, body.student_id));
    if (current.batchId) {
      await tx.execute(sql`
        delete from ${batchSubjectStudents}
        where ${batchSubjectStudents.studentId} = ${body.student_id}
          and ${batchSubjectStudents.batchSubjectId} in (
            select ${batchSubjects.id} from ${batchSubjects} where ${batchSubjects.batchId} = ${current.batchId})`);
    }
    await enrolInBatchSubjects(tx, body.new_batch, [body.student_id]);
  });
  return getStudent(deps, institutionId, body.student_id);
}

/** The batch's student list as a PDF (template `studentList`). */
export async function studentListPdf(deps: AppDeps, institutionId: string, batchId: string) {
  const list = await listBatchStudents(deps, institutionId, batchId);
  const pdf = await renderPdfTemplate('studentList', {
    institution: list.institutionTitle,
    academicYear: list.batch.academicYear,
    batch: list.batch.title,
    students: list.students.map((student) => ({
      name: student.name,
      dateOfBirth: dateText(student.date_of_birth),
      prn: student.prn ?? '',
      username: student.username,
      archived: student.archived,
    })),
  });
  return { pdf, filename: `students-${fileSlug(list.batch.title, 'batch')}.pdf` };
}

/** A credentials sheet of what the moderator was shown; nothing is looked up or stored. */
export function credentialsSheetPdf(
  institution: string,
  title: string,
  accounts: { name: string; username: string; password: string }[],
) {
  return renderPdfTemplate('credentials', { institution, title, accounts });
}
