// A table cell's text, drawn as pdfkit's `text()` draws it, for less. A whole institution's
// report draws some 60,000 cells, most of them the same few words ("Viewed", "---"), and its
// header rows again on each of 150 pages; pdfkit lays each text out again (its options, the
// wrapping, kerning, a width, six content writes), which took half of the document's time. Here
// a text is wrapped and encoded once per font (its glyphs and kerning as TJ operands) and each
// cell is one write of the operators pdfkit would write. It reads pdfkit's current font, size
// and line wrapping (`_font`, `_fontSize`, `_text`), which its typings do not show.

interface Glyph {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

interface PdfKitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], Glyph[]];
}

interface PdfKitInternals {
  _font: PdfKitFont;
  _fontSize: number;
  x: number;
  y: number;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): unknown;
  currentLineHeight(includeGap?: boolean): number;
  _text(text: string, x: number, y: number, options: object, line: (text: string) => void): unknown;
}

/** A number as pdfkit writes it in a content stream (PDFObject.number). */
const number = (value: number) => Math.round(value * 1e6) / 1e6;

export class LineDrawer {
  /** Per font and text: the TJ operand, or null when a glyph is placed off its line (drawn by pdfkit). */
  private readonly operands = new Map<string, string | null>();
  /** Per font, size, width and text: its lines as pdfkit wraps them. */
  private readonly wrapped = new Map<string, string[]>();
  private readonly doc: PdfKitInternals;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc as unknown as PdfKitInternals;
  }

  /**
   * Draws `text` in the current font, size and colour with its top left at (x, y): on one line,
   * or wrapped in `width` as `text(…, { width })` wraps it. Answers false, drawing nothing, when
   * pdfkit must draw it (a glyph placed off its line, as some scripts' marks are).
   */
  draw(text: string, x: number, y: number, width?: number): boolean {
    const { doc } = this;
    const font = doc._font;
    const lines = width === undefined ? [text] : this.linesOf(text, width);
    const operands = lines.map((line) => this.operandOf(font, line.replace(/\n/g, '')));
    if (operands.includes(null)) return false;
    doc.page.fonts[font.id] ??= font.ref();
    const height = doc.page.height;
    const size = doc._fontSize;
    const lineHeight = doc.currentLineHeight(true);
    const ascent = (font.ascender / 1000) * size;
    operands.forEach((operand, index) => {
      if (operand === '') return;
      // pdfkit's user space has its origin at the top left; text is set in the PDF's own, flipped back.
      const baseline = height - (y + index * lineHeight) - ascent;
      doc.addContent(
        `q 1 0 0 -1 0 ${number(height)} cm BT 1 0 0 1 ${number(x)} ${number(baseline)} Tm ` +
          `/${font.id} ${number(size)} Tf ${operand} TJ ET Q`,
      );
    });
    return true;
  }

  private linesOf(text: string, width: number): string[] {
    const { doc } = this;
    const key = `${doc._font.id}\u0000${doc._fontSize}\u0000${width}\u0000${text}`;
    let lines = this.wrapped.get(key);
    if (lines === undefined) {
      const found: string[] = [];
      const { x, y } = doc;
      // pdfkit's own wrapping, its lines collected instead of drawn.
      doc._text(text, 0, 0, { width }, (line) => found.push(line));
      doc.x = x;
      doc.y = y;
      lines = found;
      this.wrapped.set(key, lines);
    }
    return lines;
  }

  private operandOf(font: PdfKitFont, text: string): string | null {
    const key = `${font.id}\u0000${text}`;
    let operand = this.operands.get(key);
    if (operand === undefined) {
      operand = text === '' ? '' : tjOperand(font, text);
      this.operands.set(key, operand);
    }
    return operand;
  }
}

/** The glyphs of `text` in segments, each followed by its kerning, as pdfkit's `_fragment` writes them. */
function tjOperand(font: PdfKitFont, text: string): string | null {
  const [encoded, glyphs] = font.encode(text);
  if (glyphs.some((glyph) => glyph.xOffset !== 0 || glyph.yOffset !== 0)) return null;
  const segments: string[] = [];
  let start = 0;
  glyphs.forEach((glyph, index) => {
    const kerning = glyph.xAdvance - glyph.advanceWidth;
    if (kerning === 0 && index < glyphs.length - 1) return;
    segments.push(`<${encoded.slice(start, index + 1).join('')}> ${number(-kerning)}`);
    start = index + 1;
  });
  return `[${segments.join(' ')}]`;
}
