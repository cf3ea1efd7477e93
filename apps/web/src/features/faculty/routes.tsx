import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const facultyRoutes: RouteObject[] = [
  {
    path: 'create-faculty',
    lazy: async () => ({ Component: (await import('./pages/CreateFacultyPage')).CreateFacultyPage }),
  },
  {
    path: 'assign/faculty',
    lazy: async () => ({ Component: (await import('./pages/AssignFacultyPage')).AssignFacultyPage }),
  },
  {
    path: 'faculty/list',
    lazy: async () => ({ Component: (await import('./pages/FacultyListPage')).FacultyListPage }),
  },
  {
    path: 'edit/faculty/:facultyId',
    lazy: async () => ({ Component: (await import('./pages/EditFacultyPage')).EditFacultyPage }),
  },
  {
    path: 'student/subject',
    lazy: async () => ({ Component: (await import('./pages/StudentSubjectPage')).StudentSubjectPage }),
  },
];
