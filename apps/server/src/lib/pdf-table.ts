import { activeLanguage, LABELS } from '@portal/shared';
import PDFDocument from 'pdfkit';
import { ByteBlocks } from './byte-blocks.js';
import { type FontStyle, notoFamilyFor, notoFontFile, STANDARD_FONTS } from './pdf-fonts.js';
import { LineDrawer } from './pdf-line.js';

// A titled document of tables, drawn with pdfkit directly. pdfmake laid out a whole document as
// a tree before writing a byte (over 5 s and ~480 MB for a 5,000-student week) and cannot tag
// one, so the portal's documents (a whole institution's reports, an import's sign-in sheet, the marks
// report) are drawn row by row here: column widths from the measured texts, a row's height from
// its tallest cell, the header rows again on each page. Each text is drawn in a font that has its
// characters (lib/pdf-fonts.ts): nothing is loaded from outside. The cells' texts, mostly the
// same few words, are wrapped and encoded once (lib/pdf-line.ts).
//
// The documents are tagged PDFs (decision 41), so a screen reader reads them as a structure:
// the document's language and title, the institution and title as headings, each table as a
// Table of header cells (TH, scoped to their column) and data cells. What only the eye needs is
// marked as an artifact: the header rows repeated on later pages, the page numbers, fills and rules.

export interface TableSection {
  /** Shown above the table when a document has several; null for the only one. */
  heading: string | null;
  headers: string[];
  /** Further header rows under the first (the marks report's right answers), in italics. */
  subheaders?: string[][];
  rows: string[][];
  /**
   * Per row, per column: a cell that stands out (a wrong answer), drawn in red and bold, and read
   * out with "wrong" after it.
   */
  marked?: boolean[][];
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
const MARKED = '#c92a2a';

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** A structure element of `type` whose content `draw` draws (pdfkit's types lack the TH's scope). */
function tag(doc: Doc, type: string, draw: () => void, options: { scope?: 'Column'; alt?: string } = {}) {
  return doc.struct(type, options as Parameters<Doc['struct']>[1], draw);
}

/** Draws what only the eye needs (a fill, a rule, a repeated header, a page number) as an artifact. */
function artifact(doc: Doc, type: 'Layout' | 'Pagination', draw: () => void) {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

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
    // A tagged PDF in the catalogue's language whose viewers show the title, not the file name.
    pdfVersion: '1.7',
    tagged: true,
    // The reader's language, as the document's texts are (lib/language.ts).
    lang: activeLanguage(),
    displayTitle: true,
  });
  const output = new ByteBlocks();
  doc.on('data', (chunk: Buffer) => output.add(chunk));
  // The document is drawn in one synchronous pass, before the stream would start flowing on the
  // next tick: its every chunk would wait in the stream's buffer until the end. Reading what the
  // constructor wrote empties that buffer, so each later chunk reaches `output` as it is written.
  while (doc.read() !== null);
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(output.bytes()));
    doc.on('error', reject);
  });

  const fonts = new Fonts(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  writeHeading(doc, fonts, root, data);
  const top = doc.y;
  const empty = data.sections.every((section) => section.rows.length === 0);
  const fontSize = columns > 6 ? 8 : 9;
  const tables =
    data.emptyText !== undefined && empty
      ? []
      : data.sections.map((section) => new TableWriter(doc, fonts, section, fontSize));
  const layout = new Pages(doc, fonts, null);
  tables.reduce((y, table) => table.write(y, layout, null), top);
  const pages = new Pages(doc, fonts, layout.count);
  tables.reduce((y, table) => table.write(y, pages, root), top);
  if (tables.length === 0) {
    const text = data.emptyText ?? '';
    fonts.use(text, 'italic');
    root.add(tag(doc, 'P', () => doc.fontSize(10).fillColor('black').text(text, MARGINS.left, top)));
  }
  pages.finish();
  root.end();
  doc.end();
  return finished;
}

/** The institution (H1), the title (H2) and the lines under it (paragraphs). */
function writeHeading(doc: Doc, fonts: Fonts, root: Struct, data: TablePdfData) {
  fonts.use(data.institution, 'bold');
  root.add(tag(doc, 'H1', () => doc.fontSize(16).fillColor('black').text(data.institution)));
  fonts.use(data.title, 'regular');
  root.add(tag(doc, 'H2', () => doc.fontSize(13).text(data.title, { paragraphGap: 2 })));
  doc.fontSize(10).fillColor(MUTED);
  for (const line of data.lines) {
    fonts.use(line, 'regular');
    root.add(tag(doc, 'P', () => doc.text(line)));
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
    artifact(doc, 'Pagination', () =>
      doc.text(text, x, doc.page.height - MARGINS.bottom + 18, { lineBreak: false }),
    );
    doc.fillColor('black');
  }
}
/** A header row: its cells and the style they are drawn in. */
interface HeaderRow {
  cells: string[];
  style: FontStyle;
}

