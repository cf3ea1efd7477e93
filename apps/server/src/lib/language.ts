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
 * The language texts are read in on the server (decision 40): each request's caller's.
 *
 * Most answers carry no text but an error's: a service reads `MESSAGES.x` in English and the error
 * handler gives it in the caller's language (`translated`, inside `withLanguage`). Work that writes
 * texts into a successful answer (documents, import previews, the automated answer) runs in a
 * language scope instead, so `MESSAGES.x` reads the caller's language across its awaits: the route
 * says so (`config: { texts: true }`), and the scope follows its request.
 *
 * A scope is an AsyncLocalStorage, and Node 20 pays for one on every promise of the process while
 * any is open (a hook per promise: a fifth of a read's throughput). So scopes are opened only by
 * those routes, and the storage is switched off whenever none is open: on exam day the students'
 * reads run without it. Outside both (start-up, jobs) texts are English.
 */
export interface LanguageScope {
  language: UiLanguage | undefined;
  accepted: string | undefined;
  /** Until its request has answered: a scope left behind on an old socket or timer reads nothing. */
  open: boolean;
}

const scopes = new AsyncLocalStorage<LanguageScope>();
let openScopes = 0;
let scopesOpened = 0;
/** The language of the synchronous work `withLanguage` is running, if any. */
let synchronous: UiLanguage | undefined;
/** Outside both: English, or a worker thread's task's (`setThreadLanguage`). */
let threadLanguage: UiLanguage = DEFAULT_LANGUAGE;

const LANGUAGE_FILES: Record<Exclude<UiLanguage, 'en'>, () => Catalogue> = {
  hi: () => hi,
  ta: () => ta,
  bn: () => bn,
  [PSEUDO_LANGUAGE]: pseudoCatalogue,
};

let installed = false;

const languageOfScope = (scope: LanguageScope): UiLanguage => {
  scope.language ??= languageOf(scope.accepted);
  return scope.language;
};

function languageNow(): UiLanguage {
  if (synchronous) return synchronous;
  if (openScopes === 0) return threadLanguage;
  const scope = scopes.getStore();
  return scope?.open ? languageOfScope(scope) : threadLanguage;
}

/** Loads every language and makes the shared catalogue read the current one. Once per process (and worker thread). */
export function installLanguages(): void {
  if (installed) return;
  installed = true;
  for (const [language, texts] of Object.entries(LANGUAGE_FILES)) {
    registerLanguage(language as UiLanguage, texts() as unknown as Parameters<typeof registerLanguage>[1]);
  }
  enableIcuFormat();
  setLanguageSource(languageNow);
}

/** Opens a request's scope: its caller's language, or its `Accept-Language` read when a text is first asked for. */
export function openScope(language: UiLanguage | undefined, accepted: string | undefined): LanguageScope {
  openScopes += 1;
  scopesOpened += 1;
  return { language, accepted, open: true };
}

/** Runs `work` in `scope` (a request's) and every continuation of it, until `closeScope`. */
export function inScope<T>(scope: LanguageScope, work: () => T): T {
  if (!scope.open) return work();
  if (scopes.getStore() === scope) return work();
  return scopes.run(scope, work);
}

/** Closes `scope`; with the last one closed the storage is off, and promises cost nothing again. */
export function closeScope(scope: LanguageScope): void {
  if (!scope.open) return;
  scope.open = false;
  openScopes -= 1;
  if (openScopes === 0) scopes.disable();
}

/** Scopes open now and opened since start (the tests: a student's read opens none, a document closes its own). */
export const languageScopeCounts = () => ({ open: openScopes, opened: scopesOpened });

/** Synchronous work only: a promise would run on past the language's end. */
type Synchronous<T> = T extends PromiseLike<unknown> ? never : T;

/**
 * Runs `work` with texts in `language`: an error answer, an e-mail to an account, a document in
 * its reader's language. `work` is synchronous, so nothing else runs in between.
 */
export function withLanguage<T>(language: UiLanguage, work: () => Synchronous<T>): T {
  const outer = synchronous;
  synchronous = language;
  try {
    return work();
  } finally {
    synchronous = outer;
  }
}

/** The language of a worker thread's texts until the next call: for a thread that runs one task at a time (the PDF pool's). */
export function setThreadLanguage(language: UiLanguage): void {
  threadLanguage = language;
}
