import type { Role } from './constants.js';

/**
 * A signed-in page's path (React Router syntax: `:param`, a trailing `/*`) and the roles that may
 * open it; `any` is every signed-in account, whatever its permission.
 */
export interface RouteRoles {
  path: string;
  roles: readonly Role[] | 'any';
}

const MODERATOR: readonly Role[] = ['moderator'];
const FACULTY: readonly Role[] = ['faculty'];
const STUDENT: readonly Role[] = ['student'];
const TEACHERS: readonly Role[] = ['moderator', 'faculty'];

const manage = (...paths: string[]) => paths.map((path) => ({ path, roles: MODERATOR }));
const learn = (...paths: string[]) => paths.map((path) => ({ path, roles: STUDENT }));
const teach = (...paths: string[]) => paths.map((path) => ({ path, roles: FACULTY }));

/**
 * Who may open each page of the spec's route table (management §2 "Full route table" and
 * "Navigation per role", learning §2), built or not yet built. Another role gets the
 * not-available state instead of the page; the server refuses their data calls as well.
 * Pages the spec gives to no role in particular follow its sections: assessments are written by
 * teachers and moderators, the live room is joined by students and their teacher, the owner's
 * only page besides home is Add Institution.
 */
export const ROUTE_ROLES: readonly RouteRoles[] = [
  // Home: each role's own, and 'Your Login is under construction' for a permission the portal does not know.
  { path: '/dashboard/*', roles: 'any' },
  { path: '/profile', roles: ['moderator', 'owner'] },
  { path: '/create-institution', roles: ['owner'] },
  ...manage(
    '/batch/subjects',
    '/batch/subjects/create',
    '/batch/create',
    '/batch/subjects/chapters',
    '/batch/subjects/chapters/topics',
    '/batch/subjects/chapters/topics/topicDetail',
    '/batch/:batchId/subjects/:subjectId/create-chapter',
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/create-topic',
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/edit-chapter',
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/edit-topic',
    '/edit/student/:studentId',
    '/student/list',
    '/create-faculty',
    '/assign/faculty',
    '/faculty/list',
    '/edit/faculty/:facultyId',
    '/student/upload/bulk',
    '/bulk/upload',
    '/student/subject',
    '/create/study-plan',
    '/reports',
    '/onlinesessions/reports',
    '/onlinesession/report',
    '/faculty/reports',
    '/topic/reports',
    '/assessment/marks',
  ),
  { path: '/create/assessment', roles: TEACHERS },
  { path: '/assessment/questions/:assessmentId', roles: TEACHERS },
  ...learn(
    '/me/subjects',
    '/me/subjects/chapters',
    '/me/subjects/chapters/topics',
    '/me/subjects/chapters/topics/detail',
    '/me/subjects/chapters/topics/assessment',
    '/me/subjects/notes',
    '/me/doubts',
    '/me/notes',
    '/me/teachers',
    '/me/assessments',
    '/assessments/questions',
    '/assessments/results',
    '/me/profile',
    '/me/sessions',
  ),
  { path: '/me/session/detail', roles: ['student', 'faculty'] },
  // Not in the spec's table: the announcements the bell points to (decision 33), for every role with a bell.
  { path: '/announcements', roles: ['moderator', 'faculty', 'student'] },
  ...teach(
    '/me/faculty/subjects',
    '/me/faculty/subjects/chapters',
    '/me/faculty/subjects/chapters/create',
    '/me/faculty/subjects/chapters/edit',
    '/me/faculty/subjects/chapters/topics',
    '/me/faculty/subjects/chapters/topics/create',
    '/me/faculty/subjects/chapters/topics/edit',
    '/me/faculty/subjects/chapters/topics/detail',
    '/me/faculty/doubts',
    '/faculty/profile',
    '/me/faculty/sessions',
    '/me/session/create',
    '/faculty/assessments',
    '/faculty/assessments/submissions',
  ),
];
