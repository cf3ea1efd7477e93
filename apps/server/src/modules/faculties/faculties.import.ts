import {
  type CreateFacultyBody,
  createFacultyBodySchema,
  FACULTY_CSV_COLUMNS,
  FACULTY_CSV_REQUIRED_COLUMNS,
  formatMessage,
  MAX_IMPORT_ROWS,
  MESSAGES,
} from '@portal/shared';
import { badRequest } from '../../lib/app-error.js';
import { parseCsv } from '../../lib/csv.js';
import { usernameFor } from '../accounts/accounts.service.js';

export interface FacultyImportRow {
  /** The row's line number in the file (the header is line 1). */
  line: number;
  body: CreateFacultyBody;
  username: string;
}

export interface FacultyImport {
  total: number;
  rows: FacultyImportRow[];
  /** Line → the reasons that row cannot be imported. */
  errors: Map<number, string[]>;
}

function addError(errors: Map<number, string[]>, line: number, reason: string) {
  const reasons = errors.get(line);
  if (reasons) reasons.push(reason);
  else errors.set(line, [reason]);
}

/** The 400 answer's fields: "row N" → its reasons, ordered by line. */
export function rowErrorFields(errors: Map<number, string[]>): Record<string, string> {
  return Object.fromEntries(
    [...errors.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, reasons]) => [`row ${line}`, reasons.join('; ')]),
  );
}

function fileProblem(message: string) {
  return badRequest(message, { content_url: message });
}

/**
 * Reads a faculty import file (decision 12) and checks every row against the Add Faculty rules
 * (decision 13) and the usernames against each other. Problems with the file as a whole throw 400
 * at once; row problems are collected so one answer reports the whole file.
 */
export function readFacultyCsv(content: Buffer): FacultyImport {
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(formatMessage(MESSAGES.csvUnreadable, { reason }), { content_url: reason });
  }
  if (table.headers.length === 0 || table.rows.length === 0) throw fileProblem(MESSAGES.csvEmpty);
  const known = new Set<string>(FACULTY_CSV_COLUMNS);
  const unknown = table.headers.filter((header) => !known.has(header));
  if (unknown.length > 0) {
    throw fileProblem(formatMessage(MESSAGES.csvUnknownColumns, { columns: unknown.join(', ') }));
  }
  const missing = FACULTY_CSV_REQUIRED_COLUMNS.filter((column) => !table.headers.includes(column));
  if (missing.length > 0) {
    throw fileProblem(formatMessage(MESSAGES.csvMissingColumns, { columns: missing.join(', ') }));
  }
  if (table.rows.length > MAX_IMPORT_ROWS) {
    throw fileProblem(formatMessage(MESSAGES.csvTooManyRows, { max: String(MAX_IMPORT_ROWS) }));
  }

  const rows: FacultyImportRow[] = [];
  const errors = new Map<number, string[]>();
  const firstLineOf = new Map<string, number>();
  for (const { line, values } of table.rows) {
    const parsed = createFacultyBodySchema.safeParse({
      name: values.name ?? '',
      gender: values.gender?.toLowerCase() || undefined,
      mobile: values.mobile ?? '',
      email: values.email ?? '',
      prn: values.prn || null,
      designation: values.designation || null,
      username: values.username || undefined,
    });
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? 'row');
        if (reported.has(column)) continue;
        reported.add(column);
        addError(errors, line, `${column}: ${issue.message}`);
      }
      continue;
    }
    const username = usernameFor(parsed.data);
    const lowered = username.toLowerCase();
    const earlier = firstLineOf.get(lowered);
    if (earlier === undefined) firstLineOf.set(lowered, line);
    else {
      addError(
        errors,
        line,
        formatMessage(MESSAGES.csvDuplicateUsername, { username, row: String(earlier) }),
      );
      continue;
    }
    rows.push({ line, body: parsed.data, username });
  }
  return { total: table.rows.length, rows, errors };
}

/** Reports the rows whose username already belongs to an account (decision 2: portal-wide, any case). */
export function markTakenUsernames(read: FacultyImport, taken: Set<string>) {
  for (const row of read.rows) {
    if (taken.has(row.username.toLowerCase())) {
      addError(read.errors, row.line, formatMessage(MESSAGES.csvUsernameTaken, { username: row.username }));
    }
  }
}
