import type { Role } from '@portal/shared';

/** Who may do what with batches (management §6). */
export const BATCH_POLICY = {
  list: ['moderator', 'faculty'],
  manage: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;
