import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { ByteBlocks } from './byte-blocks.js';
import { renderTablePdf, type TablePdfData } from './pdf-table.js';

const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const pdfFonts = (pdf: Buffer) => execFileSync('/usr/bin/pdffonts', ['-'], { input: pdf }).toString();
const pdfPages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('/usr/bin/pdfinfo', ['-'], { input: pdf }).toString())?.[1]);

const headers = ['Sl No.', 'Student Name', 'Batch Title', 'Attendance'];
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => [
    String(i + 1),
    `Student ${i + 1}`,
    'Batch A',
    i % 2 ? 'Absent' : 'Present',
  ]);
const document = (sections: TablePdfData['sections'], emptyText?: string): TablePdfData => ({
  institution: 'Kendriya Vidyalaya',
  title: 'Attendance By Batch',
  lines: ['Date: 02-03-2026', 'Batch: all'],
  sections,
  emptyText,
});

describe('renderTablePdf', () => {
  it('writes the heading and every row, the header again on each page, and the page numbers', async () => {
    const pdf = await renderTablePdf(document([{ heading: null, headers, rows: rows(300) }], 'No rows'));
    const text = pdfText(pdf);
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThan(3);
    expect(text).toContain('Kendriya Vidyalaya');
    expect(text).toContain('Date: 02-03-2026');
    for (let i = 1; i <= 300; i++) {
      expect(text).toMatch(
        new RegExp(`^\\s*${i}\\s+Student ${i}\\s+Batch A\\s+${i % 2 ? 'Present' : 'Absent'}`, 'm'),
      );
    }
    expect(text.match(/Sl No\.\s+Student Name\s+Batch Title\s+Attendance/g)).toHaveLength(pages);
    for (let page = 1; page <= pages; page++) expect(text).toMatch(new RegExp(`\\b${page} ?/ ?${pages}\\b`));
    expect(text).not.toContain('No rows');
  });

  it('wraps a text wider than its column and keeps each section under its heading', async () => {
    const longName = 'Venkataraghavan Subrahmanyam Ramachandran Iyer of the Lower Primary Section Annexe';
    const wide = Array.from({ length: 10 }, (_, i) => `Subject ${i} - A rather long topic title ${i}`);
    const pdf = await renderTablePdf(
      document([
        {
          heading: 'Batch: Grade 6',
          headers: ['Sl No.', 'Student Name', ...wide],
          rows: [['1', longName, ...wide.map(() => 'Viewed')]],
        },
        { heading: 'Batch: Grade 7', headers, rows: rows(2) },
      ]),
    );
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const word of longName.split(' ')) expect(text).toContain(word);
    expect(text.indexOf('Batch: Grade 6')).toBeLessThan(text.indexOf('Venkataraghavan'));
    expect(text.indexOf('Batch: Grade 7')).toBeGreaterThan(text.indexOf('Venkataraghavan'));
    expect(text).toContain('2 Student 2 Batch A Absent');
  });

  it('shows the empty text when every table is empty, or the bare header without one', async () => {
    const empty = pdfText(await renderTablePdf(document([{ heading: null, headers, rows: [] }], 'No rows')));
    expect(empty).toContain('No rows');
    expect(empty).not.toContain('Student Name');
    const bare = pdfText(await renderTablePdf(document([{ heading: null, headers, rows: [] }])));
    expect(bare).toMatch(/Sl No\.\s+Student Name/);
  });

  it('draws a whole school of 5,000 rows', async () => {
    const pdf = await renderTablePdf(document([{ heading: null, headers, rows: rows(5000) }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toMatch(/^\s*5000\s+Student 5000\s+Batch A\s+Absent/m);
  });

  it('hands each part of the document on as it is written, not held until the end', async () => {
    // A whole school's document is drawn in one synchronous pass: parts left in the stream until
    // then kept about 170,000 small Buffers alive in the PDF thread. They are copied into blocks
    // (ByteBlocks) as they are written, before the document ends.
    const added = vi.spyOn(ByteBlocks.prototype, 'add');
    const ended = vi.spyOn(PDFDocument.prototype, 'end');
    try {
      const pdf = await renderTablePdf(document([{ heading: null, headers, rows: rows(1000) }]));
      const endedAt = ended.mock.invocationCallOrder[0] ?? 0;
      const beforeEnd = added.mock.invocationCallOrder.filter((order) => order < endedAt).length;
      // The rest are the parts written at the end: the fonts, the structure tree, the index.
      expect(beforeEnd).toBeGreaterThan(added.mock.calls.length / 2);
      expect(added.mock.calls.reduce((sum, [chunk]) => sum + chunk.length, 0)).toBe(pdf.length);
    } finally {
      added.mockRestore();
      ended.mockRestore();
    }
  });

  it('draws names of every script in a font that has them, and embeds no font for Latin text', async () => {
    const names = ['राम कुमार', 'ਪੰਜਾਬੀ', 'ಕನ್ನಡ ಹೆಸರು', 'മലയാളം', 'ગુજરાતી', 'Иван Петров', 'Łukasz Dvořák'];
    const pdf = await renderTablePdf({
      ...document([
        {
          heading: 'कक्षा 7',
          headers,
          rows: names.map((name, i) => [String(i + 1), name, 'Batch A', 'Present']),
        },
      ]),
      institution: 'केन्द्रीय विद्यालय',
    });
    const text = pdfText(pdf);
    for (const name of [...names, 'कक्षा 7']) expect(text).toContain(name);
    const fonts = pdfFonts(pdf);
    for (const family of [
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
      'NotoSansGurmukhi',
      'NotoSans-Regular',
    ]) {
      expect(fonts).toMatch(new RegExp(`\\+${family}.*Identity-H\\s+yes yes yes`));
    }
    const latin = pdfFonts(await renderTablePdf(document([{ heading: null, headers, rows: rows(3) }])));
    expect(latin).toContain('Helvetica');
    expect(latin).not.toMatch(/Noto| yes /);
  });
});
