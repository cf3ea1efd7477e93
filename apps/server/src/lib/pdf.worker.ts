// Runs in a worker thread of lib/pdf-pool.ts: builds a named document (lib/table-documents.ts)
// and draws it (lib/pdf-table.ts), off the thread that answers requests.
import { renderTablePdf } from './pdf-table.js';
import { TABLE_TEMPLATES } from './table-documents.js';

type Templates = typeof TABLE_TEMPLATES;
export type PdfTemplate = keyof Templates;
export type PdfData<Name extends PdfTemplate> = Parameters<Templates[Name]>[0];

export default async function render<Name extends PdfTemplate>(task: {
  template: Name;
  data: PdfData<Name>;
}): Promise<Uint8Array> {
  const build = TABLE_TEMPLATES[task.template] as (data: unknown) => Parameters<typeof renderTablePdf>[0];
  return renderTablePdf(build(task.data));
}
