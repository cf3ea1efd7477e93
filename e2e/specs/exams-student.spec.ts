import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { type Assessment, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { createExamWithPaper } from '../support/assessments.js';
import { expectAccessible } from '../support/axe.js';
import { PHONE, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { png } from '../support/files.js';
import { quietApi } from '../support/navigation.js';
import { once, usePortal } from '../support/portal.js';
import { pickFiles } from '../support/ui.js';

const portal = usePortal('exams-student');
const WIDE = { width: 1366, height: 900 };

/** A paper with a question of every type (decision 18's CSV). */
const PAPER_CSV = `question,type,marks,options,correct
What is 7 x 8?,SINGLE_CHOICE,1,54|56|58,B
Which of these are prime numbers?,MULTIPLE_CHOICE,2,2|9|11|15,A|C
The sum of the angles of a triangle is 180 degrees.,BOOLEAN,1,,A
State the Pythagoras theorem in your own words.,TEXT,3,,
Construct a triangle with sides 5 cm 6 cm and 7 cm and upload your sheets.,UPLOAD,5,,
`;

const LONG_EXAM = 'Geometry Unit Exam';
const SHORT_EXAM = 'Mental Maths Sprint';
/** The short exam's deadline is this far after it is created (the clock then submits it at zero). */
const SHORT_EXAM_MS = 75_000;

const users = {} as Record<'faculty' | 'moderator' | 'student' | 'student2', ApiUser>;
const files = {} as { dir: string; sheets: string[] };

const createExam = (subject: BatchSubjectRow, title: string, dueInMs: number): Promise<Assessment> =>
  createExamWithPaper(users.faculty, {
    batchSubjectId: subject._id,
    title,
    csv: PAPER_CSV,
    due: new Date(Date.now() + dueInMs),
    description: 'Answer every question. Show your working on the sheets.',
  });

const setup = once(async () => {
  files.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'exams-student-e2e-'));
  files.sheets = [];
  for (const [index, colour] of (
    [
      [200, 40, 40],
      [40, 160, 60],
      [40, 60, 200],
    ] as [number, number, number][]
  ).entries()) {
    const file = path.join(files.dir, `sheet-${index + 1}.png`);
    await fs.writeFile(file, png(60, 80, colour));
    files.sheets.push(file);
  }
  users.faculty = await apiSignIn(portal, 'faculty');
  users.moderator = await apiSignIn(portal, 'moderator');
  users.student = await apiSignIn(portal, 'student');
  users.student2 = await apiSignIn(portal, 'student2');
  const classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  // student2 is refused uploads: their upload questions say to hand the sheet in at school.
  await users.moderator.call(`/students/${users.student2.account.entity_id}`, {
    method: 'PATCH',
    body: { uploadAssessmentNotAllowed: true },
  });
  const long = await createExam(subject, LONG_EXAM, 2 * 3_600_000);
  const short = await createExam(subject, SHORT_EXAM, SHORT_EXAM_MS);
  return { long, short, shortDue: Date.parse(short.due_date) };
});

after(async () => {
  if (files.dir) await fs.rm(files.dir, { recursive: true, force: true });
});

const examCard = (scope: Page | Locator, title: string) =>
  scope.getByRole('article', { name: formatMessage(LABELS.examCard, { title }), exact: true });
const question = (page: Page, n: number) =>
  page.getByRole('region', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }), exact: true });
const clockText = (page: Page) => page.getByTestId('exam-clock').innerText();
const secondsOf = (clock: string) => {
  const [h, m, s] = clock.split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};
const allSaved = (page: Page) => page.getByText(LABELS.examSaved).waitFor();

/** A student's card of an examination, as the API gives it. */
async function cardOf(user: ApiUser, title: string): Promise<Assessment> {
  const { assessments } = await user.call<{ assessments: Assessment[] }>('/users/me/assessments');
  const found = assessments.find((exam) => exam.title === title);
  assert.ok(found, `${title} is among the student's examinations`);
  return found;
}

