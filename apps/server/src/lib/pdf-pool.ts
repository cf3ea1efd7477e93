import { activeLanguage } from '@portal/shared';
import { backgroundPool } from './background-pool.js';
import type { PdfData, PdfTemplate } from './pdf.worker.js';

// Drawing a document is synchronous work (a whole school's report takes seconds of CPU): it runs
// in worker threads at the lowest CPU priority (nice +19), so a PDF waits rather than the students.
const pool = backgroundPool('pdf.worker', 19);

/** The named template (lib/table-documents.ts) filled with `data`, rendered in a worker thread, in the caller's language. */
export async function renderPdfTemplate<Name extends PdfTemplate>(
  template: Name,
  data: PdfData<Name>,
): Promise<Buffer> {
  const bytes: Uint8Array = await pool.run({ template, data, language: activeLanguage() });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export const closePdfPool = () => pool.close();
