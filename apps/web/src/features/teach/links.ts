import { type Selection, selectionPath } from '../../lib/selection-path';

/** Deep links of the faculty's subject and content screens. */
const BASE = '/me/faculty/subjects';

export const teachSubjectsPath = (selection: Selection = {}) => selectionPath(BASE, selection);
export const teachChaptersPath = (selection: Selection) => selectionPath(`${BASE}/chapters`, selection);
export const teachCreateChapterPath = (selection: Selection) =>
  selectionPath(`${BASE}/chapters/create`, selection);
export const teachEditChapterPath = (selection: Selection) =>
  selectionPath(`${BASE}/chapters/edit`, selection);
export const teachTopicsPath = (selection: Selection) => selectionPath(`${BASE}/chapters/topics`, selection);
export const teachCreateTopicPath = (selection: Selection) =>
  selectionPath(`${BASE}/chapters/topics/create`, selection);
export const teachEditTopicPath = (selection: Selection) =>
  selectionPath(`${BASE}/chapters/topics/edit`, selection);
/** `topic` alone is enough: the page finds the faculty member's batch subject from the topic. */
export const teachTopicDetailPath = (selection: Selection) =>
  selectionPath(`${BASE}/chapters/topics/detail`, selection);
