import type { RouteObject } from 'react-router';

/** The faculty member's evaluation pages and the moderator's marks report, each a lazy chunk. */
export const evaluationRoutes: RouteObject[] = [
  {
    path: 'faculty/assessments',
    lazy: async () => ({ Component: (await import('./pages/EvaluationsPage')).EvaluationsPage }),
  },
  {
    path: 'faculty/assessments/submissions',
    lazy: async () => ({ Component: (await import('./pages/SubmissionsPage')).SubmissionsPage }),
  },
  {
    path: 'assessment/marks',
    lazy: async () => ({ Component: (await import('./pages/MarksReportPage')).MarksReportPage }),
  },
];
