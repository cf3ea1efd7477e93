import { NAVIGATION } from '../constants.js';
import { REPORT_MARKS } from '../labels/reports.js';
import {
  ENGLISH_LABELS,
  ENGLISH_MESSAGES,
  ENGLISH_QUESTION_IMPORT_HELP,
  ENGLISH_QUESTION_TYPE_NAMES,
} from '../messages.js';
import { activeLanguage, activeTexts } from './active.js';
import { formatMessage } from './format.js';
import { DEFAULT_LANGUAGE } from './languages.js';

/** The navigation's English labels, which are also its keys (`constants.ts`). */
const englishNavigation: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(NAVIGATION)
    .flat()
    .map((item) => [item.label, item.label]),
);

/**
 * The English catalogue: every text the portal writes, by space and key. A language file
 * (`../locales/<code>.ts`) is a `Catalogue`: the same spaces and keys with its texts, and the same
 * ICU arguments (`locales.test.ts`).
 */
export const ENGLISH = {
  messages: ENGLISH_MESSAGES,
  labels: ENGLISH_LABELS,
  questionTypes: ENGLISH_QUESTION_TYPE_NAMES,
  reportMarks: REPORT_MARKS,
  navigation: englishNavigation,
  importHelp: ENGLISH_QUESTION_IMPORT_HELP,
} as const;

type Group<S extends keyof typeof ENGLISH> = (typeof ENGLISH)[S];
/** A list of texts as long as `T` (a tuple stays a tuple). */
type TextsLike<T> = { readonly [I in keyof T]: string };

export interface Catalogue {
  messages: Record<keyof Group<'messages'>, string>;
  labels: Record<keyof Group<'labels'>, string>;
  questionTypes: Record<keyof Group<'questionTypes'>, string>;
  reportMarks: Record<keyof Group<'reportMarks'>, string>;
  /** Keyed by the English label. */
  navigation: Record<string, string>;
  /** One text per English line, its `{…}` (GIFT's braces) kept as they are: never formatted. */
  importHelp: TextsLike<Group<'importHelp'>>;
}

/** The spaces whose texts `formatMessage` reads (the others are shown as they are). */
export const FORMATTED_SPACES = ['messages', 'labels', 'questionTypes', 'reportMarks', 'navigation'] as const;

/** A navigation item's label (`NAVIGATION`, in English) in the active language. */
export function navigationLabel(english: string): string {
  return (activeTexts('navigation') as Record<string, string> | undefined)?.[english] ?? english;
}

interface EnglishText {
  space: 'messages' | 'labels';
  key: string;
  /** For a text with `{name}` arguments: the text with each argument as a group, and their names. */
  pattern?: RegExp;
  names?: string[];
}

let englishIndex: { exact: Map<string, EnglishText>; patterned: EnglishText[] } | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function indexEnglish() {
  const exact = new Map<string, EnglishText>();
  const patterned: EnglishText[] = [];
  for (const space of ['messages', 'labels'] as const) {
    for (const [key, text] of Object.entries(ENGLISH[space])) {
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      if (names.length === 0) {
        if (!exact.has(text)) exact.set(text, { space, key });
        continue;
      }
      const source = text
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('(.+?)');
      patterned.push({ space, key, pattern: new RegExp(`^${source}$`, 's'), names });
    }
  }
  return { exact, patterned };
}

/**
 * An English catalogue text, possibly with its arguments filled, in the active language; `other`
 * (the text itself by default) when it is none. For texts taken from the catalogue when a module
 * loaded (the shared schemas' messages, read before any request had a language): the server's
 * error answers pass through it.
 */
export function translated(text: string, other: string = text): string {
  if (activeLanguage() === DEFAULT_LANGUAGE) return text;
  englishIndex ??= indexEnglish();
  const textIn = (found: EnglishText) =>
    (activeTexts(found.space) as Record<string, string> | undefined)?.[found.key];
  const exact = englishIndex.exact.get(text);
  if (exact) return textIn(exact) ?? text;
  for (const found of englishIndex.patterned) {
    const match = found.pattern!.exec(text);
    if (!match) continue;
    const own = textIn(found);
    if (!own) return text;
    const values = Object.fromEntries(found.names!.map((name, index) => [name, match[index + 1]!]));
    return formatMessage(own, values);
  }
  return other;
}
