import {
  activeLanguage,
  isLanguageLoaded,
  type LoadedTexts,
  registerLanguage,
  setActiveLanguage,
} from '@portal/shared/i18n/active';
import {
  DEFAULT_LANGUAGE,
  htmlLang,
  isUiLanguage,
  LANGUAGE_NAMES,
  type Language,
  languageOf,
  type UiLanguage,
} from '@portal/shared/i18n/languages';
import { sessionStore } from '../lib/session';

/**
 * The page's language (decision 40): the signed-in account's, else the one chosen on the sign-in
 * page on this device, else the browser's languages. English is the catalogue itself; another
 * language's file and the ICU formatter are loaded before the page shows anything in it, so the
 * sign-in page's first download carries neither.
 */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

const LANGUAGE_FILES: Record<Exclude<UiLanguage, 'en'>, () => Promise<LoadedTexts>> = {
  hi: () => import('@portal/shared/locales/hi').then((file) => file.default as unknown as LoadedTexts),
  ta: () => import('@portal/shared/locales/ta').then((file) => file.default as unknown as LoadedTexts),
  bn: () => import('@portal/shared/locales/bn').then((file) => file.default as unknown as LoadedTexts),
  'en-XA': () =>
    import('@portal/shared/i18n/pseudo').then((file) => file.pseudoCatalogue() as unknown as LoadedTexts),
};

/** The web font of each Indian script (app/styles.ts), by the language written in it. */
const SCRIPT_FONTS: Partial<Record<UiLanguage, string>> = {
  hi: 'Noto Sans Devanagari',
  ta: 'Noto Sans Tamil',
  bn: 'Noto Sans Bengali',
};

/**
 * Fetches the language's script font, regular and bold, before its first text is drawn: a text
 * drawn while its font is still on the way shows empty boxes (no installed font has the script),
 * and Chromium may keep them for the words it had laid out.
 */
function loadScriptFont(language: UiLanguage): Promise<unknown> {
  const family = SCRIPT_FONTS[language];
  if (!family || !document.fonts) return Promise.resolve();
  const sample = LANGUAGE_NAMES[language as Language];
  return Promise.all(
    ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${family}"`, sample)),
  ).catch(() => undefined);
}

async function load(language: UiLanguage): Promise<void> {
  if (isLanguageLoaded(language)) {
    await loadScriptFont(language);
    return;
  }
  const [texts] = await Promise.all([
    LANGUAGE_FILES[language as Exclude<UiLanguage, 'en'>](),
    import('@portal/shared/i18n/icu').then((icu) => icu.enableIcuFormat()),
    loadScriptFont(language),
  ]);
  registerLanguage(language, texts);
}

function deviceLanguage(): UiLanguage | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language to start in. */
export function startLanguage(): UiLanguage {
  const account = sessionStore.getState().account;
  if (account && isUiLanguage(account.language)) return account.language;
  return deviceLanguage() ?? languageOf(navigator.languages);
}

const listeners = new Set<() => void>();

/** Called with every change of language; the app remounts, so every text is read again. */
export function onLanguageChange(listener: () => void): void {
  listeners.add(listener);
}

/** The language asked for last (the one shown, unless its file could not be loaded). */
let wanted: UiLanguage = DEFAULT_LANGUAGE;

/** Shows the page in `language` (English if its file cannot be loaded). */
export async function showLanguage(language: UiLanguage): Promise<void> {
  wanted = language;
  let shown = language;
  try {
    await load(language);
  } catch {
    shown = DEFAULT_LANGUAGE;
  }
  if (shown === activeLanguage()) return;
  setActiveLanguage(shown);
  document.documentElement.lang = htmlLang(shown);
  for (const listener of listeners) listener();
}

/** The sign-in page's switcher: this device's language until someone signs in. */
export function chooseDeviceLanguage(language: UiLanguage): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A private window may refuse storage: the choice holds for this visit.
  }
  return showLanguage(language);
}

/**
 * Signed-in screens read some texts when their code first loads (lists of options, the shared
 * schemas' messages). Until then a new language is shown in place; afterwards the page is loaded
 * again in it. `screensLoading` is awaited before their code is fetched.
 */
let screensLoaded = false;
let switching: Promise<void> = Promise.resolve();
/**
 * The router asks for its first screen while the modules load, before the start language (its
 * file and font) is there: the screens' code waits for it.
 */
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/** Shows the page in the language it starts in (main.tsx), then lets the screens' code load. */
export function showStartLanguage(): Promise<void> {
  return showLanguage(startLanguage()).finally(markStarted);
}

export async function screensLoading(): Promise<void> {
  await started;
  await switching;
  screensLoaded = true;
}

/** Follows the signed-in account's language (at sign-in, a change on another device, the profile). */
export function followAccountLanguage(language: UiLanguage): Promise<void> {
  if (language === wanted) return switching;
  if (screensLoaded) {
    window.location.reload();
    return new Promise(() => {});
  }
  switching = showLanguage(language);
  return switching;
}

sessionStore.subscribe(() => {
  const language = sessionStore.getState().account?.language;
  if (isUiLanguage(language)) void followAccountLanguage(language);
});
