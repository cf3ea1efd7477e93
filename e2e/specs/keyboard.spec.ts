import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import { earliestSessionStart } from '@portal/shared/schemas/online-sessions';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, settled, snap } from '../support/browser.js';
import { demoIds } from '../support/demo.js';
import { png } from '../support/files.js';
import {
  checkPopup,
  expectFocusTrapped,
  expectFocusVisible,
  focusedElement,
  focusMovesInto,
  focusMovesTo,
  isFocused,
  tabTo,
} from '../support/keyboard.js';
import { quietApi } from '../support/navigation.js';
import { once, usePortal } from '../support/portal.js';

// Decision 41: the portal's flows done with the keyboard alone. No click anywhere in this file:
// the pages are opened by their address, and everything on them is done with key presses.

const portal = usePortal('keyboard');
const WIDE = { width: 1366, height: 768 };
const NEW_PASSWORD = 'Keyboard@2026';

const ids = once(async () => demoIds(await apiSignIn(portal, 'moderator')));

/** Types 1 in every marks field, submits the evaluation and proceeds in its confirmation (returned). */
async function markOneEachAndSubmit(page: Page) {
  const marks = page.getByRole('textbox', { name: /^Marks \(out of/ });
  for (let index = 0; index < (await marks.count()); index++) {
    await tabTo(page, marks.nth(index));
    await page.keyboard.type('1');
  }
  await tabTo(page, page.getByRole('button', { name: LABELS.evalSubmit, exact: true }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: LABELS.evalSubmit });
  await focusMovesInto(page, confirm);
  await tabTo(page, confirm.getByRole('button', { name: LABELS.confirmProceed }));
  await page.keyboard.press('Enter');
  return confirm;
}

describe('signing in with the keyboard', () => {
  it('recovers a forgotten password and signs in with it, the popups keeping and giving back the focus', async () => {
    const context = await portal.newContext(WIDE);
    const page = await context.newPage();
    await page.goto('/login');
    const userName = page.getByLabel(LABELS.userName);
    const password = page.getByLabel(LABELS.password, { exact: true });

    // The form comes first, in reading order: user name, password, Submit.
    await tabTo(page, userName, { max: 3 });
    await expectFocusVisible(page);
    await page.keyboard.press('Tab');
    assert.ok(await isFocused(password), `after the user name: ${await focusedElement(page)}`);

    // Contact Us: a popup that takes the focus, keeps it, closes on Escape and gives it back.
    await snap(page, 'keyboard-focus-password', { fullPage: false });
    await checkPopup(
      page,
      page.getByRole('button', { name: LABELS.contactUs }),
      page.getByRole('dialog', { name: LABELS.contactUs }),
    );

    // Forgot Password: user name, the OTP from the e-mail, a new password; each step by Enter.
    const forgot = page.getByRole('link', { name: LABELS.forgotPassword });
    await checkPopup(page, forgot, page.getByRole('dialog'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await focusMovesTo(page, dialog.getByLabel(LABELS.userName));
    // Sent empty: the error is the field's own, read out with it.
    await page.keyboard.press('Enter');
    const field = dialog.getByLabel(LABELS.userName);
    await dialog.locator('[aria-invalid="true"]').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    assert.equal(
      await page.locator(`[id="${describedBy.split(' ')[0]}"]`).innerText(),
      MESSAGES.enterUsername,
    );
    const mailsBefore = portal.smtp.received.length;
    await page.keyboard.type('student2');
    await page.keyboard.press('Enter');
    await dialog.getByLabel(LABELS.otp).waitFor();
    const otp = await portal.smtp.otpFor('student2@greenwood.example', mailsBefore);
    await tabTo(page, dialog.getByLabel(LABELS.otp));
    await page.keyboard.type(otp);
    await page.keyboard.press('Enter');
    const first = dialog.getByLabel(LABELS.newPassword, { exact: true });
    await tabTo(page, first);
    await page.keyboard.type(NEW_PASSWORD);
    await tabTo(page, dialog.getByLabel(LABELS.confirmPassword, { exact: true }));
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/login');
    await focusMovesTo(page, forgot);

    await tabTo(page, userName);
    await page.keyboard.type('student2');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});

describe('the header with the keyboard', () => {
  for (const viewport of [WIDE, PHONE]) {
    it(`opens the bell and the profile menu at ${viewport.width} px`, async () => {
      const { page, done } = await portal.signedInPage('student', viewport);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('body').focus();

      const bell = page.getByRole('button', { name: /^Notifications \(/ });
      await checkPopup(page, bell, page.getByRole('dialog', { name: LABELS.notifications }));
      await expectFocusVisible(page);
      await snap(page, `keyboard-focus-bell-${viewport.width}`, { fullPage: false });

      // The menu: its first item takes the focus, the arrows move it, Escape gives it back.
      const menuButton = page.getByRole('button', { name: LABELS.profileMenu });
      await tabTo(page, menuButton);
      await page.keyboard.press('Enter');
      const items = page.getByRole('menu').getByRole('menuitem');
      await focusMovesTo(page, items.first());
      await expectFocusVisible(page);
      await settled(page);
      await snap(page, `keyboard-profile-menu-${viewport.width}`, { fullPage: false });
      await page.keyboard.press('ArrowDown');
      assert.ok(await isFocused(items.nth(1)), `ArrowDown: ${await focusedElement(page)}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await focusMovesTo(page, menuButton);
      // And it leads to the profile.
      await page.keyboard.press('Enter');
      await focusMovesTo(page, items.first());
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/me/profile');
      await done();
    });
  }
});

describe('learning with the keyboard', () => {
  it('a student opens a topic, moves to its Q&A tab with the arrows and asks a doubt', async () => {
    const { subject, chapter, topic } = await ids();
    const { page, done } = await portal.signedInPage('student', WIDE);
    const query = new URLSearchParams({ subject, chapter, topic });
    await page.goto(`/me/subjects/chapters/topics/detail?${query}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await quietApi(page);
    // The tabs take one Tab stop; the arrows move between them.
    await tabTo(page, page.getByRole('tab', { selected: true }).first());
    await expectFocusVisible(page);
    const qa = page.getByRole('tab', { name: /^Q&A \(\d+\)$/ });
    for (let press = 0; press < 5 && !(await isFocused(qa)); press++) await page.keyboard.press('ArrowRight');
    assert.ok(
      await isFocused(qa),
      `the arrows reach the Q&A tab; the focus is on ${await focusedElement(page)}`,
    );
    await page.keyboard.press('Enter');
    const ask = page.getByRole('textbox', { name: LABELS.doubtsAskLabel });
    await tabTo(page, ask);
    await page.keyboard.type('Why is the hypotenuse always the longest side?');
    await tabTo(page, page.getByRole('button', { name: LABELS.doubtsAskButton, exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('Why is the hypotenuse always the longest side?').last().waitFor();
    await page.waitForFunction(
      (field) => (field as HTMLTextAreaElement).value === '',
      await ask.elementHandle(),
    );
    await done();
  });
});

describe('the session carousel with the keyboard', () => {
  it('moves a card at a time, at once for people who ask for less motion', async () => {
    // Late in the evening the demo's "later today" session falls on tomorrow: two more going on
    // now give the day enough cards to move, whatever the hour.
    const { batch, subject } = await ids();
    const faculty = await apiSignIn(portal, 'faculty');
    const start = earliestSessionStart(new Date());
    for (const title of ['Keyboard carousel: one', 'Keyboard carousel: two']) {
      await faculty.call('/online-sessions', {
        body: {
          title,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 60 * 60_000).toISOString(),
          batch_id: batch,
          batch_subject_id: subject,
        },
      });
    }
    const { page, context, done } = await portal.signedInPage('student', PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = page.getByRole('region', { name: LABELS.homeTodaySessionsTitle });
    const next = carousel.getByRole('button', { name: LABELS.sessionsNext });
    await tabTo(page, next);
    await expectFocusVisible(page);
    const viewport = carousel.locator('.mantine-ScrollArea-viewport');
    const scrolled = () => viewport.evaluate((element) => element.scrollLeft);
    assert.equal(await scrolled(), 0);
    await page.keyboard.press('Enter');
    // No glide: the card is in place at once, not on its way.
    const atOnce = await scrolled();
    await page.waitForTimeout(600);
    assert.ok(atOnce > 0, 'the carousel moved');
    assert.equal(atOnce, await scrolled());
    // The row itself takes the focus, so it scrolls by the arrows even when no card has a live
    // button (every session of the day still more than 5 minutes off).
    await tabTo(page, viewport);
    await expectFocusVisible(page);
    await snap(page, 'session-row-focused-phone', { fullPage: false });
    // The Next arrow moved it on: the arrow keys on the row bring it back.
    const moved = await scrolled();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      ([element, from]) => (element as HTMLElement).scrollLeft < (from as number),
      [await viewport.elementHandle(), moved] as const,
      { timeout: 5000 },
    );
    await context.close();
    await done();
  });
});

describe('an examination with the keyboard', () => {
  it('starts, answers every kind of question (an upload too), and submits', async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'keyboard-e2e-'));
    const sheet = path.join(directory, 'sheet.png');
    await fs.writeFile(sheet, png(60, 80, [40, 60, 200]));
    const { page, done } = await portal.signedInPage('student', WIDE);
    // The device's file chooser, answered with the sheet: listened for from the start, as Playwright
    // begins to intercept it only some moments after the first listener.
    page.on('filechooser', (chooser) => void chooser.setFiles(sheet));
    await page.goto('/me/assessments');
    await quietApi(page);

    // START EXAMINATION NOW opens the start popup; its Start opens the paper.
    const card = page.getByLabel(formatMessage(LABELS.examCard, { title: 'Unit Test: Triangles' }));
    await tabTo(page, card.getByRole('button', { name: LABELS.examButtonStart }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const start = page.getByRole('dialog', { name: LABELS.examStartTitle });
    await focusMovesInto(page, start);
    await settled(page);
    await snap(page, 'keyboard-exam-start-popup', { fullPage: false });
    await expectFocusTrapped(page, start, 4);
    await tabTo(page, start.getByRole('link', { name: LABELS.examStartButton, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/assessments/questions');
    await page.getByTestId('exam-clock').waitFor();

    const question = (n: number) =>
      page.getByRole('region', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }) });
    // 1 (single choice): Tab reaches the group, an arrow chooses.
    await tabTo(page, question(1).getByRole('radio').first());
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowDown');
    assert.ok(await question(1).getByRole('radio').nth(1).isChecked());
    // 2 (multiple choice): Space ticks a box, Tab moves to the next.
    await tabTo(page, question(2).getByRole('checkbox').first());
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    assert.equal(await question(2).getByRole('checkbox', { checked: true }).count(), 2);
    // 3 (true or false).
    await tabTo(page, question(3).getByRole('radio').first());
    await page.keyboard.press('Space');
    assert.ok(await question(3).getByRole('radio').first().isChecked());
    // 4 (written answer).
    await tabTo(page, question(4).getByRole('textbox'));
    await page.keyboard.type(
      'If the square of one side equals the sum of the squares of the others, the angle is right.',
    );
    // 5 (upload): Enter on the button opens the device's file chooser.
    await tabTo(page, question(5).getByRole('button', { name: LABELS.examUploadSheets }));
    await page.keyboard.press('Enter');
    await question(5).getByRole('link', { name: /sheet/ }).waitFor();

    // The palette: a button per question, reached by Tab; Enter takes the focus to its question.
    const palette = page.getByRole('navigation', { name: LABELS.examPaletteTitle });
    const third = palette.getByRole('button', {
      name: new RegExp(`^${formatMessage(LABELS.examPaletteQuestion, { n: '3', state: '' })}`),
    });
    await tabTo(page, third, { back: true });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await focusMovesTo(page, question(3));
    // Mark for review, from the question reached.
    await tabTo(page, question(3).getByRole('button', { name: LABELS.examMarkForReview }));
    await page.keyboard.press('Space');
    assert.equal(
      await question(3).getByRole('button', { name: LABELS.examMarkForReview }).getAttribute('aria-pressed'),
      'true',
    );

    // The answer controls and the palette are at least 44 px each way: a choice's whole row (its label) chooses it.
    const small = await page.evaluate(() =>
      [
        ...Array.from(document.querySelectorAll('main input[type=radio], main input[type=checkbox]')).map(
          (input) => document.querySelector(`label[for="${input.id}"]`) ?? input,
        ),
        ...Array.from(document.querySelectorAll('main section button, main nav button')),
      ]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ element, box }) =>
            `${element.textContent?.trim() || element.outerHTML.slice(0, 80)}: ${box.width}x${box.height}`,
        ),
    );
    assert.deepEqual(small, []);

    // The save state is a live region, announced as it changes.
    const saved = page.getByTestId('exam-save-state');
    assert.equal(await saved.getAttribute('aria-live'), 'polite');
    await saved.getByText(LABELS.examSaved).waitFor();

    // Submit asks first (its popup starts on "Back to the questions"); Submit there sends.
    const submit = page.getByRole('main').getByRole('button', { name: LABELS.examSubmit }).last();
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: LABELS.examConfirmTitle });
    await focusMovesTo(page, confirm.getByRole('button', { name: LABELS.examConfirmBack }));
    await expectFocusTrapped(page, confirm, 4);
    await tabTo(page, confirm.getByRole('button', { name: LABELS.examSubmit }));
    await page.keyboard.press('Enter');
    const thanks = page.getByRole('dialog', { name: LABELS.examThanksTitle });
    await focusMovesInto(page, thanks);
    await tabTo(page, thanks.getByRole('button', { name: LABELS.examGoHome }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await done();
    await fs.rm(directory, { recursive: true, force: true });
  });
});

describe('evaluating with the keyboard', () => {
  it('a teacher marks every answer of a submission and sends the marks', async () => {
    const { closedExam } = await ids();
    const { page, done } = await portal.signedInPage('faculty', WIDE);
    await page.goto(`/faculty/assessments/submissions?assessment=${closedExam}`);
    await quietApi(page);
    const open = new RegExp(`^${formatMessage(LABELS.evalOpenSubmissionOf, { name: '' })}`);
    await tabTo(page, page.getByRole('link', { name: open }).first());
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: LABELS.evalBackToSubmissions }).waitFor();
    await quietApi(page);

    // Each written or uploaded answer: Correct by the keyboard, and marks where the question has them.
    const groups = page.getByRole('radiogroup');
    // The answers come after the page's heading: counted once the first has come (it times out if none does).
    await groups.first().waitFor();
    const count = await groups.count();
    assert.ok(count > 0, 'the submission has answers to mark');
    for (let index = 0; index < count; index++) {
      const correct = groups.nth(index).getByRole('radio', { name: LABELS.evalCorrect });
      await tabTo(page, groups.nth(index).getByRole('radio').first());
      await page.keyboard.press('Space');
      assert.ok(await correct.isChecked(), `question ${index + 1} marked Correct`);
    }
    await markOneEachAndSubmit(page);
    await page.getByText(LABELS.evalEveryAnswerMarked).waitFor();
    assert.equal(await page.getByRole('alert').filter({ hasText: MESSAGES.evaluateAllAnswers }).count(), 0);
    await done();
  });

  it('a teacher grades a question across the submissions, choosing it from the list by the arrows', async () => {
    const { closedExam } = await ids();
    const { page, done } = await portal.signedInPage('faculty', WIDE);
    await page.goto(`/faculty/assessments/submissions?assessment=${closedExam}`);
    await quietApi(page);
    const picker = page.getByRole('combobox', { name: LABELS.evalGradeByQuestion }).first();
    await tabTo(page, picker);
    await expectFocusVisible(page);
    // The arrows open the list and move through it; Enter takes Q4 (a written answer to mark).
    const highlighted = () =>
      page.evaluate(() => document.querySelector('[data-combobox-selected]')?.textContent ?? '');
    let chosen = '';
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press('ArrowDown');
      chosen = await highlighted();
      if (/^Q4:/.test(chosen)) break;
    }
    assert.match(chosen, /^Q4:/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('question'));
    // The question's own view, not the submissions list it replaces (its filter is a radiogroup too).
    await page.getByRole('region', { name: LABELS.evalGradeByQuestion }).waitFor();
    await quietApi(page);
    const groups = page.getByRole('article').getByRole('radiogroup');
    await groups.first().waitFor();
    const count = await groups.count();
    assert.ok(count > 0, `${chosen} has answers to mark`);
    for (let index = 0; index < count; index++) {
      await tabTo(page, groups.nth(index).getByRole('radio').first());
      await page.keyboard.press('Space');
    }
    const confirm = await markOneEachAndSubmit(page);
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText(LABELS.evalEveryAnswerMarked).waitFor();
    await done();
  });
});
