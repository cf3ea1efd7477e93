import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { skipNullMarkAnchors } from './fontkit-null-anchors.js';

// Which font draws a text in the portal's PDFs. The PDF standard fonts (Helvetica) need no font
// file but only know the Windows-1252 characters, so a name in Devanagari, Tamil or Cyrillic came
// out garbled. A text they can draw keeps them (small files, the common case); any other text is
// drawn in the Noto Sans of its script (the first script found in it that has one), else in Noto
// Sans (Latin Extended, Greek, Cyrillic). The Noto fonts come from npm packages, read from disk
// once per process and embedded as subsets; nothing is loaded from outside.

export type FontStyle = 'regular' | 'bold' | 'italic';

/** Helvetica of each style. */
export const STANDARD_FONTS: Record<FontStyle, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
};

/** A Noto family: the code point ranges it is picked for, and its npm package. */
interface ScriptFont {
  family: string;
  ranges: [number, number][];
  pkg: string;
}

// The scripts of India's schedule of languages that are written left to right, each with its
// Vedic and extended blocks. Right-to-left scripts (Urdu, Arabic) would also need reordering,
// which pdfkit does not do.
const SCRIPT_FONTS: ScriptFont[] = [
  {
    family: 'NotoSansDevanagari',
    ranges: [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa8e0, 0xa8ff],
    ],
    pkg: 'noto-sans-devanagari',
  },
  { family: 'NotoSansBengali', ranges: [[0x0980, 0x09ff]], pkg: 'noto-sans-bengali' },
  { family: 'NotoSansGurmukhi', ranges: [[0x0a00, 0x0a7f]], pkg: 'noto-sans-gurmukhi' },
  { family: 'NotoSansGujarati', ranges: [[0x0a80, 0x0aff]], pkg: 'noto-sans-gujarati' },
  { family: 'NotoSansOriya', ranges: [[0x0b00, 0x0b7f]], pkg: 'noto-sans-oriya' },
  { family: 'NotoSansTamil', ranges: [[0x0b80, 0x0bff]], pkg: 'noto-sans-tamil' },
  { family: 'NotoSansTelugu', ranges: [[0x0c00, 0x0c7f]], pkg: 'noto-sans-telugu' },
  { family: 'NotoSansKannada', ranges: [[0x0c80, 0x0cff]], pkg: 'noto-sans-kannada' },
  { family: 'NotoSansMalayalam', ranges: [[0x0d00, 0x0d7f]], pkg: 'noto-sans-malayalam' },
];
const OTHER: ScriptFont = { family: 'NotoSans', ranges: [], pkg: 'noto-sans' };
export const NOTO_FAMILIES = [...SCRIPT_FONTS, OTHER].map((font) => font.family);

// Windows-1252: ASCII, Latin-1 and the 27 characters it puts in 0x80-0x9f (quotes, dashes, €, …).
const STANDARD_TEXT = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;

/** The Noto family to draw `text` in, or null when the standard fonts draw it. */
export function notoFamilyFor(text: string): string | null {
  if (STANDARD_TEXT.test(text)) return null;
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (point < 0x0900) continue;
    const script = SCRIPT_FONTS.find((font) =>
      font.ranges.some(([from, to]) => point >= from && point <= to),
    );
    if (script) return script.family;
  }
  return OTHER.family;
}

const require = createRequire(import.meta.url);
const WEIGHTS = { regular: '400Regular', bold: '700Bold' } as const;

/** A Noto family's font file of a weight (italic text is drawn upright). */
export function notoFontPath(family: string, style: FontStyle): string {
  const font = [...SCRIPT_FONTS, OTHER].find((entry) => entry.family === family);
  if (!font) throw new Error(`No font family ${family}`);
  const weight = WEIGHTS[style === 'bold' ? 'bold' : 'regular'];
  return require.resolve(`@expo-google-fonts/${font.pkg}/${weight}/${family}_${weight}.ttf`);
}

const fontFiles = new Map<string, Buffer>();

/** The font file's bytes, read once per process. */
export function notoFontFile(family: string, style: FontStyle): Buffer {
  const path = notoFontPath(family, style);
  let file = fontFiles.get(path);
  if (!file) {
    file = readFileSync(path);
    fontFiles.set(path, file);
  }
  return file;
}

skipNullMarkAnchors(notoFontFile('NotoSansGurmukhi', 'regular'));
