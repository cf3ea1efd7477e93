import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES, ROLES, ROUTE_ROLES, type Role } from '@portal/shared';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { axeChecks, expectAccessible, PUBLIC_ROUTES } from '../support/axe.js';
import { PHONE, snap } from '../support/browser.js';
import { type DemoIds, demoIds } from '../support/demo.js';
import { useMeetingStandIn } from '../support/jitsi.js';
import { drawnAt, openInApp, quietApi } from '../support/navigation.js';
import { once, type SignedInPage, usePortal } from '../support/portal.js';

// Decision 41: every screen and popup of every role passes axe's WCAG 2.2 AA rules at both widths,
// in the states people meet. One portal; each role's pages are visited once per width in one
// browser tab, moving inside the app as its links do; axe runs once per state.

const portal = usePortal('accessibility');

/** The laptop width of the issue, and a phone. */
const WIDTHS = [{ width: 1366, height: 768 }, PHONE];

/** Something done on a screen before axe looks at it again (a popup opened, a form sent empty). */
interface State {
  name: string;
  act: (page: Page, ids: DemoIds) => Promise<void>;
  /** Only on a phone (the navigation drawer), or only on a wide screen. */
  only?: 'phone' | 'wide';
}

interface Screen {
  /** The address to open (with the demo's rows in its query). */
  open: string | ((ids: DemoIds) => string);
  /** Waits for what shows the screen has its content, beyond the API's quiet. */
  ready?: (page: Page) => Promise<void>;
  /** Further states, each checked after the screen as opened; a popup left open is closed with Escape. */
  states?: State[];
}

/** The button (or the link that acts as one) named `name`. */
const button = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .first();

/** Opens the popup the button opens. */
const popup = (name: string, opener = name): State => ({
  name: `popup ${name}`,
  act: async (page) => {
    await button(page, opener).click();
    await page.getByRole('dialog').last().waitFor();
  },
});

/** Sends the popup's (or the page's) form empty, so its errors show. */
const sentEmpty = (opener?: string): State => ({
  name: `errors shown${opener ? ` in ${opener}` : ''}`,
  act: async (page) => {
    if (opener) {
      await button(page, opener).click();
      await page.getByRole('dialog').last().waitFor();
    }
    const scope = opener ? page.getByRole('dialog').last() : page.getByRole('main');
    await scope.locator('button[type="submit"]').last().click();
    await scope.locator('[aria-invalid="true"], [role="alert"]').first().waitFor();
  },
});

/** Clicks what is named `name` (a tab, a link, a button) and waits for `shown`. */
const clicked = (name: string | RegExp, shown: (page: Page) => Promise<unknown>, role = 'tab'): State => ({
  name: `${role} ${name}`,
  act: async (page) => {
    await page
      .getByRole(role as 'tab', { name })
      .first()
      .click();
    await shown(page);
  },
});

/** Opens a menu (the header's profile menu, a card's actions). */
const menu = (name: string): State => ({
  name: `menu ${name}`,
  act: async (page) => {
    await page.getByRole('button', { name }).first().click();
    await page.getByRole('menu').first().waitFor();
  },
});

const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** Every role's header: its profile menu, the demo video, and on a phone the navigation drawer. */
const HEADER_STATES: State[] = [
  menu(LABELS.profileMenu),
  popup(MESSAGES.clickForDemo),
  {
    name: 'navigation drawer',
    only: 'phone',
    act: async (page) => {
      await page.getByRole('button', { name: LABELS.toggleNavigation }).click();
      await page.getByRole('navigation', { name: LABELS.mainNavigation }).getByRole('link').first().waitFor();
    },
  },
];

