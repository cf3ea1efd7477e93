import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const subjectsRoutes: RouteObject[] = [
  {
    path: 'batch/subjects',
    lazy: async () => ({ Component: (await import('./pages/SubjectsPage')).SubjectsPage }),
  },
  {
    path: 'batch/subjects/create',
    lazy: async () => ({ Component: (await import('./pages/CreateSubjectPage')).CreateSubjectPage }),
  },
];
