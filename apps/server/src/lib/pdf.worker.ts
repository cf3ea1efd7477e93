// Runs in a worker thread of lib/pdf-pool.ts: builds a named document (lib/table-documents.ts)
// and draws it (lib/pdf-table.ts), off the thread that answers requests.
import type { UiLanguage } from '@portal/shared';
import { installLanguages, setThreadLanguage } from './language.js';
import { renderTablePdf } from './pdf-table.js';
import { TABLE_TEMPLATES } from './table-documents.js';

type Templates = typeof TABLE_TEMPLATES;
export type PdfTemplate = keyof Templates;
export type PdfData<Name extends PdfTemplate> = Parameters<Templates[Name]>[0];

installLanguages();

/**
 * Titles, headers and footers in `language`: the one of the request that asked for the document.
 * A thread draws one document at a time (the pool's default), so the language is the thread's.
 */
export default function render<Name extends PdfTemplate>(task: {
  template: Name;
  data: PdfData<Name>;
  language: UiLanguage;
}): Promise<Uint8Array> {
  const build = TABLE_TEMPLATES[task.template] as (data: unknown) => Parameters<typeof renderTablePdf>[0];
  setThreadLanguage(task.language);
  return renderTablePdf(build(task.data));
}
