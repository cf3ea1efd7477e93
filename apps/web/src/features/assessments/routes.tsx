import type { RouteObject } from 'react-router';

/** The teachers' and moderators' assessment pages, each a lazy chunk. */
export const assessmentsRoutes: RouteObject[] = [
  {
    path: 'create/assessment',
    lazy: async () => ({ Component: (await import('./pages/AssessmentsPage')).AssessmentsPage }),
  },
  {
    path: 'assessment/questions/:assessmentId',
    lazy: async () => ({
      Component: (await import('./pages/AssessmentQuestionsPage')).AssessmentQuestionsPage,
    }),
  },
];
