import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { formatMessage, LABELS } from '@portal/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { snap } from '../support/browser.js';
import {
  addChapter,
  addSubjectToBatch,
  addTopic,
  assignFaculty,
  batchNamed,
  facultyNamed,
  paragraph,
} from '../support/content.js';
import { signIn, usePortal } from '../support/portal.js';

const portal = usePortal('pages');

// More rows than a page (50; 20 on the student's home) of every kind the web pages through.
const NOTES = 60;
const DOUBTS = 60;
const REPLIES = 25;
const NEW_STUDENTS = 50;
const PLANNED_TOPICS = 25;
const SUBJECT_TITLE = 'Paging Studies';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const ids = {} as { batch: string; batchSubject: string; chapter: string; topics: string[] };
const totals = {} as { notes: number; batchDoubts: number; batchStudents: number; taughtStudents: number };
const pad = (n: number) => String(n).padStart(2, '0');
const doubtText = (n: number) => `Paging doubt ${pad(n)}`;
const REPLIED_DOUBT = doubtText(DOUBTS);

/** Runs `task` for 1 … count, a few at a time. */
async function times(count: number, task: (n: number) => Promise<unknown>, parallel = 4) {
  for (let start = 1; start <= count; start += parallel) {
    const batch: Promise<unknown>[] = [];
    for (let n = start; n < start + parallel && n <= count; n += 1) batch.push(task(n));
    await Promise.all(batch);
  }
}

const totalOf = async (api: ApiUser, path: string) =>
  (await api.call<{ page: { total: number } }>(`${path}${path.includes('?') ? '&' : '?'}limit=1`)).page.total;

let studentApi: ApiUser;
let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};

/**
 * A subject of Class 10 A taught by the demo teacher, with 25 topics planned for yesterday (the
 * demo student's pending topics), 60 notes and 60 doubts of the demo student on its first topic,
 * 25 replies on the newest doubt, and 50 more students in the class.
 */
async function prepare() {
  const moderator = await apiSignIn(portal, 'moderator');
  const student = await apiSignIn(portal, 'student');
  studentApi = student;
  const faculty = await apiSignIn(portal, 'faculty');
  ids.batch = await batchNamed(moderator, 'Class 10 A');
  const subject = await addSubjectToBatch(moderator, ids.batch, {
    title: SUBJECT_TITLE,
    code: 'PG-10',
    subject_logo: 'science',
  });
  ids.batchSubject = subject._id;
  const teacher = await facultyNamed(moderator, 'Anita Sharma');
  await assignFaculty(moderator, ids.batchSubject, [teacher._id]);
  ids.chapter = await addChapter(moderator, {
    title: 'Long lists',
    description: 'Lists longer than a page.',
    subject_id: subject.subject_id,
  });
  ids.topics = [];
  for (let n = 1; n <= PLANNED_TOPICS; n += 1) {
    ids.topics.push(
      await addTopic(moderator, {
        title: `Lesson ${pad(n)}`,
        type: 'audio',
        content_uri: 'https://audio.example.org/lesson.mp3',
        wysiwyg_state: paragraph(`Lesson ${n} of a long chapter.`),
        author_id: teacher._id,
        chapter_id: ids.chapter,
      }),
    );
  }
  const { today } = (await student.call<{ profile: { today: string } }>('/users/me/profile')).profile;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await moderator.call('/study-plans', {
    body: { date: yesterday, topic_ids: ids.topics, batch_subject_id: ids.batchSubject },
  });

  const onTopic = { topic_id: ids.topics[0], batch_subject_id: ids.batchSubject };
  await times(NOTES, (n) =>
    student.call('/notes', { body: { note_text: `Paging note ${pad(n)}`, ...onTopic } }),
  );
  // One at a time, so the doubts' order (newest first) is their numbers' reversed.
  await times(DOUBTS, (n) => student.call('/doubts', { body: { doubt_text: doubtText(n), ...onTopic } }), 1);
  const { doubts } = await student.call<{ doubts: { _id: string; doubt_text: string }[] }>(
    `/doubts/batch-subject/${ids.batchSubject}?limit=1`,
  );
  assert.equal(doubts[0]?.doubt_text, REPLIED_DOUBT);
  await times(
    REPLIES,
    (n) =>
      faculty.call('/doubts/respond', {
        body: { response_text: `Reply ${pad(n)}`, doubt_id: doubts[0]!._id },
      }),
    1,
  );
  await times(NEW_STUDENTS, (n) =>
    moderator.call(`/batches/${ids.batch}/students`, {
      body: {
        name: `Paging Student ${pad(n)}`,
        gender: 'female',
        date_of_birth: '2010-06-15',
        mobile: [`98000 100${pad(n)}`],
      },
    }),
  );

  totals.notes = await totalOf(student, '/users/me/notes');
  totals.batchDoubts = await totalOf(student, '/doubts');
  totals.batchStudents = await totalOf(moderator, `/batches/${ids.batch}/students`);
  totals.taughtStudents = await totalOf(faculty, '/users/me/students');
  assert.ok(totals.notes >= NOTES && totals.batchDoubts >= DOUBTS);
  assert.ok(totals.batchStudents > 50 && totals.taughtStudents > 50);
}

