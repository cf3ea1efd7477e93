import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Assessment, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { closeByDueDate, pdf } from '../support/assessments.js';
import { PHONE, snap } from '../support/browser.js';
import type { BatchSubjectRow } from '../support/content.js';
import { batchNamed } from '../support/content.js';
import { png } from '../support/files.js';
import { once, usePortal } from '../support/portal.js';
import { banner, chooseOption } from '../support/ui.js';

const portal = usePortal('exams-staff');
const WIDE = { width: 1366, height: 900 };
const EXAM = 'Light and Shadows Test';
/**
 * The examination stays open this long after it is made, so the students can sit it first however
 * busy the machine; it is then closed by moving its due date (`closeByDueDate`).
 */
const OPEN_FOR_MS = 20 * 60_000;

const QUESTIONS_CSV = `question,type,marks,options,correct
Which colour bends most in a prism?,SINGLE_CHOICE,1,Red|Violet|Green,B
Explain why shadows form.,TEXT,3,,
Draw the ray diagram of a plane mirror and upload it.,UPLOAD,4,,
`;

type Sitter = { username: string; name: string; right: boolean; text: string; sheets: ('png' | 'pdf')[] };
/** Who sits the examination and how; Rohan may not upload (ineligible). */
const SITTERS: Sitter[] = [
  {
    username: 'student',
    name: 'Priya Nair',
    right: true,
    text: 'Light travels in straight lines, so an opaque object blocks it.',
    sheets: ['png', 'pdf'],
  },
  { username: 'student2', name: 'Arjun Mehta', right: true, text: 'Opaque bodies stop light.', sheets: [] },
  { username: 'student3', name: 'Kavya Iyer', right: false, text: 'Because of the sun.', sheets: ['png'] },
  {
    username: 'student4',
    name: 'Rohan Gupta',
    right: true,
    text: 'Light cannot bend around objects.',
    sheets: [],
  },
];

const ids = {} as { exam: Assessment; taught: BatchSubjectRow; moderator: ApiUser };
let scratch = '';

async function upload(user: ApiUser, file: Buffer, name: string, purpose: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  return (await user.call<{ publicUrl: string }>(`/s3/v2?purpose=${purpose}`, { form })).publicUrl;
}

/** The faculty member's examination, sat by four students through the API, then closed by its due date. */
const prepare = once(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'exams-staff-e2e-'));
  const faculty = await apiSignIn(portal, 'faculty');
  ids.moderator = await apiSignIn(portal, 'moderator');
  const classTen = await batchNamed(ids.moderator, 'Class 10 A');
  const taught = (await faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  ids.taught = taught.find((row) => row.batch_id === classTen && row.subject_title === 'Mathematics')!;
  assert.ok(ids.taught, 'the demo faculty member teaches Mathematics in Class 10 A');

  const quarter = 15 * 60_000;
  const due = Date.now() + OPEN_FOR_MS;
  const exam = (
    await faculty.call<{ assessment: Assessment }>('/assessments', {
      body: {
        title: EXAM,
        description: 'Shadows, prisms and mirrors.',
        batch_subject_id: ids.taught._id,
        start_date: new Date(Math.floor(Date.now() / quarter) * quarter).toISOString(),
        due_date: new Date(due).toISOString(),
      },
    })
  ).assessment;
  const csvUrl = await upload(faculty, Buffer.from(QUESTIONS_CSV), 'light.csv', 'import');
  await faculty.call('/assessment-questions/csv', { body: { assessment_id: exam._id, csv_url: csvUrl } });

  for (const sitter of SITTERS) {
    const student = await apiSignIn(portal, sitter.username);
    if (sitter.username === 'student4') {
      await ids.moderator.call(`/students/${student.account.entity_id}`, {
        method: 'PATCH',
        body: { uploadAssessmentNotAllowed: true },
      });
    }
    const { attempt } = await student.call<{ attempt: { _id: string } }>('/assessment-attempts', {
      body: { assessment_id: exam._id },
    });
    const sheet = await student.call<{
      questions: { _id: string; type: string; answers: { _id: string; position: number }[] }[];
    }>(`/assessment-attempts/${attempt._id}`);
    const [choice, text, uploadQuestion] = sheet.questions;
    const option = choice!.answers.find((answer) => answer.position === (sitter.right ? 2 : 1))!;
    const save = (questionId: string, body: object) =>
      student.call(`/assessment-attempts/${attempt._id}/answers/${questionId}`, { method: 'PUT', body });
    await save(choice!._id, { submitted_answer_ids: [option._id] });
    await save(text!._id, { submitted_answer_text: sitter.text });
    const files: string[] = [];
    for (const [index, kind] of sitter.sheets.entries()) {
      const body =
        kind === 'png' ? png(600, 800, [40 + index * 80, 120, 200]) : pdf(`Ray diagram of ${sitter.name}`);
      files.push(await upload(student, body, `sheet-${index + 1}.${kind}`, 'answer_sheet'));
    }
    if (files.length > 0) await save(uploadQuestion!._id, { file_urls: files });
    await student.call('/assessment-submissions', {
      body: { assessment_id: exam._id, batch_subject_id: ids.taught._id },
    });
  }
  // Past its due date the examination is CLOSED (decision 19), ready to evaluate.
  await closeByDueDate(faculty, exam._id);
  ids.exam = exam;
});

