import type { RouteObject } from 'react-router';

/** The moderators' report pages, each a lazy chunk (the charts library stays in theirs). */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: async () => ({ Component: (await import('./pages/StudentAnalyticsPage')).StudentAnalyticsPage }),
  },
  {
    path: 'topic/reports',
    lazy: async () => ({ Component: (await import('./pages/TopicReportPage')).TopicReportPage }),
  },
  {
    path: 'faculty/reports',
    lazy: async () => ({ Component: (await import('./pages/FacultyAnalyticsPage')).FacultyAnalyticsPage }),
  },
];
