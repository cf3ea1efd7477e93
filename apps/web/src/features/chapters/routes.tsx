import type { RouteObject } from 'react-router';

const chapterFormPage = async () => ({
  Component: (await import('./pages/ChapterFormPage')).ChapterFormPage,
});

/** The pages of this feature, each a lazy chunk. */
export const chaptersRoutes: RouteObject[] = [
  {
    path: 'batch/subjects/chapters',
    lazy: async () => ({ Component: (await import('./pages/ChaptersPage')).ChaptersPage }),
  },
  // :subjectId is the batch subject's id, like the `subject` search parameter.
  { path: 'batch/:batchId/subjects/:subjectId/create-chapter', lazy: chapterFormPage },
  { path: 'batch/:batchId/subjects/:subjectId/chapters/:chapterId/edit-chapter', lazy: chapterFormPage },
];
