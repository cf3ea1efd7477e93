import { LABELS } from '@portal/shared';
import type { Page, Request } from 'playwright-core';

/** Goes to `path` inside the app (as a link would), without reloading it. */
export async function openInApp(page: Page, path: string): Promise<void> {
  const target = new URL(path, page.url());
  await page.evaluate((address) => {
    window.history.pushState({}, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${target.pathname}${target.search}`);
  await page.waitForURL((url) => url.pathname === target.pathname);
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** The page's API requests under way (the event stream aside), watched from the first call on. */
function apiRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const watched = new Set<Request>();
  const counts = (request: Request) =>
    request.url().includes('/api/') && !request.url().includes('/api/events');
  page.on('request', (request) => counts(request) && watched.add(request));
  page.on('requestfinished', (request) => watched.delete(request));
  page.on('requestfailed', (request) => watched.delete(request));
  inFlight.set(page, watched);
  pending = watched;
  return pending;
}

/**
 * Resolves once the page has had no API request in flight for `quietMs` and shows no loader
 * (`role="status"` named Loading…): its data is on screen.
 */
export async function quietApi(page: Page, quietMs = 300): Promise<void> {
  const pending = apiRequests(page);
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (pending.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  await page.getByRole('status', { name: LABELS.loading }).first().waitFor({ state: 'detached' });
}
