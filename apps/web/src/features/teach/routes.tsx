import type { RouteObject } from 'react-router';

const BASE = 'me/faculty/subjects';

/** The pages of this feature, each a lazy chunk. */
export const teachRoutes: RouteObject[] = [
  {
    path: BASE,
    lazy: async () => ({ Component: (await import('./pages/FacultySubjectsPage')).FacultySubjectsPage }),
  },
  {
    path: `${BASE}/chapters`,
    lazy: async () => ({ Component: (await import('./pages/FacultyChaptersPage')).FacultyChaptersPage }),
  },
  {
    path: `${BASE}/chapters/create`,
    lazy: async () => ({
      Component: (await import('./pages/FacultyChapterFormPage')).FacultyCreateChapterPage,
    }),
  },
  {
    path: `${BASE}/chapters/edit`,
    lazy: async () => ({
      Component: (await import('./pages/FacultyChapterFormPage')).FacultyEditChapterPage,
    }),
  },
  {
    path: `${BASE}/chapters/topics`,
    lazy: async () => ({ Component: (await import('./pages/FacultyTopicsPage')).FacultyTopicsPage }),
  },
  {
    path: `${BASE}/chapters/topics/create`,
    lazy: async () => ({ Component: (await import('./pages/FacultyTopicFormPage')).FacultyCreateTopicPage }),
  },
  {
    path: `${BASE}/chapters/topics/edit`,
    lazy: async () => ({ Component: (await import('./pages/FacultyTopicFormPage')).FacultyEditTopicPage }),
  },
  {
    path: `${BASE}/chapters/topics/detail`,
    lazy: async () => ({
      Component: (await import('./pages/FacultyTopicDetailPage')).FacultyTopicDetailPage,
    }),
  },
];
