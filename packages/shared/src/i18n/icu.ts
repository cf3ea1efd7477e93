import { IntlMessageFormat } from 'intl-messageformat';
import { formatNumber, installIcuFormat, type MessageValues } from './format.js';
import { INTL_LOCALES, type UiLanguage } from './languages.js';

// FormatJS's IntlMessageFormat (decision in ARCHITECTURE.md "Languages"): it interprets the parsed
// message with the platform's Intl (plural rules, numbers), needs no code generation (the portal's
// Content-Security-Policy allows no eval) and is about 10 KB gzipped, loaded only with a language
// that uses it.

interface Compiled {
  message: IntlMessageFormat;
  /** Arguments read as plain text: a number given for one is written with `formatNumber`. */
  plain: Set<string>;
}

const compiled = new Map<string, Compiled>();

// The parser's element types (@formatjs/icu-messageformat-parser TYPE): argument 1, number 2,
// select 5, plural 6.
interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
}

function argumentsOf(elements: Element[], plain: Set<string>, typed: Set<string>) {
  for (const element of elements) {
    if (element.type === 1 && element.value) plain.add(element.value);
    else if (element.value && [2, 3, 4, 5, 6].includes(element.type)) typed.add(element.value);
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, plain, typed);
  }
}

function compile(text: string, language: UiLanguage): Compiled {
  const key = `${language}\u0000${text}`;
  let found = compiled.get(key);
  if (!found) {
    const message = new IntlMessageFormat(text, INTL_LOCALES[language], undefined, { ignoreTag: true });
    const plain = new Set<string>();
    const typed = new Set<string>();
    argumentsOf(message.getAst() as Element[], plain, typed);
    for (const name of typed) plain.delete(name);
    found = { message, plain };
    compiled.set(key, found);
  }
  return found;
}

export function formatIcu(text: string, values: MessageValues, language: UiLanguage): string {
  const { message, plain } = compile(text, language);
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    filled[name] = typeof value === 'number' && plain.has(name) ? formatNumber(value, language) : value;
  }
  return String(message.format(filled));
}

/** The names of a text's ICU arguments, each with its type ('plain', 'plural', ...): what a translation must keep. */
export function icuArguments(text: string): string[] {
  const message = new IntlMessageFormat(text, 'en', undefined, { ignoreTag: true });
  const plain = new Set<string>();
  const typed = new Set<string>();
  argumentsOf(message.getAst() as Element[], plain, typed);
  return [...new Set([...plain, ...typed])].sort();
}

/** Makes `formatMessage` read ICU MessageFormat. */
export function enableIcuFormat(): void {
  installIcuFormat(formatIcu);
}
