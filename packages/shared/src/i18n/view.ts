import { activeTexts } from './active.js';

/** A catalogue group as its readers see it: every key of the English group, each a text. */
export type Texts<T> = { readonly [K in keyof T]: string };

/**
 * A catalogue group whose every key reads the active language's text (the English one where a
 * language lacks it). The English group stays the source of keys and the spec's words; callers keep
 * reading `MESSAGES.x` and `LABELS.y` as before. A getter per key: reading one costs a function call
 * and a lookup, nothing per request.
 */
export function localized<T extends Readonly<Record<string, string>>>(space: string, english: T): Texts<T> {
  const view = {};
  for (const key of Object.keys(english)) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get: () => (activeTexts(space) as Record<string, string> | undefined)?.[key] ?? english[key],
    });
  }
  return Object.freeze(view) as Texts<T>;
}

/** A list of texts (`QUESTION_IMPORT_HELP`) read in the active language, as `localized` does for groups. */
export function localizedList<T extends readonly string[]>(space: string, english: T): T {
  return new Proxy(english, {
    get: (target, property) => Reflect.get((activeTexts(space) as T | undefined) ?? target, property),
  });
}
