import type { Role } from '@portal/shared';

/**
 * Who may do what with institutions and their moderator logins (management §6). Institutions are
 * the owner's domain: owners belong to no institution, so these routes are not tenant-scoped.
 */
export const INSTITUTION_POLICY = {
  /** Institutions: list (archived too), add, edit (logo, demo videos), archive, restore. */
  manage: ['owner'],
  createModerator: ['owner'],
  /** An institution's moderators: list, reset a password, archive, unarchive. */
  manageModerators: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
