import { LABELS } from '@portal/shared';
import type { Locator, Page, Request } from 'playwright-core';

/** Goes to `path` inside the app (as a link would), without reloading it. */
export async function openInApp(page: Page, path: string): Promise<void> {
  const target = new URL(path, page.url());
  await page.evaluate((address) => {
    window.history.pushState({}, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${target.pathname}${target.search}`);
  await page.waitForURL((url) => url.pathname === target.pathname);
}

/**
 * The main area drawn for `path` (`address`'s path), not the one before it, which the router keeps on
 * screen until it draws the new page: the signed-in layout names the path it shows (`data-path`).
 * `outsideLayout`: a public page's main area (it names none) counts too.
 */
export function drawnAt(page: Page, address: string, { outsideLayout = false } = {}): Locator {
  const path = new URL(address, 'http://portal').pathname;
  return page.locator(`main[data-path="${path}"]${outsideLayout ? ', main:not([data-path])' : ''}`);
}

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * The page's API requests and code chunks under way (the event stream aside), watched from the first
 * call on: call it before `goto` so that the page's first requests are counted too. A page's chunk
 * counts because the router keeps the previous page on screen until it has come.
 */
export function requestsUnderWay(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const watched = new Set<Request>();
  const counts = (request: Request) =>
    request.resourceType() === 'script' ||
    (request.url().includes('/api/') && !request.url().includes('/api/events'));
  page.on('request', (request) => counts(request) && watched.add(request));
  page.on('requestfinished', (request) => watched.delete(request));
  page.on('requestfailed', (request) => watched.delete(request));
  inFlight.set(page, watched);
  pending = watched;
  return pending;
}

/**
 * Resolves once the page has had no API request or chunk in flight for `quietMs` and shows no loader
 * (`role="status"` named Loading…): its data is on screen.
 */
export async function quietApi(page: Page, quietMs = 300): Promise<void> {
  const pending = requestsUnderWay(page);
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (pending.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  await page.getByRole('status', { name: LABELS.loading }).first().waitFor({ state: 'detached' });
}

/**
 * Resolves once the page shows everything it will: its data (`quietApi`), its fonts and its images.
 * What a picture or a measurement of a whole page waits for; `waitForLoadState('networkidle')`
 * never comes while the page's event stream is open.
 */
export async function contentShown(page: Page): Promise<void> {
  await quietApi(page);
  // No named functions in here: the test's TypeScript build would wrap them in a helper the page lacks.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
  });
}
