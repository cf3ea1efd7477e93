import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { RouteError } from '../components/RouteError';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { PublicOnly } from './guards/PublicOnly';
import { RequireSession } from './guards/RequireSession';
import { screensLoading } from './language';

// The sign-in page is part of the shell (ARCHITECTURE "Keeping the sign-in page small"); every
// signed-in page is its own chunk.
const notFoundPage = async () => {
  await screensLoading();
  return { Component: (await import('../features/errors/pages/NotFoundPage')).NotFoundPage };
};

/**
 * The signed-in layout's route; its pages are added on the first visit (`patchRoutesOnNavigation`).
 * Until then its catch-all child (the not-found page) matches every signed-in path, so a full load
 * of a deep link starts with a match (without one React Router logs 'No routes matched location')
 * and, being a splat, still lets the router ask for the real pages before rendering.
 */
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
          { path: 'login', Component: LoginPage },
          { path: 'forgot-password', Component: LoginPage },
        ],
      },
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        Component: RequireSession,
        children: [
          {
            id: APP_LAYOUT_ID,
            lazy: async () => {
              await screensLoading();
              return { Component: (await import('./layouts/AppLayout')).AppLayout };
            },
            children: [{ path: '*', lazy: notFoundPage }],
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
    // The signed-in screens' code loads in the account's language (app/language.ts).
    await screensLoading();
    const { signedInRoutes } = await import('./signed-in-routes');
    if (signedInRoutesAdded) return;
    signedInRoutesAdded = true;
    patch(APP_LAYOUT_ID, signedInRoutes);
  },
});
