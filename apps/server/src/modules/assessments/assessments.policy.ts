import type { AssessmentStatus, Role } from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with assessments (learning §6, decisions 19-21). Roles are checked by the route
 * guard; the batch-subject and authorship rules below by the service, on rows of the caller's
 * institution only (another institution's ids answer 404).
 */
export const ASSESSMENT_POLICY = {
  /** Lists, one assessment, its questions, create, edit, question import, status. */
  teach: ['moderator', 'faculty'],
  /** A student's own examinations. */
  sit: ['student'],
} as const satisfies Record<string, readonly Role[]>;

/** How the caller is linked to a batch subject of their institution. */
export interface TeachingLinks {
  /** The caller is assigned to teach it (batch_subject_faculties). */
  teaches: boolean;
}

/** Moderators manage every batch subject's assessments; faculty only those of batch subjects they teach. */
export function mayTeachBatchSubject(user: AuthUser, links: TeachingLinks): boolean {
  if (user.permission === 'moderator') return true;
  return user.permission === 'faculty' && links.teaches;
}

/** Canceled and evaluated assessments are final; a closed one (past due) keeps its questions and times. */
export function isEditable(status: AssessmentStatus): boolean {
  return status === 'DRAFTED' || status === 'LIVE';
}

/** An assessment is canceled by its author or a moderator (decision 19), unless already final. */
export function mayCancel(user: AuthUser, authorUserId: string | null, status: AssessmentStatus): boolean {
  if (status === 'EVOLUTED' || status === 'CANCELED') return false;
  return user.permission === 'moderator' || (authorUserId !== null && authorUserId === user.userId);
}
