import { DATE_TIME_FORMAT, WALL_TIME_FORMAT, wallTime, wallTimeInstant } from '@portal/shared/time';
import dayjs from 'dayjs';

/**
 * The date-time pickers show their value as every screen shows a time (decision 37:
 * DD-MM-YYYY | hh:mm A) and hold a wall time of the institution's zone, whatever the device's.
 */
export const PICKER_FORMAT = DATE_TIME_FORMAT;
/** The pickers' own value: a wall time without an offset (Mantine's `DateStringValue`). */
export const PICKER_VALUE_FORMAT = WALL_TIME_FORMAT;
/** Assessment times move in 15-minute steps (learning §9). */
export const MINUTES_STEP = 15;

const QUARTER_MS = MINUTES_STEP * 60_000;

/** The first quarter hour at or after `now`, as a picker value of `timeZone` (the earliest start allowed). */
export function nextQuarterHour(now: Date, timeZone: string): string {
  return wallTime(new Date(Math.ceil(now.getTime() / QUARTER_MS) * QUARTER_MS), timeZone);
}

/** An instant from the API as a picker value: its wall time in `timeZone`. */
export const toPickerValue = (instant: string | Date, timeZone: string) => wallTime(instant, timeZone);

/** A picker value (a wall time of `timeZone`) as the instant the API takes (ISO 8601, in UTC). */
export const toInstant = (pickerValue: string, timeZone: string) =>
  wallTimeInstant(pickerValue, timeZone).toISOString();

/** Whether a picker value falls on a quarter hour (no stray minutes or seconds). */
export function onQuarterHour(pickerValue: string): boolean {
  const time = dayjs(pickerValue);
  return time.minute() % MINUTES_STEP === 0 && time.second() === 0;
}

/**
 * Upcoming while now is on or before the due date, Previous after it (learning §4 "Time state").
 * Both keep the list's order.
 */
export function splitByDue<T extends { due_date: string }>(
  assessments: readonly T[],
  now: Date,
): { upcoming: T[]; previous: T[] } {
  const upcoming: T[] = [];
  const previous: T[] = [];
  for (const assessment of assessments) {
    (dayjs(now).isAfter(dayjs(assessment.due_date)) ? previous : upcoming).push(assessment);
  }
  return { upcoming, previous };
}
