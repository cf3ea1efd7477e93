import type { LiveEventKind } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { type EventAudience, onlineSessionStudents } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { batchSubjectAudience, publishEvent } from '../events/publish.js';

interface SessionRef {
  id: string;
  institutionId: string;
  batchSubjectId: string;
  isCustom: boolean;
}

/**
 * Who hears of a session (decision 29): a batch session's enrolled students, teachers and the
 * moderators; a custom session's selected students only, with the batch subject's teachers and
 * the moderators.
 */
async function sessionAudience(
  executor: Database | Transaction,
  session: SessionRef,
): Promise<EventAudience> {
  if (!session.isCustom) return batchSubjectAudience(session.batchSubjectId);
  const selected = await executor
    .select({ studentId: onlineSessionStudents.studentId })
    .from(onlineSessionStudents)
    .where(eq(onlineSessionStudents.sessionId, session.id));
  return {
    roles: ['moderator'],
    students: selected.map((row) => row.studentId),
    teachers: [session.batchSubjectId],
  };
}

/** Tells the session's audience it was created, changed, or that its teacher joined or left. */
export async function publishSessionEvent(
  deps: Pick<AppDeps, 'clock'>,
  executor: Database | Transaction,
  session: SessionRef,
  kind: Extract<LiveEventKind, `session.${string}`>,
): Promise<void> {
  await publishEvent(deps, executor, {
    institutionId: session.institutionId,
    kind,
    audience: await sessionAudience(executor, session),
    refs: { session_id: session.id, batch_subject_id: session.batchSubjectId },
  });
}
