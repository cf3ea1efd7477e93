import dayjs from 'dayjs';
import { CARD_TIME_FORMAT } from '../assessments/assessment-time';

/** A report's time on the device's clock (DD-MM-YYYY | hh:mm A), or '---' for none. */
export const reportTime = (instant: string | null) =>
  instant ? dayjs(instant).format(CARD_TIME_FORMAT) : '---';

/** Minutes present to 2 decimals (management §9). */
export const reportMinutes = (minutes: number) => minutes.toFixed(2);

/** The default range of the sessions report: the week up to today (`YYYY-MM-DD`). */
export function lastWeek(today: Date): { from: string; to: string } {
  return {
    from: dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'),
    to: dayjs(today).format('YYYY-MM-DD'),
  };
}
