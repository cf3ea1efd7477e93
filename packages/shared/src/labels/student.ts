/** Labels of the student's learning screens (home, subjects, topics, notes, teachers, profile). */
export const STUDENT_LEARNING_LABELS = {} as const;
