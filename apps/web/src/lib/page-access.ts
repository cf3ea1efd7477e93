import { ROUTE_ROLES } from '@portal/shared/route-roles';
import { matchPath } from 'react-router';

/**
 * Whether a role may open the page at `pathname`: `allowed`, `refused` (a page of other roles:
 * the not-available state), or `unknown` (no page of the spec's route table: not found).
 */
export type PageAccess = 'allowed' | 'refused' | 'unknown';

export function pageAccess(pathname: string, permission: string): PageAccess {
  const page = ROUTE_ROLES.find((route) => matchPath(route.path, pathname));
  if (!page) return 'unknown';
  if (page.roles === 'any') return 'allowed';
  return (page.roles as readonly string[]).includes(permission) ? 'allowed' : 'refused';
}
