import type { Role } from '@portal/shared';

/** Who may do what with faculty records (management §6). */
export const FACULTY_POLICY = {
  /** The author dropdown of the topic forms. */
  completeList: ['moderator', 'faculty'],
} as const satisfies Record<string, readonly Role[]>;
