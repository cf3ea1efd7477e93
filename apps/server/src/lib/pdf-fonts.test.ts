import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { NOTO_FAMILIES, notoFamilyFor, notoFontFile } from './pdf-fonts.js';

/** A word of each family's script, with vowel signs (the marks GPOS positions). */
const SAMPLES: Record<string, string> = {
  NotoSansDevanagari: 'विद्यार्थी',
  NotoSansBengali: 'শিক্ষার্থী',
  NotoSansGurmukhi: 'ਪੰਜਾਬੀ ਵਿਦਿਆਰਥੀ',
  NotoSansGujarati: 'વિદ્યાર્થી',
  NotoSansOriya: 'ଛାତ୍ରଛାତ୍ରୀ',
  NotoSansTamil: 'மாணவர்',
  NotoSansTelugu: 'విద్యార్థి',
  NotoSansKannada: 'ವಿದ್ಯಾರ್ಥಿ',
  NotoSansMalayalam: 'വിദ്യാർത്ഥി',
  NotoSans: 'Łukasz Иван Ἀθῆναι ₹',
};

describe('notoFamilyFor', () => {
  it('keeps the standard fonts for Windows-1252 text', () => {
    for (const text of ['', 'Ravi Kumar', 'José Müller-Øster', '“quoted” – €5 … ™', 'tab\tnew\nline']) {
      expect(notoFamilyFor(text)).toBeNull();
    }
  });

  it("picks the script's Noto Sans, the first script found, else Noto Sans", () => {
    expect(notoFamilyFor('राम कुमार')).toBe('NotoSansDevanagari');
    expect(notoFamilyFor('Murugan முருகன்')).toBe('NotoSansTamil');
    expect(notoFamilyFor('ਪੰਜਾਬੀ and हिन्दी')).toBe('NotoSansGurmukhi');
    expect(notoFamilyFor('Иван Петров')).toBe('NotoSans');
    expect(notoFamilyFor('Łukasz')).toBe('NotoSans');
    expect(notoFamilyFor('₹ 500')).toBe('NotoSans');
  });
});

describe('the Noto fonts', () => {
  it('has a sample for every family', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...NOTO_FAMILIES].sort());
  });

  it('draws a word of each script in both weights through pdfkit', () => {
    for (const family of NOTO_FAMILIES) {
      for (const style of ['regular', 'bold'] as const) {
        const doc = new PDFDocument();
        doc.registerFont(family, notoFontFile(family, style));
        const sample = SAMPLES[family]!;
        expect(notoFamilyFor(sample)).toBe(family);
        expect(() => doc.font(family).text(sample), `${family} ${style}`).not.toThrow();
        expect(doc.widthOfString(sample)).toBeGreaterThan(0);
        doc.end();
      }
    }
  });
});
