/** Labels of the faculty's subject and content screens. */
export const TEACHING_LABELS = {
  teachAllClasses: 'All classes ({n})',
  teachClassOption: '{batch} ({n})',
  teachSearchSubjects: 'Search subjects',
  teachSearchPlaceholder: 'Subject title',
  teachAddChapterCard: '+ ADD CHAPTER',
  teachSubjectClass: 'Class: {batch}',
  teachChaptersOf: 'Chapters of {subject} ({batch})',
  teachAllChapters: 'Open the chapter list',
  teachChapterRow: 'Chapter {title}',
  teachViewChapter: 'View',
  teachTopicCountN: '{n} topics',
  teachDoubtsTabN: 'Doubts ({n})',
  teachNotesTabN: 'Notes ({n})',
  // portal: a deep link to a subject, chapter or topic the faculty member does not teach
  teachNotAvailable: 'This content is not available to you. You can open only the subjects you teach.',
  teachBackToSubjects: 'GO TO MY SUBJECTS',
} as const;
