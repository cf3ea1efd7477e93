import { NAVIGATION, type NavItem, PROFILE_PATH, type Role } from '@portal/shared/constants';
import { navigationLabel } from '@portal/shared/i18n/catalogue';
import { LABELS } from '@portal/shared/messages';

function isRole(permission: string): permission is Role {
  return Object.hasOwn(NAVIGATION, permission);
}

/** The left-navigation items of a permission, labelled in the page's language; none for a permission the portal does not know. */
export function navigationFor(permission: string): readonly NavItem[] {
  return isRole(permission)
    ? NAVIGATION[permission].map((item) => ({ ...item, label: navigationLabel(item.label) }))
    : [];
}

/** Where 'My Profile' leads for a permission. */
export function profilePathFor(permission: string): string {
  return isRole(permission) ? PROFILE_PATH[permission] : '/profile';
}

/** A navigation item is active on its own path and every path below it (/dashboard is not exact). */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(itemPath.endsWith('/') ? itemPath : `${itemPath}/`);
}

const ROLE_NAMES: Record<Role, () => string> = {
  owner: () => LABELS.roleOwner,
  moderator: () => LABELS.roleModerator,
  faculty: () => LABELS.roleFaculty,
  student: () => LABELS.roleStudent,
};

/** Role names as users read them, in the page's language (a permission the portal does not know, as it is). */
export function roleLabel(permission: string): string {
  return isRole(permission) ? ROLE_NAMES[permission]() : permission;
}

/**
 * The name the header shows: the person's (a student's or faculty member's), else the login name
 * (owners and moderators have no other, and a session stored before names were kept has none yet).
 */
export function personName(account: { name?: string | null; username: string }): string {
  return account.name?.trim() || account.username;
}
