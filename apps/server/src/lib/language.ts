import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Catalogue,
  DEFAULT_LANGUAGE,
  languageOf,
  PSEUDO_LANGUAGE,
  registerLanguage,
  setLanguageSource,
  type UiLanguage,
} from '@portal/shared';
import { enableIcuFormat } from '@portal/shared/i18n/icu';
import { pseudoCatalogue } from '@portal/shared/i18n/pseudo';
import bn from '@portal/shared/locales/bn';
import hi from '@portal/shared/locales/hi';
import ta from '@portal/shared/locales/ta';

/**
 * The language texts are read in on the server (decision 40): each request's caller's. A request
 * starts in its `Accept-Language` (read only if a text is asked for); the sign-in guard puts the
 * account's language in its place. `MESSAGES.x` anywhere in a request's work reads that language
 * through this scope (an AsyncLocalStorage), so no service takes a language parameter. Outside a
 * request (start-up, jobs) texts are English, or the language `withLanguage` names.
 */
interface LanguageScope {
  language: UiLanguage | undefined;
  accepted: string | undefined;
}

const scopes = new AsyncLocalStorage<LanguageScope>();

const LANGUAGE_FILES: Record<Exclude<UiLanguage, 'en'>, () => Catalogue> = {
  hi: () => hi,
  ta: () => ta,
  bn: () => bn,
  [PSEUDO_LANGUAGE]: pseudoCatalogue,
};

let installed = false;

/** Loads every language and makes the shared catalogue read the current scope's. Once per process (and worker thread). */
export function installLanguages(): void {
  if (installed) return;
  installed = true;
  for (const [language, texts] of Object.entries(LANGUAGE_FILES)) {
    registerLanguage(language as UiLanguage, texts() as unknown as Parameters<typeof registerLanguage>[1]);
  }
  enableIcuFormat();
  setLanguageSource(() => {
    const scope = scopes.getStore();
    if (!scope) return DEFAULT_LANGUAGE;
    scope.language ??= languageOf(scope.accepted);
    return scope.language;
  });
}

/** A new request's scope: its `Accept-Language`, read when a text is first asked for. */
export const requestScope = (accepted: string | undefined): LanguageScope => ({
  language: undefined,
  accepted,
});

/** Runs `work` in `scope` (a request's). */
export const inScope = <T>(scope: LanguageScope, work: () => T): T => scopes.run(scope, work);

export const currentScope = () => scopes.getStore();

/** Runs `work` with texts in `language` (an e-mail to an account, a document in its reader's language). */
export const withLanguage = <T>(language: UiLanguage, work: () => T): T =>
  scopes.run({ language, accepted: undefined }, work);
