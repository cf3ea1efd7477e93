import {
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type Profile,
  type TaughtStudent,
  type Teacher,
} from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { batches, faculties, institutions, students, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { institutionToday } from '../../lib/institution-day.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';

/** The signed-in person's profile in one query: their login, record (student or faculty) and institution. */
export async function ownProfile(deps: AppDeps, user: AuthUser): Promise<Profile> {
  const [row] = await deps.db
    .select({
      userId: users.id,
      username: users.username,
      userEmail: users.email,
      student: students,
      faculty: faculties,
      batchTitle: batches.title,
      institutionName: institutions.title,
      institutionLogo: institutions.navLogo,
      academicYear: institutions.academicYear,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(faculties, eq(faculties.userId, users.id))
    .leftJoin(batches, eq(batches.id, students.batchId))
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .where(eq(users.id, user.userId));
  if (!row) throw notFound();
  const person = row.student ?? row.faculty;
  return {
    user_id: row.userId,
    username: row.username,
    role: user.permission,
    name: person?.name ?? row.username,
    avatar: person?.avatar ?? null,
    gender: person?.gender ?? null,
    prn: person?.prn ?? null,
    admission_year: row.student?.admissionYear ?? null,
    date_of_birth: row.student?.dateOfBirth ?? null,
    designation: row.faculty?.designation ?? null,
    email: person?.email ?? (row.userEmail ? [row.userEmail] : []),
    mobile: person?.mobile ?? [],
    academic_year: row.academicYear,
    batch_title: row.batchTitle,
    institution_name: row.institutionName,
    institution_logo: row.institutionLogo || null,
    today: user.institutionId ? await institutionToday(deps, user.institutionId) : null,
  };
}

/**
 * My teachers: the active faculty of the live batch subjects of the student's batch, each with
 * the subjects they teach it, in one query.
 */
export async function ownTeachers(deps: AppDeps, user: AuthUser): Promise<Teacher[]> {
  const institutionId = institutionOf(user);
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (!batchId) return [];
  const result = await deps.db.execute<Teacher & Record<string, unknown>>(sql`
    select f.id as "_id", f.name, f.designation, f.avatar,
      json_agg(json_build_object('id', s.id, 'title', s.title, 'batch_subject_id', bs.id)
        order by s.title) as subjects
    from batch_subject_faculties bsf
    join batch_subjects bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
    join subjects s on s.id = bs.subject_id and s.deleted_at is null
    join faculties f on f.id = bsf.faculty_id and f.archived_at is null
    where bs.batch_id = ${batchId} and bs.institution_id = ${institutionId}
    group by f.id
    order by f.name, f.id`);
  return result.rows;
}

/** The active students of the batches the faculty member teaches a subject to, in one query. */
export async function taughtStudents(
  deps: AppDeps,
  user: AuthUser,
  query: PageQuery,
): Promise<{ students: TaughtStudent[]; page: PageInfo }> {
  const institutionId = institutionOf(user);
  const page = readPage(query, PAGE_SIZE.default);
  const taught = and(
    eq(students.institutionId, institutionId),
    isNull(students.archivedAt),
    sql`exists (
      select 1 from batch_subjects bs
      join batch_subject_faculties bsf on bsf.batch_subject_id = bs.id
      where bs.batch_id = ${batches.id} and bs.deleted_at is null and bsf.faculty_id = ${user.entityId})`,
  );
  // By batch title, name and id; a later page starts after the cursor's student in that order.
  const after = page.after
    ? sql`(${batches.title}, ${students.name}, ${students.id}) > (
        select cb.title, cs.name, cs.id from students cs join batches cb on cb.id = cs.batch_id
        where cs.id = ${page.after[0]} and cs.institution_id = ${institutionId})`
    : undefined;
  const [rows, counted] = await Promise.all([
    deps.db
      .select({
        _id: students.id,
        name: students.name,
        avatar: students.avatar,
        batch_id: batches.id,
        batch_title: batches.title,
      })
      .from(students)
      .innerJoin(batches, and(eq(batches.id, students.batchId), isNull(batches.deletedAt)))
      .where(and(taught, after))
      .orderBy(batches.title, students.name, students.id)
      .limit(page.limit + 1),
    page.after
      ? null
      : deps.db
          .select({ total: sql<number>`count(*)::int` })
          .from(students)
          .innerJoin(batches, and(eq(batches.id, students.batchId), isNull(batches.deletedAt)))
          .where(taught),
  ]);
  const { rows: kept, page: info } = pageOf(rows, page, (row) => [row._id], counted?.[0]?.total ?? null);
  return { students: kept, page: info };
}
