import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Assessment, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { chooseIn } from '../support/assessments.js';
import { PHONE, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { once, usePortal } from '../support/portal.js';

const portal = usePortal('bell');
const WIDE = { width: 1366, height: 900 };
const MINUTE = 60_000;

const SOON_SESSION = 'Revision Circle in four minutes';
const LATER_SESSION = 'Revision Circle in ten minutes';
const FUTURE_EXAM = 'Trigonometry Check not started';
const PAPER_CSV = `question,type,marks,options,correct
What is sin 90 degrees?,SINGLE_CHOICE,1,0|1|-1,B
`;

const users = {} as Record<'faculty' | 'moderator' | 'student', ApiUser>;

/** A session of the faculty member's Class 10 A subject starting `minutes` from now, for an hour. */
async function sessionIn(subject: BatchSubjectRow, title: string, minutes: number): Promise<string> {
  const start = new Date(Date.now() + minutes * MINUTE);
  const { session } = await users.faculty.call<{ session: { _id: string } }>('/online-sessions', {
    body: {
      title,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 60 * MINUTE).toISOString(),
      batch_id: subject.batch_id,
      batch_subject_id: subject._id,
    },
  });
  return session._id;
}

/** A published examination (its questions imported) that starts after the next quarter hour. */
async function examStartingLater(subject: BatchSubjectRow): Promise<Assessment> {
  const start = new Date((Math.floor(Date.now() / (15 * MINUTE)) + 2) * 15 * MINUTE);
  const { assessment } = await users.faculty.call<{ assessment: Assessment }>('/assessments', {
    body: {
      title: FUTURE_EXAM,
      description: 'Ten minutes of trigonometry.',
      batch_subject_id: subject._id,
      start_date: start.toISOString(),
      due_date: new Date(start.getTime() + 60 * MINUTE).toISOString(),
    },
  });
  const form = new FormData();
  form.append('file', new Blob([PAPER_CSV], { type: 'text/csv' }), 'paper.csv');
  const stored = await users.faculty.call<{ publicUrl: string }>('/s3/v2?purpose=import', { form });
  await users.faculty.call('/assessment-questions/csv', {
    body: { csv_url: stored.publicUrl, assessment_id: assessment._id },
  });
  return assessment;
}

const setup = once(async () => {
  users.faculty = await apiSignIn(portal, 'faculty');
  users.moderator = await apiSignIn(portal, 'moderator');
  users.student = await apiSignIn(portal, 'student');
  const classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  const soon = await sessionIn(subject, SOON_SESSION, 4);
  const later = await sessionIn(subject, LATER_SESSION, 10);
  const exam = await examStartingLater(subject);
  return { soon, later, exam };
});

const bellButton = (page: Page) => page.getByRole('button', { name: /^Notifications \(\d+\)$/ });

/** The bell's count, from its accessible name 'Notifications (n)'. */
async function bellCount(page: Page): Promise<number> {
  const name = (await bellButton(page).getAttribute('aria-label')) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1] ?? Number.NaN);
}

/** The unseen count the badge shows (0 when it is hidden). */
async function unseenBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('bell-unseen').locator('.mantine-Indicator-indicator');
  if ((await badge.count()) === 0 || !(await badge.isVisible())) return 0;
  return Number(await badge.innerText());
}

/**
 * Reloads the page and waits until the reloaded page's event stream has answered: the server
 * answers once the stream is registered, so every event committed after that reaches it. The
 * answer is awaited from the new document's commit on: the page before the reload (still
 * redirecting after its sign-in, say) may have its own stream answered while it unloads.
 */
async function reloadWithStream(page: Page) {
  await page.reload({ waitUntil: 'commit' });
  const opened = page.waitForResponse(
    (response) => response.url().endsWith('/api/events') && response.status() === 200,
  );
  await page.waitForLoadState('load');
  await opened;
}

const panel = (page: Page) => page.getByRole('dialog', { name: LABELS.notifications });
const panelItem = (scope: Locator, title: string) =>
  scope.getByTestId('bell-item').filter({ hasText: title });

async function addAnnouncement(page: Page, title: string, description: string) {
  await page.getByRole('button', { name: LABELS.addAnnouncement }).click();
  const popup = page.getByRole('dialog', { name: LABELS.addAnnouncement });
  await popup.getByLabel(LABELS.announcementTitle).fill(title);
  await popup.getByLabel(LABELS.announcementDescription).fill(description);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/announcements') && response.request().method() === 'POST',
  );
  await popup.getByRole('button', { name: LABELS.saveAction }).click();
  const response = await answered;
  const answeredAt = Date.now();
  assert.equal(response.status(), 201);
  await page.getByText(MESSAGES.announcementAdded).waitFor();
  return answeredAt;
}

