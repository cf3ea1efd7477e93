import {
  type CreateBatchStudentBody,
  createBatchStudentBodySchema,
  formatMessage,
  isPlausibleBirthDate,
  MAX_IMPORT_ROWS,
  MESSAGES,
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_REQUIRED_COLUMNS,
} from '@portal/shared';
import { badRequest } from '../../lib/app-error.js';
import { parseCsv } from '../../lib/csv.js';
import { usernameFor } from '../accounts/accounts.service.js';

export interface ImportRow {
  /** The row's line number in the file (the header is line 1). */
  line: number;
  body: CreateBatchStudentBody;
  username: string;
}

export interface ReadImport {
  total: number;
  rows: ImportRow[];
  /** "row N" → the reasons that row cannot be imported. */
  errors: Map<number, string[]>;
}

const DAY_MONTH_YEAR = /^\d{2}\/\d{2}\/\d{4}$/;

const rowKey = (line: number) => `row ${line}`;

/** The 400 answer's fields, ordered by line. */
export function rowErrorFields(errors: Map<number, string[]>): Record<string, string> {
  return Object.fromEntries(
    [...errors.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, reasons]) => [rowKey(line), reasons.join('; ')]),
  );
}

function addError(errors: Map<number, string[]>, line: number, reason: string) {
  const reasons = errors.get(line);
  if (reasons) reasons.push(reason);
  else errors.set(line, [reason]);
}

/**
 * Reads a student import file (decision 12) and checks every row against the Add Student rules,
 * and the usernames against each other. File-level problems (unreadable, empty, columns) throw
 * 400 at once; row problems are collected so the whole file is reported in one answer. `today` is
 * the institution's, the latest date of birth accepted.
 */
export function readStudentCsv(content: Buffer, today: string): ReadImport {
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(formatMessage(MESSAGES.csvUnreadable, { reason }), { content_url: reason });
  }
  if (table.headers.length === 0 || table.rows.length === 0) {
    throw badRequest(MESSAGES.csvEmpty, { content_url: MESSAGES.csvEmpty });
  }
  const known = new Set<string>(STUDENT_CSV_COLUMNS);
  const unknown = table.headers.filter((header) => !known.has(header));
  if (unknown.length > 0) {
    const message = formatMessage(MESSAGES.csvUnknownColumns, { columns: unknown.join(', ') });
    throw badRequest(message, { content_url: message });
  }
  const missing = STUDENT_CSV_REQUIRED_COLUMNS.filter((column) => !table.headers.includes(column));
  if (missing.length > 0) {
    const message = formatMessage(MESSAGES.csvMissingColumns, { columns: missing.join(', ') });
    throw badRequest(message, { content_url: message });
  }
  if (table.rows.length > MAX_IMPORT_ROWS) {
    const message = formatMessage(MESSAGES.csvTooManyRows, { max: String(MAX_IMPORT_ROWS) });
    throw badRequest(message, { content_url: message });
  }

  const rows: ImportRow[] = [];
  const errors = new Map<number, string[]>();
  const firstLineOf = new Map<string, number>();
  for (const { line, values } of table.rows) {
    const dateOfBirth = values.date_of_birth ?? '';
    const badDateFormat = dateOfBirth !== '' && !DAY_MONTH_YEAR.test(dateOfBirth);
    if (badDateFormat) {
      addError(errors, line, `date_of_birth: ${MESSAGES.csvDateFormat}`);
    }
    const parsed = createBatchStudentBodySchema.safeParse({
      name: values.name,
      gender: values.gender?.toLowerCase(),
      date_of_birth: dateOfBirth,
      mobile: values.mobile ?? '',
      email: values.email ?? '',
      prn: values.prn || null,
      father_name: values.father_name || null,
      mother_name: values.mother_name || null,
      guardian_name: values.guardian_name || null,
      admission_year: values.admission_year || null,
      username: values.username || undefined,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? 'row');
        // One reason per column; the date's format was already reported above.
        if (seen.has(column) || (column === 'date_of_birth' && badDateFormat)) continue;
        seen.add(column);
        addError(errors, line, `${column}: ${issue.message}`);
      }
      continue;
    }
    if (!isPlausibleBirthDate(parsed.data.date_of_birth, today)) {
      addError(errors, line, `date_of_birth: ${MESSAGES.dateOfBirthRange}`);
    }
    const username = usernameFor(parsed.data);
    const lowered = username.toLowerCase();
    const earlier = firstLineOf.get(lowered);
    if (earlier !== undefined) {
      addError(
        errors,
        line,
        formatMessage(MESSAGES.csvDuplicateUsername, { username, row: String(earlier) }),
      );
    } else {
      firstLineOf.set(lowered, line);
    }
    if (!errors.has(line)) rows.push({ line, body: parsed.data, username });
  }
  return { total: table.rows.length, rows, errors };
}

/** Reports usernames that already belong to an account (decision 2: portal-wide, any case). */
export function markTakenUsernames(read: ReadImport, taken: Set<string>) {
  for (const row of read.rows) {
    if (taken.has(row.username.toLowerCase())) {
      addError(read.errors, row.line, formatMessage(MESSAGES.csvUsernameTaken, { username: row.username }));
    }
  }
}
