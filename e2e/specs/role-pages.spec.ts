import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LABELS, MESSAGES, ROLES, ROUTE_ROLES, type Role } from '@portal/shared';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { drawnAt } from '../support/navigation.js';
import { signIn, usePortal } from '../support/portal.js';

const portal = usePortal('role-pages');

const ID = '0b8f2f3c-1d2e-4c5b-9a6f-7e8d9c0b1a2f';

/** A concrete address of a route pattern of the table (an id for each parameter). */
const addressOf = (pattern: string) => pattern.replace(/\/\*$/, '').replace(/:\w+/g, ID);

const notAvailable = (page: Page) => page.getByTestId('not-available');

/** Goes to `path` inside the app (as a link would), without reloading it. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/** Collects what the browser logs, and each refused (403) answer of the API. */
function watch(page: Page) {
  const messages: string[] = [];
  const refused: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) refused.push(response.url());
  });
  return { messages, refused };
}

describe('every page says who it is for', () => {
  for (const role of ROLES as readonly Role[]) {
    it(`${role}: every page of the route table that is not the ${role}'s shows the not-available state`, async () => {
      const context = await portal.newContext();
      const page = await context.newPage();
      const seen = watch(page);
      await signIn(page, role);
      await page.waitForURL('**/dashboard');
      const others = ROUTE_ROLES.filter((route) => route.roles !== 'any' && !route.roles.includes(role));
      assert.ok(others.length > 0);
      for (const route of others) {
        const address = addressOf(route.path);
        await openInApp(page, address);
        await drawnAt(page, address).getByTestId('not-available').waitFor();
        await notAvailable(page).getByText(MESSAGES.pageNotForRole, { exact: true }).waitFor();
        assert.equal(await notAvailable(page).count(), 1, address);
        const home = notAvailable(page).getByRole('link', { name: LABELS.backToDashboard });
        assert.equal(await home.getAttribute('href'), '/dashboard', address);
      }
      // The pages were never rendered, so none of them asked the server for anything.
      assert.deepEqual(seen.refused, []);
      await notAvailable(page).getByRole('link', { name: LABELS.backToDashboard }).click();
      await page.waitForURL('**/dashboard');
      await notAvailable(page).waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('a student opening /student/list, and an owner opening the moderator’s pages, get one clear state', async () => {
    const cases: [Role, string][] = [
      ['student', '/student/list'],
      ['owner', '/student/list'],
      ['owner', '/batch/subjects'],
      ['owner', '/create/study-plan'],
      ['faculty', '/student/list'],
      ['moderator', '/me/subjects'],
    ];
    for (const [role, path] of cases) {
      const context = await portal.newContext();
      const page = await context.newPage();
      const seen = watch(page);
      await signIn(page, role);
      await page.goto(path);
      await notAvailable(page).getByText(MESSAGES.pageNotForRole, { exact: true }).waitFor();
      const main = page.getByRole('main');
      for (const text of [LABELS.studentListTitle, LABELS.addStudentButton, MESSAGES.selectABatch]) {
        assert.equal(await main.getByText(text, { exact: true }).count(), 0, `${role} ${path}: ${text}`);
      }
      assert.deepEqual(seen.refused, [], `${role} ${path}`);
      if (role === 'student') await snap(page, 'role-pages-student-list-not-available-desktop');
      await context.close();
    }
  });

  it('the page’s own role still sees it', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto('/student/list');
    await page.getByRole('heading', { name: LABELS.studentListTitle }).waitFor();
    assert.equal(await notAvailable(page).count(), 0);
    await context.close();
  });

  it('on a phone the state fits the screen', async () => {
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, 'student');
    await page.goto('/create/study-plan');
    await notAvailable(page).getByRole('link', { name: LABELS.backToDashboard }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0);
    await snap(page, 'role-pages-not-available-phone');
    await context.close();
  });
});

/** Resolves once `page` has had no API request in flight for 500 ms (the event stream aside). */
function apiQuiet(page: Page) {
  const pending = new Set<unknown>();
  const counts = (url: string) => url.includes('/api/') && !url.includes('/api/events');
  page.on('request', (request) => counts(request.url()) && pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return async () => {
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500) {
      if (pending.size > 0) quietSince = Date.now();
      await page.waitForTimeout(100);
    }
  };
}

describe('every page asks only for what its role may read', () => {
  for (const role of ['moderator', 'faculty', 'student', 'owner'] as const) {
    it(`${role}: none of the ${role}'s own pages is refused (403) by the API`, async () => {
      const context = await portal.newContext();
      const page = await context.newPage();
      const seen = watch(page);
      const quiet = apiQuiet(page);
      await signIn(page, role);
      await page.waitForURL('**/dashboard');
      const own = ROUTE_ROLES.filter((route) => route.roles === 'any' || route.roles.includes(role));
      for (const route of own) {
        await openInApp(page, addressOf(route.path));
        await quiet();
      }
      assert.deepEqual(seen.refused, [], `${role}: refused calls`);
      await context.close();
    });
  }
});

describe('another class’s subject, chapter or topic opened by its link', () => {
  it('shows the not-available state, not an error to retry or a bare "Not found."', async () => {
    // Class 9 A's subject, chapter and topic, found through the moderator.
    const moderator = await apiSignIn(portal, 'moderator');
    const { batch_subjects } = await moderator.call<{
      batch_subjects: { _id: string; batch_id: string; batch_title: string; subject_id: string }[];
    }>('/batch-subjects');
    const theirs = batch_subjects.find((subject) => subject.batch_title === 'Class 9 A');
    assert.ok(theirs);
    const { chapters } = await moderator.call<{ chapters: { _id: string }[] }>(
      `/chapters/subject-id/${theirs.subject_id}`,
    );
    const chapter = chapters[0]!._id;
    const { topics } = await moderator.call<{ topics: { _id: string }[] }>(`/topics/chapter-id/${chapter}`);
    const topic = topics[0]!._id;
    const query = (selection: Record<string, string>) => new URLSearchParams(selection).toString();

    const context = await portal.newContext();
    const page = await context.newPage();
    await signIn(page, 'student');
    const links = [
      `/me/subjects/chapters?${query({ batch: theirs.batch_id, subject: theirs._id })}`,
      `/me/subjects/chapters/topics?${query({ batch: theirs.batch_id, subject: theirs._id, chapter })}`,
      `/me/subjects/chapters/topics/detail?${query({ batch: theirs.batch_id, subject: theirs._id, chapter, topic })}`,
      `/me/subjects/chapters/topics/detail?${query({ topic })}`,
      `/me/subjects/chapters/topics?${query({ chapter: ID })}`,
      `/me/subjects/notes?${query({ subject: theirs._id })}`,
    ];
    for (const link of links) {
      await page.goto(link);
      await notAvailable(page).getByText(MESSAGES.contentNotAvailable, { exact: true }).waitFor();
      const main = page.getByRole('main');
      for (const text of [MESSAGES.chaptersError, MESSAGES.pleaseTryAgain, MESSAGES.notFound]) {
        assert.equal(await main.getByText(text, { exact: true }).count(), 0, `${link}: ${text}`);
      }
      if (link.includes('/detail')) await snap(page, 'role-pages-other-class-topic-desktop');
    }
    await context.close();
  });
});

describe('a full load of a deep link', () => {
  it('logs no "No routes matched location" (nor any other warning of the router)', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const seen = watch(page);
    await signIn(page, 'student');
    await page.waitForURL('**/dashboard');
    await page.goto('/me/subjects');
    await page.getByRole('heading', { name: LABELS.learnMySubjects }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: LABELS.learnMySubjects }).waitFor();
    await page.goto('/me/notes?tab=topic');
    await page.getByRole('heading', { name: LABELS.learnNotesTitle }).waitFor();
    // An address the app does not have still finds its not-found page.
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: MESSAGES.pageNotFound }).waitFor();
    const routerWarnings = seen.messages.filter((text) => /No routes matched|Matched leaf route/.test(text));
    assert.deepEqual(routerWarnings, []);
    await context.close();
  });
});
