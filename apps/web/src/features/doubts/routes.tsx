import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const doubtsRoutes: RouteObject[] = [
  {
    path: 'me/doubts',
    lazy: async () => ({ Component: (await import('./pages/StudentDoubtsPage')).StudentDoubtsPage }),
  },
  {
    path: 'me/faculty/doubts',
    lazy: async () => ({ Component: (await import('./pages/FacultyDoubtsPage')).FacultyDoubtsPage }),
  },
];
