import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';

function prepareStudentBatch(db: Database, name: string) {
  return db
    .select({ batchId: students.batchId })
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        eq(students.institutionId, sql.placeholder('institutionId')),
      ),
    )
    .prepare(name);
}

/**
 * The batch of a student record of the institution; null when they have none (or the record is
 * not the institution's). A student's batch decides what they read (batch subjects, the day's
 * plan), so it is looked up per request, through the read cache (lib/read-cache.ts); only a
 * write of the institution (a student moved) changes it, and that drops it.
 */
export function studentBatchId(
  deps: AppDeps,
  institutionId: string,
  studentId: string,
): Promise<string | null> {
  return cachedRead(
    deps.db,
    institutionId,
    `student_batch:${studentId}`,
    async () => {
      const query = preparedStatement(deps.db, 'student_batch', (name) => prepareStudentBatch(deps.db, name));
      const [row] = await query.execute({ institutionId, studentId });
      return row?.batchId ?? null;
    },
    STEADY_TTL_MS,
  );
}
