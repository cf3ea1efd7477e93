import type { Role } from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { Database } from '../../db/client.js';
import { batches, batchSubjects, chapters, onlineSessions, topics } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { preparedStatement } from '../../lib/prepared.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { studentBatchId } from '../subjects/enrolment.repository.js';

/** Who may call the reading-activity and profile routes (learning §6). */
export const LEARNING_POLICY = {
  /** Views, time spent, home lists, progress, notes: a student's own learning. */
  student: ['student'],
  /** The signed-in person's own profile. */
  profile: ['moderator', 'faculty', 'student'],
  /** Their own batch subjects: a student's batch's, or those a faculty member teaches. */
  ownBatchSubjects: ['faculty', 'student'],
  /** A faculty member's students. */
  faculty: ['faculty'],
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
  const query = preparedStatement(deps.db, 'reader_batch_subject', (name) =>
    prepareBatchSubject(deps.db, name),
  );
  const [row] = await query.execute({ batchSubjectId, institutionId });
  if (!row) throw notFound();
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (row.batchId !== batchId) throw forbidden();
  return row;
}

function prepareTopic(db: Database, name: string) {
  return db
    .select({
      topicId: topics.id,
      chapterId: topics.chapterId,
      subjectId: chapters.subjectId,
      visible: sql<boolean>`${topics.visibility} and ${chapters.visibility}`,
    })
    .from(topics)
    .innerJoin(chapters, and(eq(chapters.id, topics.chapterId), isNull(chapters.deletedAt)))
    .where(
      and(
        eq(topics.id, sql.placeholder('topicId')),
        eq(topics.institutionId, sql.placeholder('institutionId')),
        isNull(topics.deletedAt),
      ),
    )
    .prepare(name);
}

/** A topic as a student reads it through one of their batch subjects. */
export interface ReadTopic extends ReadBatchSubject {
  topicId: string;
  chapterId: string;
}

/**
 * A topic the student may read through `batchSubjectId`: the batch subject must be theirs (403
 * otherwise), and the topic a visible one of a visible chapter of that subject (404 otherwise, as
 * a hidden topic does not exist for a student).
 */
export async function assertStudentTopic(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  batchSubjectId: string,
): Promise<ReadTopic> {
  const query = preparedStatement(deps.db, 'reader_topic', (name) => prepareTopic(deps.db, name));
  const [topic] = await query.execute({ topicId, institutionId: institutionOf(user) });
  if (!topic) throw notFound();
  const batchSubject = await assertStudentBatchSubject(deps, user, batchSubjectId);
  if (topic.subjectId !== batchSubject.subjectId || !topic.visible) throw notFound();
  return { ...batchSubject, topicId, chapterId: topic.chapterId };
}

/**
 * A live session the student may attend (404 when it does not exist for their institution, 403
 * when it is another batch's, or a custom session they are not invited to).
 */
export async function assertStudentSession(deps: AppDeps, user: AuthUser, sessionId: string) {
  const institutionId = institutionOf(user);
  const [session] = await deps.db
    .select({
      batchId: onlineSessions.batchId,
      batchSubjectId: onlineSessions.batchSubjectId,
      invited: sql<boolean>`not ${onlineSessions.isCustom} or exists (
        select 1 from online_session_students oss
        where oss.session_id = ${onlineSessions.id} and oss.student_id = ${user.entityId})`,
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
  const batchId = await studentBatchId(deps, institutionId, user.entityId);
  if (session.batchId !== batchId || !session.invited) throw forbidden();
  return { batchSubjectId: session.batchSubjectId };
}
