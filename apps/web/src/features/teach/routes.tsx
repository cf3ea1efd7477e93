import type { RouteObject } from 'react-router';

/** The pages of this feature, each a lazy chunk. */
export const teachRoutes: RouteObject[] = [];