const showing = (scope: Page | Locator, shown: number, total: number) =>
  scope.getByText(formatMessage(LABELS.showingOf, { shown: String(shown), total: String(total) }), {
    exact: true,
  });
const loadMore = (scope: Page | Locator) => scope.getByRole('button', { name: LABELS.loadMore, exact: true });

/** Waits until `locator` matches exactly `count` elements. */
async function expectCount(locator: Locator, count: number) {
  await locator.nth(count - 1).waitFor();
  assert.equal(await locator.count(), count);
}

/**
 * Screenshots of `url` as `user` at desktop and phone sizes once `wait` says the list is in: the
 * window at the top of the page, and at the list's foot ('Showing n of total', 'Load more'), on
 * the first page (no IntersectionObserver, so scrolling to the foot loads nothing).
 */
async function shoot(user: string, url: string, name: string, wait: (page: Page) => Promise<unknown>) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const page = await openAs(user, { viewport, observer: false });
    try {
      await page.goto(url);
      await wait(page);
      await page.waitForTimeout(300);
      await snap(page, `pages-${name}-${size}`, { fullPage: false });
      await page.locator('[data-testid="load-more"]:visible').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await snap(page, `pages-${name}-${size}-foot`, { fullPage: false });
    } finally {
      await page.context().close();
    }
  }
}

/** Scrolls to the list's end until it has no next page (each scroll loads one). */
async function scrollToEnd(scope: Page | Locator, items: Locator) {
  for (let round = 0; round < 20 && (await loadMore(scope).count()) > 0; round += 1) {
    const before = await items.count();
    await loadMore(scope).scrollIntoViewIfNeeded();
    await items.nth(before).waitFor();
  }
}

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedIn = new Map<string, SignedInState>();

/**
 * A browser of its own signed in as `user`. The form is used once per user; later browsers reuse
 * that sign-in (its stored session and file cookie): the portal allows ten sign-ins a minute per
 * address and username.
 */
