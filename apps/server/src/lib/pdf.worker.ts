// Runs in a worker thread of lib/pdf-pool.ts: builds a named template and renders it, off the
// thread that answers requests.
import { PDF_TEMPLATES, renderPdf } from './pdf.js';

export type PdfTemplate = keyof typeof PDF_TEMPLATES;
export type PdfData<Name extends PdfTemplate> = Parameters<(typeof PDF_TEMPLATES)[Name]>[0];

export default async function render<Name extends PdfTemplate>(task: {
  template: Name;
  data: PdfData<Name>;
}): Promise<Uint8Array> {
  const build = PDF_TEMPLATES[task.template] as (data: PdfData<Name>) => Parameters<typeof renderPdf>[0];
  return renderPdf(build(task.data));
}
