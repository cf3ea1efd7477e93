import type { Role } from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { batches, batchSubjects, onlineSessions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { preparedStatement, queryPrepared } from '../../lib/prepared.js';
import { cachedRead, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';

/** Who may call the reading-activity and notes routes (learning §6). */
export const LEARNING_POLICY = {
  /** Views, time spent, home lists, progress, notes: a student's own learning. */
  student: ['student'],
} as const satisfies Record<string, readonly Role[]>;

/** A live batch subject of the caller's institution, as a student reads it. */
export interface ReadBatchSubject {
  batchSubjectId: string;
  batchId: string;
  subjectId: string;
}

function prepareBatchSubject(db: Database, name: string) {
  return db
    .select({
      batchSubjectId: batchSubjects.id,
      batchId: batchSubjects.batchId,
      subjectId: batchSubjects.subjectId,
    })
    .from(batchSubjects)
    .innerJoin(batches, and(eq(batches.id, batchSubjects.batchId), isNull(batches.deletedAt)))
    .where(
      and(
        eq(batchSubjects.id, sql.placeholder('batchSubjectId')),
        eq(batchSubjects.institutionId, sql.placeholder('institutionId')),
        isNull(batchSubjects.deletedAt),
      ),
    )
    .prepare(name);
}

/**
 * The batch subject a student learns in: 404 when it does not exist for their institution (or is
 * deleted), 403 when it is taught to another batch than theirs.
 */
export async function assertStudentBatchSubject(
  deps: AppDeps,
  user: AuthUser,
  batchSubjectId: string,
): Promise<ReadBatchSubject> {
  const institutionId = institutionOf(user);
  // The batch subject is the same row for every student: kept for two seconds, shared.
  const row = await cachedRead(
    deps.db,
    institutionId,
    `reader_batch_subject:${batchSubjectId}`,
    async () => {
      const query = preparedStatement(deps.db, 'reader_batch_subject', (name) =>
        prepareBatchSubject(deps.db, name),
      );
      const [found] = await query.execute({ batchSubjectId, institutionId });
      return found ?? null;
    },
    STEADY_TTL_MS,
  );
  if (!row) throw notFound();
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (row.batchId !== batchId) throw forbidden();
  return row;
}

/** A topic as a student reads it through one of their batch subjects. */
export interface ReadTopic extends ReadBatchSubject {
  topicId: string;
  chapterId: string;
}

interface ReadTopicRow {
  chapter_id: string;
  subject_id: string;
  visible: boolean;
  batch_subject_id: string | null;
  batch_id: string | null;
  batch_subject_subject_id: string | null;
}

/**
 * A topic the student may read through `batchSubjectId`: the batch subject must be theirs (403
 * otherwise), and the topic a visible one of a visible chapter of that subject (404 otherwise, as
 * a hidden topic does not exist for a student). Opening a topic and every heartbeat ask this, so
 * the topic and the batch subject are read in one prepared statement.
 */
export async function assertStudentTopic(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  batchSubjectId: string,
): Promise<ReadTopic> {
  const institutionId = institutionOf(user);
  // Opening a topic and each heartbeat ask the same question, whose answer is the same for every
  // student (their own batch is checked below): kept for two seconds, shared.
  const key = `reader_topic:${topicId}:${batchSubjectId}`;
  const row = await cachedRead(
    deps.db,
    institutionId,
    key,
    () => readTopicRow(deps, institutionId, topicId, batchSubjectId),
    STEADY_TTL_MS,
  );
  if (!row?.batch_subject_id || !row.batch_id) throw notFound();
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (row.batch_id !== batchId) throw forbidden();
  if (row.subject_id !== row.batch_subject_subject_id || !row.visible) throw notFound();
  return {
    batchSubjectId: row.batch_subject_id,
    batchId: row.batch_id,
    subjectId: row.subject_id,
    topicId,
    chapterId: row.chapter_id,
  };
}

async function readTopicRow(
  deps: AppDeps,
  institutionId: string,
  topicId: string,
  batchSubjectId: string,
): Promise<ReadTopicRow | undefined> {
  const [row] = await queryPrepared<ReadTopicRow>(
    deps.pool,
    'reader_topic',
    `select t.chapter_id, c.subject_id, (t.visibility and c.visibility) as visible,
       bs.id as batch_subject_id, bs.batch_id, bs.subject_id as batch_subject_subject_id
     from topics t
     join chapters c on c.id = t.chapter_id and c.deleted_at is null
     left join batch_subjects bs on bs.id = $3 and bs.institution_id = $2 and bs.deleted_at is null
       and exists (select 1 from batches b where b.id = bs.batch_id and b.deleted_at is null)
     where t.id = $1 and t.institution_id = $2 and t.deleted_at is null`,
    [topicId, institutionId, batchSubjectId],
  );
  return row;
}

/**
 * A live session the student may attend (decision 29): 404 when it does not exist for their
 * institution, 403 unless it is open to them (a custom session that selected them, or a session
 * of their batch in a subject they are enrolled in).
 */
export async function assertStudentSession(deps: AppDeps, user: AuthUser, sessionId: string) {
  const institutionId = institutionOf(user);
  const [session] = await deps.db
    .select({
      batchSubjectId: onlineSessions.batchSubjectId,
      invited: sql<boolean>`case when ${onlineSessions.isCustom}
        then exists (select 1 from online_session_students oss
          where oss.session_id = ${onlineSessions.id} and oss.student_id = ${user.entityId})
        else exists (select 1 from batch_subject_students bss
          join students s0 on s0.id = bss.student_id and s0.batch_id = ${onlineSessions.batchId}
          where bss.batch_subject_id = ${onlineSessions.batchSubjectId} and bss.student_id = ${user.entityId}) end`,
    })
    .from(onlineSessions)
    .where(
      and(
        eq(onlineSessions.id, sessionId),
        eq(onlineSessions.institutionId, institutionId),
        isNull(onlineSessions.deletedAt),
      ),
    );
  if (!session) throw notFound();
  if (!session.invited) throw forbidden();
  return { batchSubjectId: session.batchSubjectId };
}