/** Opens the start popup from a card and starts the examination. */
async function startFrom(page: Page, card: Locator) {
  await card.getByRole('button', { name: LABELS.examButtonStart }).click();
  const popup = page.getByRole('dialog', { name: LABELS.examStartTitle });
  await popup.getByText(LABELS.examUntilDue).waitFor();
  return popup;
}

describe('a student sits an examination', () => {
  it('starts from the home, answers every type with autosave, reloads, submits and is thanked', async () => {
    const { long } = await setup();
    const { page, done } = await portal.signedInPage('student', WIDE);
    try {
      // The home's pending assessments lead to the start popup.
      const pending = page.getByRole('region', { name: LABELS.examPendingTitle });
      await examCard(pending, LONG_EXAM).waitFor();
      await snap(page, 'exam-home-pending-desktop', { fullPage: false });
      const popup = await startFrom(page, examCard(pending, LONG_EXAM));
      await snap(page, 'exam-start-popup-desktop', { fullPage: false });
      await popup.getByRole('link', { name: LABELS.examStartButton }).click();
      await page.waitForURL(`**/assessments/questions?assessment=${long._id}`);
      await page.getByRole('heading', { name: LONG_EXAM }).waitFor();

      // The countdown follows the server's time left (about two hours) and ticks.
      const first = secondsOf(await clockText(page));
      assert.ok(first > 7000 && first <= 7200, `time left ${first} s`);
      await page.waitForFunction(
        (before) => {
          const text = document.querySelector('[data-testid="exam-clock"]')?.textContent ?? '';
          return text !== before;
        },
        await clockText(page),
      );

      // A manual submit with gaps is refused: the confirmation counts them and leads back.
      await question(page, 1).getByRole('radio', { name: 'B. 56' }).check();
      await page.getByRole('button', { name: LABELS.examSubmit }).last().click();
      const confirm = page.getByRole('dialog', { name: LABELS.examConfirmTitle });
      await confirm.getByRole('alert').filter({ hasText: MESSAGES.answerAllQuestions }).waitFor();
      assert.match(
        await confirm.getByTestId('submit-counts').innerText(),
        new RegExp(`${LABELS.examConfirmNotAnswered}\\s+4`),
      );
      await confirm.getByRole('button', { name: LABELS.examConfirmBack }).click();
      await confirm.waitFor({ state: 'detached' });

      await question(page, 2).getByRole('checkbox', { name: 'A. 2' }).check();
      await question(page, 2).getByRole('checkbox', { name: 'C. 11' }).check();
      await question(page, 3).getByRole('radio', { name: 'A. True' }).check();
      await question(page, 4)
        .getByRole('textbox')
        .fill(
          'In a right triangle the square on the hypotenuse equals the sum of the squares on the other sides.',
        );
      // Several answer sheets, shown and removable.
      const sheets = question(page, 5);
      await pickFiles(page, LABELS.examUploadSheets, files.sheets.slice(0, 2));
      await sheets.getByRole('link', { name: /sheet-2\.png$/ }).waitFor();
      await sheets.getByRole('button', { name: 'Remove sheet-1.png' }).click();
      await sheets.getByRole('link', { name: /sheet-1\.png$/ }).waitFor({ state: 'detached' });
      await pickFiles(page, LABELS.examUploadSheets, files.sheets[2]!);
      await sheets.getByRole('link', { name: /sheet-3\.png$/ }).waitFor();
      await allSaved(page);
      await page.getByText(formatMessage(LABELS.examAnsweredCount, { answered: '5', total: '5' })).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, 'exam-questions-desktop', { fullPage: false });

      // A reload resumes with every saved answer and the right time left.
      const beforeReload = secondsOf(await clockText(page));
      await page.reload();
      await page.getByRole('heading', { name: LONG_EXAM }).waitFor();
      const afterReload = secondsOf(await clockText(page));
      assert.ok(
        afterReload <= beforeReload && beforeReload - afterReload < 30,
        `${beforeReload} -> ${afterReload}`,
      );
      assert.equal(await question(page, 1).getByRole('radio', { name: 'B. 56' }).isChecked(), true);
      assert.equal(await question(page, 2).getByRole('checkbox', { name: 'A. 2' }).isChecked(), true);
      assert.equal(await question(page, 2).getByRole('checkbox', { name: 'C. 11' }).isChecked(), true);
      assert.equal(await question(page, 2).getByRole('checkbox', { name: 'B. 9' }).isChecked(), false);
      assert.equal(await question(page, 3).getByRole('radio', { name: 'A. True' }).isChecked(), true);
      assert.match(await question(page, 4).getByRole('textbox').inputValue(), /square on the hypotenuse/);
      assert.deepEqual(await sheets.getByRole('link').allInnerTexts(), ['sheet-2.png', 'sheet-3.png']);

      // A second tab finds the same answers, and each tab shows the other's saves at once.
      const second = await page.context().newPage();
      await second.goto(`/assessments/questions?assessment=${long._id}`);
      await second.getByRole('heading', { name: LONG_EXAM }).waitFor();
      assert.equal(await question(second, 1).getByRole('radio', { name: 'B. 56' }).isChecked(), true);
      await question(second, 3).getByRole('radio', { name: 'B. False' }).check();
      await allSaved(second);
      await question(page, 3).getByRole('radio', { name: 'B. False', checked: true }).waitFor();
      assert.equal(await question(page, 3).getByRole('radio', { name: 'A. True' }).isChecked(), false);
      await question(page, 3).getByRole('radio', { name: 'A. True' }).check();
      await question(second, 3).getByRole('radio', { name: 'A. True', checked: true }).waitFor();
      await allSaved(page);
      await second.close();

      await page.getByRole('button', { name: LABELS.examSubmit }).last().click();
      await confirm.getByText(MESSAGES.confirmSubmit).waitFor();
      assert.match(
        await confirm.getByTestId('submit-counts').innerText(),
        new RegExp(`${LABELS.examConfirmAnswered}\\s+5`),
      );
      await confirm.getByRole('button', { name: LABELS.examSubmit }).click();
      const thanks = page.getByRole('dialog', { name: LABELS.examThanksTitle });
      await thanks.waitFor();
      await snap(page, 'exam-thanks-desktop', { fullPage: false });
      await thanks.getByRole('button', { name: LABELS.examGoHome }).click();
      await page.waitForURL('**/dashboard');
      // Taken: no longer pending on the home; a second visit says so.
      await page.getByRole('tab', { name: LABELS.newTopics }).waitFor();
      // The pending list shows nothing while it loads: its answer first.
      await quietApi(page);
      assert.equal(await examCard(page, LONG_EXAM).count(), 0);
      await page.goto(`/assessments/questions?assessment=${long._id}`);
      await page.getByRole('alert').filter({ hasText: MESSAGES.alreadySubmitted }).waitFor();
      const again = await users.student.request('/assessment-submissions', {
        body: { assessment_id: long._id, batch_subject_id: long.batch_subject_id, submissions: [] },
      });
      assert.equal(again.status, 409);
    } finally {
      await done();
    }
  });

  it('refuses uploads of a student who hands the sheets in at school', async () => {
    const { long } = await setup();
    const { page, done } = await portal.signedInPage('student2', PHONE);
    try {
      await page.goto(`/assessments/questions?assessment=${long._id}`);
      await question(page, 5).getByText(MESSAGES.submitAnswerSheetInSchool).waitFor();
      assert.equal(await page.getByRole('button', { name: LABELS.examUploadSheets }).count(), 0);
      await question(page, 1).getByRole('radio', { name: 'A. 54' }).check();
      await allSaved(page);
      await snap(page, 'exam-questions-phone');
    } finally {
      await done();
    }
  });

  it('warns to upload the sheets with 10 minutes left and submits itself at zero', async () => {
    const { short, shortDue } = await setup();
    const { page, done } = await portal.signedInPage('student', WIDE);
    try {
      await page.goto(`/assessments/questions?assessment=${short._id}`);
      await page.getByRole('heading', { name: SHORT_EXAM }).waitFor();
      await page.getByRole('alert').filter({ hasText: MESSAGES.timeToUploadSheets }).first().waitFor();
      await question(page, 1).getByRole('radio', { name: 'B. 56' }).check();
      await question(page, 4).getByRole('textbox').fill('Left unfinished');
      await allSaved(page);
      await snap(page, 'exam-upload-warning-desktop', { fullPage: false });
      // Nobody touches the page: at zero it submits what is there.
      const thanks = page.getByRole('dialog', { name: LABELS.examThanksTitle });
      await thanks.waitFor({ timeout: shortDue - Date.now() + 20_000 });
      assert.ok(Date.now() >= shortDue - 2000, 'submitted at zero, not before');
      const { students } = await users.faculty.call<{
        students: { student_id: string; submitted: boolean }[];
      }>(`/assessment-submissions/assessment/${short._id}`);
      const mine = students.find((row) => row.student_id === users.student.account.entity_id);
      assert.equal(mine?.submitted, true);
    } finally {
      await done();
    }
  });
});

