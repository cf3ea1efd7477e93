import type { LiveEventKind, LiveEventRefs } from '@portal/shared';
import type { Database, Transaction } from '../../db/client.js';
import type { EventAudience } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { insertEvent } from './events.repository.js';

/**
 * Every module announces its changes through here (decision 34): the event is written with the
 * change (pass the change's transaction where there is one) and reaches the streams of every
 * instance through NOTIFY once it commits.
 */
export function publishEvent(
  deps: Pick<AppDeps, 'clock'>,
  executor: Database | Transaction,
  event: { institutionId: string; kind: LiveEventKind; audience: EventAudience; refs: LiveEventRefs },
): Promise<void> {
  return insertEvent(executor, event, deps.clock.now());
}

/** The whole institution (every moderator, faculty member and student). */
export const everyone = (): EventAudience => ({ roles: ['moderator', 'faculty', 'student'] });

/** An announcement's readers: moderators, and the chosen batches' students and teachers. */
export const announcementAudience = (batchIds: string[]): EventAudience =>
  batchIds.length === 0 ? everyone() : { roles: ['moderator'], batches: batchIds };

/** A batch subject's enrolled students and teachers, and the moderators. */
export const batchSubjectAudience = (batchSubjectId: string): EventAudience => ({
  roles: ['moderator'],
  batch_subjects: [batchSubjectId],
});

/** A doubt's reply: its asker (a student record id) and the batch subject's teachers. */
export const doubtAudience = (askerStudentId: string, batchSubjectId: string): EventAudience => ({
  students: [askerStudentId],
  teachers: [batchSubjectId],
});

/** A custom session's: exactly the students selected (their user ids), its author and the moderators. */
export const selectedUsersAudience = (userIds: string[]): EventAudience => ({
  roles: ['moderator'],
  users: userIds,
});
