/**
 * Stored files (`/files/…`) are loaded by `<img>`, `<video>`, `<audio>` and new tabs, which cannot
 * send the bearer token: the server gives the browser an HttpOnly cookie for them at sign-in and
 * whenever `POST /api/files/session` renews it. Signing out removes it and, with the sign-in's
 * token, ends that sign-in on the server, so neither the cookie's value nor the token opens
 * anything afterwards, on this computer or any other.
 */
export function endFileSession(token: string | undefined): void {
  if (typeof fetch === 'undefined' || typeof window === 'undefined') return;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  fetch('/api/files/session', { method: 'DELETE', keepalive: true, headers }).catch(() => {});
}
