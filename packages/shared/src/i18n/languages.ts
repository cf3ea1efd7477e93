/**
 * The languages the portal speaks (decision 40). English is the spec's words and the default; the
 * others are files beside it (`../locales/`), loaded only when someone reads in them.
 */
export const LANGUAGES = ['en', 'hi', 'ta', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-locale: English accented and lengthened (`pseudo.ts`), for the browser test that
 * finds texts written outside the catalogue. Accepted wherever a language is, offered nowhere.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type UiLanguage = Language | typeof PSEUDO_LANGUAGE;
export const UI_LANGUAGES = [...LANGUAGES, PSEUDO_LANGUAGE] as const;

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in its own script, as the pickers offer it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
  bn: 'বাংলা',
};

/** The languages as a picker lists them (value and name). */
export const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

/**
 * The Intl locale of each language: Indian digit grouping (1,00,000) and plural rules. Digits stay
 * Latin in every language (`nu-latn`), as the dates (DD-MM-YYYY) and people's own numbers are.
 */
export const INTL_LOCALES: Record<UiLanguage, string> = {
  en: 'en-IN',
  hi: 'hi-IN-u-nu-latn',
  ta: 'ta-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  'en-XA': 'en-IN',
};

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/** The `lang` attribute of a page in `language` (the pseudo-locale is English underneath). */
export const htmlLang = (language: UiLanguage) => (language === PSEUDO_LANGUAGE ? 'en' : language);

/**
 * The first language of an `Accept-Language` header (or `navigator.languages`) the portal speaks,
 * by quality then order; English when none is. `hi-IN` is Hindi, `en-XA` the pseudo-locale.
 */
export function languageOf(accepted: string | readonly string[] | undefined | null): UiLanguage {
  if (!accepted) return DEFAULT_LANGUAGE;
  const ranges = typeof accepted === 'string' ? accepted.split(',') : accepted;
  let best: UiLanguage = DEFAULT_LANGUAGE;
  let bestQuality = 0;
  for (const range of ranges) {
    const [tag = '', ...params] = range.trim().split(';');
    const quality = params.reduce((q, param) => {
      const [name, value] = param.trim().split('=');
      return name === 'q' ? Number(value) : q;
    }, 1);
    if (!(quality > bestQuality)) continue;
    const language = tag.trim().toLowerCase();
    const found =
      language === PSEUDO_LANGUAGE.toLowerCase()
        ? PSEUDO_LANGUAGE
        : LANGUAGES.find((code) => language === code || language.startsWith(`${code}-`));
    if (found) {
      best = found;
      bestQuality = quality;
    }
  }
  return best;
}
