import {
  type DemoVideosAnswer,
  INSTITUTION_DEMO_VIDEO_ROLES,
  type UpdateDemoVideosBody,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { type DemoVideos, institutions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { forgetStoredFile } from '../uploads/stored-files.js';
import { defaultDemoVideoUrl } from '../users/default-demo-videos.js';
import { attachOwnerUpload } from './institution-files.js';
import { visible } from './institutions.service.js';

function present(videos: DemoVideos): DemoVideosAnswer {
  return {
    demo_videos: { student: videos.student ?? null, faculty: videos.faculty ?? null },
    defaults: {
      student: defaultDemoVideoUrl('student') ?? '',
      faculty: defaultDemoVideoUrl('faculty') ?? '',
    },
  };
}

/** GET /api/institutions/{id}/demo-videos: what the institution set (null: the default) and the defaults. */
export async function getDemoVideos(deps: AppDeps, institutionId: string): Promise<DemoVideosAnswer> {
  const [row] = await deps.db
    .select({ demoVideos: institutions.demoVideos })
    .from(institutions)
    .where(visible(institutionId));
  if (!row) throw notFound();
  return present(row.demoVideos);
}

/**
 * PATCH /api/institutions/{id}/demo-videos: an uploaded video (the owner's own upload, handed to
 * the institution so its users can play it) becomes the students' or faculty's demo video; null
 * goes back to the portal's default. Roles left out stay as they are.
 */
export async function updateDemoVideos(
  deps: AppDeps,
  institutionId: string,
  body: UpdateDemoVideosBody,
): Promise<DemoVideosAnswer> {
  const claimed: string[] = [];
  const videos = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ demoVideos: institutions.demoVideos })
      .from(institutions)
      .where(visible(institutionId))
      .for('update');
    if (!row) throw notFound();
    const next: DemoVideos = { ...row.demoVideos };
    for (const role of INSTITUTION_DEMO_VIDEO_ROLES) {
      const url = body[role];
      if (url === undefined) continue;
      if (url === null) {
        delete next[role];
        continue;
      }
      const key = await attachOwnerUpload(tx, deps, { url, institutionId, use: 'demo_video', field: role });
      if (key) claimed.push(key);
      next[role] = url;
    }
    await tx
      .update(institutions)
      .set({ demoVideos: next, updatedAt: deps.clock.now() })
      .where(eq(institutions.id, institutionId));
    return next;
  });
  for (const key of claimed) forgetStoredFile(deps.db, key);
  return present(videos);
}
