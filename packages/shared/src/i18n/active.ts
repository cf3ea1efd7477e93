import { DEFAULT_LANGUAGE, type UiLanguage } from './languages.js';

/**
 * Which language texts are read in right now. In the browser it is the page's one language
 * (`setActiveLanguage`); the server installs its own source (`setLanguageSource`): the language of
 * the synchronous work or the request scope running now (apps/server/src/lib/language.ts).
 */
let current: UiLanguage = DEFAULT_LANGUAGE;
let source: () => UiLanguage = () => current;

export const activeLanguage = (): UiLanguage => source();

export function setActiveLanguage(language: UiLanguage): void {
  current = language;
}

export function setLanguageSource(languageOfNow: () => UiLanguage): void {
  source = languageOfNow;
}

/** A language's texts by space (`messages`, `labels`, ...) and key; English is the catalogue itself. */
export type LoadedTexts = Record<string, Readonly<Record<string, string>> | readonly string[]>;

const loaded = new Map<UiLanguage, LoadedTexts>();

export function registerLanguage(language: UiLanguage, texts: LoadedTexts): void {
  loaded.set(language, texts);
}

export const isLanguageLoaded = (language: UiLanguage) =>
  language === DEFAULT_LANGUAGE || loaded.has(language);

/** The active language's texts of `space`; undefined in English (or a language not loaded). */
export function activeTexts(space: string): LoadedTexts[string] | undefined {
  const language = source();
  return language === DEFAULT_LANGUAGE ? undefined : loaded.get(language)?.[space];
}
