import PDFDocument from 'pdfkit';
import { type FontStyle, notoFamilyFor, notoFontFile, STANDARD_FONTS } from './pdf-fonts.js';

// A titled document of plain tables, drawn with pdfkit directly. pdfmake lays out a whole
// document as a tree before writing a byte (over 5 s and ~480 MB for a 5,000-student week), so
// the portal's long tables (a whole institution's reports, an import's sign-in sheet) are drawn
// row by row here: column widths from the measured texts, a row's height from its tallest cell,
// the header row again on each page. Each text is drawn in a font that has its characters
// (lib/pdf-fonts.ts): nothing is loaded from outside.

export interface TableSection {
  /** Shown above the table when a document has several; null for the only one. */
  heading: string | null;
  headers: string[];
  rows: string[][];
}

export interface TablePdfData {
  institution: string;
  title: string;
  /** The lines under the title. */
  lines: string[];
  sections: TableSection[];
  /** Shown instead of the tables when every one is empty; without it, their headers are. */
  emptyText?: string;
}

const MARGINS = { top: 48, bottom: 48, left: 36, right: 36 };
const PADDING = 3;
const HEADER_FILL = '#eef2f7';
const HEADER_RULE = '#555555';
const ROW_RULE = '#cccccc';
const MUTED = '#555555';

type Doc = PDFKit.PDFDocument;

/**
 * The document's fonts: `use` sets the font that draws a text in a style, registering a Noto font
 * with the document the first time one is needed, and skips the switch when it is already set.
 */
class Fonts {
  private current = '';
  private readonly registered = new Set<string>();

  constructor(private readonly doc: Doc) {}

  use(text: string, style: FontStyle) {
    const name = this.nameFor(text, style);
    if (name !== this.current) this.doc.font(name);
    this.current = name;
  }

  private nameFor(text: string, style: FontStyle) {
    const family = notoFamilyFor(text);
    if (family === null) return STANDARD_FONTS[style];
    const name = `${family}-${style}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, notoFontFile(family, style));
      this.registered.add(name);
    }
    return name;
  }
}

/**
 * The document as a PDF: landscape when a table has more than six columns. The tables are laid
 * out twice: first only to find where the pages break (so each page can say 'page / pages' as it
 * is finished), then drawn, each page written out as the next begins, so a long report holds one
 * page in memory rather than all of them.
 */
export function renderTablePdf(data: TablePdfData): Promise<Buffer> {
  const columns = Math.max(0, ...data.sections.map((section) => section.headers.length));
  const doc = new PDFDocument({
    size: 'A4',
    layout: columns > 6 ? 'landscape' : 'portrait',
    margins: MARGINS,
    info: { Title: `${data.institution} - ${data.title}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fonts = new Fonts(doc);
  writeHeading(doc, fonts, data);
  const top = doc.y;
  const empty = data.sections.every((section) => section.rows.length === 0);
  const fontSize = columns > 6 ? 8 : 9;
  const tables =
    data.emptyText !== undefined && empty
      ? []
      : data.sections.map((section) => new TableWriter(doc, fonts, section, fontSize));
  const layout = new Pages(doc, fonts, null);
  tables.reduce((y, table) => table.write(y, layout), top);
  const pages = new Pages(doc, fonts, layout.count);
  tables.reduce((y, table) => table.write(y, pages), top);
  if (tables.length === 0) {
    const text = data.emptyText ?? '';
    fonts.use(text, 'italic');
    doc.fontSize(10).fillColor('black').text(text, MARGINS.left, top);
  }
  pages.finish();
  doc.end();
  return finished;
}

function writeHeading(doc: Doc, fonts: Fonts, data: TablePdfData) {
  fonts.use(data.institution, 'bold');
  doc.fontSize(16).fillColor('black').text(data.institution);
  fonts.use(data.title, 'regular');
  doc.fontSize(13).text(data.title, { paragraphGap: 2 });
  doc.fontSize(10).fillColor(MUTED);
  for (const line of data.lines) {
    fonts.use(line, 'regular');
    doc.text(line);
  }
  doc.fillColor('black').moveDown(0.8);
}

/**
 * The pages of the document: counted only (`total` null: the layout pass), or drawn, each with
 * 'page / total' centred under it.
 */
class Pages {
  count = 1;

