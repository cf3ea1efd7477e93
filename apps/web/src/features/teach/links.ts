/**
 * Deep links of the faculty's subject and content screens. Selections live in the URL: `batch`,
 * `subject` (a batch subject id), `chapter`, `topic`.
 */
export interface TeachSelection {
  batch?: string | null;
  subject?: string | null;
  chapter?: string | null;
  topic?: string | null;
}

const BASE = '/me/faculty/subjects';

function withSelection(path: string, selection: TeachSelection): string {
  const params = new URLSearchParams();
  for (const key of ['batch', 'subject', 'chapter', 'topic'] as const) {
    const value = selection[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const teachSubjectsPath = (selection: TeachSelection = {}) => withSelection(BASE, selection);
export const teachChaptersPath = (selection: TeachSelection) => withSelection(`${BASE}/chapters`, selection);
export const teachCreateChapterPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/create`, selection);
export const teachEditChapterPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/edit`, selection);
export const teachTopicsPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/topics`, selection);
export const teachCreateTopicPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/topics/create`, selection);
export const teachEditTopicPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/topics/edit`, selection);
/** `topic` alone is enough: the page finds the faculty member's batch subject from the topic. */
export const teachTopicDetailPath = (selection: TeachSelection) =>
  withSelection(`${BASE}/chapters/topics/detail`, selection);
