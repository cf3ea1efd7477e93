import type { RouteObject } from 'react-router';
import { announcementsRoutes } from '../features/announcements/routes';
import { assessmentsRoutes } from '../features/assessments/routes';
import { chaptersRoutes } from '../features/chapters/routes';
import { doubtsRoutes } from '../features/doubts/routes';
import { evaluationRoutes } from '../features/evaluation/routes';
import { examsRoutes } from '../features/exams/routes';
import { facultyRoutes } from '../features/faculty/routes';
import { institutionsRoutes } from '../features/institutions/routes';
import { learnRoutes } from '../features/learn/routes';
import { reportsRoutes } from '../features/reports/routes';
import { selfAssessmentsRoutes } from '../features/self-assessments/routes';
import { sessionsRoutes } from '../features/sessions/routes';
import { studentsRoutes } from '../features/students/routes';
import { studyPlansRoutes } from '../features/study-plans/routes';
import { subjectsRoutes } from '../features/subjects/routes';
import { teachRoutes } from '../features/teach/routes';
import { topicsRoutes } from '../features/topics/routes';

const profilePage = async () => ({
  Component: (await import('../features/profile/pages/ProfilePage')).ProfilePage,
});

/**
 * Every page of the signed-in layout, each a lazy chunk (the not-found page is in `router.tsx`).
 * This table is itself loaded on the first visit to a signed-in page (`router.tsx`), so the
 * sign-in page never downloads it. Who may open each page is `ROUTE_ROLES` (@portal/shared).
 */
export const signedInRoutes: RouteObject[] = [
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
  ...assessmentsRoutes,
  ...selfAssessmentsRoutes,
  ...examsRoutes,
  ...evaluationRoutes,
  ...sessionsRoutes,
  ...announcementsRoutes,
  ...reportsRoutes,
];
