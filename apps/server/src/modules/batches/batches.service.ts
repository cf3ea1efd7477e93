import type { Batch, CreateBatchBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { batches, students } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../lib/app-error.js';

type BatchRow = typeof batches.$inferSelect;

// "Class 8 A" before "Class 10 A": numbers inside titles compare as numbers.
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function present(row: BatchRow, studentCount: number, list?: Batch['students']): Batch {
  return {
    _id: row.id,
    title: row.title,
    academic_year: row.academicYear,
    display_order: row.displayOrder,
    student_count: studentCount,
    ...(list ? { students: list } : {}),
  };
}

const activeStudents = sql`${students.archivedAt} is null`;

/** The institution's batches with their student counts (and optionally names), in one query. */
export async function listBatches(
  deps: AppDeps,
  institutionId: string,
  withStudents: boolean,
): Promise<Batch[]> {
  const rows = await deps.db
    .select({
      batch: batches,
      studentCount: sql<number>`count(${students.id})::int`,
      students: withStudents
        ? sql<
            Batch['students']
          >`coalesce(json_agg(json_build_object('_id', ${students.id}, 'name', ${students.name}) order by ${students.name}) filter (where ${students.id} is not null), '[]')`
        : sql<undefined>`null`,
    })
    .from(batches)
    .leftJoin(students, and(eq(students.batchId, batches.id), activeStudents))
    .where(and(eq(batches.institutionId, institutionId), isNull(batches.deletedAt)))
    .groupBy(batches.id);
  return rows
    .map((row) => present(row.batch, row.studentCount, row.students ?? undefined))
    .sort((a, b) => a.display_order - b.display_order || naturalOrder.compare(a.title, b.title));
}

export async function createBatch(
  deps: AppDeps,
  institutionId: string,
  body: CreateBatchBody,
): Promise<Batch> {
  const [row] = await deps.db
    .insert(batches)
    .values({
      institutionId,
      title: body.title,
      academicYear: body.academic_year,
      displayOrder: body.display_order,
    })
    .returning();
  return present(row!, 0);
}

/** Another institution's batch, or a deleted one, is "not found". */
async function findBatch(deps: AppDeps, institutionId: string, id: string): Promise<BatchRow> {
  const [row] = await deps.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.institutionId, institutionId), isNull(batches.deletedAt)));
  if (!row) throw notFound();
  return row;
}

export async function renameBatch(
  deps: AppDeps,
  institutionId: string,
  id: string,
  title: string,
): Promise<Batch> {
  await findBatch(deps, institutionId, id);
  const [row] = await deps.db.update(batches).set({ title }).where(eq(batches.id, id)).returning();
  const [count] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.batchId, id), activeStudents));
  return present(row!, count?.count ?? 0);
}

/** Soft delete; a batch that still has active students is kept (decision 6). */
export async function deleteBatch(deps: AppDeps, institutionId: string, id: string): Promise<void> {
  await findBatch(deps, institutionId, id);
  await deps.db.transaction(async (tx) => {
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(students)
      .where(and(eq(students.batchId, id), activeStudents));
    if ((count?.count ?? 0) > 0) throw conflict(MESSAGES.batchHasStudents);
    await tx.update(batches).set({ deletedAt: deps.clock.now() }).where(eq(batches.id, id));
  });
}
