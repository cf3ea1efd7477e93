import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { RouteError } from '../components/RouteError';
import { PublicOnly } from './guards/PublicOnly';
import { RequireSession } from './guards/RequireSession';

// Every page is its own chunk: /login loads only the shell and the login page.
const loginPage = async () => ({ Component: (await import('../features/auth/pages/LoginPage')).LoginPage });

/** The signed-in layout's route; its pages are added on the first visit (`patchRoutesOnNavigation`). */
const APP_LAYOUT_ID = 'app';

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
            id: APP_LAYOUT_ID,
            lazy: async () => ({ Component: (await import('./layouts/AppLayout')).AppLayout }),
            children: [],
          },
        ],
      },
    ],
  },
];

let signedInRoutesAdded = false;

/**
 * The table of signed-in pages (and every lazy import in it) grows with each feature; loading it
 * only when a path outside the sign-in pages is first visited keeps it out of the sign-in page's
 * download (its 150 KB budget).
 */
export const router = createBrowserRouter(routes, {
  async patchRoutesOnNavigation({ patch }) {
    if (signedInRoutesAdded) return;
    const { signedInRoutes } = await import('./signed-in-routes');
    if (signedInRoutesAdded) return;
    signedInRoutesAdded = true;
    patch(APP_LAYOUT_ID, signedInRoutes);
  },
});