/** The bell's panel, for the roles with a bell. */
const BELL: State = {
  name: 'bell panel',
  act: async (page) => {
    await page.getByRole('button', { name: /^Notifications \(/ }).click();
    await page.getByRole('dialog', { name: LABELS.notifications }).waitFor();
  },
};
const WITH_BELL = [...HEADER_STATES, BELL];

const SCREENS: Record<Role | 'public', Record<string, Screen>> = {
  public: {
    '/login': {
      open: '/login',
      states: [
        {
          name: 'sign-in refused',
          act: async (page) => {
            await page.getByLabel(LABELS.userName).fill('nobody');
            await page.getByLabel(LABELS.password, { exact: true }).fill('not-the-password');
            await button(page, LABELS.submit).click();
            await page.getByRole('alert').waitFor();
          },
        },
        popup(LABELS.forgotPassword),
        sentEmpty(LABELS.forgotPassword),
        popup(LABELS.contactUs),
      ],
    },
    '/forgot-password': { open: '/forgot-password' },
  },
  owner: {
    '/dashboard/*': {
      open: '/dashboard',
      states: [
        popup(LABELS.addInstitution),
        sentEmpty(LABELS.addInstitution),
        popup(LABELS.addUser),
        menu(formatMessage(LABELS.moreActionsNamed, { title: 'Greenwood High School' })),
        popup(formatMessage(LABELS.editNamed, { title: 'Greenwood High School' })),
        popup(formatMessage(LABELS.archiveNamed, { title: 'Greenwood High School' })),
        clicked(LABELS.archivedInstitutions, (page) =>
          page.getByRole('tabpanel', { name: LABELS.archivedInstitutions }).waitFor(),
        ),
        ...HEADER_STATES,
      ],
    },
    '/profile': {
      open: '/profile',
      states: [popup(LABELS.changePassword), sentEmpty(LABELS.changePassword)],
    },
    '/create-institution': { open: '/create-institution', states: [sentEmpty()] },
  },
  moderator: {
    '/dashboard/*': {
      open: '/dashboard',
      states: [
        ...WITH_BELL,
        popup(LABELS.addBatch),
        sentEmpty(LABELS.addBatch),
        popup(LABELS.addAnnouncement),
        sentEmpty(LABELS.addAnnouncement),
      ],
    },
    '/profile': { open: '/profile' },
    '/batch/subjects': {
      open: (ids) => q('/batch/subjects', { batch: ids.batch }),
      states: [popup(LABELS.addSubjectButton), sentEmpty(LABELS.addSubjectButton)],
    },
    '/batch/subjects/create': { open: '/batch/subjects/create', states: [sentEmpty()] },
    '/batch/create': { open: '/batch/create', states: [sentEmpty()] },
    '/batch/subjects/chapters': {
      open: (ids) => q('/batch/subjects/chapters', { batch: ids.batch, subject: ids.subject }),
      states: [popup(LABELS.addChapterButton), sentEmpty(LABELS.addChapterButton)],
    },
    '/batch/subjects/chapters/topics': {
      open: (ids) =>
        q('/batch/subjects/chapters/topics', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
        }),
    },
    '/batch/subjects/chapters/topics/topicDetail': {
      open: (ids) =>
        q('/batch/subjects/chapters/topics/topicDetail', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
    },
    '/batch/:batchId/subjects/:subjectId/create-chapter': {
      open: (ids) => `/batch/${ids.batch}/subjects/${ids.subject}/create-chapter`,
    },
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/create-topic': {
      open: (ids) => `/batch/${ids.batch}/subjects/${ids.subject}/chapters/${ids.chapter}/create-topic`,
    },
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/edit-chapter': {
      open: (ids) => `/batch/${ids.batch}/subjects/${ids.subject}/chapters/${ids.chapter}/edit-chapter`,
    },
    '/batch/:batchId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/edit-topic': {
      open: (ids) =>
        `/batch/${ids.batch}/subjects/${ids.subject}/chapters/${ids.chapter}/topics/${ids.topic}/edit-topic`,
    },
    '/edit/student/:studentId': { open: (ids) => `/edit/student/${ids.student}` },
    '/student/list': {
      open: (ids) => q('/student/list', { batch: ids.batch }),
      states: [popup(LABELS.addStudentButton), sentEmpty(LABELS.addStudentButton)],
    },
    '/create-faculty': { open: '/create-faculty', states: [sentEmpty()] },
    '/assign/faculty': { open: '/assign/faculty' },
    '/faculty/list': { open: '/faculty/list' },
    '/edit/faculty/:facultyId': { open: (ids) => `/edit/faculty/${ids.faculty}` },
    '/student/upload/bulk': { open: '/student/upload/bulk' },
    '/bulk/upload': { open: '/bulk/upload' },
    '/student/subject': { open: '/student/subject' },
    '/create/study-plan': {
      open: (ids) => q('/create/study-plan', { batch: ids.batch }),
      states: [popup(LABELS.createStudyPlan), sentEmpty(LABELS.createStudyPlan)],
    },
    '/reports': { open: '/reports' },
    '/onlinesessions/reports': { open: '/onlinesessions/reports' },
    '/onlinesession/report': { open: (ids) => q('/onlinesession/report', { session: ids.pastSession }) },
    '/faculty/reports': { open: '/faculty/reports' },
    '/topic/reports': {
      open: (ids) =>
        q('/topic/reports', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
    },
    '/assessment/marks': {
      open: (ids) => q('/assessment/marks', { batch: ids.batch, assessment: ids.evaluatedExam }),
    },
    '/create/assessment': {
      open: '/create/assessment',
      states: [
        popup(LABELS.assessAddButton),
        sentEmpty(LABELS.assessAddButton),
        popup(LABELS.assessAddQuestion),
      ],
    },
    '/assessment/questions/:assessmentId': { open: (ids) => `/assessment/questions/${ids.liveExam}` },
    '/announcements': { open: '/announcements' },
  },
  faculty: {
    '/dashboard/*': { open: '/dashboard', states: WITH_BELL },
    '/me/faculty/subjects': { open: '/me/faculty/subjects' },
    '/me/faculty/subjects/chapters': {
      open: (ids) => q('/me/faculty/subjects/chapters', { batch: ids.batch, subject: ids.subject }),
    },
    '/me/faculty/subjects/chapters/create': {
      open: (ids) => q('/me/faculty/subjects/chapters/create', { batch: ids.batch, subject: ids.subject }),
    },
    '/me/faculty/subjects/chapters/edit': {
      open: (ids) =>
        q('/me/faculty/subjects/chapters/edit', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
        }),
    },
    '/me/faculty/subjects/chapters/topics': {
      open: (ids) =>
        q('/me/faculty/subjects/chapters/topics', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
        }),
    },
    '/me/faculty/subjects/chapters/topics/create': {
      open: (ids) =>
        q('/me/faculty/subjects/chapters/topics/create', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
        }),
    },
    '/me/faculty/subjects/chapters/topics/edit': {
      open: (ids) =>
        q('/me/faculty/subjects/chapters/topics/edit', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
    },
    '/me/faculty/subjects/chapters/topics/detail': {
      open: (ids) =>
        q('/me/faculty/subjects/chapters/topics/detail', {
          batch: ids.batch,
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
    },
    '/me/faculty/doubts': { open: '/me/faculty/doubts' },
    '/faculty/profile': { open: '/faculty/profile' },
    '/me/faculty/sessions': { open: '/me/faculty/sessions' },
    '/me/session/create': { open: '/me/session/create', states: [sentEmpty()] },
    '/me/session/detail': { open: (ids) => q('/me/session/detail', { session: ids.liveSession }) },
    '/faculty/assessments': { open: '/faculty/assessments' },
    '/faculty/assessments/submissions': {
      open: (ids) => q('/faculty/assessments/submissions', { assessment: ids.closedExam }),
      states: [
        popup(LABELS.evalMarksEvaluated),
        {
          name: 'one submission',
          act: async (page) => {
            // The student's name opens it (the Evaluate button beside it is not shown on a phone).
            await page.getByRole('table').getByRole('link').first().click();
            await page.getByRole('link', { name: LABELS.evalBackToSubmissions }).waitFor();
          },
        },
        {
          name: 'grade by question',
          act: async (page, ids) => {
            await openInApp(page, q('/faculty/assessments/submissions', { assessment: ids.closedExam }));
            await page
              .getByRole('textbox', { name: LABELS.evalGradeByQuestion })
              .or(page.getByRole('combobox', { name: LABELS.evalGradeByQuestion }))
              .first()
              .click();
            await page.getByRole('option').first().click();
            await page.getByRole('link', { name: LABELS.evalBackToSubmissions }).waitFor();
          },
        },
      ],
    },
    '/create/assessment': { open: '/create/assessment' },
    '/assessment/questions/:assessmentId': { open: (ids) => `/assessment/questions/${ids.liveExam}` },
    '/announcements': { open: '/announcements' },
  },
  student: {
    '/dashboard/*': { open: '/dashboard', states: WITH_BELL },
    '/me/subjects': { open: '/me/subjects' },
    '/me/subjects/chapters': { open: (ids) => q('/me/subjects/chapters', { subject: ids.subject }) },
    '/me/subjects/chapters/topics': {
      open: (ids) => q('/me/subjects/chapters/topics', { subject: ids.subject, chapter: ids.chapter }),
    },
    '/me/subjects/chapters/topics/detail': {
      open: (ids) =>
        q('/me/subjects/chapters/topics/detail', {
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
      states: [
        clicked(/^Q&A \(\d+\)$/, (page) => page.getByRole('tabpanel', { name: /^Q&A \(\d+\)$/ }).waitFor()),
      ],
    },
    '/me/subjects/chapters/topics/assessment': {
      open: (ids) =>
        q('/me/subjects/chapters/topics/assessment', {
          subject: ids.subject,
          chapter: ids.chapter,
          topic: ids.topic,
        }),
    },
    '/me/subjects/notes': { open: (ids) => q('/me/subjects/notes', { subject: ids.subject }) },
    '/me/doubts': { open: '/me/doubts' },
    '/me/notes': { open: '/me/notes' },
    '/me/teachers': { open: '/me/teachers' },
    '/me/assessments': {
      open: '/me/assessments',
      states: [
        popup(LABELS.examButtonStart),
        clicked(/^Self Assessments \(\d+\)$/, (page) =>
          page.getByRole('tabpanel', { name: /^Self Assessments \(\d+\)$/ }).waitFor(),
        ),
      ],
    },
    '/assessments/questions': {
      open: (ids) => q('/assessments/questions', { assessment: ids.liveExam }),
      states: [popup(LABELS.examSubmit)],
    },
    '/assessments/results': { open: (ids) => q('/assessments/results', { assessment: ids.evaluatedExam }) },
    '/me/profile': { open: '/me/profile' },
    '/me/sessions': { open: '/me/sessions' },
    '/me/session/detail': { open: (ids) => q('/me/session/detail', { session: ids.liveSession }) },
    '/announcements': { open: '/announcements' },
  },
};

const ids = once(async () => demoIds(await apiSignIn(portal, 'moderator')));

/** Waits until the app has started: a page title is in the main landmark (slow on a busy machine). */
const started = (page: Page) =>
  page.locator('main h1').first().waitFor({ state: 'attached', timeout: 45_000 });

/** Opens the screen, checks it, then each of its states; a popup or menu left open is closed. */
async function checkScreen(page: Page, role: string, screen: Screen) {
  const demo = await ids();
  const address = typeof screen.open === 'string' ? screen.open : screen.open(demo);
  await openInApp(page, address);
  await drawnAt(page, address, { outsideLayout: true }).waitFor();
  await quietApi(page);
  assert.equal(await page.getByText(MESSAGES.pageNotFound).count(), 0, `${address} is a page of ${role}`);
  // Every page has its title (h1) once its data is in; a page without one fails on axe's report.
  // A detail page's data can take several seconds while two browser specs run side by side.
  await page
    .locator('main h1, [role="main"] h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  await screen.ready?.(page);
  await expectAccessible(page, { role, state: 'as opened' });
  const phone = (page.viewportSize()?.width ?? 0) < 600;
  for (const state of screen.states ?? []) {
    if (state.only && (state.only === 'phone') !== phone) continue;
    await state.act(page, demo);
    await quietApi(page);
    await expectAccessible(page, { role, state: state.name });
    await closeOverlays(page);
  }
}

/** Escape closes what a state opened (popups, menus), one layer at a time; the burger, the drawer. */
async function closeOverlays(page: Page) {
  const burger = page.getByRole('button', { name: LABELS.toggleNavigation, expanded: true });
  if (await burger.count()) await burger.click();
  for (let layer = 0; layer < 3; layer++) {
    const open = page.getByRole('dialog').or(page.getByRole('menu'));
    if ((await open.count()) === 0) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(250);
  }
  assert.equal(await page.getByRole('dialog').or(page.getByRole('menu')).count(), 0, 'Escape closes popups');
}

for (const viewport of WIDTHS) {
  describe(`public pages at ${viewport.width} px`, () => {
    let page: Page;
    before(async () => {
      const context = await portal.newContext(viewport);
      page = await context.newPage();
      await page.goto('/login');
      await started(page);
    });
    after(() => page.context().close());
    for (const [route, screen] of Object.entries(SCREENS.public)) {
      it(route, () => checkScreen(page, 'public', screen));
    }
  });

  for (const role of ROLES) {
    describe(`${role} at ${viewport.width} px`, () => {
      let signedIn: SignedInPage;
      before(async () => {
        signedIn = await portal.signedInPage(role, viewport);
        await useMeetingStandIn(signedIn.context);
        // The app has started (its home is shown) before the screens are opened inside it.
        await started(signedIn.page);
      });
      after(() => signedIn.done());
      for (const [route, screen] of Object.entries(SCREENS[role])) {
        it(route, () => checkScreen(signedIn.page, role, screen));
      }
    });
  }
}

/**
 * WCAG 1.4.10: at 320 px wide (a 1280 px screen zoomed to 400 %) no screen needs scrolling
 * sideways; a wide table scrolls in its own box, which the rule allows.
 */
const NARROW = { width: 320, height: 640 };

/** The screen's width beyond the window, in px (0 when it reflows). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const role of ['public', ...ROLES] as const) {
  it(`every screen of ${role} reflows at 320 px`, async () => {
    const demo = await ids();
    const signedIn = role === 'public' ? null : await portal.signedInPage(role, NARROW);
    if (signedIn) await useMeetingStandIn(signedIn.context);
    const page = signedIn?.page ?? (await (await portal.newContext(NARROW)).newPage());
    if (!signedIn) await page.goto('/login');
    await started(page);
    const wide: string[] = [];
    for (const screen of Object.values(SCREENS[role])) {
      const address = typeof screen.open === 'string' ? screen.open : screen.open(demo);
      await openInApp(page, address);
      await quietApi(page);
      const beyond = await overflow(page);
      if (beyond > 0) wide.push(`${address}: ${beyond} px too wide`);
    }
    await page.context().close();
    assert.deepEqual(wide, []);
  });
}

/**
 * WCAG 1.4.4: text resized to 200 %. Two ways a person does it, each on the key screens of each
 * role: the browser's zoom (a 1366x768 window at 200 % is a 683x384 CSS px viewport drawn at two
 * device pixels a CSS px, which is what Chromium lays out when zoomed, its media queries and all),
 * and a root font size of 200 % at 1366 px (text-only zoom, Firefox's "Zoom text only"; the
 * theme sizes text and spacing in rem, so it doubles while the layout stays the laptop's). Neither
 * may make the page scroll sideways, nor clip a heading's, tab's or button's text (wider than its box).
 */
const ZOOMS = [
  { name: 'browser zoom', viewport: { width: 683, height: 384, deviceScaleFactor: 2 }, rootFont: null },
  { name: 'text-only zoom', viewport: { width: 1366, height: 768 }, rootFont: '200%' },
] as const;

const ZOOM_SCREENS: { role: Role; route: string }[] = [
  { role: 'student', route: '/dashboard/*' },
  { role: 'student', route: '/me/subjects/chapters/topics/detail' },
  { role: 'student', route: '/assessments/questions' },
  { role: 'moderator', route: '/student/list' },
  { role: 'moderator', route: '/reports' },
];

/** The headings, tabs, buttons and field labels whose text is wider than their box (clipped or spilling). */
const clippedTexts = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        'h1, h2, h3, h4, [role="tab"], button, a.mantine-Button-root, .mantine-Button-label, label',
      ),
    )
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest('[aria-hidden="true"], .mantine-ScrollArea-viewport'))
          return false;
        return element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}" ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );

