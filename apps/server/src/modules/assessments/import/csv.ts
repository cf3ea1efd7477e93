import { formatMessage, MESSAGES, QUESTION_TYPES } from '@portal/shared';
import type { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { booleanOptions, optionLetter } from './choices.js';
import type { CSV_COLUMNS } from './detect.js';
import { IMPORT_LIMITS } from './limits.js';
import { parseMarks } from './marks.js';
import { plainTextToHtml } from './sanitise-html.js';
import type { ImportEntry, QuestionType } from './types.js';
import { tooManyOptions } from './validate-question.js';

type Column = (typeof CSV_COLUMNS)[number];
type Row = Record<Column, string>;

interface CsvRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

// Far more rows than a file may hold questions (blank rows of commas are skipped), so the rest of
// a huge file is never parsed.
const RECORDS_READ = 1 + 4 * IMPORT_LIMITS.questions;

/**
 * Questions of the CSV of decision 18. Cells are plain text. Each row is a question; a row that
 * cannot be read (a broken quote) is reported on its line and the others still are.
 */
export function* readCsvQuestions(text: string): Generator<ImportEntry> {
  const unreadable: { line: number; message: string }[] = [];
  let records: CsvRecord[];
  try {
    records = parse(text, {
      to: RECORDS_READ,
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        if (error) unreadable.push({ line: lineOf(error) ?? 0, message: error.message });
      },
    }) as unknown as CsvRecord[];
  } catch (error) {
    yield {
      kind: 'problem',
      line: lineOf(error),
      message: formatMessage(MESSAGES.csvUnreadable, { reason: String((error as Error).message) }),
    };
    return;
  }
  const [header, ...body] = records;
  if (!header) return;
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const rows = body
    .filter(({ record }) => record.some((cell) => cell.trim()))
    .map((entry) => ({ line: startLine(entry), row: rowOf(columns, entry.record) }));
  let next = 0;
  for (const { line, row } of rows) {
    while (next < unreadable.length && unreadable[next]!.line < line) yield rejectedRow(unreadable[next++]!);
    yield questionOfRow(line, row);
  }
  while (next < unreadable.length) yield rejectedRow(unreadable[next++]!);
  if (records.length >= RECORDS_READ) {
    const max = String(IMPORT_LIMITS.questions);
    yield { kind: 'problem', line: null, message: formatMessage(MESSAGES.importTooManyQuestions, { max }) };
  }
}

function lineOf(error: unknown): number | null {
  const { lines } = error as { lines?: unknown };
  return typeof lines === 'number' ? lines : null;
}

// csv-parse counts the line a record ends on; its raw text says how many lines it spans and how
// many empty lines were skipped before it.
function startLine({ raw, info }: CsvRecord): number {
  const body = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
  const skippedEmpty = body.length - body.replace(/^\n+/, '').length;
  return info.lines - (body.split('\n').length - 1) + skippedEmpty;
}

function rowOf(columns: string[], cells: string[]): Row {
  const row = { question: '', type: '', marks: '', options: '', correct: '' };
  columns.forEach((column, index) => {
    if (column in row) row[column as Column] = cells[index]?.trim() ?? '';
  });
  return row;
}

function rejectedRow({ line, message }: { line: number; message: string }): ImportEntry {
  return {
    kind: 'rejected',
    line,
    messages: [formatMessage(MESSAGES.importCsvRowUnreadable, { reason: message })],
  };
}

function questionOfRow(line: number, row: Row): ImportEntry {
  const type = row.type
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_') as QuestionType;
  if (!QUESTION_TYPES.includes(type)) {
    return { kind: 'rejected', line, messages: [MESSAGES.importCsvTypeUnknown] };
  }
  const options = splitList(row.options);
  const correct = splitList(row.correct).map((letter) => letter.toUpperCase());
  const title = plainTextToHtml(row.question);
  const marks = row.marks ? parseMarks(row.marks) : 1;
  if (type === 'TEXT' || type === 'UPLOAD') {
    if (options.length || correct.length) {
      return { kind: 'rejected', line, messages: [formatMessage(MESSAGES.importCsvNoOptions, { type })] };
    }
    return { kind: 'question', line, question: { title, type, marks, options: [] } };
  }
  if (type === 'BOOLEAN') return booleanRow(line, title, marks, options, correct);
  const tooMany = tooManyOptions(options.length);
  if (tooMany) return { kind: 'rejected', line, messages: [tooMany] };
  const letters = options.map((_, index) => optionLetter(index));
  const unknown = correct.find((letter) => !letters.includes(letter));
  if (unknown !== undefined) {
    return {
      kind: 'rejected',
      line,
      messages: [formatMessage(MESSAGES.importCsvCorrectUnknown, { letter: unknown.slice(0, 10) })],
    };
  }
  return {
    kind: 'question',
    line,
    question: {
      title,
      type,
      marks,
      options: options.map((option, index) => ({
        title: plainTextToHtml(option),
        correct: correct.includes(letters[index]!),
      })),
    },
  };
}

// Decision 18: True and False are A and B; the words themselves are understood too.
const BOOLEAN_ANSWERS = new Map([
  ['A', true],
  ['TRUE', true],
  ['B', false],
  ['FALSE', false],
]);

function booleanRow(line: number, title: string, marks: number, options: string[], correct: string[]) {
  const standardOptions =
    options.length === 0 ||
    (options.length === 2 && /^true$/i.test(options[0]!) && /^false$/i.test(options[1]!));
  const answer = correct.length === 1 ? BOOLEAN_ANSWERS.get(correct[0]!) : undefined;
  if (!standardOptions || answer === undefined) {
    return { kind: 'rejected', line, messages: [MESSAGES.importCsvBooleanOptions] } satisfies ImportEntry;
  }
  return {
    kind: 'question',
    line,
    question: { title, type: 'BOOLEAN', marks, options: booleanOptions(answer) },
  } satisfies ImportEntry;
}

function splitList(cell: string): string[] {
  return cell.trim() ? cell.split('|').map((part) => part.trim()) : [];
}
