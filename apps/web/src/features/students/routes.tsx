import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const studentsRoutes: RouteObject[] = [
  {
    path: 'student/list',
    lazy: async () => ({ Component: (await import('./pages/StudentListPage')).StudentListPage }),
  },
  {
    path: 'edit/student/:studentId',
    lazy: async () => ({ Component: (await import('./pages/EditStudentPage')).EditStudentPage }),
  },
  {
    path: 'student/upload/bulk',
    lazy: async () => ({
      Component: (await import('./pages/BulkUploadStudentsPage')).BulkUploadStudentsPage,
    }),
  },
  {
    path: 'bulk/upload',
    lazy: async () => ({ Component: (await import('./pages/BulkUploadPage')).BulkUploadPage }),
  },
];
