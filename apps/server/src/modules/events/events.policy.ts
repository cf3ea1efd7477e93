import type { Role } from '@portal/shared';
import type { EventAudience } from '../../db/schema/index.js';

/** Who opens a stream: every signed-in role of an institution (an owner's changes have no events). */
export const EVENT_POLICY = {
  listen: ['moderator', 'faculty', 'student'],
} as const satisfies Record<string, readonly Role[]>;

/** What a stream's user belongs to, loaded when the stream opens. */
export interface Listener {
  userId: string;
  /** The student's or faculty member's record id; the user id of a moderator. */
  entityId: string;
  role: Role;
  institutionId: string;
  /** A student's batch; the batches of a faculty member's batch subjects. */
  batchIds: ReadonlySet<string>;
  /** A student's enrolled batch subjects; a faculty member's taught ones. */
  batchSubjectIds: ReadonlySet<string>;
}

/**
 * Whether an event of the listener's institution reaches them: any of its audience's parts names
 * them (their role, one of their batches or batch subjects, or themselves). The institution is
 * matched by the hub before this is asked.
 */
export function receives(listener: Listener, audience: EventAudience): boolean {
  if (audience.roles?.includes(listener.role)) return true;
  if (audience.users?.includes(listener.userId)) return true;
  if (listener.role === 'student' && audience.students?.includes(listener.entityId)) return true;
  if (audience.batches?.some((id) => listener.batchIds.has(id))) return true;
  if (listener.role === 'faculty' && audience.teachers?.some((id) => listener.batchSubjectIds.has(id))) {
    return true;
  }
  return audience.batch_subjects?.some((id) => listener.batchSubjectIds.has(id)) ?? false;
}