after(async () => {
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const examCard = (scope: Page | Locator, title: string) =>
  scope.getByRole('article', { name: formatMessage(LABELS.evalCard, { title }), exact: true });
const questionCard = (page: Page, n: number) =>
  page.getByRole('article', { name: formatMessage(LABELS.evalQuestionN, { n: String(n) }), exact: true });
const answerOf = (page: Page, name: string) =>
  page.getByRole('article', { name: formatMessage(LABELS.evalAnswerOf, { name }), exact: true });
/** Correct or Wrong on an answer's card, by its label as a teacher clicks it. */
async function mark(card: Locator, verdict: string) {
  await card
    .locator('label')
    .filter({ hasText: new RegExp(`^${verdict}$`) })
    .click();
  const radio = card.getByRole('radio', { name: verdict, exact: true });
  await radio
    .page()
    .waitForFunction((input) => (input as HTMLInputElement).checked, await radio.elementHandle());
}
const marksField = (card: Locator, max: number) =>
  card.getByRole('textbox', { name: formatMessage(LABELS.evalMarksField, { max: String(max) }) });

/**
 * Headless Chromium's PDF viewer takes the focus when a PDF sheet loads and swallows the next click
 * on the page; a click on the page's heading gives it back before a click that matters.
 */
const refocus = (page: Page) => page.getByRole('heading', { level: 1 }).first().click();

/** Submit, the confirmation, and the marks stored: the answers become read-only. */
async function submitMarks(page: Page) {
  await page.getByRole('button', { name: LABELS.evalSubmit, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(MESSAGES.confirmSubmit).waitFor();
  await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-marking]').first().waitFor({ state: 'detached' });
}

async function downloadOf(page: Page, button: string, name: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = path.join(scratch, name);
  await (await downloading).saveAs(file);
  return fs.readFile(file);
}

describe('examinations for the faculty member', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await prepare();
    ({ context, page } = await portal.signedInPage('faculty', WIDE));
  });
  after(() => context?.close());

  it('lists pending and evaluated examinations on the home page and the Evaluations page', async () => {
    await page.getByRole('tab', { name: LABELS.examEvaluations }).click();
    const home = page.getByTestId('home-evaluations-pending');
    await examCard(home, EXAM).waitFor();
    await examCard(home, 'Force and Motion Test').waitFor();
    assert.equal(await examCard(home, 'Real Numbers Test').count(), 0);
    await snap(page, 'exams-staff-home-pending');
    await page.getByRole('tab', { name: LABELS.evaluatedTab }).click();
    await examCard(page.getByTestId('home-evaluations-evaluated'), 'Real Numbers Test').waitFor();

    await page
      .getByRole('navigation', { name: LABELS.mainNavigation })
      .getByRole('link', { name: 'Evaluations' })
      .click();
    await page.waitForURL('**/faculty/assessments');
    const card = examCard(page, EXAM);
    await card.waitFor();
    assert.match(await card.innerText(), /0 of 4 responses checked/);
    // Marks Evaluated only while CLOSED: not on a draft.
    await card.getByRole('button', { name: LABELS.evalMarksEvaluated }).waitFor();
    const draft = examCard(page, 'Statistics Assignment');
    await draft.waitFor();
    assert.equal(await draft.getByRole('button', { name: LABELS.evalMarksEvaluated }).count(), 0);
    assert.equal(await examCard(page, 'Real Numbers Test').count(), 0);
    // The subject selector narrows the list to Mathematics: the physics test goes.
    await chooseOption(page, LABELS.evalBatch, 'Class 10 A', { exact: false });
    await chooseOption(page, LABELS.evalSubject, 'Mathematics', { exact: false });
    await page.waitForURL((url) => url.searchParams.has('subject'));
    await examCard(page, 'Force and Motion Test').waitFor({ state: 'detached' });
    await card.waitFor();
    await snap(page, 'exams-staff-evaluations-desktop');
    await page.getByRole('tab', { name: /Evaluated/ }).click();
    await examCard(page, 'Real Numbers Test').getByRole('link', { name: LABELS.evalViewResponses }).waitFor();
    await page.getByRole('tab', { name: /Pending/ }).click();
    await card.getByRole('link', { name: LABELS.evalEvaluateNow }).click();
    await page.waitForURL('**/faculty/assessments/submissions?**');
  });

  it('shows the students with their submission state, the ineligible one flagged, and filters them', async () => {
    await page.getByRole('heading', { name: EXAM }).waitFor();
    const rows = page.getByTestId('submission-row');
    await rows.filter({ hasText: 'Priya Nair' }).waitFor();
    const rohan = rows.filter({ hasText: 'Rohan Gupta' });
    assert.match(await rohan.innerText(), new RegExp(MESSAGES.notEligibleForAssessment));
    assert.match(
      await rows.filter({ hasText: 'Meera Joshi' }).innerText(),
      new RegExp(LABELS.evalStateNotSubmitted, 'i'),
    );
    await snap(page, 'exams-staff-submissions-desktop');
    await page.getByText(LABELS.evalFilterNotEvaluated, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'notEvaluated');
    await rows.filter({ hasText: 'Meera Joshi' }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Priya Nair' }).waitFor();
    assert.equal(await rows.count(), 4);
    await page.getByText(LABELS.evalFilterEvaluated, { exact: true }).click();
    await page.getByText(MESSAGES.noSubmission, { exact: true }).waitFor();
    await page.getByText(LABELS.evalFilterAll, { exact: true }).click();
    await rows.filter({ hasText: 'Meera Joshi' }).waitFor();
  });

  it('evaluates one submission: sheets in place, every answer marked, marks never above the weightage', async () => {
    await page
      .getByRole('link', { name: formatMessage(LABELS.evalOpenSubmissionOf, { name: 'Priya Nair' }) })
      .click();
    await page
      .getByRole('heading', { name: formatMessage(LABELS.evalSubmissionOf, { name: 'Priya Nair' }) })
      .waitFor();
    // The choice answer was scored on submit.
    assert.match(await questionCard(page, 1).getByTestId('answer-result').innerText(), /Correct/i);
    const sheets = questionCard(page, 3);
    const picture = sheets.getByRole('img', { name: formatMessage(LABELS.evalAnswerSheetN, { n: '1' }) });
    await picture.waitFor();
    await page.waitForFunction(
      (element) => (element as HTMLImageElement).naturalWidth === 600,
      await picture.elementHandle(),
    );
    const frame = sheets.locator('iframe');
    const frameUrl = (await frame.getAttribute('src'))!;
    assert.match(frameUrl, /^\/files\/.+\.pdf$/);
    assert.equal(await frame.getAttribute('title'), formatMessage(LABELS.evalAnswerSheetN, { n: '2' }));
    assert.equal(await page.evaluate((url) => fetch(url).then((response) => response.status), frameUrl), 200);

    await page.getByRole('button', { name: LABELS.evalSubmit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.evaluateAllAnswers }).waitFor();
    await refocus(page);
    await mark(questionCard(page, 2), LABELS.evalCorrect);
    await mark(sheets, LABELS.evalCorrect);
    const marks = marksField(sheets, 4);
    await marks.pressSequentially('45');
    assert.equal(await marks.inputValue(), '4', 'a digit taking the marks above the weightage is ignored');
    await marks.fill('');
    await marks.pressSequentially('3.5');
    assert.equal(await marks.inputValue(), '3.5');
    await snap(page, 'exams-staff-submission-desktop');
    await submitMarks(page);
    await page.getByTestId('submission-score').filter({ hasText: '7.5 / 8' }).waitFor();
    await page.getByText(LABELS.evalEveryAnswerMarked).waitFor();
    assert.match(await sheets.getByTestId('answer-result').innerText(), /3\.5 of 4 marks/);
  });

  it('moves to another submission; a blank upload mark counts 0', async () => {
    // Submissions come in the list's order (by name): Kavya Iyer is before Priya Nair.
    await refocus(page);
    await page.getByRole('link', { name: LABELS.evalPreviousSubmission }).click();
    await page
      .getByRole('heading', { name: formatMessage(LABELS.evalSubmissionOf, { name: 'Kavya Iyer' }) })
      .waitFor();
    assert.match(await questionCard(page, 1).getByTestId('answer-result').innerText(), /Wrong/i);
    await mark(questionCard(page, 2), LABELS.evalWrong);
    await mark(questionCard(page, 3), LABELS.evalCorrect);
    await submitMarks(page);
    await page.getByTestId('submission-score').filter({ hasText: '0 / 8' }).waitFor();
    assert.match(await questionCard(page, 3).getByTestId('answer-result').innerText(), /0 of 4 marks/);
  });

  it('grades the rest question by question, the ineligible student flagged', async () => {
    await page.getByRole('link', { name: LABELS.evalBackToSubmissions }).click();
    await chooseOption(page, LABELS.evalGradeByQuestion, 'Q2:', { exact: false });
    await page.waitForURL((url) => url.searchParams.has('question'));
    const arjun = answerOf(page, 'Arjun Mehta');
    const rohan = answerOf(page, 'Rohan Gupta');
    await arjun.waitFor();
    assert.match(await rohan.innerText(), new RegExp(MESSAGES.notEligibleForAssessment));
    // Those marked one submission at a time are read-only here.
    assert.equal(await answerOf(page, 'Priya Nair').getByRole('radio').count(), 0);
    await mark(arjun, LABELS.evalCorrect);
    await mark(rohan, LABELS.evalWrong);
    await snap(page, 'exams-staff-grade-by-question-desktop');
    await submitMarks(page);

    await chooseOption(page, LABELS.evalGradeByQuestion, 'Q3:', { exact: false });
    await answerOf(page, 'Arjun Mehta').getByText(LABELS.evalNoAnswer).waitFor();
    await page.getByRole('button', { name: LABELS.evalSubmit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.evaluateAllAnswers }).waitFor();
    await mark(answerOf(page, 'Arjun Mehta'), LABELS.evalWrong);
    await mark(answerOf(page, 'Rohan Gupta'), LABELS.evalWrong);
    await submitMarks(page);

    // The choice answers were scored (and so assessed) by the portal on submit: with the text and
    // upload answers marked question by question, every submission is evaluated, with nothing
    // left to submit on the choice question.
    await page.getByTestId('evaluation-responses').filter({ hasText: '4 of 4 responses checked' }).waitFor();
    await refocus(page);
    await chooseOption(page, LABELS.evalGradeByQuestion, 'Q1:', { exact: false });
    // Question 1's own view: Q3's, marked and submitted, answers the checks below as well.
    await page
      .getByRole('region', { name: LABELS.evalGradeByQuestion })
      .getByRole('heading', { name: formatMessage(LABELS.evalQuestionN, { n: '1' }) })
      .waitFor();
    await answerOf(page, 'Arjun Mehta').getByTestId('answer-result').waitFor();
    await page.getByText(LABELS.evalEveryAnswerMarked).waitFor();
    assert.equal(await page.getByRole('button', { name: LABELS.evalSubmit, exact: true }).count(), 0);
    await page.getByRole('link', { name: LABELS.evalBackToSubmissions }).click();
    await page
      .getByRole('radiogroup', { name: LABELS.evalFilter })
      .locator('label')
      .filter({ hasText: LABELS.evalFilterNotEvaluated })
      .click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'notEvaluated');
    await page.getByText(MESSAGES.noSubmission).waitFor();
  });

  it('marks the examination as evaluated after a confirmation with the counts; it moves to Evaluated', async () => {
    await page.getByRole('button', { name: LABELS.evalMarksEvaluated }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.evalMarksEvaluated });
    const counts = dialog.getByTestId('marks-evaluated-counts');
    assert.match(await counts.innerText(), new RegExp(`${LABELS.evalResponsesChecked}\\s+4`));
    assert.match(await counts.innerText(), new RegExp(`${LABELS.evalResponsesReceived}\\s+4`));
    await snap(page, 'exams-staff-marks-evaluated-confirmation');
    await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
    await banner(page, MESSAGES.marksEvaluated);
    await page.getByText(LABELS.assessStatusEvoluted, { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: LABELS.evalMarksEvaluated }).count(), 0);
    // Frozen: no marking controls left.
    assert.equal(await page.getByRole('button', { name: LABELS.evalSubmit, exact: true }).count(), 0);

    await page.goto('/faculty/assessments?tab=evaluated');
    await examCard(page, EXAM).getByRole('link', { name: LABELS.evalViewResponses }).waitFor();
    await page.goto('/faculty/assessments');
    await examCard(page, 'Force and Motion Test').waitFor();
    assert.equal(await examCard(page, EXAM).count(), 0);
  });

  it('fits a phone: the lists, a submission and grade by question', async () => {
    const { page: phone, done } = await portal.signedInPage('faculty', PHONE);
    await phone.getByRole('tab', { name: LABELS.examEvaluations }).click();
    await examCard(phone.getByTestId('home-evaluations-pending'), 'Force and Motion Test').waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-home-phone');
    await phone.goto('/faculty/assessments');
    await examCard(phone, 'Force and Motion Test').waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-evaluations-phone');
    await examCard(phone, 'Force and Motion Test')
      .getByRole('link', { name: LABELS.evalEvaluateNow })
      .click();
    await phone.getByTestId('submission-row').first().waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-submissions-phone');
    await phone.goto(`/faculty/assessments/submissions?assessment=${ids.exam._id}`);
    const priya = phone.getByRole('link', { name: 'Priya Nair', exact: true });
    await priya.waitFor();
    // On a phone the student's name is the way in (the button column gives the status its room).
    assert.equal(
      await phone
        .getByRole('link', { name: formatMessage(LABELS.evalViewSubmissionOf, { name: 'Priya Nair' }) })
        .isVisible(),
      false,
    );
    await priya.click();
    await questionCard(phone, 3).getByRole('img').first().waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-submission-phone');
    await refocus(phone);
    await phone.getByRole('link', { name: LABELS.evalBackToSubmissions }).click();
    await chooseOption(phone, LABELS.evalGradeByQuestion, 'Q3:', { exact: false });
    await answerOf(phone, 'Priya Nair').waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-grade-by-question-phone');
    await done();
  });
});

