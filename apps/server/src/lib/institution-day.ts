import { eq } from 'drizzle-orm';
import { institutions } from '../db/schema/index.js';
import type { AppDeps } from '../deps.js';
import { cachedRead } from './read-cache.js';

// Building an Intl.DateTimeFormat costs about 80 µs, formatting with one under 2 µs: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The last day worked out per zone, with its minute: every home and plan request asks for today,
 * and a day begins on a whole minute in every zone in use, so within a minute the answer stands.
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export function dayIn(timeZone: string, instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatDay(timeZone, instant);
  lastDays.set(timeZone, { minute, day });
  return day;
}

function formatDay(timeZone: string, instant: Date): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** The institution's time zone, else `DEFAULT_TIME_ZONE` (decision 16); kept with the cached reads. */
export function institutionTimeZone(deps: AppDeps, institutionId: string): Promise<string> {
  return cachedRead(deps.db, institutionId, 'time_zone', async () => {
    const [row] = await deps.db
      .select({ timeZone: institutions.timeZone })
      .from(institutions)
      .where(eq(institutions.id, institutionId));
    return row?.timeZone || deps.config.DEFAULT_TIME_ZONE;
  });
}

/** Today, as a day of the institution (views, time spent and attendance are counted per such day). */
export async function institutionToday(deps: AppDeps, institutionId: string): Promise<string> {
  return dayIn(await institutionTimeZone(deps, institutionId), deps.clock.now());
}
