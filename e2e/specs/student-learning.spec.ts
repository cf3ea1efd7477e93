import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import {
  addChapter,
  addSubjectToBatch,
  addTopic,
  assignFaculty,
  batchNamed,
  facultyNamed,
  paragraph,
} from '../support/content.js';
import { png } from '../support/files.js';
import { signIn, usePortal } from '../support/portal.js';

const portal = usePortal('student-learning');

const SUBJECT = 'Optics Reading';
const CHAPTER = 'Light and Lenses';
const TODAY_TOPIC = 'Convex lenses';
const PAST_TOPIC = 'Concave mirrors';
const FUTURE_TOPIC = 'Refraction';
const HIDDEN_TOPIC = 'Prism secrets';
const TEACHER = 'Anita Sharma';
const STUDENT_NAME = 'Priya Nair';
const NOTE = 'A convex lens brings parallel rays to a focus.';
const EDITED_NOTE = 'A convex lens converges parallel rays at its focal point.';

const ids = {} as {
  batch: string;
  batchSubject: string;
  chapter: string;
  todayTopic: string;
  pastTopic: string;
  futureTopic: string;
};
const days = {} as { today: string; yesterday: string; tomorrow: string };

const shiftDay = (iso: string, delta: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};
/** One subject of Class 10 A with four topics (one hidden), planned yesterday, today and tomorrow. */
async function prepare() {
  // Today as the institution counts it (its time zone): the home's date picker starts there.
  const student = await apiSignIn(portal, 'student');
  days.today = (await student.call<{ profile: { today: string } }>('/users/me/profile')).profile.today;
  days.yesterday = shiftDay(days.today, -1);
  days.tomorrow = shiftDay(days.today, 1);

  const moderator = await apiSignIn(portal, 'moderator');
  ids.batch = await batchNamed(moderator, 'Class 10 A');
  const subject = await addSubjectToBatch(moderator, ids.batch, {
    title: SUBJECT,
    code: 'OPT-R10',
    subject_logo: 'physics',
  });
  ids.batchSubject = subject._id;
  const teacher = await facultyNamed(moderator, TEACHER);
  await assignFaculty(moderator, ids.batchSubject, [teacher._id]);
  ids.chapter = await addChapter(moderator, {
    title: CHAPTER,
    description: 'How lenses and mirrors bend light.',
    subject_id: subject.subject_id,
  });

  const upload = async (name: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return (await moderator.call<{ publicUrl: string }>('/s3/v2', { form })).publicUrl;
  };
  const image = await upload('lens.png', 'image/png', png(480, 240, [32, 110, 226]));
  const noteFile = await upload(
    'lens-notes.txt',
    'text/plain',
    Buffer.from('Convex lenses converge light.\n'),
  );

  const topic = (title: string, extra: Record<string, unknown> = {}) =>
    addTopic(moderator, {
      title,
      type: 'audio',
      content_uri: 'https://audio.example.org/optics.mp3',
      wysiwyg_state: paragraph(`${title}: what every student of optics should know.`),
      author_id: teacher._id,
      chapter_id: ids.chapter,
      ...extra,
    });
  ids.todayTopic = await topic(TODAY_TOPIC, {
    type: 'image',
    content_uri: image,
    topic_logo_url: image,
    notes: [noteFile],
    wysiwyg_state: paragraph('A convex lens is thicker in the middle and converges light to a focus.'),
  });
  ids.pastTopic = await topic(PAST_TOPIC);
  ids.futureTopic = await topic(FUTURE_TOPIC);
  await topic(HIDDEN_TOPIC, { visibility: false });

  const plan = (date: string, topicId: string) =>
    moderator.call('/study-plans', {
      body: { date, topic_ids: [topicId], batch_subject_id: ids.batchSubject },
    });
  await plan(days.today, ids.todayTopic);
  await plan(days.yesterday, ids.pastTopic);
  await plan(days.tomorrow, ids.futureTopic);
}

const chaptersUrl = () => `/me/subjects/chapters?${new URLSearchParams({ subject: ids.batchSubject })}`;
const detailUrl = () =>
  `/me/subjects/chapters/topics/detail?${new URLSearchParams({
    batch: ids.batch,
    subject: ids.batchSubject,
    chapter: ids.chapter,
    topic: ids.todayTopic,
  })}`;