describe('the student’s examinations', () => {
  it('shows each card’s state: Submitted, START EXAMINATION NOW, Not Started, Missed', async () => {
    const { shortDue } = await setup();
    // student2 never sat the short exam: once due, it is Missed.
    const wait = shortDue - Date.now() + 1000;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { page, done } = await portal.signedInPage('student2', WIDE);
    try {
      await page.goto('/me/assessments');
      const live = examCard(page, 'Unit Test: Triangles');
      await live.getByRole('button', { name: LABELS.examButtonStart }).waitFor();
      await live.getByText(LABELS.examUntilDue).waitFor();
      const upcoming = examCard(page, 'Quadratic Equations Quiz');
      const notStarted = upcoming.getByRole('button', { name: LABELS.examButtonNotStarted });
      assert.equal(await notStarted.isDisabled(), true);
      await snap(page, 'exam-cards-upcoming-desktop');
      await page.getByText(/^Previous \(\d+\)$/).click();
      await page.waitForURL('**/me/assessments?when=previous');
      const missed = examCard(page, SHORT_EXAM).getByRole('button', { name: LABELS.examButtonMissed });
      assert.equal(await missed.isDisabled(), true);
      await snap(page, 'exam-cards-previous-desktop');
    } finally {
      await done();
    }
  });

  it('opens a waiting card at its start by itself, with no request, on the tab and the home', async () => {
    await setup();
    const { page, done } = await portal.signedInPage('student2', WIDE);
    try {
      await page.clock.install();
      await page.goto('/me/assessments');
      const card = examCard(page, 'Quadratic Equations Quiz');
      await card.getByRole('button', { name: LABELS.examButtonNotStarted }).waitFor();
      const { start_date: start } = await cardOf(users.student2, 'Quadratic Equations Quiz');
      const listReads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/users/me/assessments')) listReads.push(request.url());
      });
      // The device's clock reaches the start: the card offers the start, the tab not read again.
      await page.clock.fastForward(Date.parse(start) - (await page.evaluate(() => Date.now())) + 1000);
      await card.getByRole('button', { name: LABELS.examButtonStart }).waitFor();
      await expectAccessible(page, { role: 'student', state: 'a card opened at its start' });
      await snap(page, 'exam-card-opened-desktop');
      // By keyboard alone: the opened card's button takes the focus and opens the start popup.
      await card.getByRole('button', { name: LABELS.examButtonStart }).focus();
      await page.keyboard.press('Enter');
      const popup = page.getByRole('dialog', { name: LABELS.examStartTitle });
      await popup.getByRole('link', { name: LABELS.examStartButton }).waitFor();
      assert.deepEqual(listReads, []);
      // The home's pending card opens the same way, on a phone too.
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard');
      const pending = page.getByRole('region', { name: LABELS.examPendingTitle });
      await examCard(pending, 'Quadratic Equations Quiz')
        .getByRole('button', { name: LABELS.examButtonStart })
        .waitFor();
      await expectAccessible(page, { role: 'student', state: 'a pending card opened at its start' });
      await snap(page, 'exam-pending-opened-phone', { fullPage: false });
    } finally {
      await done();
    }
  });

  it('says the examination has not started when the device clock is before the start', async () => {
    await setup();
    const { page, done } = await portal.signedInPage('student2', PHONE);
    try {
      await page.clock.setFixedTime(new Date(Date.now() - 3 * 3_600_000));
      await page.goto('/me/assessments');
      const popup = await startFrom(page, examCard(page, 'Unit Test: Triangles'));
      await popup.getByRole('alert').filter({ hasText: MESSAGES.examNotStarted }).waitFor();
      assert.equal(await popup.getByRole('link', { name: LABELS.examStartButton }).count(), 0);
      await snap(page, 'exam-start-popup-device-clock-phone', { fullPage: false });
    } finally {
      await done();
    }
  });

  it('shows the results of an evaluated examination: answers, right answers, marks and the total', async () => {
    await setup();
    for (const [viewport, name] of [
      [WIDE, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, done } = await portal.signedInPage('student', viewport);
      try {
        await page.goto('/me/assessments?when=previous');
        const card = examCard(page, 'Real Numbers Test');
        assert.equal(await card.getByRole('button', { name: LABELS.examButtonSubmitted }).isDisabled(), true);
        await snap(page, `exam-cards-previous-${name}`);
        await card.getByRole('link', { name: LABELS.examViewResults }).click();
        await page.waitForURL('**/assessments/results?assessment=*');
        await page.getByRole('heading', { name: `${LABELS.examResultsTitle}: Real Numbers Test` }).waitFor();
        const total = await page.getByTestId('exam-total').innerText();
        assert.match(total, /^\d+(\.\d+)? \/ \d+(\.\d+)?$/);
        const first = question(page, 1);
        await first.getByText(LABELS.examYourAnswer).waitFor();
        await first.getByText(LABELS.examRightAnswer).waitFor();
        // The marks of each question add up to the total.
        const marks = await page.getByTestId('question-marks').allInnerTexts();
        const scored = marks.reduce((sum, text) => sum + Number(text.split(' / ')[0]), 0);
        assert.equal(scored, Number(total.split(' / ')[0]));
        await snap(page, `exam-results-${name}`);
      } finally {
        await done();
      }
    }
  });

  it('shows the home’s pending assessments and the exam page on a phone', async () => {
    await setup();
    const { page, done } = await portal.signedInPage('student2', PHONE);
    try {
      const pending = page.getByRole('region', { name: LABELS.examPendingTitle });
      await examCard(pending, 'Unit Test: Triangles').waitFor();
      await snap(page, 'exam-home-pending-phone', { fullPage: false });
      const popup = await startFrom(page, examCard(pending, 'Unit Test: Triangles'));
      await snap(page, 'exam-start-popup-phone', { fullPage: false });
      await popup.getByRole('link', { name: LABELS.examStartButton }).click();
      await page.getByRole('heading', { name: 'Unit Test: Triangles' }).waitFor();
      await page.getByTestId('exam-clock').waitFor();
      await snap(page, 'exam-live-phone', { fullPage: false });
      await page.goto('/me/assessments');
      await examCard(page, 'Unit Test: Triangles').waitFor();
      await snap(page, 'exam-cards-upcoming-phone');
    } finally {
      await done();
    }
  });
});