/** Where a row goes in the structure: its TR's parent and cell type, or nowhere (an artifact). */
interface RowTag {
  parent: Struct;
  cell: 'TH' | 'TD';
}

/** Writes one section's table from a position, breaking pages between rows. */
class TableWriter {
  private readonly widths: number[];
  /** Per style, each text's width, measured once. */
  private readonly measured: Record<FontStyle, Map<string, number>> = {
    regular: new Map(),
    bold: new Map(),
    italic: new Map(),
  };
  /** Each body row's height, found by the layout pass and used again by the drawing one. */
  private readonly rowHeights: number[] = [];
  /** A line's height in the standard fonts; a cell in a Noto font measures its own. */
  private readonly lineHeight: number;
  private readonly headerRows: HeaderRow[];
  /** The style cells are measured and drawn in: bold headers, italic subheaders, regular cells. */
  private style: FontStyle = 'regular';
  private y = 0;
  private pages!: Pages;
  /** The rules under this page's rows, drawn together when the page is done. */
  private rules: number[] = [];
  /** Draws the cells' texts, each wrapped and encoded once. */
  private readonly lines: LineDrawer;

  constructor(
    private readonly doc: Doc,
    private readonly fonts: Fonts,
    private readonly section: TableSection,
    private readonly fontSize: number,
  ) {
    doc.fontSize(fontSize);
    fonts.use('', 'regular');
    this.lineHeight = doc.currentLineHeight(true);
    this.headerRows = [
      { cells: section.headers, style: 'bold' },
      ...(section.subheaders ?? []).map((cells) => ({ cells, style: 'italic' as const })),
    ];
    this.widths = this.columnWidths();
    this.lines = new LineDrawer(doc);
  }

  /**
   * Lays the table out from `y`, or draws it when `pages` draws, as a Table of `parent`'s
   * structure; answers where the next one may start.
   */
  write(y: number, pages: Pages, parent: Struct | null): number {
    const { doc, section } = this;
    this.y = y;
    this.pages = pages;
    doc.fontSize(this.fontSize).fillColor('black');
    const headerHeights = this.headerRows.map((row) =>
      this.inStyle(row.style, () => this.rowHeight(row.cells)),
    );
    const headerHeight = sum(headerHeights);
    const firstRowHeight = section.rows[0] ? this.bodyRowHeight(0) : 0;
    const headingHeight = section.heading ? this.headingHeight(section.heading) + 8 : 0;
    // The heading, the header rows and the first row stay together.
    if (this.y + headingHeight + headerHeight + firstRowHeight > this.bottom()) this.newPage();
    const table = parent && doc.struct('Table');
    if (section.heading) {
      if (parent) {
        const heading = section.heading;
        doc.fontSize(this.fontSize + 1);
        this.fonts.use(heading, 'bold');
        const top = this.y + 4;
        parent.add(tag(doc, 'H3', () => doc.text(heading, MARGINS.left, top, { width: this.tableWidth() })));
        doc.fontSize(this.fontSize);
      }
      this.y += headingHeight;
    }
    if (parent && table) parent.add(table);
    // The header rows are the table's head once; on later pages they are drawn again for the eye.
    const head = table && doc.struct('THead');
    if (table && head) table.add(head);
    this.writeHeader(headerHeights, head && { parent: head, cell: 'TH' });
    head?.end();
    const body = table && doc.struct('TBody');
    if (table && body) table.add(body);
    section.rows.forEach((row, index) => {
      const height = this.bodyRowHeight(index);
      if (this.y + height > this.bottom()) {
        this.finishPage();
        this.newPage();
        this.writeHeader(headerHeights, null);
      }
      if (pages.drawing) this.writeRow(row, body && { parent: body, cell: 'TD' }, section.marked?.[index]);
      this.y += height;
      if (pages.drawing) this.rules.push(this.y);
    });
    body?.end();
    table?.end();
    this.finishPage();
    return this.y + 10;
  }

  private inStyle<T>(style: FontStyle, measure: () => T): T {
    const before = this.style;
    this.style = style;
    const result = measure();
    this.style = before;
    return result;
  }

  /** A body row's height, its marked cells measured in bold; measured once. */
  private bodyRowHeight(index: number) {
    this.rowHeights[index] ??= this.measureBodyRow(index);
    return this.rowHeights[index];
  }

