import { formatMessage, type IssuedCredential, MESSAGES } from '@portal/shared';
import { students } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/app-error.js';
import { institutionToday } from '../../lib/institution-day.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createLogins, presentCredential, takenUsernames } from '../accounts/accounts.service.js';
import { readOwnUpload } from '../uploads/uploads.service.js';
import { markTakenUsernames, readStudentCsv, rowErrorFields } from './students.import.js';
import { enrolInBatchSubjects, findBatch, studentValues } from './students.service.js';

// Keeps each statement well under PostgreSQL's 65,535 parameters.
const INSERT_CHUNK = 1000;

/**
 * POST /api/batches/{batchId}/students/csv: the whole file is checked first (every row against
 * the Add Student rules, usernames inside the file and against existing accounts in one query);
 * any bad row rejects the file with every row's reasons and nothing written. A good file creates
 * every login and student, enrolled per the rule, in one transaction.
 */
export async function importStudents(
  deps: AppDeps,
  caller: AuthUser,
  batchId: string,
  contentUrl: string,
): Promise<{ created: number; credentials: IssuedCredential[] }> {
  const institutionId = caller.institutionId!;
  await findBatch(deps.db, institutionId, batchId);
  const read = readStudentCsv(
    await readOwnUpload(deps, institutionId, contentUrl),
    await institutionToday(deps, institutionId),
  );
  markTakenUsernames(
    read,
    await takenUsernames(
      deps.db,
      read.rows.map((row) => row.username),
    ),
  );
  if (read.errors.size > 0) {
    const message = formatMessage(MESSAGES.csvRowsRejected, {
      count: String(read.errors.size),
      total: String(read.total),
    });
    throw badRequest(message, rowErrorFields(read.errors));
  }

  const { ids, logins } = await deps.db.transaction(async (tx) => {
    const logins = await createLogins(
      tx,
      institutionId,
      'student',
      read.rows.map((row) => row.username),
    );
    const ids: string[] = [];
    for (let start = 0; start < read.rows.length; start += INSERT_CHUNK) {
      const chunk = read.rows.slice(start, start + INSERT_CHUNK);
      const inserted = await tx
        .insert(students)
        .values(
          chunk.map((row, index) => studentValues(caller, batchId, logins[start + index]!.userId, row.body)),
        )
        .returning({ id: students.id });
      ids.push(...inserted.map((row) => row.id));
    }
    await enrolInBatchSubjects(tx, batchId, ids);
    return { ids, logins };
  });
  return {
    created: ids.length,
    credentials: read.rows.map((row, index) =>
      presentCredential({ id: ids[index]!, name: row.body.name }, logins[index]!),
    ),
  };
}
