import type { Role } from '@portal/shared';

/**
 * Announcements (decisions 25, 33): a moderator writes, edits and deletes their institution's;
 * faculty and students read those addressed to them (the whole institution, or one of their
 * batches: a student's batch, the batches of a faculty member's batch subjects); moderators read
 * all of their institution's.
 */
export const ANNOUNCEMENT_POLICY = {
  write: ['moderator'],
  read: ['moderator', 'faculty', 'student'],
} as const satisfies Record<string, readonly Role[]>;
