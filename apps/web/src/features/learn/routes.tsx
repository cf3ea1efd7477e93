import type { RouteObject } from 'react-router';

/** The student's learning pages, each a lazy chunk. */
export const learnRoutes: RouteObject[] = [
  {
    path: 'me/subjects',
    lazy: async () => ({ Component: (await import('./pages/MySubjectsPage')).MySubjectsPage }),
  },
  {
    path: 'me/subjects/chapters',
    lazy: async () => ({ Component: (await import('./pages/MyChaptersPage')).MyChaptersPage }),
  },
  {
    path: 'me/subjects/chapters/topics',
    lazy: async () => ({ Component: (await import('./pages/MyTopicsPage')).MyTopicsPage }),
  },
  {
    path: 'me/subjects/chapters/topics/detail',
    lazy: async () => ({ Component: (await import('./pages/MyTopicDetailPage')).MyTopicDetailPage }),
  },
  {
    path: 'me/subjects/notes',
    lazy: async () => ({ Component: (await import('./pages/SubjectNotesPage')).SubjectNotesPage }),
  },
  {
    path: 'me/notes',
    lazy: async () => ({ Component: (await import('./pages/MyNotesPage')).MyNotesPage }),
  },
  {
    path: 'me/teachers',
    lazy: async () => ({ Component: (await import('./pages/MyTeachersPage')).MyTeachersPage }),
  },
];
