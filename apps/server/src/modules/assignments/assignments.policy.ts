import type { Role } from '@portal/shared';

/**
 * Who may change who teaches and who studies a batch subject (management §6).
 *
 * - Only the institution's moderators assign or remove faculty and add or remove students; the
 *   batch subject, the faculty members and the students must all be the moderator's institution's
 *   (anything else answers 404). Archived faculty cannot be assigned and archived students cannot
 *   be added (400); both may still be removed.
 * - An assignment is what gives a faculty member authoring rights on the subject's content
 *   (`canAuthorSubject` reads batch_subject_faculties), so removing it ends those rights at once.
 * - `GET /api/users/me/batches`: a faculty member sees the batches they teach, a student their own.
 */
export const ASSIGNMENT_POLICY = {
  manage: ['moderator'],
  myBatches: ['faculty', 'student'],
} as const satisfies Record<string, readonly Role[]>;
