/**
 * Stored files (`/files/…`) are loaded by `<img>`, `<video>`, `<audio>` and new tabs, which cannot
 * send the bearer token: the server gives the browser an HttpOnly cookie for them at sign-in and
 * whenever `POST /api/files/session` renews it. Signing out removes it, so the next person at a
 * shared computer cannot open the last one's files.
 */
export function endFileSession(): void {
  if (typeof fetch === 'undefined' || typeof window === 'undefined') return;
  fetch('/api/files/session', { method: 'DELETE', keepalive: true }).catch(() => {});
}
