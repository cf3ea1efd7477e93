import { createRequire } from 'node:module';

// fontkit 2.0.4, which lays text out for pdfkit, throws "Cannot read properties of null (reading
// 'xCoordinate')" when a GPOS mark lookup has a NULL anchor (foliojs/fontkit#367). The OpenType
// spec allows them ("no anchor for this mark class"), and Noto Sans Gurmukhi has them: every
// Punjabi word with a vowel sign failed. Such a mark is left where it is, as HarfBuzz leaves it
// (the change of foliojs/fontkit#374, not yet released).

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number): void;
}

interface LaidOutFont {
  layout(text: string): unknown;
  _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } };
}

const PATCHED = Symbol.for('portal.fontkit.skipsNullAnchors');

/**
 * Makes the fontkit that pdfkit loads skip NULL mark anchors; `probe` is a font file with a GPOS
 * table (the processor's class is reached through a font laid out once). Returns whether it did.
 */
export function skipNullMarkAnchors(probe: Buffer): boolean {
  const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
  const fontkit = fromPdfkit('fontkit') as { create(file: Buffer): LaidOutFont };
  const font = fontkit.create(probe);
  font.layout(' ');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return false;
  const prototype = Object.getPrototypeOf(processor) as GposProcessor & { [PATCHED]?: true };
  if (prototype[PATCHED]) return true;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  prototype[PATCHED] = true;
  return true;
}
