import { STUDENT_CSV_COLUMNS } from '@portal/shared';
import { bearer, type TestApp } from '../harness.js';

/** A valid Add Student body; a fresh mobile keeps the default username unique. */
export function studentBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    name: t.unique('Asha '),
    gender: 'female',
    date_of_birth: '2011/05/17',
    mobile: [`98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`],
    ...overrides,
  };
}

export type CsvRow = Partial<Record<(typeof STUDENT_CSV_COLUMNS)[number], string>>;

/** A student import file: every column of the template, one line per row. */
export function studentCsv(rows: CsvRow[], columns: readonly string[] = STUDENT_CSV_COLUMNS): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = rows.map((row) => columns.map((column) => cell(row[column as keyof CsvRow] ?? '')).join(','));
  return `${[columns.join(','), ...lines].join('\n')}\n`;
}

/** `count` good rows with unique usernames (prefix + index). */
export function goodCsvRows(count: number, prefix: string): CsvRow[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Student ${prefix} ${index + 1}`,
    gender: index % 2 ? 'Male' : 'female',
    date_of_birth: '05/09/2011',
    mobile: `9${String(index).padStart(9, '0')};8${String(index).padStart(9, '0')}`,
    email: `${prefix}.s${index}@school.test`,
    prn: `${prefix}-P${index}`,
    father_name: 'Ravi',
    username: `${prefix}.${index}`,
  }));
}

/** Uploads an import file through POST /api/s3/v2 as `token` (private, as the web app sends it), answering its content_url. */
export async function uploadFile(t: TestApp, token: string, filename: string, content: string | Buffer) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/s3/v2?purpose=import',
    payload: form,
    headers: bearer(token),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.publicUrl as string;
}
