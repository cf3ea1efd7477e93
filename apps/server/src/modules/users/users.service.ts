import type { DemoVideo, UiLanguage } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { institutions, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';
import { forgetAccount } from '../auth/account-cache.js';
import { defaultDemoCaptions, defaultDemoVideoUrl } from './default-demo-videos.js';

/**
 * The 'Click here for Demo' video for the caller (learning "Header and notifications"): students
 * and faculty see the one their institution's owner set for their role, else the portal's own
 * recording of their role's screens; moderators and owners always see their role's recording.
 */
export async function demoVideoFor(deps: AppDeps, user: AuthUser): Promise<DemoVideo> {
  if (user.institutionId && (user.permission === 'student' || user.permission === 'faculty')) {
    const [row] = await deps.db
      .select({ demoVideos: institutions.demoVideos })
      .from(institutions)
      .where(eq(institutions.id, user.institutionId));
    const own = row?.demoVideos[user.permission];
    // An institution's own video comes without captions (known exception, ACCESSIBILITY.md).
    if (own) return { url: own, captions: [] };
  }
  return { url: defaultDemoVideoUrl(user.permission), captions: defaultDemoCaptions(user.permission) };
}

/** The caller's language, kept on the account so every device follows it (decision 40). */
export async function setOwnLanguage(
  deps: AppDeps,
  user: AuthUser,
  language: UiLanguage,
): Promise<UiLanguage> {
  await deps.db.update(users).set({ language, updatedAt: deps.clock.now() }).where(eq(users.id, user.userId));
  // The guard's kept account carries the language every later request is answered in.
  forgetAccount(deps.db, user.userId);
  return language;
}
