import type { Role } from '@portal/shared';
import { notFound } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who reads the reports (management §1, §6: moderators view reports). Faculty and students are
 * refused by the route guard (403); the owner belongs to no institution.
 */
export const REPORT_POLICY = {
  read: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * The institution a report is about: the one in the path must be the caller's, and another
 * institution's id answers 404, as if it did not exist.
 */
export function reportInstitution(user: AuthUser, institutionId?: string): string {
  const own = institutionOf(user);
  if (institutionId !== undefined && institutionId !== own) throw notFound();
  return own;
}
