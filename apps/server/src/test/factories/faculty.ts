import { FACULTY_CSV_COLUMNS } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { faculties } from '../../db/schema/index.js';
import { bearer, type TestApp } from '../harness.js';

/** A valid Add Faculty body; a fresh mobile keeps the default username unique. */
export function facultyBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    name: t.unique('Meera '),
    gender: 'female',
    mobile: [`97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`],
    ...overrides,
  };
}

/** A faculty member of the institution with a name of our choosing (and optionally archived). */
export async function createFaculty(
  t: TestApp,
  institutionId: string,
  options: { name?: string; archived?: boolean; createdAt?: Date } = {},
) {
  const account = await t.createAccount('faculty', { institutionId });
  await t.db
    .update(faculties)
    .set({
      ...(options.name ? { name: options.name } : {}),
      ...(options.archived ? { archivedAt: new Date() } : {}),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .where(eq(faculties.id, account.entityId));
  return { ...account, name: options.name ?? `Faculty ${account.username}` };
}

export type FacultyCsvRow = Partial<Record<(typeof FACULTY_CSV_COLUMNS)[number], string>>;

/** A faculty import file: the given columns (default: the template's), one line per row. */
export function facultyCsv(rows: FacultyCsvRow[], columns: readonly string[] = FACULTY_CSV_COLUMNS): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = rows.map((row) =>
    columns.map((column) => cell(row[column as keyof FacultyCsvRow] ?? '')).join(','),
  );
  return `${[columns.join(','), ...lines].join('\n')}\n`;
}

/** `count` good rows with unique usernames (prefix + index). */
export function goodFacultyRows(count: number, prefix: string): FacultyCsvRow[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Teacher ${prefix} ${index + 1}`,
    gender: index % 2 ? 'Male' : 'female',
    mobile: `9${String(index).padStart(9, '0')};8${String(index).padStart(9, '0')}`,
    email: `${prefix}.f${index}@school.test`,
    prn: `${prefix}-F${index}`,
    designation: 'Teacher',
    username: `${prefix}.t${index}`,
  }));
}

/** Uploads an import file through POST /api/s3/v2 as `token` (private, as the web app sends it), answering its URL. */
export async function uploadAs(t: TestApp, token: string, filename: string, content: string | Buffer) {
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
