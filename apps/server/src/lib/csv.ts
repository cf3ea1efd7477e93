import { MESSAGES, UTF8_BOM } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export interface CsvTable {
  headers: string[];
  /** Each row with its line number in the file (the header is line 1). */
  rows: { line: number; values: Record<string, string> }[];
}

/**
 * Parses a CSV file with a header row. Headers are matched case-insensitively and trimmed;
 * a byte-order mark is ignored. Throws with a readable message for a malformed file.
 * A NUL character (never in a text file, and PostgreSQL cannot store it) makes the file unreadable.
 */
export function parseCsv(content: Buffer | string): CsvTable {
  const hasNul = typeof content === 'string' ? content.includes('\0') : content.includes(0);
  if (hasNul) throw new Error(MESSAGES.csvNulCharacter);
  const records: string[][] = parse(content, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  const [headerRow, ...body] = records;
  if (!headerRow) return { headers: [], rows: [] };
  const headers = headerRow.map((header) => header.trim().toLowerCase());
  return {
    headers,
    rows: body.map((cells, index) => ({
      line: index + 2,
      values: Object.fromEntries(headers.map((header, column) => [header, cells[column]?.trim() ?? ''])),
    })),
  };
}

/**
 * A spreadsheet would run a cell starting with = + - @ as a formula: such cells start with a quote.
 * Dashes alone (a week's '---') can call nothing and stay as they are.
 */
const inert = (cell: string) => (/^[=+\-@\t\r]/.test(cell) && !/^-+$/.test(cell) ? `'${cell}` : cell);

/** Lines of cells as CSV text that is safe to open in a spreadsheet (no byte-order mark: a part of a file). */
export function csvLines(lines: string[][]): string {
  return stringify(lines.map((line) => line.map(inert)));
}

/**
 * A CSV file to download: its lines after the UTF-8 byte-order mark, so Excel shows the Indian
 * scripts right (the portal's importers, `parseCsv` and the question import, skip it).
 */
export function toCsv(lines: string[][]): string {
  return UTF8_BOM + csvLines(lines);
}
