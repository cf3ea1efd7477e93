import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { APP_VERSION } from '@portal/shared';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { ZipFile } from 'yazl';
import { csvLines, toCsv } from '../../lib/csv.js';
import type { ExportFile } from './export-files.js';

/** Rows read at a time: memory holds one batch of one file, whatever the school's size. */
const BATCH = 2_000;

export interface WrittenFile {
  name: string;
  rows: number;
  columns: string[];
}

/** A cell as text: instants in ISO 8601 UTC, days as YYYY-MM-DD (read as text), null as nothing. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function readBatch(cursor: Cursor) {
  return new Promise<{ rows: Record<string, unknown>[]; columns: string[] }>((resolve, reject) => {
    cursor.read(BATCH, (error, rows, result) => {
      if (error) reject(error);
      // A cursor already at its end answers no result (and no columns): only the first read's count.
      else resolve({ rows, columns: result?.fields.map((field) => field.name) ?? [] });
    });
  });
}

/**
 * Writes the export's zip to `file`: each file's statement read through a cursor on `client` and
 * written as CSV (the byte-order mark and a header row, then the rows; cells a spreadsheet would run as formulas start with
 * a quote, as in the reports), then `manifest.json` (what each file holds). `onFile` is told after
 * each file, for the job's progress.
 */
export async function writeExportZip(options: {
  client: pg.PoolClient;
  files: readonly ExportFile[];
  params: unknown[];
  file: string;
  manifest: Record<string, unknown>;
  onFile: (written: WrittenFile) => Promise<void>;
}): Promise<WrittenFile[]> {
  const zip = new ZipFile();
  const output = createWriteStream(options.file, { mode: 0o600 });
  zip.outputStream.pipe(output);
  const written: WrittenFile[] = [];
  try {
    for (const file of options.files) {
      const body = new PassThrough();
      zip.addReadStream(body, file.name);
      // Each statement is given the parameters it names ($1, $2, …), as PostgreSQL requires.
      const params = options.params.filter((_, index) => file.sql.includes(`$${index + 1}`));
      const cursor = options.client.query(new Cursor(file.sql, params));
      let rows = 0;
      let columns: string[] = [];
      try {
        for (let first = true; ; first = false) {
          const batch = await readBatch(cursor);
          if (first) {
            columns = batch.columns;
            body.write(toCsv([columns])); // the file's start: the byte-order mark, then the header
          }
          if (batch.rows.length === 0) break;
          rows += batch.rows.length;
          const text = csvLines(batch.rows.map((row) => columns.map((column) => cell(row[column]))));
          if (!body.write(text)) await once(body, 'drain');
        }
      } finally {
        await new Promise<void>((resolve) => cursor.close(() => resolve()));
      }
      body.end();
      const entry = { name: file.name, rows, columns };
      written.push(entry);
      await options.onFile(entry);
    }
    const manifest = { ...options.manifest, portal_version: APP_VERSION, files: written };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
    zip.end();
    await finished(output);
    return written;
  } catch (error) {
    zip.outputStream.unpipe(output);
    output.destroy();
    throw error;
  }
}
