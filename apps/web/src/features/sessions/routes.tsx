import type { RouteObject } from 'react-router';

/** The online session pages, each a lazy chunk. */
export const sessionsRoutes: RouteObject[] = [
  {
    path: 'me/faculty/sessions',
    lazy: async () => ({ Component: (await import('./pages/FacultySessionsPage')).FacultySessionsPage }),
  },
  {
    path: 'me/session/create',
    lazy: async () => ({ Component: (await import('./pages/CreateSessionPage')).CreateSessionPage }),
  },
  {
    path: 'me/sessions',
    lazy: async () => ({ Component: (await import('./pages/StudentSessionsPage')).StudentSessionsPage }),
  },
  {
    path: 'me/session/detail',
    lazy: async () => ({ Component: (await import('./pages/SessionRoomPage')).SessionRoomPage }),
  },
  {
    path: 'onlinesessions/reports',
    lazy: async () => ({ Component: (await import('./pages/SessionsReportPage')).SessionsReportPage }),
  },
  {
    path: 'onlinesession/report',
    lazy: async () => ({ Component: (await import('./pages/SessionReportPage')).SessionReportPage }),
  },
];
