import { NAVIGATION } from '@portal/shared/constants';
import { describe, expect, it } from 'vitest';
import { navIcon } from '../app/layouts/nav-icons';
import { isNavItemActive, navigationFor, personName, profilePathFor, roleLabel } from './navigation';

describe('isNavItemActive', () => {
  it('matches the item and the paths below it', () => {
    expect(isNavItemActive('/dashboard', '/dashboard')).toBe(true);
    expect(isNavItemActive('/dashboard/anything', '/dashboard')).toBe(true);
    expect(isNavItemActive('/me/subjects/chapters', '/me/subjects')).toBe(true);
  });

  it('does not match a mere prefix of a segment or another item', () => {
    expect(isNavItemActive('/dashboards', '/dashboard')).toBe(false);
    expect(isNavItemActive('/faculty/reports', '/faculty/list')).toBe(false);
    expect(isNavItemActive('/me/faculty/subjects', '/me/subjects')).toBe(false);
  });
});

describe('navigationFor / profilePathFor', () => {
  it('gives each role its own items and an unknown permission none', () => {
    expect(navigationFor('owner').map((item) => item.path)).toEqual(['/dashboard']);
    expect(navigationFor('moderator')).toHaveLength(11);
    expect(navigationFor('parent')).toEqual([]);
    expect(navigationFor('constructor')).toEqual([]);
  });

  it('leads each role to its profile page', () => {
    expect(profilePathFor('student')).toBe('/me/profile');
    expect(profilePathFor('faculty')).toBe('/faculty/profile');
    expect(profilePathFor('moderator')).toBe('/profile');
    expect(profilePathFor('owner')).toBe('/profile');
  });

  it('has an icon for every navigation item', () => {
    const fallback = navIcon('no-such-icon');
    for (const items of Object.values(NAVIGATION)) {
      for (const item of items) expect(navIcon(item.icon)).not.toBe(fallback);
    }
  });

  it('writes role names for people', () => {
    expect(roleLabel('moderator')).toBe('Moderator');
  });
});

describe('personName', () => {
  it('shows the person’s name, else the login name', () => {
    expect(personName({ name: 'Aarav Mehta', username: 'student' })).toBe('Aarav Mehta');
    expect(personName({ name: 'moderator', username: 'moderator' })).toBe('moderator');
    expect(personName({ name: '  ', username: 'student' })).toBe('student');
    expect(personName({ username: 'student' })).toBe('student');
  });
});
