import type { RouteObject } from 'react-router';

/** /announcements (`ANNOUNCEMENTS_PATH`): every role with a bell. */
export const announcementsRoutes: RouteObject[] = [
  {
    path: 'announcements',
    lazy: async () => ({ Component: (await import('./pages/AnnouncementsPage')).AnnouncementsPage }),
  },
];
