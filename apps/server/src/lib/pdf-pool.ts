import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PdfData, PdfTemplate } from './pdf.worker.js';

/**
 * PDF rendering (pdfmake lays out every row synchronously: ~200 ms of CPU for a 250-student
 * list) runs in worker threads, so the thread that answers everyone else never waits for it.
 * The workers run at the lowest CPU priority (nice +19), so on a busy machine the students' reads
 * come first and a PDF takes longer rather than stalling them. At most half the cores (one on a
 * two-core server); they start on the first PDF and end after a minute without work.
 */
const fromSources = import.meta.url.endsWith('.ts');
// Built: dist/pdf.worker.js beside dist/main.js (build.mjs). From the sources (tests, tsx): the
// TypeScript file, loaded through tsx in the worker.
const filename = new URL(fromSources ? './pdf.worker.ts' : './pdf.worker.js', import.meta.url).href;

let pool: Piscina | undefined;

function poolOf(): Piscina {
  pool ??= new Piscina({
    filename,
    minThreads: 0,
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    idleTimeout: 60_000,
    niceIncrement: 19,
    execArgv: fromSources ? ['--import', 'tsx'] : [],
  });
  return pool;
}

/** The named template (lib/pdf.ts) filled with `data`, rendered in a worker thread. */
export async function renderPdfTemplate<Name extends PdfTemplate>(
  template: Name,
  data: PdfData<Name>,
): Promise<Buffer> {
  const bytes: Uint8Array = await poolOf().run({ template, data });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the worker threads (the server's close). */
export async function closePdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
