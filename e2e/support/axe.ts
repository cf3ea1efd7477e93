import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { ROUTE_ROLES } from '@portal/shared';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 AA rule sets of axe-core the portal must pass (decision 41, issue 26). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's best-practice rules that carry the screen-reader structure the issue asks for on every
 * page: headings in order under one page title, every part of the page inside a landmark.
 */
const STRUCTURE_RULES = ['heading-order', 'page-has-heading-one', 'landmark-one-main', 'region'];

/** The public pages (before signing in); the signed-in ones are `ROUTE_ROLES`. */
export const PUBLIC_ROUTES = ['/login', '/forgot-password'] as const;

/** One axe run: where, as whom, at what width, in which state. */
export interface AxeCheck {
  /** The route pattern of `ROUTE_ROLES` (or a public route) the page's address matched. */
  route: string;
  role: string;
  width: number;
  state: string;
}

/** Every check made by this process (a spec file), so a spec can tell what it has not covered. */
export const axeChecks: AxeCheck[] = [];

const patterns = [...PUBLIC_ROUTES.map((path) => ({ path })), ...ROUTE_ROLES].map((route) => ({
  path: route.path,
  test: new RegExp(
    `^${route.path.replace(/\/\*$/, '(?:/.*)?').replace(/:\w+/g, '[^/]+').replace(/\//g, '\\/')}/?$`,
  ),
}));

/** The route pattern of a path: the most specific one that matches (a literal segment beats `:id`). */
export function routeOf(pathname: string): string | null {
  const matches = patterns.filter((pattern) => pattern.test.test(pathname));
  matches.sort((a, b) => b.path.split(':').length - a.path.split(':').length);
  return matches.at(-1)?.path ?? null;
}

/** axe's violations on the page as one readable line each (rule, impact, element, what is wrong). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])),
      resultTypes: ['violations'],
    })
    // One frame (the page): the question paper's PDF viewer and the meeting room are not ours.
    .setLegacyMode(true)
    .analyze();
  // Open menus, listboxes and notices live in Mantine's portal, outside the landmarks, while they
  // are open; they take the focus or are announced, so the landmark rule leaves them out.
  const inPortal = await page.evaluate(
    (targets) =>
      targets.map(
        (target) =>
          document.querySelector(target)?.closest('[data-portal]') !== null &&
          document.querySelector(target) !== null,
      ),
    results.violations.flatMap((violation) =>
      violation.id === 'region' ? violation.nodes.map((node) => String(node.target[0])) : [],
    ),
  );
  const overlays = new Set(
    results.violations
      .find((violation) => violation.id === 'region')
      ?.nodes.filter((_, index) => inPortal[index]),
  );
  return results.violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !overlays.has(node))
      .map(
        (node) =>
          `${violation.id} (${node.impact}) ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help
          } | ${node.html.slice(0, 160)}`,
      ),
  );
}

/**
 * Runs axe on the page as it is now and fails on any violation, naming the state; records the
 * check (the route is read from the page's address) for the coverage test.
 */
export async function expectAccessible(page: Page, who: { role: string; state: string }): Promise<void> {
  const { pathname } = new URL(page.url());
  const route = routeOf(pathname);
  assert.ok(route, `${pathname} is in no route table`);
  const violations = await axeViolations(page);
  const width = page.viewportSize()?.width ?? 0;
  assert.deepEqual(violations, [], `${who.role} ${pathname} at ${width} px, ${who.state}`);
  axeChecks.push({ route, role: who.role, width, state: who.state });
}
