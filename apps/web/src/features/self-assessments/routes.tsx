import type { RouteObject } from 'react-router';

/** The student's self assessment and assessments pages, each a lazy chunk. */
export const selfAssessmentsRoutes: RouteObject[] = [
  {
    path: 'me/subjects/chapters/topics/assessment',
    lazy: async () => ({ Component: (await import('./pages/SelfAssessmentPage')).SelfAssessmentPage }),
  },
  {
    path: 'me/assessments',
    lazy: async () => ({ Component: (await import('./pages/MyAssessmentsPage')).MyAssessmentsPage }),
  },
];
