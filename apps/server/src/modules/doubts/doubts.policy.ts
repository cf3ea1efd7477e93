import type { Role } from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with doubts (learning §6, decisions 22 and 23). Roles are checked by the route
 * guard; the batch-subject and ownership rules below by the service, on rows of the caller's
 * institution only (another institution's ids answer 404).
 */
export const DOUBT_POLICY = {
  /** Lists and single doubts: each role sees its own batch subjects' (see `mayUseBatchSubject`). */
  read: ['moderator', 'faculty', 'student'],
  /** A student asks on a visible topic of a batch subject of their batch. */
  ask: ['student'],
  /** A student's own doubts; a faculty member's batch subjects' doubts. */
  readOwn: ['faculty', 'student'],
  /** Teachers of the batch subject and moderators answer; students of its batch follow up. */
  respond: ['moderator', 'faculty', 'student'],
  /** Only the author edits or deletes a doubt (a student) or a reply (anyone who wrote one). */
  editDoubt: ['student'],
  editResponse: ['moderator', 'faculty', 'student'],
  /** Students and teachers of the batch subject, and moderators. */
  autoAnswer: ['moderator', 'faculty', 'student'],
} as const satisfies Record<string, readonly Role[]>;

/** How the caller is linked to one live batch subject of their institution. */
export interface BatchSubjectLinks {
  /** The caller is assigned to teach it (batch_subject_faculties). */
  teaches: boolean;
  /** The caller is a student of the batch it is taught to. */
  studies: boolean;
}

/**
 * A batch subject's doubts (reading, replying, automated answers) belong to the students of its
 * batch, the faculty assigned to it, and the institution's moderators.
 */
export function mayUseBatchSubject(role: Role, links: BatchSubjectLinks): boolean {
  switch (role) {
    case 'moderator':
      return true;
    case 'faculty':
      return links.teaches;
    case 'student':
      return links.studies;
    default:
      return false;
  }
}

/** A doubt is edited and deleted by the student who asked it, and no one else. */
export function mayEditDoubt(user: AuthUser, authorStudentId: string): boolean {
  return user.permission === 'student' && user.entityId === authorStudentId;
}

/** A reply is edited and deleted by the account that wrote it. */
export function mayEditResponse(user: AuthUser, authorUserId: string): boolean {
  return user.userId === authorUserId;
}

/** Only a teacher's reply answers a doubt (the faculty home's New / Replied tabs); a follow-up does not. */
export const TEACHER_ROLES = ['faculty', 'moderator'] as const satisfies readonly Role[];
