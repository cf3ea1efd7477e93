import { describe, expect, it } from 'vitest';
import bn from '../locales/bn.js';
import hi from '../locales/hi.js';
import ta from '../locales/ta.js';
import { type Catalogue, ENGLISH, FORMATTED_SPACES } from './catalogue.js';
import { icuArguments } from './icu.js';
import { pseudoCatalogue } from './pseudo.js';

// Every language file against the English catalogue: the same spaces, every key and no other,
// and each text with the same ICU arguments (a translation that drops `{count}` or renames it
// would show a raw brace or lose the number). Also that every text parses as ICU MessageFormat.

const TRANSLATIONS: Record<string, Catalogue> = { hi, ta, bn };
const LANGUAGE_FILES: Record<string, Catalogue> = { ...TRANSLATIONS, 'en-XA': pseudoCatalogue() };

type Space = keyof typeof ENGLISH;
const KEYED_SPACES = FORMATTED_SPACES;

const textsOf = (catalogue: Catalogue | typeof ENGLISH, space: Space) =>
  catalogue[space] as unknown as Readonly<Record<string, string>>;

/**
 * Words a translation keeps as English writes them: file formats, codes and the date formats the
 * spec fixes (DD-MM-YYYY in every language).
 */
const KEPT_WORDS = /\b(CSV|PDF|Pdf|OTP|PRN|url|DD|MM|YYYY|hh|mm|A)\b/g;

/** Whether a text still has English words once its arguments and the kept words are taken out. */
const hasEnglishWords = (text: string) =>
  /[A-Za-z]{2,}/.test(text.replace(/\{[^}]*\}/g, '').replace(KEPT_WORDS, ''));

/** `{…}` groups of the import help, which is never formatted (GIFT's braces are literal). */
const braces = (text: string) => [...text.matchAll(/\{[^}]*\}/g)].map((match) => match[0]);

describe.each(Object.entries(LANGUAGE_FILES))('the %s catalogue', (_code, catalogue) => {
  it('has the spaces of the English one', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  it.each(KEYED_SPACES)('has every key of %s, and none English lacks', (space) => {
    const own = Object.keys(textsOf(catalogue, space)).sort();
    const english = Object.keys(textsOf(ENGLISH, space)).sort();
    expect(
      own.filter((key) => !english.includes(key)),
      'keys English lacks',
    ).toEqual([]);
    expect(
      english.filter((key) => !own.includes(key)),
      'keys missing',
    ).toEqual([]);
  });

  it.each(KEYED_SPACES)('gives each text of %s the ICU arguments of the English one', (space) => {
    const english = textsOf(ENGLISH, space);
    const own = textsOf(catalogue, space);
    const differing = Object.keys(english).flatMap((key) => {
      const text = own[key];
      if (typeof text !== 'string' || text.trim() === '') return [`${key}: empty`];
      let found: string[];
      try {
        found = icuArguments(text);
      } catch (error) {
        return [`${key}: not ICU MessageFormat (${(error as Error).message})`];
      }
      const expected = icuArguments(english[key]!);
      return found.join(',') === expected.join(',') ? [] : [`${key}: ${found} instead of ${expected}`];
    });
    expect(differing).toEqual([]);
  });

  it('has one import help line per English line, with its literal braces', () => {
    const own = catalogue.importHelp as readonly string[];
    expect(own).toHaveLength(ENGLISH.importHelp.length);
    own.forEach((line, index) => {
      expect(braces(line)).toEqual(braces(ENGLISH.importHelp[index]!));
    });
  });
});

describe.each(Object.entries(TRANSLATIONS))('the %s translation', (_code, catalogue) => {
  it.each(KEYED_SPACES)('leaves no text of %s in English', (space) => {
    const english = textsOf(ENGLISH, space);
    const own = textsOf(catalogue, space);
    const untranslated = Object.keys(english).filter(
      (key) => own[key] === english[key] && hasEnglishWords(english[key]!),
    );
    expect(untranslated).toEqual([]);
  });
});