async function openAs(
  user: string,
  { viewport = DESKTOP, observer = true }: { viewport?: typeof DESKTOP; observer?: boolean } = {},
): Promise<Page> {
  const context = await portal.newContext(viewport);
  const page = await context.newPage();
  // Without IntersectionObserver a card list keeps to its button (the fallback): a click is then
  // the only thing that loads a page, and the foot stays put for a screenshot.
  if (!observer) {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
  }
  const state = signedIn.get(user);
  if (state) {
    await context.addCookies(state.cookies);
    const entries = state.origins.flatMap((origin) => origin.localStorage);
    await context.addInitScript((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, entries);
  } else {
    await signIn(page, user);
    signedIn.set(user, await context.storageState());
  }
  return page;
}

describe('lists longer than a page', () => {
  before(() => ready());

  it('notes: the tabs count every note, the rest load on Load more, a subject pages from the server', async () => {
    const page = await openAs('student', { observer: false });
    await page.goto('/me/notes');
    await page
      .getByRole('tab', { name: formatMessage(LABELS.learnTopicNotesTab, { count: String(totals.notes) }) })
      .waitFor();
    const notes = page.getByRole('tabpanel').getByTestId('note-item');
    await expectCount(notes, 50);
    await showing(page, 50, totals.notes).waitFor();
    await loadMore(page).click();
    await showing(page, totals.notes, totals.notes).waitFor();
    await expectCount(notes, totals.notes);
    assert.equal(await loadMore(page).count(), 0);

    // The subject's count is its total; choosing it reads its notes a page at a time.
    const subjects = page.getByRole('navigation', { name: LABELS.learnSubjectsList });
    const subject = subjects.getByRole('button', { name: new RegExp(`^${SUBJECT_TITLE}`) });
    assert.match(await subject.innerText(), new RegExp(`${NOTES}$`));
    await subject.click();
    await showing(page, 50, NOTES).waitFor();
    await expectCount(notes, 50);
    await loadMore(page).click();
    await showing(page, NOTES, NOTES).waitFor();
    await expectCount(notes, NOTES);
    await page.context().close();
    await shoot('student', '/me/notes', 'notes', (shot) => showing(shot, 50, totals.notes).waitFor());
  });

  it('topic detail: Notes (n) and Q&A (n) count everything; a thread shows all its replies on asking', async () => {
    const page = await openAs('student', { observer: false });
    const url = `/me/subjects/chapters/topics/detail?${new URLSearchParams({
      batch: ids.batch,
      subject: ids.batchSubject,
      chapter: ids.chapter,
      topic: ids.topics[0]!,
    })}`;
    await page.goto(url);
    await page
      .getByRole('tab', { name: formatMessage(LABELS.learnNotesTab, { count: String(NOTES) }) })
      .waitFor();
    await page
      .getByRole('tab', { name: formatMessage(LABELS.doubtsQaTab, { count: String(DOUBTS) }) })
      .click();
    const panel = page.getByRole('tabpanel');
    const threads = panel.getByTestId('doubt');
    await expectCount(threads, 50);
    await showing(panel, 50, DOUBTS).waitFor();

    // The newest doubt carries its first 20 replies; the other 5 come when asked for.
    const replied = threads.first();
    assert.equal(await replied.getByTestId('doubt-text').innerText(), REPLIED_DOUBT);
    const replies = replied.getByTestId('doubt-response');
    await expectCount(replies, 20);
    await replied
      .getByRole('button', { name: formatMessage(LABELS.doubtsAllReplies, { count: String(REPLIES) }) })
      .click();
    await expectCount(replies, REPLIES);
    await replied.getByText(`Reply ${pad(REPLIES)}`, { exact: true }).waitFor();

    await loadMore(panel).click();
    await expectCount(threads, DOUBTS);
    await showing(panel, DOUBTS, DOUBTS).waitFor();
    await page.context().close();
    await shoot('student', `${url}&tab=qa`, 'topic-qa', (shot) =>
      showing(shot.getByRole('tabpanel'), 50, DOUBTS).waitFor(),
    );
  });

  it('doubts page: All doubts (n) and the subject counts are totals; Load more shows the rest', async () => {
    const page = await openAs('student', { observer: false });
    await page.goto('/me/doubts');
    await page
      .getByRole('heading', { name: formatMessage(LABELS.doubtsAll, { count: String(totals.batchDoubts) }) })
      .waitFor();
    const subjects = page.getByRole('navigation', { name: LABELS.doubtsSubjects });
    const all = subjects.getByRole('button', { name: new RegExp(`^${LABELS.doubtsAllSubjects}`) });
    assert.match(await all.innerText(), new RegExp(`${totals.batchDoubts}$`));
    const subject = subjects.getByRole('button', { name: new RegExp(`^${SUBJECT_TITLE}`) });
    await subject.getByText(String(DOUBTS), { exact: true }).waitFor();

    await subject.click();
    await page
      .getByRole('heading', { name: formatMessage(LABELS.doubtsAll, { count: String(DOUBTS) }) })
      .waitFor();
    const threads = page.getByTestId('doubt');
    await expectCount(threads, 50);
    await loadMore(page).click();
    await expectCount(threads, DOUBTS);
    await showing(page, DOUBTS, DOUBTS).waitFor();
    // Subjects and All keep their totals, whatever is loaded.
    assert.match(await all.innerText(), new RegExp(`${totals.batchDoubts}$`));
    await page.context().close();
    await shoot('student', `/me/doubts?subject=${ids.batchSubject}`, 'doubts', (shot) =>
      showing(shot, 50, DOUBTS).waitFor(),
    );
  });

  it('student home: Pending Topics load the next page as the list scrolls to its end', async () => {
    const page = await openAs('student');
    await page.goto('/dashboard?tab=pending');
    const cards = page.getByRole('tabpanel').getByTestId('home-topic-card');
    await expectCount(cards, 20);
    await cards.nth(19).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await cards.nth(20).waitFor();
    assert.ok((await cards.count()) > 20);
    await scrollToEnd(page, cards);
    // Every pending topic is there once (a lesson opened by an earlier test is no longer pending).
    const pending = await studentApi.call<{ pending_items: { topic_title: string }[] }>(
      '/users/me/pending-items?limit=200',
    );
    assert.equal(await cards.count(), pending.pending_items.length);
    const lessons = pending.pending_items.filter((item) => item.topic_title.startsWith('Lesson'));
    assert.ok(lessons.length >= PLANNED_TOPICS - 1);
    assert.equal(await cards.filter({ hasText: /Lesson \d\d/ }).count(), lessons.length);
    await page.context().close();
    await shoot('student', '/dashboard?tab=pending', 'home-pending', async (shot) => {
      await shot.getByRole('tabpanel').getByTestId('home-topic-card').nth(19).waitFor();
    });
  });

  it('faculty home: Students (n) counts everyone, the panel and New doubts load more', async () => {
    const page = await openAs('faculty');
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: LABELS.students });
    await panel
      .getByRole('heading', {
        name: formatMessage(LABELS.doubtsSubjectCount, {
          title: LABELS.students,
          count: String(totals.taughtStudents),
        }),
      })
      .waitFor();
    const people = page.getByTestId('faculty-students').locator(':scope > .mantine-Group-root');
    await expectCount(people, 50);
    // The panel loads its next page as its end scrolls into view (it scrolls on its own).
    await loadMore(panel).scrollIntoViewIfNeeded();
    await expectCount(people, totals.taughtStudents);
    await showing(panel, totals.taughtStudents, totals.taughtStudents).waitFor();
    await snap(page, 'pages-faculty-students-desktop', { fullPage: false });

    const threads = page.getByRole('tabpanel', { name: LABELS.newTab }).getByTestId('doubt');
    await expectCount(threads, 50);
    // New doubts keep to a button: on a phone the students panel comes after them.
    await loadMore(page.getByRole('tabpanel', { name: LABELS.newTab })).click();
    await threads.nth(50).waitFor();
    await page.context().close();
    await shoot('faculty', '/dashboard', 'faculty-home', (shot) =>
      shot.getByTestId('faculty-students').getByRole('button', { name: LABELS.loadMore }).waitFor(),
    );
  });

  it('student list: Showing 50 of n, Load more adds the rest with their numbers', async () => {
    const page = await openAs('moderator');
    await page.goto(`/student/list?batch=${ids.batch}`);
    const rows = page.getByRole('table', { name: LABELS.studentListTitle }).locator('tbody tr');
    await expectCount(rows, 50);
    await showing(page, 50, totals.batchStudents).waitFor();
    await loadMore(page).click();
    await expectCount(rows, totals.batchStudents);
    await showing(page, totals.batchStudents, totals.batchStudents).waitFor();
    assert.equal((await rows.last().locator('td').first().innerText()).trim(), String(totals.batchStudents));
    await page.context().close();
    await shoot('moderator', `/student/list?batch=${ids.batch}`, 'student-list', (shot) =>
      showing(shot, 50, totals.batchStudents).waitFor(),
    );
  });
});
