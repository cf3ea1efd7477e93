import type { Role } from '@portal/shared';

/**
 * Who may do what with faculty records (management §6). Only the institution's moderators create,
 * list, edit, archive, unarchive, reset, export and import faculty; every query is scoped to the
 * moderator's institution and another institution's faculty member answers 404.
 *
 * Archiving keeps the member's batch-subject assignments (they stop showing in faculty lists and the
 * account cannot sign in), so unarchiving restores the member as they were.
 */
export const FACULTY_POLICY = {
  /** The author dropdown of the topic forms. */
  completeList: ['moderator', 'faculty'],
  manage: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;
