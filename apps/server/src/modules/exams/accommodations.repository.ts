import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';

export interface AccommodationRow extends Record<string, unknown> {
  student_id: string;
  student_name: string;
  extra_minutes: number;
  extra_percent: number | null;
  due_date: Date | null;
  updated_at: Date;
}

/** The examination's accommodations, by student name. */
export async function listAccommodations(db: Database, assessmentId: string): Promise<AccommodationRow[]> {
  const result = await executePrepared<AccommodationRow>(
    db,
    sql`select acc.student_id, st.name as student_name, acc.extra_minutes, acc.extra_percent::float8 as extra_percent,
        acc.due_date, acc.updated_at
      from exam_accommodations acc join students st on st.id = acc.student_id
      where acc.assessment_id = ${assessmentId}
      order by st.name, st.id`,
  );
  return result.rows;
}

export interface EnrolledStudentRow extends Record<string, unknown> {
  id: string;
  name: string;
  extra_time_percent: number;
}

/** The students who sit the batch subject's examinations (of its batch, enrolled, not archived), by name. */
export async function enrolledStudents(
  db: Database,
  batchSubjectId: string,
  batchId: string,
): Promise<EnrolledStudentRow[]> {
  const result = await executePrepared<EnrolledStudentRow>(
    db,
    sql`select st.id, st.name, st.extra_time_percent::float8 as extra_time_percent
      from batch_subject_students bss
      join students st on st.id = bss.student_id and st.archived_at is null and st.batch_id = ${batchId}
      where bss.batch_subject_id = ${batchSubjectId}
      order by st.name, st.id`,
  );
  return result.rows;
}

export interface AccommodationValues {
  institutionId: string;
  assessmentId: string;
  studentId: string;
  extraMinutes: number;
  extraPercent: number | null;
  dueDate: Date | null;
  userId: string;
  now: Date;
}

/** Gives the student their accommodation for the examination, replacing the one they had. */
export async function saveAccommodation(db: Database, values: AccommodationValues): Promise<void> {
  await executePrepared(
    db,
    sql`insert into exam_accommodations (institution_id, assessment_id, student_id, extra_minutes, extra_percent,
        due_date, updated_by, created_at, updated_at)
      values (${values.institutionId}, ${values.assessmentId}, ${values.studentId}, ${values.extraMinutes},
        ${values.extraPercent}, ${values.dueDate}, ${values.userId}, ${values.now}, ${values.now})
      on conflict (assessment_id, student_id) do update set extra_minutes = excluded.extra_minutes,
        extra_percent = excluded.extra_percent, due_date = excluded.due_date, updated_by = excluded.updated_by,
        updated_at = excluded.updated_at`,
  );
}

/** Removes the student's accommodation; answers whether there was one. */
export async function removeAccommodation(
  db: Database,
  assessmentId: string,
  studentId: string,
): Promise<boolean> {
  const result = await executePrepared<{ id: string }>(
    db,
    sql`delete from exam_accommodations where assessment_id = ${assessmentId} and student_id = ${studentId}
      returning id`,
  );
  return result.rows.length > 0;
}

/** The latest later due date given for the examination, or null. */
export async function laterDueDate(db: Database | Transaction, assessmentId: string): Promise<Date | null> {
  const result = await executePrepared<{ latest: Date | null }>(
    db,
    sql`select max(due_date) as latest from exam_accommodations where assessment_id = ${assessmentId}`,
  );
  const latest = result.rows[0]?.latest;
  return latest ? new Date(latest) : null;
}
