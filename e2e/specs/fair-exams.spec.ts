import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Assessment, formatMessage, LABELS } from '@portal/shared';
import type { Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { createExamWithPaper } from '../support/assessments.js';
import { PHONE, settled, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { once, usePortal } from '../support/portal.js';
import { chooseOption } from '../support/ui.js';

/**
 * Examinations fair to every student (issue 25): a student with extra time sits past the others'
 * deadline; the question palette and review marks at desktop and phone width; the submit
 * confirmation's counts; the evaluator sees when the student left the exam page.
 */
const portal = usePortal('fair-exams');
const DESKTOP = { width: 1366, height: 768 };

const PAPER_CSV = `question,type,marks,options,correct
What is 7 x 8?,SINGLE_CHOICE,1,54|56|58,B
Which of these are prime numbers?,MULTIPLE_CHOICE,2,2|9|11|15,A|C
The sum of the angles of a triangle is 180 degrees.,BOOLEAN,1,,A
What is 12 squared?,SINGLE_CHOICE,1,124|144|164,B
State the Pythagoras theorem in your own words.,TEXT,3,,
`;

const PRACTICE = 'Practice Paper';
const TIMED = 'Timed Quiz';
const users = {} as Record<'faculty' | 'moderator' | 'student' | 'student2', ApiUser>;

const createExam = (subject: BatchSubjectRow, title: string, settings: object): Promise<Assessment> =>
  createExamWithPaper(users.faculty, {
    batchSubjectId: subject._id,
    title,
    csv: PAPER_CSV,
    due: new Date(Date.now() + 2 * 3_600_000),
    settings,
  });

const setup = once(async () => {
  users.faculty = await apiSignIn(portal, 'faculty');
  users.moderator = await apiSignIn(portal, 'moderator');
  users.student = await apiSignIn(portal, 'student');
  users.student2 = await apiSignIn(portal, 'student2');
  const classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  const practice = await createExam(subject, PRACTICE, {
    one_at_a_time: true,
    shuffle_questions: true,
    shuffle_options: true,
  });
  return { subject, practice };
});

const examCard = (page: Page, title: string) =>
  page.getByRole('article', { name: formatMessage(LABELS.examCard, { title }), exact: true });
const palette = (page: Page) => page.getByRole('navigation', { name: LABELS.examPaletteTitle });
const paletteButton = (page: Page, n: number, state: string) =>
  palette(page).getByRole('button', {
    name: formatMessage(LABELS.examPaletteQuestion, { n: String(n), state }),
  });
const shownQuestion = (page: Page) => page.getByRole('region', { name: /^Question \d+$/ });

async function openExam(page: Page, title: string) {
  await page.goto('/me/assessments');
  await examCard(page, title).getByRole('button', { name: LABELS.examButtonStart }).click();
  const popup = page.getByRole('dialog', { name: LABELS.examStartTitle });
  await popup.getByText(LABELS.examLeavesRecordedNote).waitFor();
  await popup.getByRole('link', { name: LABELS.examStartButton }).click();
  await page.getByTestId('exam-clock').waitFor();
}

/** Answers the question shown: its first option, or some text. */
async function answerShown(page: Page) {
  const question = shownQuestion(page);
  const text = question.getByRole('textbox');
  if (await text.count()) await text.fill('a² + b² = c² for a right triangle.');
  else await question.locator('input[type=radio], input[type=checkbox]').first().check();
}

/** The page behaves as if the student switched to another tab, then came back after `awayMs`. */
async function leaveAndComeBack(page: Page, awayMs: number) {
  const setAway = (away: boolean) =>
    page.evaluate((hidden) => {
      Object.defineProperty(document, 'visibilityState', {
        value: hidden ? 'hidden' : 'visible',
        configurable: true,
      });
      document.hasFocus = () => !hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    }, away);
  const sent = page.waitForResponse((response) => response.url().endsWith('/leaves'));
  await setAway(true);
  await sent;
  await new Promise((resolve) => setTimeout(resolve, awayMs));
  const back = page.waitForResponse((response) => response.url().endsWith('/leaves'));
  await setAway(false);
  await back;
}

/** The submit confirmation's figure for one row (its heading cell is the label). */
const confirmCount = (page: Page, label: string) =>
  page
    .getByTestId('submit-counts')
    .locator('tr')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td')
    .innerText();

describe('the question palette and review marks', () => {
  it('moves between questions and shows each one’s state at desktop width, with the confirmation’s counts', async () => {
    await setup();
    const { page, done } = await portal.signedInPage('student', DESKTOP);
    try {
      await openExam(page, PRACTICE);
      await paletteButton(page, 1, LABELS.examStateNotAnswered).waitFor();
      await paletteButton(page, 2, LABELS.examStateNotVisited).waitFor();
      // Mark the first for review, then answer it.
      await shownQuestion(page).getByRole('button', { name: LABELS.examMarkForReview }).click();
      await paletteButton(page, 1, LABELS.examStateMarked).waitFor();
      await answerShown(page);
      await paletteButton(page, 1, LABELS.examStateAnsweredMarked).waitFor();
      // Next, then straight to question 4 from the palette: 2 is seen and left, 3 never seen.
      await page.getByRole('button', { name: LABELS.examNextQuestion }).click();
      await page.getByText(formatMessage(LABELS.examQuestionOf, { n: '2', total: '5' })).waitFor();
      await paletteButton(page, 4, LABELS.examStateNotVisited).click();
      await page.getByText(formatMessage(LABELS.examQuestionOf, { n: '4', total: '5' })).waitFor();
      await answerShown(page);
      await paletteButton(page, 2, LABELS.examStateNotAnswered).waitFor();
      await paletteButton(page, 3, LABELS.examStateNotVisited).waitFor();
      await paletteButton(page, 4, LABELS.examStateAnswered).waitFor();
      await page.getByText(LABELS.examSaved).waitFor();
      // Every number is a 44 × 44 px target.
      const box = await paletteButton(page, 3, LABELS.examStateNotVisited).boundingBox();
      assert.ok(box && box.width >= 44 && box.height >= 44, `palette button ${JSON.stringify(box)}`);
      await snap(page, 'fair-exam-palette-desktop', { fullPage: false });

      // A reload keeps the marks and answers (saved with them).
      await page.reload();
      await paletteButton(page, 1, LABELS.examStateAnsweredMarked).waitFor();
      await paletteButton(page, 4, LABELS.examStateAnswered).waitFor();

      // Leaving the page is recorded (the evaluator sees it below).
      await leaveAndComeBack(page, 1500);

      await page.getByRole('button', { name: LABELS.examSubmit }).first().click();
      const dialog = page.getByRole('dialog', { name: LABELS.examConfirmTitle });
      await dialog.waitFor();
      assert.equal(await confirmCount(page, LABELS.examConfirmAnswered), '2');
      assert.equal(await confirmCount(page, LABELS.examConfirmNotAnswered), '3');
      assert.equal(await confirmCount(page, LABELS.examConfirmMarked), '1');
      await settled(page);
      await snap(page, 'fair-exam-confirm-desktop', { fullPage: false });
      await dialog.getByRole('button', { name: LABELS.examConfirmBack }).click();
      // Answer the rest from the palette and submit.
      for (const n of [2, 3, 5]) {
        await palette(page)
          .getByRole('button', { name: new RegExp(`^Question ${n}:`) })
          .click();
        await page.getByText(formatMessage(LABELS.examQuestionOf, { n: String(n), total: '5' })).waitFor();
        await answerShown(page);
      }
      await page.getByRole('button', { name: LABELS.examSubmit }).first().click();
      assert.equal(await confirmCount(page, LABELS.examConfirmAnswered), '5');
      assert.equal(await confirmCount(page, LABELS.examConfirmMarked), '1');
      await dialog.getByRole('button', { name: LABELS.examSubmit }).click();
      await page.getByRole('dialog', { name: LABELS.examThanksTitle }).waitFor();
    } finally {
      await done();
    }
  });

  it('puts the palette below the question on a phone', async () => {
    await setup();
    const { page, done } = await portal.signedInPage('student2', PHONE);
    try {
      await openExam(page, PRACTICE);
      await shownQuestion(page).getByRole('button', { name: LABELS.examMarkForReview }).click();
      await paletteButton(page, 1, LABELS.examStateMarked).waitFor();
      const question = await shownQuestion(page).boundingBox();
      const numbers = await palette(page).boundingBox();
      assert.ok(question && numbers && numbers.y > question.y, 'the palette comes after the question');
      assert.ok(numbers.width <= PHONE.width, 'the palette fits the phone');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, 'nothing runs off the side');
      await paletteButton(page, 5, LABELS.examStateNotVisited).click();
      await page.getByText(formatMessage(LABELS.examQuestionOf, { n: '5', total: '5' })).waitFor();
      await snap(page, 'fair-exam-palette-phone');
    } finally {
      await done();
    }
  });
});

describe('the evaluator', () => {
  it('sees when the student left the exam page', async () => {
    const { practice } = await setup();
    const { page, done } = await portal.signedInPage('faculty', DESKTOP);
    try {
      await page.goto(
        `/faculty/assessments/submissions?assessment=${practice._id}&student=${users.student.account.entity_id}`,
      );
      const log = page.getByTestId('leave-log');
      await log.getByText(/^Left the exam page once, [\d.]+ minutes in all$/).waitFor();
      const times = log.getByRole('list', { name: LABELS.evalLeavesTitle }).getByRole('listitem');
      assert.equal(await times.count(), 1);
      assert.match(
        await times.first().innerText(),
        /^\d\d-\d\d-\d{4} \| \d\d:\d\d [AP]M → \d\d-\d\d-\d{4} \| \d\d:\d\d [AP]M$/,
      );
      await snap(page, 'fair-exam-leave-log-desktop', { fullPage: false });
    } finally {
      await done();
    }
  });
});

describe('the staff', () => {
  it('see the settings frozen, give extra time and regrade a wrong key with its history', async () => {
    const { practice } = await setup();
    const { page, done } = await portal.signedInPage('faculty', DESKTOP);
    try {
      await page.goto('/create/assessment');
      const card = page.getByRole('article', { name: formatMessage(LABELS.assessCard, { title: PRACTICE }) });
      await card.getByText(LABELS.assessShuffled).waitFor();
      await card
        .getByRole('button', { name: formatMessage(LABELS.assessActions, { title: PRACTICE }) })
        .click();
      await page.getByRole('menuitem', { name: LABELS.assessEdit }).click();
      const form = page.getByRole('dialog', { name: LABELS.assessEditTitle });
      await form.getByText(LABELS.examSettingsFrozenNote).waitFor();
      assert.equal(
        await form.getByRole('checkbox', { name: LABELS.examFieldShuffleQuestions }).isChecked(),
        true,
      );
      assert.equal(
        await form.getByRole('checkbox', { name: LABELS.examFieldShuffleQuestions }).isDisabled(),
        true,
      );
      await settled(page);
      await snap(page, 'fair-exam-settings-desktop', { fullPage: false });
      await form.getByRole('button', { name: LABELS.formCancel }).click();

      // Extra time for Kavya (student3), with a later due date.
      await card
        .getByRole('button', { name: formatMessage(LABELS.assessActions, { title: PRACTICE }) })
        .click();
      await page.getByRole('menuitem', { name: LABELS.accommodationsMenu }).click();
      const popup = page.getByRole('dialog', {
        name: formatMessage(LABELS.accommodationsTitle, { title: PRACTICE }),
      });
      await popup.getByText(LABELS.accommodationsNone).waitFor();
      await chooseOption(page, LABELS.accommodationStudent, 'Kavya Iyer');
      await popup.getByRole('textbox', { name: LABELS.accommodationExtraMinutes }).fill('20');
      await popup.getByRole('button', { name: LABELS.accommodationSave }).click();
      const row = popup.getByRole('listitem', { name: 'Kavya Iyer' });
      await row.getByText(formatMessage(LABELS.accommodationMinutesText, { n: '20' })).waitFor();
      await page.getByText(LABELS.accommodationSaved).waitFor();
      await snap(page, 'fair-exam-extra-time-desktop', { fullPage: false });
      await page.keyboard.press('Escape');

      // Regrade question 1 of the practice paper (Priya submitted it).
      await page.goto(`/assessment/questions/${practice._id}`);
      await page.getByRole('button', { name: formatMessage(LABELS.regradeTitle, { n: '1' }) }).click();
      const regrade = page.getByRole('dialog', { name: formatMessage(LABELS.regradeTitle, { n: '1' }) });
      await regrade.getByRole('radio', { name: /^A\. / }).check();
      await regrade.getByRole('button', { name: LABELS.regradeSave }).click();
      await page.getByText(/^\d+ of 1 scores changed\.$/).waitFor();
      const history = page.getByRole('region', { name: LABELS.regradeHistoryTitle });
      await history.getByText(/^Question 1 regraded by /).waitFor();
      await snap(page, 'fair-exam-regrade-history-desktop');
    } finally {
      await done();
    }
  });
});

describe('extra time', () => {
  it('lets a student with extra time sit past the others’ deadline', async () => {
    const { subject } = await setup();
    const timed = await createExam(subject, TIMED, { duration_minutes: 1 });
    // Arjun (student2) has two more minutes; Priya (student) has the minute.
    await users.faculty.call(`/assessments/${timed._id}/accommodations/${users.student2.account.entity_id}`, {
      method: 'PUT',
      body: { extra_minutes: 2 },
    });
    const others = await portal.signedInPage('student', DESKTOP);
    const helped = await portal.signedInPage('student2', PHONE);
    try {
      await helped.page.goto('/me/assessments');
      await examCard(helped.page, TIMED)
        .getByText(formatMessage(LABELS.examDurationMinutes, { n: '3' }))
        .waitFor();
      await others.page.goto('/me/assessments');
      await examCard(others.page, TIMED)
        .getByText(formatMessage(LABELS.examDurationMinutes, { n: '1' }))
        .waitFor();
      await openExam(others.page, TIMED);
      await openExam(helped.page, TIMED);
      // The minute runs out for Priya: her exam submits itself.
      await others.page.getByRole('dialog', { name: LABELS.examThanksTitle }).waitFor({ timeout: 90_000 });
      // Arjun is still sitting, past her deadline: he answers and it is saved.
      await answerShown(helped.page);
      await helped.page.getByText(LABELS.examSaved).waitFor();
      const clock = await helped.page.getByTestId('exam-clock').innerText();
      const [minutes, seconds] = clock.split(':').slice(-2).map(Number);
      assert.ok(minutes! * 60 + seconds! > 30, `time left for the helped student: ${clock}`);
      await snap(helped.page, 'fair-exam-extra-time-phone', { fullPage: false });
    } finally {
      await others.done();
      await helped.done();
    }
  });
});
