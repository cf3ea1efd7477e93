/** What a page has chosen, kept in its URL so every page deep-links. */
export interface Selection {
  batch?: string | null;
  /** A batch subject's id. */
  subject?: string | null;
  chapter?: string | null;
  topic?: string | null;
}

const KEYS = ['batch', 'subject', 'chapter', 'topic'] as const;

/** `pathname` with the chosen parts of `selection` as its query (empty ones left out). */
export function selectionPath(pathname: string, selection: Selection): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = selection[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
