import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one way people read dates and times (decision 37): on every screen, PDF, CSV and e-mail, a
 * day is DD-MM-YYYY and an instant DD-MM-YYYY | hh:mm A in the institution's time zone (decision
 * 16), whatever the device's zone. The API keeps ISO instants and `YYYY-MM-DD` days; the server and
 * the web app both format them here.
 */

/** A day as people read it (dayjs tokens, also the date pickers' `valueFormat`). */
export const DATE_FORMAT = 'DD-MM-YYYY';
/** An instant as people read it (dayjs tokens, also the date-time pickers' `valueFormat`). */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY | hh:mm A';
/** Between the two days of a range (also the range pickers' `labelSeparator`). */
export const DATE_RANGE_SEPARATOR = '–';
/** A wall time without a zone, as the date-time pickers hold it (Mantine's `DateStringValue`). */
export const WALL_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** `YYYY-MM-DD` as DD-MM-YYYY; '' for none. */
export function dateText(day: string | null | undefined): string {
  if (!day) return '';
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}-${month}-${year}`;
}

/** Two days as 'DD-MM-YYYY – DD-MM-YYYY'. */
export const dateRangeText = (from: string, to: string) =>
  `${dateText(from)} ${DATE_RANGE_SEPARATOR} ${dateText(to)}`;

/**
 * One Intl formatter per zone and kind: making one costs about 80 µs, using one under 2 µs (and
 * native memory the garbage collector does not see), and a whole school's report formats
 * thousands of instants. dayjs's `.tz()` formats through `toLocaleString`, which makes one per
 * call, so instants are formatted here and dayjs only reads picker values (`dayjs.tz`, cached).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, instant: Date, hour12: boolean): Record<string, string> {
  const key = `${timeZone}|${hour12}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      ...(hour12 ? { hour12: true } : { hourCycle: 'h23' }),
    });
    formatters.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

const asDate = (instant: string | Date) => (typeof instant === 'string' ? new Date(instant) : instant);

/** An instant as 'DD-MM-YYYY | hh:mm A' in `timeZone`; '' for none. */
export function dateTimeText(instant: string | Date | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const p = partsIn(timeZone, asDate(instant), true);
  return `${p.day}-${p.month}-${p.year} | ${p.hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()}`;
}

/**
 * The last day worked out per zone, with its minute: every home and plan request asks for today,
 * and a day begins on a whole minute in every zone in use, so within a minute the answer stands.
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** `YYYY-MM-DD` of `instant` in `timeZone` (the institution's day of a view, a plan, a report). */
export function dayIn(timeZone: string, instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const p = partsIn(timeZone, instant, false);
  const day = `${p.year}-${p.month}-${p.day}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** An instant as the wall time of `timeZone` (`YYYY-MM-DD HH:mm:ss`): what a date-time picker shows. */
export function wallTime(instant: string | Date, timeZone: string): string {
  const p = partsIn(timeZone, asDate(instant), false);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant a wall time (`YYYY-MM-DD HH:mm[:ss]`) of `timeZone` names: what a picker's value means. */
export function wallTimeInstant(wall: string, timeZone: string): Date {
  return dayjs.tz(wall, timeZone).toDate();
}

/** The zone's offset from UTC at `at`, as 'GMT+05:30'. */
export function zoneOffsetText(timeZone: string, at: Date = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ?? timeZone;
}

/** The device's time zone (the browser's, or the server process's). */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether two zone names are the same zone (an alias, such as Asia/Calcutta for Asia/Kolkata, is). */
export function sameTimeZone(a: string, b: string): boolean {
  if (a === b) return true;
  const canonical = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  try {
    return canonical(a) === canonical(b);
  } catch {
    return false;
  }
}
