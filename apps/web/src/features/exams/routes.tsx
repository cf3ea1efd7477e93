import type { RouteObject } from 'react-router';

/** The student's examination pages, each a lazy chunk. */
export const examsRoutes: RouteObject[] = [
  {
    path: 'assessments/questions',
    lazy: async () => ({ Component: (await import('./pages/ExamPage')).ExamPage }),
  },
  {
    path: 'assessments/results',
    lazy: async () => ({ Component: (await import('./pages/ExamResultsPage')).ExamResultsPage }),
  },
];
