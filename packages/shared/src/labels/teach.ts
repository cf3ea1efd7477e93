/** Labels of the faculty's subject and content screens. */
export const TEACHING_LABELS = {} as const;