  constructor(
    private readonly doc: Doc,
    private readonly fonts: Fonts,
    private readonly total: number | null,
  ) {}

  get drawing() {
    return this.total !== null;
  }

  next() {
    if (this.drawing) {
      this.writeNumber();
      this.doc.addPage();
    }
    this.count += 1;
  }

  /** The last page's number. */
  finish() {
    this.writeNumber();
  }

  private writeNumber() {
    const { doc } = this;
    const text = `${this.count} / ${this.total}`;
    this.fonts.use(text, 'regular');
    doc.fontSize(8).fillColor('#777777');
    const x = (doc.page.width - doc.widthOfString(text)) / 2;
    doc.text(text, x, doc.page.height - MARGINS.bottom + 18, { lineBreak: false });
    doc.fillColor('black');
  }
}

/** Writes one section's table from a position, breaking pages between rows. */
class TableWriter {
  private readonly widths: number[];
  private readonly measured = new Map<string, number>();
  /** A line's height in the standard fonts; a cell in a Noto font measures its own. */
  private readonly lineHeight: number;
  /** Headers are bold, cells regular. */
  private style: FontStyle = 'regular';
  private y = 0;
  private pages!: Pages;
  /** The rules under this page's rows, drawn together when the page is done. */
  private rules: number[] = [];

  constructor(
    private readonly doc: Doc,
    private readonly fonts: Fonts,
    private readonly section: TableSection,
    private readonly fontSize: number,
  ) {
    doc.fontSize(fontSize);
    fonts.use('', 'regular');
    this.lineHeight = doc.currentLineHeight(true);
    this.widths = this.columnWidths();
  }

  /** Lays the table out from `y` (drawing it when `pages` draws); where the next one may start. */
  write(y: number, pages: Pages): number {
    const { doc, section } = this;
    this.y = y;
    this.pages = pages;
    doc.fontSize(this.fontSize).fillColor('black');
    this.style = 'bold';
    const headerHeight = this.rowHeight(section.headers);
    this.style = 'regular';
    const firstRowHeight = section.rows[0] ? this.rowHeight(section.rows[0]) : 0;
    const headingHeight = section.heading ? this.headingHeight(section.heading) + 8 : 0;
    // The heading, the header row and the first row stay together.
    if (this.y + headingHeight + headerHeight + firstRowHeight > this.bottom()) this.newPage();
    if (section.heading) {
      if (pages.drawing) {
        doc.fontSize(this.fontSize + 1);
        this.fonts.use(section.heading, 'bold');
        doc.text(section.heading, MARGINS.left, this.y + 4, { width: this.tableWidth() });
        doc.fontSize(this.fontSize);
      }
      this.y += headingHeight;
    }
    this.writeHeader(headerHeight);
    for (const row of section.rows) {
      const height = this.rowHeight(row);
      if (this.y + height > this.bottom()) {
        this.finishPage();
        this.newPage();
        this.writeHeader(headerHeight);
      }
      if (pages.drawing) this.writeCells(row);
      this.y += height;
      if (pages.drawing) this.rules.push(this.y);
    }
    this.finishPage();
    return this.y + 10;
  }

  private headingHeight(heading: string) {
    this.doc.fontSize(this.fontSize + 1);
    this.fonts.use(heading, 'bold');
    const height = this.doc.heightOfString(heading, { width: this.tableWidth() });
    this.doc.fontSize(this.fontSize);
    return height;
  }

  private bottom() {
    return this.doc.page.height - MARGINS.bottom;
  }

  private tableWidth() {
    return sum(this.widths);
  }

  private newPage() {
    this.pages.next();
    this.y = MARGINS.top;
    this.doc.fontSize(this.fontSize).fillColor('black');
  }

  private writeHeader(height: number) {
    const { doc } = this;
    if (!this.pages.drawing) {
      this.y += height;
      return;
    }
    doc.rect(MARGINS.left, this.y, this.tableWidth(), height).fill(HEADER_FILL);
    doc.fillColor('black');
    this.style = 'bold';
    this.writeCells(this.section.headers);
    this.style = 'regular';
    this.y += height;
    doc.save().lineWidth(1).strokeColor(HEADER_RULE);
    doc
      .moveTo(MARGINS.left, this.y)
      .lineTo(MARGINS.left + this.tableWidth(), this.y)
      .stroke();
    doc.restore();
  }