describe('the marks report for the moderator', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await prepare();
    ({ context, page } = await portal.signedInPage('moderator', WIDE));
  });
  after(() => context?.close());

  const table = (scope: Page) =>
    scope.getByRole('table', { name: formatMessage(LABELS.marksTable, { title: EXAM }) });
  const cellsOf = (row: Locator) => row.locator('th, td').allInnerTexts();

  it('picks a batch and an assessment and shows the table with the right answers and wrong ones in red', async () => {
    await page
      .getByRole('navigation', { name: LABELS.mainNavigation })
      .getByRole('link', { name: 'Assessment Marks' })
      .click();
    await page.waitForURL('**/assessment/marks');
    await page.getByText(MESSAGES.selectABatch).waitFor();
    await chooseOption(page, LABELS.marksBatch, 'Class 10 A', { exact: false });
    await page.getByText(LABELS.marksPickAssessment).last().waitFor();
    await chooseOption(page, LABELS.marksAssessment, EXAM, { exact: false });
    await table(page).waitFor();
    const rows = table(page).locator('tr');
    assert.deepEqual(await cellsOf(rows.nth(0)), [
      'Sl No',
      'Name',
      'Q1',
      'Q2',
      'Q3',
      'Scored',
      '%',
      'Assessor',
      'No. Files',
    ]);
    assert.deepEqual((await cellsOf(rows.nth(1))).slice(1, 5), [LABELS.marksCorrectAnswers, 'B', '', '']);
    const body = table(page).locator('tbody tr');
    assert.equal(await body.count(), 4);
    const priya = await cellsOf(body.filter({ hasText: 'Priya Nair' }));
    assert.deepEqual(priya.slice(2), ['B', SITTERS[0]!.text, '3.5', '7.5', '93.75', 'Anita Sharma', '2']);
    const kavya = body.filter({ hasText: 'Kavya Iyer' });
    assert.deepEqual((await cellsOf(kavya)).slice(2, 7), ['A', SITTERS[2]!.text, '0', '0', '0.00']);
    // Wrong answers in red: Kavya's choice and text, not her upload (marked correct with 0) nor Priya's.
    assert.equal(await kavya.locator('td[data-wrong]').count(), 2);
    assert.equal(await body.filter({ hasText: 'Priya Nair' }).locator('td[data-wrong]').count(), 0);
    const colourOf = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element).color);
    const [red, plain] = [
      await colourOf(kavya.locator('td[data-wrong]').first()),
      await colourOf(kavya.locator('td').nth(4)),
    ];
    assert.notEqual(red, plain);
    assert.match(red, /^rgb\((\d+), (\d+), (\d+)\)$/);
    const [r, g, b] = red.match(/\d+/g)!.map(Number);
    assert.ok(r! > 150 && g! < 100 && b! < 100, `wrong answers are red: ${red}`);
    assert.match(await page.getByTestId('marks-figures').innerText(), /4 of 12/);
    await snap(page, 'exams-staff-marks-desktop');
  });

  it('downloads the PDF and the CSV of the same table', async () => {
    const pdfBytes = await downloadOf(page, LABELS.marksPdf, 'marks.pdf');
    assert.equal(pdfBytes.subarray(0, 4).toString(), '%PDF');
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdfBytes }).toString();
    for (const expected of [EXAM, 'Class 10 A', 'Priya Nair', 'Rohan Gupta', '93.75', 'Anita Sharma']) {
      assert.ok(text.includes(expected), `the PDF shows ${expected}`);
    }

    const marksCsv = await downloadOf(page, LABELS.marksCsv, 'marks.csv');
    // The byte-order mark first, so Excel reads the names' scripts right.
    assert.equal(marksCsv.subarray(0, 3).toString('hex'), 'efbbbf');
    const csv = parse(marksCsv, { bom: true, relax_column_count: false }) as string[][];
    const shown = await Promise.all((await table(page).locator('tr').all()).map((row) => cellsOf(row)));
    // The screen's header row names the right answers' row; the CSV says the same.
    assert.deepEqual(csv, shown);
  });

  it('says No Submission for an assessment nobody sat, and fits a phone', async () => {
    await chooseOption(page, LABELS.marksAssessment, 'Quadratic Equations Quiz', { exact: false });
    await page.getByText(MESSAGES.noSubmission, { exact: true }).waitFor();
    const { page: phone, done } = await portal.signedInPage('moderator', PHONE);
    await phone.goto(`/assessment/marks?batch=${ids.taught.batch_id}&assessment=${ids.exam._id}`);
    await table(phone).waitFor();
    assert.equal(await overflow(phone), 0);
    await snap(phone, 'exams-staff-marks-phone');
    await done();
  });
});
