import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { notoFontFile } from './pdf-fonts.js';
import { LineDrawer } from './pdf-line.js';

/** The texts a table cell holds: kerned pairs, a word that wraps, a script of its own. */
const CELLS = [
  { text: 'AVATAR Type Viewed', font: 'Helvetica', width: undefined },
  { text: 'Mathematics (Class 10): Quadratic equations, a first example', font: 'Helvetica-Bold', width: 90 },
  { text: 'Not Viewed\nagain', font: 'Helvetica', width: undefined },
  { text: 'Иван Петров', font: 'NotoSans', width: undefined },
  { text: 'राम कुमार', font: 'NotoSansDevanagari', width: undefined },
] as const;

/** A page with every cell, drawn by `draw`; answers its first page as a PNG. */
function page(draw: (doc: PDFKit.PDFDocument, cell: (typeof CELLS)[number], y: number) => void) {
  const doc = new PDFDocument({ size: 'A5', compress: false });
  doc.registerFont('NotoSans', notoFontFile('NotoSans', 'regular'));
  doc.registerFont('NotoSansDevanagari', notoFontFile('NotoSansDevanagari', 'regular'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  CELLS.forEach((cell, index) => {
    doc
      .font(cell.font)
      .fontSize(9)
      .fillColor(index % 2 ? '#c92a2a' : 'black');
    draw(doc, cell, 40 + index * 60);
  });
  doc.end();
  return done.then((pdf) => execFileSync('/usr/bin/pdftoppm', ['-r', '100', '-png', '-'], { input: pdf }));
}

describe('LineDrawer', () => {
  it('draws a cell exactly as pdfkit’s text() does, on one line or wrapped in its width', async () => {
    const byPdfkit = await page((doc, cell, y) =>
      doc.text(cell.text, 30, y, cell.width ? { width: cell.width } : { lineBreak: false }),
    );
    let lines: LineDrawer | undefined;
    const drawn: boolean[] = [];
    const byLines = await page((doc, cell, y) => {
      lines ??= new LineDrawer(doc);
      const done = lines.draw(cell.text, 30, y, cell.width);
      drawn.push(done);
      if (!done) doc.text(cell.text, 30, y, cell.width ? { width: cell.width } : { lineBreak: false });
    });
    // The Latin and Cyrillic texts are drawn here; the Devanagari one, whose marks sit off the line, by pdfkit.
    expect(drawn).toEqual([true, true, true, true, false]);
    expect(byLines.equals(byPdfkit)).toBe(true);
  });
});
