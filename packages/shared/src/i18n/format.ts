import { activeLanguage } from './active.js';
import { INTL_LOCALES, type UiLanguage } from './languages.js';

/** What a catalogue text's `{name}` parts are filled with; numbers are written the language's way. */
export type MessageValues = Readonly<Record<string, string | number>>;

type IcuFormat = (text: string, values: MessageValues, language: UiLanguage) => string;

let icu: IcuFormat | null = null;

/**
 * Installs the ICU MessageFormat formatter (`icu.ts`). The server does at start; the web app does
 * when it loads a language other than English, so the sign-in page's first download carries none.
 */
export function installIcuFormat(format: IcuFormat): void {
  icu = format;
}

const numberFormats = new Map<UiLanguage, Intl.NumberFormat>();

/** A number as the language writes it: Indian grouping (1,00,000), Latin digits. */
export function formatNumber(value: number, language: UiLanguage = activeLanguage()): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** An ICU argument with a type (`{n, plural, …}`, `{n, number}`): needs the full formatter. */
const TYPED_ARGUMENT = /\{\s*\w+\s*,/;
const PLAIN_ARGUMENT = /\{(\w+)\}/g;

/** Whether a text uses more of ICU MessageFormat than plain `{name}` arguments. */
export const isIcuPattern = (text: string) => TYPED_ARGUMENT.test(text);

/** Fills plain `{name}` arguments: every English text, and most others (a few microseconds). */
export function formatPlain(text: string, values: MessageValues, language: UiLanguage): string {
  return text.replace(PLAIN_ARGUMENT, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, language) : value;
  });
}

/**
 * Formats a catalogue text in the active language: ICU MessageFormat (plurals, selects, numbers)
 * where the text uses it, else its plain `{name}` arguments filled.
 */
export function formatMessage(text: string, values: MessageValues): string {
  const language = activeLanguage();
  if (icu && isIcuPattern(text)) return icu(text, values, language);
  return formatPlain(text, values, language);
}
