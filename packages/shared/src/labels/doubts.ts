/** Labels of the doubt screens of students and faculty, and the automated answer. */
export const DOUBTS_LABELS = {} as const;
