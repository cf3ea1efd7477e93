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

const LANGUAGE_FILES: Record<string, Catalogue> = { hi, ta, bn, 'en-XA': pseudoCatalogue() };

type Space = keyof typeof ENGLISH;
const KEYED_SPACES = FORMATTED_SPACES;

const textsOf = (catalogue: Catalogue | typeof ENGLISH, space: Space) =>
  catalogue[space] as unknown as Readonly<Record<string, string>>;

/** `{…}` groups of the import help, which is never formatted (GIFT's braces are literal). */
const braces = (text: string) => [...text.matchAll(/\{[^}]*\}/g)].map((match) => match[0]);

describe.each(Object.entries(LANGUAGE_FILES))('the %s catalogue', (_code, catalogue) => {
  it('has the spaces of the English one', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  it.each(KEYED_SPACES)('has every key of %s, and none English lacks', (space) => {
    const own = Object.keys(textsOf(catalogue, space)).sort();
    const english = Object.keys(textsOf(ENGLISH, space)).sort();
    expect(own.filter((key) => !english.includes(key)), 'keys English lacks').toEqual([]);
    expect(english.filter((key) => !own.includes(key)), 'keys missing').toEqual([]);
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
