import dayjs from 'dayjs';

/** How a card shows a start or due time (the DD-MM-YYYY | hh:mm A), on the device's clock. */
export const CARD_TIME_FORMAT = 'DD-MM-YYYY | hh:mm A';
/** The date-time pickers' format (learning §9: dd/MM/yyyy HH:mm). */
export const PICKER_FORMAT = 'DD/MM/YYYY HH:mm';
/** The pickers' own value: a local date and time without an offset (Mantine's `DateStringValue`). */
export const PICKER_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Assessment times move in 15-minute steps (learning §9). */
export const MINUTES_STEP = 15;

export const formatCardTime = (instant: string) => dayjs(instant).format(CARD_TIME_FORMAT);

/** The first quarter hour at or after `now`, as a picker value (the earliest start allowed). */
export function nextQuarterHour(now: Date): string {
  const time = dayjs(now);
  const minute = time.second(0).millisecond(0);
  const exact = minute.isSame(time) && minute.minute() % MINUTES_STEP === 0;
  const rounded = exact ? minute : minute.add(MINUTES_STEP - (minute.minute() % MINUTES_STEP), 'minute');
  return rounded.format(PICKER_VALUE_FORMAT);
}

/** An instant from the API as a picker value on the device's clock. */
export const toPickerValue = (instant: string) => dayjs(instant).format(PICKER_VALUE_FORMAT);

/** A picker value as the instant the API takes (ISO 8601, in UTC). */
export const toInstant = (pickerValue: string) => dayjs(pickerValue).toISOString();

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
