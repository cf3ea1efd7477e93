import { dayIn } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { institutions } from '../db/schema/index.js';
import type { AppDeps } from '../deps.js';
import { cachedRead, STEADY_TTL_MS } from './read-cache.js';

/** The institution's time zone, else `DEFAULT_TIME_ZONE` (decision 16); kept with the cached reads. */
export function institutionTimeZone(deps: AppDeps, institutionId: string): Promise<string> {
  return cachedRead(
    deps.db,
    institutionId,
    'time_zone',
    async () => {
      const [row] = await deps.db
        .select({ timeZone: institutions.timeZone })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.timeZone || deps.config.DEFAULT_TIME_ZONE;
    },
    STEADY_TTL_MS,
  );
}

/** Today, as a day of the institution (views, time spent and attendance are counted per such day). */
export async function institutionToday(deps: AppDeps, institutionId: string): Promise<string> {
  return dayIn(await institutionTimeZone(deps, institutionId), deps.clock.now());
}
