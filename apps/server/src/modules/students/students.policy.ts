import type { Role } from '@portal/shared';

/**
 * Who may do what with students (management §6): only the institution's moderators create, edit,
 * move, archive, unarchive, reset, list, export and import students, and print credential sheets.
 * Every query is scoped to the moderator's institution; another institution's student or batch
 * answers 404.
 *
 * Enrolment rule: a student who is created, imported or moved into a batch is enrolled in every
 * current (not deleted) batch subject of that batch (rows in batch_subject_students). Moving a
 * student to another batch removes their enrolments in the old batch's subjects and adds the new
 * batch's. Archiving keeps enrolments, so unarchiving restores the student as they were.
 */
export const STUDENT_POLICY = {
  manage: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;