  /** The cells at the current row, in the row's style: a line each, or wrapped in its column. */
  private writeCells(cells: string[]) {
    let x = MARGINS.left;
    this.widths.forEach((width, index) => {
      const text = cells[index] ?? '';
      const inner = width - 2 * PADDING;
      const fits = this.width(text) <= inner;
      this.fonts.use(text, this.style);
      if (fits) {
        this.doc.text(text, x + PADDING, this.y + PADDING, { lineBreak: false });
      } else {
        this.doc.text(text, x + PADDING, this.y + PADDING, { width: inner });
      }
      x += width;
    });
  }

  /** The rules under this page's rows, in one path. */
  private finishPage() {
    if (this.rules.length === 0) return;
    const { doc } = this;
    const right = MARGINS.left + this.tableWidth();
    doc.save().lineWidth(0.5).strokeColor(ROW_RULE);
    for (const y of this.rules) doc.moveTo(MARGINS.left, y).lineTo(right, y);
    doc.stroke().restore();
    this.rules = [];
  }

  /** The row's height in its style: its tallest cell, wrapped in its column, and the padding. */
  private rowHeight(cells: string[]) {
    let lines = this.lineHeight;
    this.widths.forEach((width, index) => {
      const text = cells[index] ?? '';
      const inner = width - 2 * PADDING;
      const wraps = this.width(text) > inner;
      if (!wraps && notoFamilyFor(text) === null) return;
      this.fonts.use(text, this.style);
      const height = wraps
        ? this.doc.heightOfString(text, { width: inner })
        : this.doc.currentLineHeight(true);
      lines = Math.max(lines, height);
    });
    return lines + 2 * PADDING;
  }

  /** A text's width in its font of the current style, remembered. */
  private width(text: string) {
    const key = `${this.style}\u0000${text}`;
    let width = this.measured.get(key);
    if (width === undefined) {
      this.fonts.use(text, this.style);
      width = this.doc.widthOfString(text);
      this.measured.set(key, width);
    }
    return width;
  }

  /**
   * Each column as wide as its widest text when the table fits the page, widened in proportion to
   * fill it. When it does not fit, each column first gets its longest word (so words are not
   * broken), and the width left goes to the columns still short of their widest text, equally
   * until each has enough; their texts wrap.
   */
  private columnWidths(): number[] {
    const available = this.doc.page.width - MARGINS.left - MARGINS.right;
    const natural = this.columnMaxima((text) => this.width(text));
    const total = sum(natural);
    if (total <= available) return natural.map((width) => (width * available) / total);
    const longestWords = this.columnMaxima((text) =>
      Math.max(0, ...text.split(/\s+/).map((word) => this.width(word))),
    );
    const least = longestWords.map((width, index) => Math.min(width, natural[index]!));
    const leastTotal = sum(least);
    if (leastTotal >= available) return least.map((width) => (width * available) / leastTotal);
    const widths = [...least];
    let left = available - leastTotal;
    let short = widths.map((_, index) => index).filter((index) => widths[index]! < natural[index]!);
    while (short.length > 0 && left > 0.01) {
      const share = left / short.length;
      for (const index of short) {
        const grant = Math.min(share, natural[index]! - widths[index]!);
        widths[index]! += grant;
        left -= grant;
      }
      short = short.filter((index) => widths[index]! < natural[index]! - 0.01);
    }
    return widths;
  }

  /** Per column, the largest `measure` of its header (bold) and cells (regular), padding included. */
  private columnMaxima(measure: (text: string) => number): number[] {
    const { section } = this;
    this.style = 'bold';
    const maxima = section.headers.map((text) => measure(text) + 2 * PADDING);
    this.style = 'regular';
    for (const row of section.rows) {
      for (let index = 0; index < maxima.length; index++) {
        maxima[index] = Math.max(maxima[index]!, measure(row[index] ?? '') + 2 * PADDING);
      }
    }
    return maxima;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
