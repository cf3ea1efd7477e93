import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const institutionsRoutes: RouteObject[] = [
  {
    path: 'create-institution',
    lazy: async () => ({
      Component: (await import('./pages/CreateInstitutionPage')).CreateInstitutionPage,
    }),
  },
  {
    path: 'batch/create',
    lazy: async () => ({ Component: (await import('./pages/CreateBatchPage')).CreateBatchPage }),
  },
];
