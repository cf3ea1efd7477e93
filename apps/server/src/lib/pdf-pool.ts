import { activeLanguage } from '@portal/shared';
import { backgroundPool } from './background-pool.js';
import type { PdfData, PdfTemplate } from './pdf.worker.js';

// Drawing a document is synchronous work (a whole school's report takes seconds of CPU): it runs
// in worker threads at the lowest CPU priority (nice +19), so a PDF waits rather than the students.
// A whole school's Attendance By Topic (7 MB of PDF) holds about 100 MB of heap at its largest;
// 48 MB of young space keeps its collections as few as V8's default does.
const pool = backgroundPool('pdf.worker', 19, { oldMb: 256, youngMb: 48 });

/** The named template (lib/table-documents.ts) filled with `data`, rendered in a worker thread, in the caller's language. */
export async function renderPdfTemplate<Name extends PdfTemplate>(
  template: Name,
  data: PdfData<Name>,
): Promise<Buffer> {
  const bytes: Uint8Array = await pool.run({ template, data, language: activeLanguage() });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export const closePdfPool = () => pool.close();
