import { OWN_BATCH_SUBJECT_ROLES, type Role } from '@portal/shared';

/** Who may call the routes about the signed-in person (learning §6). */
export const PROFILE_POLICY = {
  /** Their own profile. */
  profile: ['moderator', 'faculty', 'student'],
  /** Their own batch subjects: a student's batch's, or those a faculty member teaches. */
  ownBatchSubjects: OWN_BATCH_SUBJECT_ROLES,
  /** My teachers. */
  teachers: ['student'],
  /** A faculty member's students. */
  students: ['faculty'],
} as const satisfies Record<string, readonly Role[]>;
