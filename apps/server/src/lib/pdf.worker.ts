// Runs in a worker thread of lib/pdf-pool.ts: builds a named document and renders it, off the
// thread that answers requests. Headings with plain tables are drawn by lib/pdf-table.ts, the
// other templates laid out by pdfmake (lib/pdf.ts).
import type { UiLanguage } from '@portal/shared';
import { installLanguages, withLanguage } from './language.js';
import { PDF_TEMPLATES, renderPdf } from './pdf.js';
import { renderTablePdf } from './pdf-table.js';
import { TABLE_TEMPLATES } from './table-documents.js';

type Templates = typeof PDF_TEMPLATES & typeof TABLE_TEMPLATES;
export type PdfTemplate = keyof Templates;
export type PdfData<Name extends PdfTemplate> = Parameters<Templates[Name]>[0];

const isTable = (name: PdfTemplate): name is keyof typeof TABLE_TEMPLATES => name in TABLE_TEMPLATES;

installLanguages();

/** Titles, headers and footers in `language`: the one of the request that asked for the document. */
export default function render<Name extends PdfTemplate>(task: {
  template: Name;
  data: PdfData<Name>;
  language: UiLanguage;
}): Promise<Uint8Array> {
  return withLanguage(task.language, () => renderIn(task.template, task.data));
}

async function renderIn<Name extends PdfTemplate>(template: Name, data: PdfData<Name>): Promise<Uint8Array> {
  const name: PdfTemplate = template;
  if (isTable(name)) {
    const build = TABLE_TEMPLATES[name] as (data: unknown) => Parameters<typeof renderTablePdf>[0];
    return renderTablePdf(build(data));
  }
  const build = PDF_TEMPLATES[name] as (data: unknown) => Parameters<typeof renderPdf>[0];
  return renderPdf(build(data));
}