const homeCard = (page: Page, title: string) =>
  page.getByRole('tabpanel').getByTestId('home-topic-card').filter({ hasText: title });

async function openTab(page: Page, name: string | RegExp) {
  await page.getByRole('tab', { name }).click();
}

/** The chapter card's completed count and percent, as shown. */
async function chapterProgress(
  page: Page,
): Promise<{ completed: string; percent: string; available: string; total: string }> {
  const card = page.getByRole('link', { name: CHAPTER });
  await card.waitFor();
  const text = (id: string) => card.getByTestId(id).innerText();
  return {
    available: await text('available-count'),
    completed: await text('completed-count'),
    total: await text('total-count'),
    percent: await text('progress-percent'),
  };
}

const noteItem = (scope: Page | Locator, text: string) =>
  scope.getByTestId('note-item').filter({ hasText: text });

describe('student learning: home, subjects, reading with progress, notes, teachers, profile', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    context = await portal.newContext();
    page = await context.newPage();
    await signIn(page, 'student');
    await ready();
  });
  after(() => context?.close());

  it('home: today’s plan topic is new, yesterday’s is pending, tomorrow’s is shown but cannot be opened', async () => {
    await page.goto('/dashboard');
    await homeCard(page, TODAY_TOPIC).waitFor();
    assert.equal(await homeCard(page, TODAY_TOPIC).getAttribute('href'), detailUrl());
    assert.equal(await homeCard(page, PAST_TOPIC).count(), 0);
    await snap(page, 'student-home-new-desktop');

    await openTab(page, LABELS.pendingTopics);
    await homeCard(page, PAST_TOPIC).waitFor();
    assert.ok(await homeCard(page, PAST_TOPIC).getAttribute('href'));
    await snap(page, 'student-home-pending-desktop');

    await openTab(page, LABELS.lastVisitedTopics);
    // The demo student may have read other topics; this one has not been opened yet.
    await page
      .getByRole('tabpanel', { name: LABELS.lastVisitedTopics })
      .getByTestId('home-topic-card')
      .or(page.getByText(MESSAGES.noLastVisitedTopics))
      .first()
      .waitFor();
    assert.equal(await homeCard(page, TODAY_TOPIC).count(), 0);

    // Tomorrow: its plan topic is listed, disabled, and is not a link.
    await page.goto(`/dashboard?date=${days.tomorrow}`);
    const future = homeCard(page, FUTURE_TOPIC);
    await future.waitFor();
    assert.equal(await future.getAttribute('aria-disabled'), 'true');
    assert.equal(await future.getAttribute('href'), null);
    assert.equal(await page.getByRole('link', { name: FUTURE_TOPIC }).count(), 0);
    await snap(page, 'student-home-future-desktop');

    // A day without plan entries shows the spec's empty text.
    await page.goto(`/dashboard?date=${shiftDay(days.today, 40)}`);
    await page.getByText(MESSAGES.noNewTopics, { exact: true }).waitFor();
  });

  it('subjects: search by title (any case), cards with code and chapter count, Teachers and Doubts tabs', async () => {
    await page.goto('/me/subjects');
    const cards = page.getByTestId('my-subject-card');
    await cards.first().waitFor();
    assert.ok((await cards.count()) >= 2);
    await snap(page, 'student-subjects-desktop');

    await page.getByRole('searchbox', { name: LABELS.learnSearchSubjects }).fill('oPTICS');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="my-subject-card"]').length === 1,
    );
    const card = cards.first();
    assert.match(await card.innerText(), new RegExp(`${SUBJECT}[\\s\\S]*OPT-R10[\\s\\S]*1 Chapters`));
    await page.getByRole('searchbox', { name: LABELS.learnSearchSubjects }).fill('no such subject');
    await page.getByText(LABELS.learnNoMatchingSubjects).waitFor();
    await page.getByRole('searchbox', { name: LABELS.learnSearchSubjects }).fill('optics');

    await page.getByRole('tab', { name: /^Teachers \(\d+\)$/ }).waitFor();
    await page.getByRole('tab', { name: /^Doubts \(\d+\)$/ }).click();
    await page.getByRole('link', { name: LABELS.learnSeeAllDoubts }).waitFor();

    await cards.first().click();
    await page.waitForURL((url) => url.pathname === '/me/subjects/chapters');
    assert.equal(new URL(page.url()).searchParams.get('subject'), ids.batchSubject);
    // The chapters page's tabs are this subject's: one teacher.
    await page.getByRole('tab', { name: formatMessage(LABELS.learnTeachersTab, { count: '1' }) }).waitFor();
    await page.getByRole('article', { name: TEACHER }).waitFor();
  });

  it('reading a topic moves the chapter’s progress and the home tabs', async () => {
    await page.goto(chaptersUrl());
    // Four live topics, three visible, none read yet.
    assert.deepEqual(await chapterProgress(page), {
      available: '3',
      completed: '0',
      total: '4',
      percent: '0%',
    });
    await snap(page, 'student-chapters-before-desktop');

    await page.getByRole('link', { name: CHAPTER }).click();
    await page.waitForURL((url) => url.pathname === '/me/subjects/chapters/topics');
    const topicCards = page.getByRole('article', { name: /^Topic / });
    await topicCards.nth(2).waitFor();
    assert.equal(await topicCards.count(), 3, 'the hidden topic is not listed');
    assert.equal(await page.getByRole('article', { name: `Topic ${HIDDEN_TOPIC}` }).count(), 0);
    await snap(page, 'student-topics-before-desktop');

    const impression = page.waitForResponse(
      (response) => response.url().endsWith('/api/impressions') && response.request().method() === 'POST',
    );
    await page
      .getByRole('article', { name: `Topic ${TODAY_TOPIC}` })
      .getByRole('link', { name: LABELS.learnRead })
      .click();
    await page.waitForURL((url) => url.pathname === '/me/subjects/chapters/topics/detail');
    assert.equal((await impression).status(), 201);
    await page.getByRole('heading', { name: TODAY_TOPIC, level: 1 }).waitFor();
    await page.getByText('A convex lens is thicker in the middle').waitFor();
    const noteLink = page.getByRole('link', { name: formatMessage(LABELS.noteN, { n: '1' }) });
    assert.match((await noteLink.getAttribute('href')) ?? '', /^\/files\//);
    await page.getByRole('img', { name: TODAY_TOPIC }).waitFor();
    assert.equal(await page.getByRole('link', { name: LABELS.learnTakeSelfAssessment }).count(), 0);

    // Leaving the topic reports the time spent on it.
    await page.waitForTimeout(1500);
    const heartbeat = page.waitForRequest(
      (request) => request.url().endsWith('/api/time-spent') && request.method() === 'POST',
    );
    await page
      .getByRole('navigation', { name: LABELS.breadcrumb })
      .getByRole('link', { name: CHAPTER })
      .click();
    const body = (await heartbeat).postDataJSON() as Record<string, unknown>;
    assert.equal(body.content_id, ids.todayTopic);
    assert.equal(body.content_type, 'topics');
    assert.equal(body.batch_subject_id, ids.batchSubject);
    assert.ok(typeof body.time_spent === 'number' && body.time_spent > 0 && body.time_spent <= 5);

    // The topic is marked read, and the chapter moved: 1 of 4 topics = 25%.
    await page
      .getByRole('article', { name: `Topic ${TODAY_TOPIC}` })
      .getByText(LABELS.learnViewed, { exact: true })
      .waitFor();
    await snap(page, 'student-topics-after-desktop');
    await page.goto(chaptersUrl());
    assert.deepEqual(await chapterProgress(page), {
      available: '3',
      completed: '1',
      total: '4',
      percent: '25%',
    });
    await snap(page, 'student-chapters-after-desktop');

    // Home: no longer new; last visited now.
    await page.goto('/dashboard');
    await page
      .getByRole('tabpanel')
      .getByTestId('home-topic-card')
      .or(page.getByText(MESSAGES.noNewTopics))
      .first()
      .waitFor();
    assert.equal(await homeCard(page, TODAY_TOPIC).count(), 0);
    await openTab(page, LABELS.lastVisitedTopics);
    await homeCard(page, TODAY_TOPIC).waitFor();
    await snap(page, 'student-home-last-visited-desktop');
  });

  it('files: the topic picture and note load for the signed-in student, for nobody signed out', async () => {
    await ready();
    await page.goto(detailUrl());
    const picture = page.getByRole('img', { name: TODAY_TOPIC });
    await picture.waitFor();
    await page.waitForFunction(
      (alt) =>
        Array.from(document.images).some((img) => img.alt === alt && img.complete && img.naturalWidth > 0),
      TODAY_TOPIC,
    );
    const pictureUrl = (await picture.getAttribute('src')) ?? '';
    assert.match(pictureUrl, /^\/files\//);
    const noteUrl =
      (await page
        .getByRole('link', { name: formatMessage(LABELS.noteN, { n: '1' }) })
        .getAttribute('href')) ?? '';
    // The browser's own requests (a new tab, a download) carry the same cookie.
    const note = await context.request.get(noteUrl);
    assert.equal(note.status(), 200);
    assert.equal(await note.text(), 'Convex lenses converge light.\n');
    assert.match(note.headers()['cache-control'] ?? '', /^private/);

    // The same links in a browser that never signed in: refused, in a tab and in an <img>.
    const stranger = await portal.newContext();
    try {
      const tab = await stranger.newPage();
      assert.equal((await tab.goto(pictureUrl))?.status(), 401);
      assert.equal((await stranger.request.get(noteUrl)).status(), 401);
      await tab.goto('/login');
      const loaded = await tab.evaluate(
        (src) =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth > 0);
            img.onerror = () => resolve(false);
            img.src = src;
          }),
        pictureUrl,
      );
      assert.equal(loaded, false);

      // Signing in gives access; signing out takes it away again.
      await signIn(tab, 'student2');
      assert.equal((await stranger.request.get(pictureUrl)).status(), 200);
      const held = (await stranger.cookies()).find((cookie) => cookie.name === 'portal_files')?.value;
      const token = await tab.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? '{}').jwt);
      assert.ok(held && token);
      await tab.getByRole('button', { name: LABELS.profileMenu }).click();
      await tab.getByRole('menuitem', { name: LABELS.logout }).click();
      await tab.waitForURL((url) => url.pathname === '/login');
      await tab.waitForFunction(async (src) => (await fetch(src)).status === 401, pictureUrl);
      // What the browser held was ended on the server, not only forgotten: sent from anywhere,
      // the cookie's value opens no file and the token no page.
      const replayed = () =>
        Promise.all([
          fetch(new URL(pictureUrl, portal.baseUrl), { headers: { cookie: `portal_files=${held}` } }),
          fetch(new URL('/api/auth/me', portal.baseUrl), { headers: { authorization: `Bearer ${token}` } }),
        ]).then((answers) => answers.map((answer) => answer.status));
      let statuses = await replayed();
      for (let tries = 0; statuses.includes(200) && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        statuses = await replayed();
      }
      assert.deepEqual(statuses, [401, 401]);
    } finally {
      await stranger.close();
    }
  });

  it('the topic page reports time while visible and pauses when hidden', async () => {
    await page.goto(detailUrl());
    await page.getByRole('heading', { name: TODAY_TOPIC, level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    const heartbeat = page.waitForRequest(
      (request) => request.url().endsWith('/api/time-spent') && request.method() === 'POST',
    );
    // Switching to another tab hides the document.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const body = (await heartbeat).postDataJSON() as { time_spent: number };
    assert.ok(body.time_spent > 0 && body.time_spent < 1);
  });

  it('notes: add (empty refused), edit in place, see them on the notes pages, delete after confirming', async () => {
    await page.goto(detailUrl());
    await page.getByRole('tab', { name: formatMessage(LABELS.learnNotesTab, { count: '0' }) }).waitFor();
    await page.getByText(LABELS.learnNoOwnNotes).waitFor();

    await page.getByRole('button', { name: LABELS.learnAddNote }).click();
    await page.getByText(MESSAGES.fillTheForm, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: LABELS.learnNewNote }).fill(NOTE);
    await page.getByRole('button', { name: LABELS.learnAddNote }).click();
    await noteItem(page, NOTE).waitFor();
    await page.getByRole('tab', { name: formatMessage(LABELS.learnNotesTab, { count: '1' }) }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: LABELS.learnNewNote }).inputValue(), '');
    await snap(page, 'student-topic-detail-desktop');

    // Edit in place; an emptied note is refused.
    await noteItem(page, NOTE).getByRole('button', { name: LABELS.learnEditNote }).click();
    const editor = page.getByRole('textbox', { name: LABELS.learnEditNote });
    await editor.fill('   ');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByText(MESSAGES.fillTheForm, { exact: true }).waitFor();
    await editor.fill(EDITED_NOTE);
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await noteItem(page, EDITED_NOTE).waitFor();
    assert.equal(await noteItem(page, NOTE).count(), 0);

    // Q&A sits beside the notes.
    await page.getByRole('tab', { name: /^Q&A \(\d+\)$/ }).waitFor();

    // The read-only notes page of the subject.
    await page.goto(`/me/subjects/notes?${new URLSearchParams({ subject: ids.batchSubject })}`);
    const readOnly = page.getByRole('region', { name: TODAY_TOPIC });
    await noteItem(readOnly, EDITED_NOTE).waitFor();
    assert.equal(await readOnly.getByRole('button', { name: LABELS.learnEditNote }).count(), 0);
    assert.equal(await readOnly.getByRole('button', { name: LABELS.learnDeleteNote }).count(), 0);
    await snap(page, 'student-subject-notes-desktop');

    // My notes: the subject on the left, the note under its topic; delete asks first.
    await page.goto('/me/notes');
    const topicNotesTab = page.getByRole('tab', { name: /^Topic Notes \(\d+\)$/ });
    await topicNotesTab.waitFor();
    const before = Number((await topicNotesTab.innerText()).match(/\((\d+)\)/)![1]);
    assert.ok(before >= 1);
    await page.getByRole('tab', { name: /^Live Session Notes \(\d+\)$/ }).waitFor();
    await page
      .getByRole('navigation', { name: LABELS.learnSubjectsList })
      .getByRole('button', { name: SUBJECT })
      .click();
    const group = page.getByRole('region', { name: TODAY_TOPIC });
    await noteItem(group, EDITED_NOTE).waitFor();
    await snap(page, 'student-notes-desktop');
    await noteItem(group, EDITED_NOTE).getByRole('button', { name: LABELS.learnDeleteNote }).click();
    const confirm = page.getByRole('dialog', { name: LABELS.learnDeleteNoteTitle });
    await confirm.getByText(MESSAGES.confirmDelete).waitFor();
    await snap(page, 'student-notes-delete-desktop');
    await confirm.getByRole('button', { name: LABELS.confirmProceed }).click();
    await page
      .getByRole('tab', { name: formatMessage(LABELS.learnTopicNotesTab, { count: String(before - 1) }) })
      .waitFor();
    // The tab's count and the list are two reads: the deleted note leaves the list once its read is back.
    await noteItem(page, EDITED_NOTE).waitFor({ state: 'detached' });

    await page.goto(detailUrl());
    await page.getByRole('tab', { name: formatMessage(LABELS.learnNotesTab, { count: '0' }) }).waitFor();
    await page.getByText(LABELS.learnNoOwnNotes).waitFor();
  });

  it('my teachers: name, designation and subjects', async () => {
    const student = await apiSignIn(portal, 'student');
    const { faculties } = await student.call<{ faculties: { name: string; designation: string | null }[] }>(
      '/users/me/faculties',
    );
    await page.goto('/me/teachers');
    const card = page.getByRole('article', { name: TEACHER });
    await card.waitFor();
    assert.equal(await page.getByTestId('teacher-card').count(), faculties.length);
    const text = await card.innerText();
    assert.match(text, new RegExp(`${LABELS.learnDesignation}:`));
    assert.match(text, new RegExp(SUBJECT));
    await snap(page, 'student-teachers-desktop');
  });

  it('profile: personal info, contact details and the Change Password popup’s messages', async () => {
    await page.goto('/me/profile');
    await page.getByRole('heading', { name: STUDENT_NAME }).waitFor();
    await page.getByRole('region', { name: LABELS.learnPersonalInfo }).getByText('Class 10 A').waitFor();
    await page.getByRole('region', { name: LABELS.learnContactDetails }).waitFor();
    await snap(page, 'student-profile-desktop');

    await page.getByRole('button', { name: LABELS.changePassword }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.changePassword });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.enterRequiredFields }).waitFor();

    const old = dialog.getByLabel(LABELS.oldPassword, { exact: true });
    await old.fill('wrong-old-password');
    await dialog.getByLabel(LABELS.newPassword, { exact: true }).fill('Another@12345');
    await dialog.getByLabel(LABELS.repeatNewPassword, { exact: true }).fill('Different@12345');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.newPasswordsDoNotMatch }).waitFor();

    await dialog.getByLabel(LABELS.repeatNewPassword, { exact: true }).fill('Another@12345');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.checkOldPassword }).waitFor();

    // The show/hide toggle reveals what was typed.
    assert.equal(await old.getAttribute('type'), 'password');
    await dialog.getByRole('button', { name: LABELS.learnShowPassword }).first().click();
    assert.equal(await old.getAttribute('type'), 'text');
    await snap(page, 'student-change-password-desktop');
    await page.keyboard.press('Escape');
  });

  it('phone: every screen fits', async () => {
    const phone = await portal.newContext(PHONE);
    const small = await phone.newPage();
    await signIn(small, 'student');
    const screens: [string, string, () => Promise<unknown>][] = [
      [
        'student-home-phone',
        '/dashboard',
        () => small.getByRole('tab', { name: LABELS.newTopics }).waitFor(),
      ],
      [
        'student-subjects-phone',
        '/me/subjects',
        () => small.getByTestId('my-subject-card').first().waitFor(),
      ],
      ['student-chapters-phone', chaptersUrl(), () => small.getByRole('link', { name: CHAPTER }).waitFor()],
      [
        'student-topics-phone',
        `/me/subjects/chapters/topics?${new URLSearchParams({ subject: ids.batchSubject, chapter: ids.chapter })}`,
        () => small.getByRole('article', { name: `Topic ${TODAY_TOPIC}` }).waitFor(),
      ],
      [
        'student-topic-detail-phone',
        detailUrl(),
        () => small.getByRole('img', { name: TODAY_TOPIC }).waitFor(),
      ],
      ['student-notes-phone', '/me/notes', () => small.getByRole('tab', { name: /^Topic Notes/ }).waitFor()],
      [
        'student-teachers-phone',
        '/me/teachers',
        () => small.getByRole('article', { name: TEACHER }).waitFor(),
      ],
      [
        'student-profile-phone',
        '/me/profile',
        () => small.getByRole('heading', { name: STUDENT_NAME }).waitFor(),
      ],
    ];
    for (const [name, url, shown] of screens) {
      await small.goto(url);
      await shown();
      // Nothing wider than the screen.
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} is ${overflow}px wider than the phone`);
      await snap(small, name);
    }
    await phone.close();
  });

  it('faculty profile: designation and the same Change Password popup', async () => {
    const faculty = await portal.newContext();
    const facultyPage = await faculty.newPage();
    await signIn(facultyPage, 'faculty');
    await facultyPage.goto('/faculty/profile');
    await facultyPage
      .getByRole('region', { name: LABELS.learnPersonalInfo })
      .getByText(LABELS.fieldDesignation)
      .waitFor();
    await facultyPage.getByRole('button', { name: LABELS.changePassword }).click();
    const dialog = facultyPage.getByRole('dialog', { name: LABELS.changePassword });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.enterRequiredFields }).waitFor();
    await snap(facultyPage, 'faculty-profile-desktop');
    await faculty.close();
  });

  it('moderator profile: their login, contact and institution', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.getByRole('button', { name: LABELS.profileMenu }).click();
    await page.getByRole('menuitem', { name: LABELS.myProfile }).click();
    await page.waitForURL('**/profile');
    const info = page.getByRole('region', { name: LABELS.learnPersonalInfo });
    await info.getByText('moderator', { exact: true }).first().waitFor();
    await page.getByText('moderator@greenwood.example').first().waitFor();
    await page.getByText('Greenwood High School').first().waitFor();
    await snap(page, 'moderator-profile-desktop');
    await context.close();
  });
});
