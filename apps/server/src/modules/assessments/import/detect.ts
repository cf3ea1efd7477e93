import type { ImportFormat } from './types.js';

/** Decision 18's header, in any order and case, with spaces or quotes around the names. */
export const CSV_COLUMNS = ['question', 'type', 'marks', 'options', 'correct'] as const;

const AIKEN_ANSWER_LINE = /^[ \t]*ANSWER:[ \t]*[A-Z]/m;
const GIFT_ANSWERS_OR_CATEGORY = /\{|^[ \t]*\$CATEGORY:/m;

/**
 * The format of a question file, by its content (never its name): Moodle XML, the CSV of
 * decision 18, Aiken, then GIFT; null when it is none of them. Expects LF line ends, no BOM.
 */
export function detectFormat(text: string): ImportFormat | null {
  const start = text.trimStart();
  if (start.startsWith('<') && (start.startsWith('<?xml') || /<quiz[\s>/]/.test(start))) return 'moodle-xml';
  if (isCsvHeader(firstLine(text))) return 'csv';
  if (AIKEN_ANSWER_LINE.test(text)) return 'aiken';
  if (GIFT_ANSWERS_OR_CATEGORY.test(text)) return 'gift';
  return null;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

function isCsvHeader(line: string): boolean {
  if (line.length > 200) return false;
  const names = line.split(',').map((name) =>
    name
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );
  // Spreadsheets may save empty columns after the last one.
  while (names.length > CSV_COLUMNS.length && names.at(-1) === '') names.pop();
  return names.length === CSV_COLUMNS.length && CSV_COLUMNS.every((column) => names.includes(column));
}
