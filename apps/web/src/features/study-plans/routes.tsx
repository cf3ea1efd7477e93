import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const studyPlansRoutes: RouteObject[] = [
  {
    path: 'create/study-plan',
    lazy: async () => ({ Component: (await import('./pages/StudyPlanPage')).StudyPlanPage }),
  },
];
