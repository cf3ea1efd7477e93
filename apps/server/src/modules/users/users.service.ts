import { eq } from 'drizzle-orm';
import { institutions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';

/** The 'Click here for Demo' video of the caller's institution for the caller's role. */
export async function demoVideoFor(deps: AppDeps, user: AuthUser): Promise<string | null> {
  if (!user.institutionId) return null;
  const [row] = await deps.db
    .select({ demoVideos: institutions.demoVideos })
    .from(institutions)
    .where(eq(institutions.id, user.institutionId));
  const videos = row?.demoVideos ?? {};
  if (user.permission === 'owner') return null;
  return videos[user.permission] ?? null;
}
