import type { Role } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { institutions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';

/** Who exports an institution's data (issue 28): its moderators, and owners (any institution). */
export const EXPORT_POLICY = {
  export: ['moderator', 'owner'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * The institution the caller may export: a moderator only their own (another one answers 404, as
 * everywhere), an owner any existing one, archived ones included (a school leaving takes its data).
 */
export async function assertCanExport(deps: AppDeps, user: AuthUser, institutionId: string): Promise<void> {
  if (user.permission === 'moderator') {
    if (user.institutionId !== institutionId) throw notFound();
    return;
  }
  const [row] = await deps.db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  if (!row) throw notFound();
}