  private measureBodyRow(index: number) {
    const row = this.section.rows[index] ?? [];
    const marked = this.section.marked?.[index];
    if (!marked?.some(Boolean)) return this.rowHeight(row);
    return Math.max(
      this.rowHeight(row.map((text, column) => (marked[column] ? '' : text))),
      this.inStyle('bold', () => this.rowHeight(row.map((text, column) => (marked[column] ? text : '')))),
    );
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

  /** The header rows on their fill with a rule under them: tagged as the table's head, or an artifact. */
  private writeHeader(heights: number[], row: RowTag | null) {
    const { doc } = this;
    const height = sum(heights);
    if (!this.pages.drawing) {
      this.y += height;
      return;
    }
    artifact(doc, 'Layout', () =>
      doc.rect(MARGINS.left, this.y, this.tableWidth(), height).fill(HEADER_FILL),
    );
    doc.fillColor('black');
    const draw = () =>
      this.headerRows.forEach((header, index) => {
        this.inStyle(header.style, () => this.writeRow(header.cells, row));
        this.y += heights[index] ?? 0;
      });
    if (row) draw();
    else artifact(doc, 'Pagination', draw);
    artifact(doc, 'Layout', () => {
      doc.save().lineWidth(1).strokeColor(HEADER_RULE);
      doc
        .moveTo(MARGINS.left, this.y)
        .lineTo(MARGINS.left + this.tableWidth(), this.y)
        .stroke();
      doc.restore();
    });
  }

  /**
   * The row's cells at the current position, in the current style (marked cells red and bold): a
   * line each, or wrapped in its column. Tagged as a TR of TH or TD cells when `tag` is given.
   */
  private writeRow(cells: string[], row: RowTag | null, marked?: boolean[]) {
    const tr = row && this.doc.struct('TR');
    if (row && tr) row.parent.add(tr);
    let x = MARGINS.left;
    this.widths.forEach((width, index) => {
      const text = cells[index] ?? '';
      const stands = marked?.[index] === true;
      const draw = () => this.writeCell(text, x, width, stands);
      if (tr && row) {
        tr.add(
          tag(this.doc, row.cell, draw, {
            ...(row.cell === 'TH' ? { scope: 'Column' } : {}),
            ...(stands ? { alt: `${text} (${LABELS.docMarkedWrong})` } : {}),
          }),
        );
      } else {
        draw();
      }
      x += width;
    });
    tr?.end();
  }

  private writeCell(text: string, x: number, width: number, marked: boolean) {
    const { doc } = this;
    const style = marked ? 'bold' : this.style;
    const inner = width - 2 * PADDING;
    const fits = this.inStyle(style, () => this.width(text)) <= inner;
    this.fonts.use(text, style);
    if (marked) doc.fillColor(MARKED);
    const left = x + PADDING;
    const top = this.y + PADDING;
    if (fits) {
      if (!this.lines.draw(text, left, top)) doc.text(text, left, top, { lineBreak: false });
    } else if (!this.lines.draw(text, left, top, inner)) {
      doc.text(text, left, top, { width: inner });
    }
    if (marked) doc.fillColor('black');
  }

  /** The rules under this page's rows, in one path. */
  private finishPage() {
    if (this.rules.length === 0) return;
    const { doc } = this;
    const right = MARGINS.left + this.tableWidth();
    artifact(doc, 'Layout', () => {
      doc.save().lineWidth(0.5).strokeColor(ROW_RULE);
      for (const y of this.rules) doc.moveTo(MARGINS.left, y).lineTo(right, y);
      doc.stroke().restore();
    });
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
    const measured = this.measured[this.style];
    let width = measured.get(text);
    if (width === undefined) {
      this.fonts.use(text, this.style);
      width = this.doc.widthOfString(text);
      measured.set(text, width);
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

  /**
   * Per column, the largest `measure` of its header rows (in their styles) and cells (regular,
   * marked ones bold), padding included.
   */
  private columnMaxima(measure: (text: string) => number): number[] {
    const { section } = this;
    const maxima = section.headers.map(() => 0);
    const take = (cells: string[], style: (column: number) => FontStyle) =>
      maxima.forEach((max, column) => {
        const text = cells[column] ?? '';
        maxima[column] = Math.max(max, this.inStyle(style(column), () => measure(text)) + 2 * PADDING);
      });
    for (const row of this.headerRows) take(row.cells, () => row.style);
    section.rows.forEach((row, index) => {
      take(row, (column) => (section.marked?.[index]?.[column] ? 'bold' : 'regular'));
    });
    return maxima;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
