import type { AuthUser } from '../plugins/auth.js';
import { forbidden } from './app-error.js';

/**
 * The institution every tenant-scoped query of this caller filters by. Owners belong to none, so
 * they can reach no tenant data through institution routes.
 */
export function institutionOf(user: AuthUser): string {
  if (!user.institutionId) throw forbidden();
  return user.institutionId;
}
