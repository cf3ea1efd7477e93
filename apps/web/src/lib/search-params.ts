import { useCallback, useEffect } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** Search parameters to set (a value) or remove (null or empty); the others are kept. */
export type SearchPatch = Record<string, string | null | undefined>;

/**
 * Page selections live in the URL; this changes some of them and keeps the rest, so a tab, a day
 * or a filter can be chosen without losing the others.
 */
export function usePatchSearchParams() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (patch: SearchPatch, options?: NavigateOptions) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }, options),
    [setParams],
  );
}

/**
 * Fills an empty search parameter with a default once one is known (a subject's first chapter),
 * replacing the history entry so Back does not return to the page without it.
 */
export function useDefaultSearchParam(name: string, fallback: string | null | undefined) {
  const [params] = useSearchParams();
  const patch = usePatchSearchParams();
  const current = params.get(name);
  useEffect(() => {
    if (!current && fallback) patch({ [name]: fallback }, { replace: true });
  }, [current, fallback, name, patch]);
}
