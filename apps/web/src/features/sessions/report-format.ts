import { dateTimeText } from '@portal/shared/time';
import dayjs from 'dayjs';

/** A report's time as every screen shows it (DD-MM-YYYY | hh:mm A in `timeZone`), or '---' for none. */
export const reportTime = (instant: string | null, timeZone: string) =>
  instant ? dateTimeText(instant, timeZone) : '---';

/** Minutes present to 2 decimals (management §9). */
export const reportMinutes = (minutes: number) => minutes.toFixed(2);

/** The default range of the sessions report: the week up to `today` (the institution's, `YYYY-MM-DD`). */
export function lastWeek(today: string): { from: string; to: string } {
  return { from: dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'), to: today };
}
