/** Where a signed-in user lands by default. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
export const NEXT_PARAM = 'next';

const PUBLIC_PATHS = ['/login', '/forgot-password'];

/**
 * Accepts only an in-app path (no scheme, no `//host`, no backslash tricks) that is not a public page;
 * anything else falls back to the dashboard, so `?next=` cannot send users to another site.
 */
export function safeRedirectTarget(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return DEFAULT_AFTER_LOGIN;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f]/.test(next)) return DEFAULT_AFTER_LOGIN;
  const pathname = next.split(/[?#]/, 1)[0];
  if (pathname === '/' || PUBLIC_PATHS.includes(pathname)) return DEFAULT_AFTER_LOGIN;
  return next;
}

/** The login URL that remembers where the user was going (path and query). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  if (safeRedirectTarget(target) === DEFAULT_AFTER_LOGIN) return '/login';
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: target })}`;
}

/** The remembered destination of a `/login?next=...` search string. */
export function redirectTargetFrom(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get(NEXT_PARAM));
}