describe('the bell and announcements', () => {
  it("a moderator's announcement raises a student's bell without a reload", async () => {
    await setup();
    const student = await portal.signedInPage('student', WIDE);
    const moderator = await portal.signedInPage('moderator', WIDE);
    try {
      await reloadWithStream(student.page);
      await bellButton(student.page).waitFor();
      await student.page.waitForFunction(() =>
        /\(\d+\)/.test(
          document.querySelector('[aria-label^="Notifications ("]')?.getAttribute('aria-label') ?? '',
        ),
      );
      const before = await bellCount(student.page);
      const unseenBefore = await unseenBadge(student.page);

      await moderator.page.getByRole('region', { name: LABELS.announcements }).waitFor();
      await snap(moderator.page, 'bell-moderator-home-desktop');
      // The event carries the announcement: the bell takes it without reading itself again.
      const bellReads: string[] = [];
      student.page.on('request', (request) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/users/me/notifications') {
          bellReads.push(request.url());
        }
      });
      const postedAt = await addAnnouncement(
        moderator.page,
        'Sports Day on Friday',
        'Classes end at noon.\nEvery student meets at the ground by 1 pm.',
      );
      await student.page.waitForFunction(
        (wanted) =>
          document.querySelector('[aria-label^="Notifications ("]')?.getAttribute('aria-label') ===
          `Notifications (${wanted})`,
        before + 1,
        { timeout: 5_000 },
      );
      const seenAfterMs = Date.now() - postedAt;
      console.log(`the student's bell rose ${seenAfterMs} ms after the moderator's POST was answered`);
      assert.ok(seenAfterMs < 2_000, `the bell rose after ${seenAfterMs} ms`);
      assert.equal(await unseenBadge(student.page), unseenBefore + 1);
      assert.deepEqual(bellReads, [], 'the bell was not read again');
      await bellButton(student.page).click();
      await panel(student.page).getByText('Sports Day on Friday').waitFor();
      // Still the same page: nothing was reloaded.
      assert.equal(new URL(student.page.url()).pathname, '/dashboard');
    } finally {
      await student.done();
      await moderator.done();
    }
  });

  it('lists what is pending, opens only what the rules allow, marks it seen and closes on an outside click', async () => {
    const { soon, later, exam } = await setup();
    const { page, done } = await portal.signedInPage('student', WIDE);
    try {
      await bellButton(page).click();
      const list = panel(page);
      await list.waitFor();
      // A session 4 minutes ahead opens its room; one 10 minutes ahead and an exam not started do not.
      const soonLink = panelItem(list, SOON_SESSION).getByRole('link');
      assert.equal(await soonLink.getAttribute('href'), `/me/session/detail?session=${soon}`);
      await panelItem(list, LATER_SESSION).waitFor();
      assert.equal(await panelItem(list, LATER_SESSION).getByRole('link').count(), 0);
      assert.equal(await panelItem(list, LATER_SESSION).locator('[aria-disabled="true"]').count(), 1);
      assert.equal(await panelItem(list, FUTURE_EXAM).getByRole('link').count(), 0);
      assert.equal(await panelItem(list, FUTURE_EXAM).locator('[aria-disabled="true"]').count(), 1);
      assert.ok(later && exam._id);
      // The live demo examination has started: it opens the exam.
      const liveExam = panelItem(list, 'Unit Test: Triangles').getByRole('link');
      assert.match((await liveExam.getAttribute('href')) ?? '', /^\/assessments\/questions\?assessment=/);
      // Reading the panel marks it seen: the badge goes, and stays gone after a reload.
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="bell-unseen"] .mantine-Indicator-indicator'),
      );
      await snap(page, 'bell-panel-desktop', { fullPage: false });

      // An outside click closes the panel, and the profile menu the same way.
      await page.mouse.click(400, 600);
      await list.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: LABELS.profileMenu }).click();
      await page.getByRole('menuitem', { name: LABELS.myProfile }).waitFor();
      await page.mouse.click(400, 600);
      await page.getByRole('menuitem', { name: LABELS.myProfile }).waitFor({ state: 'hidden' });

      await page.reload();
      await bellButton(page).waitFor();
      await page.waitForTimeout(500);
      assert.equal(await unseenBadge(page), 0);

      // An announcement opens the announcements page at it.
      await bellButton(page).click();
      await panelItem(panel(page), 'Sports Day on Friday').getByRole('link').click();
      await page.waitForURL(/\/announcements\?announcement=/);
      await panel(page).waitFor({ state: 'hidden' });
      const card = page.getByRole('article', { name: 'Sports Day on Friday' });
      await card.waitFor();
      assert.equal(await card.getAttribute('data-focused'), 'true');
      // Students read; they do not edit.
      assert.equal(await page.getByRole('button', { name: LABELS.addAnnouncement }).count(), 0);
      await snap(page, 'announcements-student-desktop');
    } finally {
      await done();
    }
  });

  it('fits a phone', async () => {
    const { page, done } = await portal.signedInPage('student', PHONE);
    try {
      await bellButton(page).click();
      await panelItem(panel(page), SOON_SESSION).waitFor();
      const box = await panel(page).boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= PHONE.width,
        `the panel fits: ${JSON.stringify(box)}`,
      );
      await snap(page, 'bell-panel-phone', { fullPage: false });
      await page.goto('/announcements');
      await page.getByRole('article', { name: 'Sports Day on Friday' }).waitFor();
      await snap(page, 'announcements-student-phone');
    } finally {
      await done();
    }
  });

  it('a moderator checks, edits and deletes announcements, and the student sees each change live', async () => {
    await setup();
    const moderator = await portal.signedInPage('moderator', WIDE);
    const student = await portal.signedInPage('student', WIDE);
    try {
      const page = moderator.page;
      const section = page.getByRole('region', { name: LABELS.announcements });
      await section.waitFor();

      // The form's checks.
      await page.getByRole('button', { name: LABELS.addAnnouncement }).click();
      const popup = page.getByRole('dialog', { name: LABELS.addAnnouncement });
      await popup.getByRole('button', { name: LABELS.saveAction }).click();
      await popup.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
      await popup.getByLabel(LABELS.announcementTitle).fill('Library closed');
      await popup.getByLabel(LABELS.announcementDescription).fill('The library is closed for stock-taking.');
      await popup.getByRole('radio', { name: LABELS.announcementAudienceBatches }).check();
      await popup.getByRole('button', { name: LABELS.saveAction }).click();
      await popup.getByRole('alert').filter({ hasText: MESSAGES.announcementSelectBatches }).waitFor();
      await snap(page, 'announcement-form-desktop', { fullPage: false });
      await chooseIn(page, popup, LABELS.announcementBatches, 'Class 10 A');
      // The batch list stays open for more choices; leaving the field closes it.
      await popup.getByLabel(LABELS.announcementTitle).click();
      await page.getByRole('option', { name: 'Class 10 A' }).waitFor({ state: 'hidden' });
      await popup.getByRole('button', { name: LABELS.saveAction }).click();
      await page.getByText(MESSAGES.announcementAdded).waitFor();
      const card = section.getByRole('article', { name: 'Library closed' });
      await card.getByText(formatMessage(LABELS.announcementToBatches, { batches: 'Class 10 A' })).waitFor();

      // The student (Class 10 A) has it in the bell; the edit reaches it without a reload.
      await reloadWithStream(student.page);
      await bellButton(student.page).click();
      await panelItem(panel(student.page), 'Library closed').waitFor();
      await student.page.keyboard.press('Escape');
      await panel(student.page).waitFor({ state: 'hidden' });
      const countBefore = await bellCount(student.page);

      await card
        .getByRole('button', { name: formatMessage(LABELS.editNamed, { title: 'Library closed' }) })
        .click();
      const edit = page.getByRole('dialog', { name: LABELS.editAnnouncement });
      assert.equal(await edit.getByLabel(LABELS.announcementTitle).inputValue(), 'Library closed');
      await edit.getByLabel(LABELS.announcementTitle).fill('Library closed on Monday');
      await edit.getByRole('button', { name: LABELS.saveAction }).click();
      await page.getByText(MESSAGES.announcementEdited).waitFor();
      await section.getByRole('article', { name: 'Library closed on Monday' }).waitFor();
      await student.page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="bell-unseen"] .mantine-Indicator-indicator') ? 1 : 0) === 1,
        undefined,
        { timeout: 3_000 },
      );
      await bellButton(student.page).click();
      await panelItem(panel(student.page), 'Library closed on Monday').waitFor();
      await student.page.keyboard.press('Escape');
      await panel(student.page).waitFor({ state: 'hidden' });

      // Deleting asks first, then takes it out of the student's bell.
      const edited = section.getByRole('article', { name: 'Library closed on Monday' });
      await edited
        .getByRole('button', {
          name: formatMessage(LABELS.deleteNamed, { title: 'Library closed on Monday' }),
        })
        .click();
      const confirm = page.getByRole('dialog', { name: LABELS.deleteAnnouncement });
      await confirm.getByText(MESSAGES.confirmDelete).waitFor();
      await confirm.getByRole('button', { name: LABELS.confirmProceed }).click();
      await page.getByText(MESSAGES.announcementDeleted).waitFor();
      await edited.waitFor({ state: 'detached' });
      await student.page.waitForFunction(
        (wanted) =>
          document.querySelector('[aria-label^="Notifications ("]')?.getAttribute('aria-label') ===
          `Notifications (${wanted})`,
        countBefore - 1,
        { timeout: 3_000 },
      );
      await snap(page, 'bell-moderator-announcements-desktop');

      const phone = await portal.signedInPage('moderator', PHONE);
      try {
        await phone.page
          .getByRole('region', { name: LABELS.announcements })
          .getByRole('article')
          .first()
          .waitFor();
        await phone.page.getByRole('region', { name: LABELS.announcements }).scrollIntoViewIfNeeded();
        await snap(phone.page, 'bell-moderator-home-phone');
      } finally {
        await phone.done();
      }
    } finally {
      await moderator.done();
      await student.done();
    }
  });
});
