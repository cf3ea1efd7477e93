/** Calendar arithmetic on `YYYY-MM-DD` days (no time zone: the days are already the institution's). */

const DAY_MS = 86_400_000;
const asUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const asDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, count: number) => asDay(asUtc(day) + count * DAY_MS);

/** The Monday-Sunday week holding `day` (management §9: the week runs Monday to Sunday). */
export function weekOf(day: string): string[] {
  const sinceMonday = (new Date(asUtc(day)).getUTCDay() + 6) % 7;
  const monday = addDays(day, -sinceMonday);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The days of an academic year `2026-27`: 1 April 2026 to 31 March 2027 (`ACADEMIC_YEAR_START`);
 * null for a year that does not read so.
 */
export function academicYearDays(
  academicYear: string | null,
  start: { month: number; day: number },
): { from: string; to: string } | null {
  const first = Number(academicYear?.match(/^(\d{4})-\d{2}$/)?.[1]);
  if (!first) return null;
  const from = `${first}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`;
  return { from, to: addDays(`${first + 1}${from.slice(4)}`, -1) };
}
