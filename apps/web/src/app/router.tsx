import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { RouteError } from '../components/RouteError';
import { chaptersRoutes } from '../features/chapters/routes';
import { doubtsRoutes } from '../features/doubts/routes';
import { facultyRoutes } from '../features/faculty/routes';
import { institutionsRoutes } from '../features/institutions/routes';
import { learnRoutes } from '../features/learn/routes';
import { studentsRoutes } from '../features/students/routes';
import { studyPlansRoutes } from '../features/study-plans/routes';
import { subjectsRoutes } from '../features/subjects/routes';
import { teachRoutes } from '../features/teach/routes';
import { topicsRoutes } from '../features/topics/routes';
import { PublicOnly } from './guards/PublicOnly';
import { RequireSession } from './guards/RequireSession';

// Every page is its own chunk: /login loads only the shell and the login page.
const loginPage = async () => ({ Component: (await import('../features/auth/pages/LoginPage')).LoginPage });
const profilePage = async () => ({
  Component: (await import('../features/profile/pages/ProfilePage')).ProfilePage,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        Component: PublicOnly,
        children: [
          { path: 'login', lazy: loginPage },
          { path: 'forgot-password', lazy: loginPage },
        ],
      },
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        Component: RequireSession,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/AppLayout')).AppLayout }),
            children: [
              {
                path: 'dashboard/*',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/pages/DashboardPage')).DashboardPage,
                }),
              },
              { path: 'me/profile', lazy: profilePage },
              { path: 'faculty/profile', lazy: profilePage },
              { path: 'profile', lazy: profilePage },
              ...institutionsRoutes,
              ...subjectsRoutes,
              ...chaptersRoutes,
              ...topicsRoutes,
              ...studyPlansRoutes,
              ...studentsRoutes,
              ...facultyRoutes,
              ...learnRoutes,
              ...doubtsRoutes,
              ...teachRoutes,
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('../features/errors/pages/NotFoundPage')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
