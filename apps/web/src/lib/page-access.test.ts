import { NAVIGATION, PROFILE_PATH, ROLES } from '@portal/shared/constants';
import { ROUTE_ROLES } from '@portal/shared/route-roles';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../app/signed-in-routes';
import { pageAccess } from './page-access';

const ID = '0b8f2f3c-1d2e-4c5b-9a6f-7e8d9c0b1a2f';

/** A concrete address of a route pattern (ids for its parameters). */
const addressOf = (pattern: string) => pattern.replace(/\/\*$/, '').replace(/:\w+/g, ID);

const paths = (routes: RouteObject[]) => routes.flatMap((route) => (route.path ? [`/${route.path}`] : []));

describe('ROUTE_ROLES', () => {
  it('names the roles of every page the app has', () => {
    const table = new Set(ROUTE_ROLES.map((route) => route.path));
    expect(paths(signedInRoutes).filter((path) => !table.has(path))).toEqual([]);
  });

  it('lists each page once, with at least one role', () => {
    const seen = ROUTE_ROLES.map((route) => route.path);
    expect(new Set(seen).size).toBe(seen.length);
    for (const route of ROUTE_ROLES) expect(route.roles.length).toBeGreaterThan(0);
    expect(ROUTE_ROLES.filter((route) => route.roles === 'any').map((route) => route.path)).toEqual([
      '/dashboard/*',
    ]);
  });

  it('lets every role open its navigation and its profile', () => {
    for (const role of ROLES) {
      for (const item of NAVIGATION[role])
        expect([role, item.path, pageAccess(item.path, role)]).toEqual([role, item.path, 'allowed']);
      expect(pageAccess(PROFILE_PATH[role], role)).toBe('allowed');
    }
  });

  it('gives every page of the table to some roles and refuses it to the others', () => {
    for (const route of ROUTE_ROLES) {
      const address = addressOf(route.path);
      for (const role of ROLES) {
        const expected = route.roles === 'any' || route.roles.includes(role) ? 'allowed' : 'refused';
        expect([address, role, pageAccess(address, role)]).toEqual([address, role, expected]);
      }
    }
  });
});

describe('pageAccess', () => {
  it('refuses the pages the issue names to the roles that opened them', () => {
    expect(pageAccess('/student/list', 'student')).toBe('refused');
    expect(pageAccess('/student/list', 'owner')).toBe('refused');
    expect(pageAccess('/batch/subjects', 'owner')).toBe('refused');
    expect(pageAccess('/create/study-plan', 'owner')).toBe('refused');
    expect(pageAccess('/student/list', 'moderator')).toBe('allowed');
  });

  it('matches parameters, a trailing slash and sub-paths of the home', () => {
    expect(pageAccess(`/edit/student/${ID}`, 'moderator')).toBe('allowed');
    expect(pageAccess(`/edit/student/${ID}`, 'faculty')).toBe('refused');
    expect(pageAccess('/student/list/', 'student')).toBe('refused');
    expect(pageAccess('/dashboard/anything', 'owner')).toBe('allowed');
  });

  it('leaves paths outside the table to the not-found page', () => {
    expect(pageAccess('/no/such/page', 'student')).toBe('unknown');
    expect(pageAccess('/student/list/extra', 'moderator')).toBe('unknown');
  });

  it('opens only the home to a permission the portal does not know', () => {
    expect(pageAccess('/dashboard', 'parent')).toBe('allowed');
    expect(pageAccess('/me/subjects', 'parent')).toBe('refused');
    expect(pageAccess('/profile', 'parent')).toBe('refused');
  });
});
