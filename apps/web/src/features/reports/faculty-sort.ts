import type { TeacherReportRow } from '@portal/shared/schemas/reports';

/** The sortable columns of Faculty Analytics, in the table's order. */
export const FACULTY_COLUMNS = [
  'name',
  'topics_count',
  'doubts_count',
  'doubts_answered',
  'online_session_count',
] as const;
export type FacultyColumn = (typeof FACULTY_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

/** The rows sorted by a column (names alphabetically, counts numerically), ties by name. */
export function sortFacultyRows(rows: readonly TeacherReportRow[], column: FacultyColumn, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: TeacherReportRow, b: TeacherReportRow) => a.name.localeCompare(b.name);
  return [...rows].sort((a, b) => {
    const compared = column === 'name' ? byName(a, b) : a[column] - b[column];
    return compared !== 0 ? sign * compared : byName(a, b);
  });
}