for (const zoom of ZOOMS) {
  for (const role of ['student', 'moderator'] as const) {
    it(`text at 200 % (${zoom.name}) fits the key screens of the ${role}`, async () => {
      const demo = await ids();
      const { page, context, done } = await portal.signedInPage(role, zoom.viewport);
      await useMeetingStandIn(context);
      if (zoom.rootFont) {
        await context.addInitScript((size) => {
          document.addEventListener('DOMContentLoaded', () => {
            document.documentElement.style.fontSize = size;
          });
        }, zoom.rootFont);
      }
      const problems: string[] = [];
      for (const { route } of ZOOM_SCREENS.filter((screen) => screen.role === role)) {
        const screen = SCREENS[role][route]!;
        const address = typeof screen.open === 'string' ? screen.open : screen.open(demo);
        // Loaded afresh (not moved to within the app), so the picture is of this screen for sure.
        await page.goto(address);
        await started(page);
        await quietApi(page);
        if (zoom.rootFont) {
          assert.equal(
            await page.evaluate(() => getComputedStyle(document.documentElement).fontSize),
            '32px',
          );
        }
        const beyond = await overflow(page);
        if (beyond > 0) problems.push(`${address}: ${beyond} px too wide`);
        for (const text of await clippedTexts(page)) problems.push(`${address}: ${text}`);
        await snap(
          page,
          `zoom-200-${zoom.name.split(' ')[0]}-${role}-${route.split('/').filter(Boolean).join('-').replace(/\*/g, 'home')}`,
        );
      }
      await done();
      assert.deepEqual(problems, []);
    });
  }
}

describe('coverage', () => {
  it('every route of every role was checked at both widths (a new screen needs its axe check)', () => {
    const expected = [
      ...PUBLIC_ROUTES.map((route) => ({ route, role: 'public' })),
      ...ROUTE_ROLES.flatMap((route) =>
        (route.roles === 'any' ? ROLES : route.roles).map((role) => ({ route: route.path, role })),
      ),
    ];
    const missing = expected.flatMap(({ route, role }) =>
      WIDTHS.filter(
        ({ width }) =>
          !axeChecks.some((check) => check.route === route && check.role === role && check.width === width),
      ).map(({ width }) => `${role} ${route} at ${width} px`),
    );
    assert.deepEqual(missing, []);
    const screens = new Set(axeChecks.map((check) => `${check.role} ${check.route} ${check.width}`));
    console.log(`axe: ${screens.size} screens × widths, ${axeChecks.length} states checked`);
  });
});
