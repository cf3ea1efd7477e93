import {
  batchSubjectFaculties,
  batchSubjectStudents,
  batchSubjects,
  subjects,
} from '../../db/schema/index.js';
import { forgetAllReads } from '../../lib/read-cache.js';
import type { TestApp } from '../harness.js';

export async function createSubject(
  t: TestApp,
  institutionId: string,
  overrides: Partial<typeof subjects.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(subjects)
    .values({ institutionId, title: t.unique('Subject '), code: t.unique('S'), ...overrides })
    .returning();
  return row!;
}

/** A subject taught to a batch, optionally with assigned faculty and enrolled students. */
export async function createBatchSubject(
  t: TestApp,
  institutionId: string,
  batchId: string,
  options: { subjectId?: string; facultyIds?: string[]; studentIds?: string[] } = {},
) {
  const subjectId = options.subjectId ?? (await createSubject(t, institutionId)).id;
  const [row] = await t.db.insert(batchSubjects).values({ institutionId, batchId, subjectId }).returning();
  if (options.facultyIds?.length) await assignFaculty(t, row!.id, options.facultyIds);
  if (options.studentIds?.length) await enrolStudents(t, row!.id, options.studentIds);
  return row!;
}

export async function assignFaculty(t: TestApp, batchSubjectId: string, facultyIds: string[]) {
  await t.db
    .insert(batchSubjectFaculties)
    .values(facultyIds.map((facultyId) => ({ batchSubjectId, facultyId })));
}

export async function enrolStudents(t: TestApp, batchSubjectId: string, studentIds: string[]) {
  await t.db
    .insert(batchSubjectStudents)
    .values(studentIds.map((studentId) => ({ batchSubjectId, studentId })));
  // Written as the API would write it: kept reads (a student's enrolments among them) go.
  forgetAllReads(t.db);
}
