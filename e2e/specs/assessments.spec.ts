import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Assessment, dateText, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { chooseIn, dayAhead, pdf, pickDateTime } from '../support/assessments.js';
import { PHONE, settled, snap } from '../support/browser.js';
import { addSubjectToBatch, type BatchSubjectRow, batchNamed } from '../support/content.js';
import { quietApi } from '../support/navigation.js';
import { usePortal } from '../support/portal.js';
import { banner, chooseOption, pickFiles } from '../support/ui.js';

const portal = usePortal('assessments');

/** Three questions in GIFT, as Moodle exports them: one right answer, two right answers, true/false. */
const GOOD_GIFT = `// Optics quiz
::Speed of light::Light travels fastest through {=a vacuum ~water ~glass}

::Primary colours::Which are primary colours of light? {~%50%Red ~%50%Green ~%-100%Yellow}

::The Sun::The Sun is a star. {T}
`;

/** A file with a matching question (not importable) on line 4. */
const BROKEN_GIFT = `::Speed of light::Light travels fastest through {=a vacuum ~water ~glass}

// A matching question: the portal has no such type
::Pairs::Match the colours. {=Sky -> Blue =Grass -> Green}
`;

/** A Moodle XML bank whose second question gives an option 33 %, a grade Moodle itself refuses. */
const MOODLE_BANK = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="html"><text><![CDATA[<p>Which lens converges light?</p>]]></text></questiontext>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
    <answer fraction="100"><text>Convex</text></answer>
    <answer fraction="0"><text>Concave</text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="html"><text>Which of these are colours of the rainbow?</text></questiontext>
    <defaultgrade>2</defaultgrade>
    <single>false</single>
    <answer fraction="33"><text>Red</text></answer>
    <answer fraction="33.33333"><text>Green</text></answer>
    <answer fraction="33.33333"><text>Blue</text></answer>
    <answer fraction="-50"><text>Brown</text></answer>
  </question>
</quiz>
`;

const users = {} as Record<'moderator' | 'faculty', ApiUser>;
const ids = {} as {
  classTen: string;
  /** Taught by the demo faculty member in Class 10 A. */
  taught: BatchSubjectRow;
  /** Taught by nobody the test signs in as. */
  untaught: BatchSubjectRow;
  /** An assessment of the untaught subject, made by the moderator. */
  foreign: Assessment;
};
const files = {} as {
  dir: string;
  good: string;
  broken: string;
  empty: string;
  moodle: string;
  paper: string;
};
const start = dayAhead(2);

let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};

async function prepare() {
  files.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'assessments-e2e-'));
  files.good = path.join(files.dir, 'optics.gift');
  await fs.writeFile(files.good, GOOD_GIFT);
  files.broken = path.join(files.dir, 'optics-matching.gift');
  await fs.writeFile(files.broken, BROKEN_GIFT);
  files.empty = path.join(files.dir, 'empty.gift');
  await fs.writeFile(files.empty, '');
  files.moodle = path.join(files.dir, 'optics-bank.xml');
  await fs.writeFile(files.moodle, MOODLE_BANK);
  files.paper = path.join(files.dir, 'optics-paper.pdf');
  await fs.writeFile(files.paper, pdf('Optics unit test'));

  users.moderator = await apiSignIn(portal, 'moderator');
  users.faculty = await apiSignIn(portal, 'faculty');
  ids.classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  ids.taught = taught.find((row) => row.batch_id === ids.classTen)!;
  assert.ok(ids.taught, 'the demo faculty member teaches a subject in Class 10 A');
  ids.untaught = await addSubjectToBatch(users.moderator, ids.classTen, {
    title: 'Astronomy',
    code: 'AST-10',
    subject_logo: 'physics',
  });
  const startAt = new Date(Date.now() + 3 * 86_400_000);
  ids.foreign = (
    await users.moderator.call<{ assessment: Assessment }>('/assessments', {
      body: {
        title: 'Planets quiz',
        description: 'The solar system.',
        batch_subject_id: ids.untaught._id,
        start_date: startAt.toISOString(),
        due_date: new Date(startAt.getTime() + 3_600_000).toISOString(),
      },
    })
  ).assessment;
}

after(async () => {
  if (files.dir) await fs.rm(files.dir, { recursive: true, force: true });
});

const dialog = (page: Page) => page.getByRole('dialog').first();
const card = (page: Page, title: string) =>
  page.getByRole('article', { name: formatMessage(LABELS.assessCard, { title }), exact: true });
/** Edit or Cancel from a card's menu. */
async function cardAction(page: Page, title: string, action: string) {
  await card(page, title)
    .getByRole('button', { name: formatMessage(LABELS.assessActions, { title }) })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}
const question = (scope: Page | Locator, n: number) =>
  scope.getByRole('article', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }), exact: true });

/** Fills the Add Assessment popup for the batch subject and saves it. */
async function addAssessment(page: Page, title: string, subjectLabel: string, withPaper: boolean) {
  await page.getByRole('button', { name: LABELS.assessAddButton }).first().click();
  const form = dialog(page);
  await form.getByRole('heading', { name: LABELS.assessAddTitle }).waitFor();
  await form.getByRole('button', { name: LABELS.submit }).click();
  await form.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
  await form.getByRole('textbox', { name: LABELS.assessFieldTitle }).fill(title);
  await form.getByRole('textbox', { name: LABELS.assessFieldDescription }).fill('Reflection and refraction.');
  await chooseIn(page, form, LABELS.assessFieldBatch, 'Class 10 A');
  await chooseIn(page, form, LABELS.assessFieldSubject, subjectLabel);
  // The due date waits for the start.
  assert.equal(await form.getByRole('button', { name: LABELS.assessFieldDue }).isDisabled(), true);
  await pickDateTime(page, form, LABELS.assessFieldStart, start, { hours: '10', minutes: '00' });
  await pickDateTime(page, form, LABELS.assessFieldDue, start, { hours: '11', minutes: '00' });
  assert.equal(
    await form.getByRole('button', { name: LABELS.assessFieldStart }).innerText(),
    `${dateText(start.iso)} | 10:00 AM`,
  );
  if (withPaper) {
    await pickFiles(page, LABELS.assessChoosePaper, files.paper);
    await form.getByText(formatMessage(LABELS.assessPaperChosen, { name: 'optics-paper.pdf' })).waitFor();
  }
  await snap(page, `assessment-popup-${title.replace(/\W+/g, '-').toLowerCase()}`);
  await form.getByRole('button', { name: LABELS.submit }).click();
  await banner(page, MESSAGES.assessmentAdded);
  await form.waitFor({ state: 'detached' });
  await card(page, title).waitFor();
}

/** Whether a CSS colour is a red (Mantine's red buttons). */
function isRed(color: string): boolean {
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return red > 180 && red - green > 80 && red - blue > 80;
}

const importButton = (popup: Locator) =>
  popup.getByRole('button', { name: LABELS.importImport, exact: true });

/**
 * Add Question on a card: Import waits for a clean preview; the broken file's problems first, then
 * the good file's preview; a failed upload forgets it; the good file again, previewed and imported.
 */
async function importGift(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: LABELS.assessAddQuestion }).click();
  const popup = dialog(page);
  // Nothing previewed: Import cannot be pressed, and says why.
  assert.equal(await importButton(popup).isDisabled(), true);
  assert.equal(
    await importButton(popup).getAttribute('aria-describedby'),
    await popup.getByText(LABELS.importPreviewFirst).getAttribute('id'),
  );
  await popup.getByRole('button', { name: LABELS.importPreview }).click();
  await popup.getByRole('alert').filter({ hasText: MESSAGES.fillTheUrl }).waitFor();
  assert.equal(
    await popup.getByRole('link', { name: LABELS.importTemplate }).getAttribute('href'),
    '/templates/questions-template.csv',
  );

  await pickFiles(page, LABELS.importChooseFile, files.broken);
  await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics-matching.gift' })).waitFor();
  assert.equal(await importButton(popup).isDisabled(), true, 'uploaded but not previewed');
  await popup.getByRole('button', { name: LABELS.importPreview }).click();
  const problems = popup.getByRole('list', { name: LABELS.importProblemsList });
  await problems.waitFor();
  assert.match(await problems.innerText(), /Line 4/);
  const preview = popup.getByTestId('question-preview');
  await preview.getByText(formatMessage(LABELS.importPreviewTitleOne, { n: '1' }), { exact: true }).waitFor();
  // A file with problems is not imported whole; its good question can be, on its own.
  assert.equal(await importButton(popup).isDisabled(), true, 'a preview with problems');
  await popup
    .getByRole('button', { name: formatMessage(LABELS.importSkipProblemsOne, { n: '1' }) })
    .waitFor();

  await pickFiles(page, LABELS.importChooseFile, files.good);
  await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics.gift' })).waitFor();
  await popup.getByRole('button', { name: LABELS.importPreview }).click();
  await preview.getByText(formatMessage(LABELS.importPreviewTitle, { n: '3' })).waitFor();
  assert.equal(await importButton(popup).isDisabled(), false);

  // A new file that fails to upload leaves neither the last file nor its preview behind.
  await pickFiles(page, LABELS.importChooseFile, files.empty);
  await popup.getByRole('alert').filter({ hasText: MESSAGES.fileEmpty }).waitFor();
  await preview.waitFor({ state: 'detached' });
  assert.equal(
    await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics.gift' })).count(),
    0,
  );
  assert.equal(await popup.getByRole('textbox', { name: LABELS.importCsvUrl }).inputValue(), '');
  assert.equal(await importButton(popup).isDisabled(), true);
  await snap(page, `assessment-import-failed-upload-${title.replace(/\W+/g, '-').toLowerCase()}`);

  await pickFiles(page, LABELS.importChooseFile, files.good);
  await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics.gift' })).waitFor();
  await popup.getByRole('button', { name: LABELS.importPreview }).click();
  await preview.getByText(formatMessage(LABELS.importPreviewTitle, { n: '3' })).waitFor();
  await preview.getByText(formatMessage(LABELS.importFormat, { format: 'GIFT' })).waitFor();
  assert.equal(await problems.count(), 0);
  const first = question(preview, 1);
  assert.match(await first.innerText(), /Light travels fastest through/);
  // The right option is marked: one on the first question, two on the second.
  assert.equal(await first.locator('li[data-correct]').count(), 1);
  assert.match(await first.locator('li[data-correct]').innerText(), /a vacuum/);
  assert.equal(await question(preview, 2).locator('li[data-correct]').count(), 2);
  await snap(page, `assessment-import-preview-${title.replace(/\W+/g, '-').toLowerCase()}`);
  await importButton(popup).click();
  await banner(page, MESSAGES.assessmentQuestionsAdded);
  await popup.waitFor({ state: 'detached' });
  await card(page, title)
    .getByText(formatMessage(LABELS.assessQuestionCount, { n: '3' }))
    .waitFor();
  await card(page, title).getByText(LABELS.assessStatusLive, { exact: true }).waitFor();
}

/** View Questions, and the same page after a reload. */
async function viewQuestions(page: Page, title: string) {
  await card(page, title).getByRole('link', { name: LABELS.assessViewQuestions }).click();
  await page.waitForURL('**/assessment/questions/**');
  await page.getByRole('heading', { name: title }).waitFor();
  await question(page, 3).waitFor();
  assert.match(await question(page, 3).innerText(), /The Sun is a star/);
  assert.equal(await question(page, 2).locator('li[data-correct]').count(), 2);
  await page.reload();
  await question(page, 3).waitFor();
}

describe('assessments for moderators', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await ready();
    ({ context, page } = await portal.signedInPage('moderator'));
  });
  after(() => context?.close());

  it('creates an assessment with a question paper, imports questions from a GIFT file after its preview, and views them', async () => {
    await page
      .getByRole('navigation', { name: LABELS.mainNavigation })
      .getByRole('link', { name: 'Assessments' })
      .click();
    await page.waitForURL('**/create/assessment');
    await card(page, 'Planets quiz').waitFor();
    await addAssessment(page, 'Optics test', ids.taught.subject_title, true);
    const created = card(page, 'Optics test');
    assert.match(await created.innerText(), /Class 10 A/);
    assert.match(
      await created.innerText(),
      new RegExp(`${start.iso.split('-').reverse().join('-')} \\| 10:00 AM`),
    );
    await created.getByText(LABELS.assessStatusDrafted, { exact: true }).waitFor();
    await snap(page, 'assessments-moderator-desktop');

    await importGift(page, 'Optics test');
    await viewQuestions(page, 'Optics test');
    const download = page.getByRole('link', { name: LABELS.assessDownloadPaper });
    const paperUrl = await download.getAttribute('href');
    assert.match(paperUrl ?? '', /^\/files\//);
    const frame = page.getByTitle(LABELS.assessPaperFrame);
    assert.equal(await frame.getAttribute('src'), paperUrl);
    assert.ok((await frame.boundingBox())!.width <= 1200);
    await snap(page, 'assessment-questions-desktop');
    await page.getByRole('link', { name: LABELS.assessGoBack }).click();
    await page.waitForURL('**/create/assessment');
  });

  it('edits an assessment without its batch or subject, filters by batch and cancels one after a confirmation', async () => {
    await cardAction(page, 'Optics test', LABELS.assessEdit);
    const form = dialog(page);
    await form.getByRole('heading', { name: LABELS.assessEditTitle }).waitFor();
    await form.getByText(LABELS.assessBatchSubjectFixed).waitFor();
    assert.equal(await form.getByRole('textbox', { name: LABELS.assessFieldBatch }).count(), 0);
    await form.getByRole('textbox', { name: LABELS.assessFieldTitle }).fill('Optics unit test');
    await form.getByRole('button', { name: LABELS.submit }).click();
    await banner(page, MESSAGES.assessmentEdited);
    await card(page, 'Optics unit test').waitFor();

    await chooseOption(page, LABELS.assessBatchFilter, 'Class 9 A', { exact: false });
    await page.waitForURL((url) => url.searchParams.has('batch'));
    await card(page, 'Optics unit test').waitFor({ state: 'detached' });
    await chooseOption(page, LABELS.assessBatchFilter, LABELS.assessAllBatches);
    await card(page, 'Optics unit test').waitFor();

    await cardAction(page, 'Planets quiz', LABELS.assessCancel);
    await dialog(page)
      .getByText(formatMessage(MESSAGES.confirmCancelAssessment, { title: 'Planets quiz' }))
      .waitFor();
    // The spec's CANCEL keeps the assessment; the red button says what it cancels.
    const proceed = dialog(page).getByRole('button', {
      name: formatMessage(LABELS.assessCancelProceed, { title: 'Planets quiz' }),
      exact: true,
    });
    assert.ok(isRed(await proceed.evaluate((button) => getComputedStyle(button).backgroundColor)));
    await dialog(page).getByRole('button', { name: LABELS.confirmCancel, exact: true }).waitFor();
    await settled(page);
    await snap(page, 'assessment-cancel-dialog-desktop', { fullPage: false });
    await proceed.click();
    await banner(page, MESSAGES.assessmentCanceled);
    await card(page, 'Planets quiz').getByText(LABELS.assessStatusCanceled, { exact: true }).waitFor();
    assert.equal(
      await card(page, 'Planets quiz').getByRole('button', { name: LABELS.assessCancel }).count(),
      0,
    );
  });

  it('previews a Moodle XML bank under its own name, warning about a grade Moodle itself refuses', async () => {
    await card(page, 'Optics unit test').getByRole('button', { name: LABELS.assessAddQuestion }).click();
    const popup = dialog(page);
    await pickFiles(page, LABELS.importChooseFile, files.moodle);
    await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics-bank.xml' })).waitFor();
    assert.match(
      await popup.getByRole('textbox', { name: LABELS.importCsvUrl }).inputValue(),
      /-optics-bank\.xml$/,
    );
    await popup.getByRole('button', { name: LABELS.importPreview }).click();
    const preview = popup.getByTestId('question-preview');
    await preview.getByText(formatMessage(LABELS.importPreviewTitle, { n: '2' })).waitFor();
    await preview.getByText(formatMessage(LABELS.importFormat, { format: 'Moodle XML' })).waitFor();
    const warnings = preview.getByRole('list', { name: LABELS.importWarningsList });
    await preview.getByText(formatMessage(LABELS.importWarningsTitle, { n: '1' })).waitFor();
    const warning = formatMessage(MESSAGES.importGradeNotMoodle, {
      letter: 'A',
      grade: '33',
      verdict: MESSAGES.importGradeRight,
    });
    assert.equal(
      await warnings.innerText(),
      `${formatMessage(LABELS.importProblemAt, { line: '10' })}: ${warning}`,
    );
    // A warning does not stop the import.
    assert.equal(await importButton(popup).isDisabled(), false);
    await snap(page, 'assessment-import-moodle-warning-desktop');
    await popup.getByRole('button', { name: LABELS.formCancel }).click();
    await popup.waitFor({ state: 'detached' });
  });

  it('fits a phone: the list, the popup and the questions', async () => {
    const { page: phonePage, done } = await portal.signedInPage('moderator', PHONE);
    await phonePage.goto('/create/assessment');
    await card(phonePage, 'Optics unit test').waitFor();
    const overflow = () =>
      phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'assessments-moderator-phone');
    await phonePage.getByRole('button', { name: LABELS.assessAddButton }).first().click();
    await dialog(phonePage).getByRole('heading', { name: LABELS.assessAddTitle }).waitFor();
    await snap(phonePage, 'assessment-popup-phone');
    await dialog(phonePage).getByRole('button', { name: LABELS.formCancel }).click();
    // CANCEL in the Cancel Assessment dialog keeps the assessment.
    await cardAction(phonePage, 'Optics unit test', LABELS.assessCancel);
    await dialog(phonePage)
      .getByRole('button', { name: formatMessage(LABELS.assessCancelProceed, { title: 'Optics unit test' }) })
      .waitFor();
    await settled(phonePage);
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'assessment-cancel-dialog-phone', { fullPage: false });
    await dialog(phonePage).getByRole('button', { name: LABELS.confirmCancel, exact: true }).click();
    await dialog(phonePage).waitFor({ state: 'detached' });
    await card(phonePage, 'Optics unit test').getByText(LABELS.assessStatusLive, { exact: true }).waitFor();
    await card(phonePage, 'Optics unit test').getByRole('button', { name: LABELS.assessAddQuestion }).click();
    await pickFiles(phonePage, LABELS.importChooseFile, files.moodle);
    await dialog(phonePage).getByRole('button', { name: LABELS.importPreview }).click();
    await dialog(phonePage).getByRole('list', { name: LABELS.importWarningsList }).waitFor();
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'assessment-import-moodle-warning-phone');
    await dialog(phonePage).getByRole('button', { name: LABELS.formCancel }).click();
    await card(phonePage, 'Optics unit test').getByRole('link', { name: LABELS.assessViewQuestions }).click();
    await question(phonePage, 1).waitFor();
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'assessment-questions-phone');
    await done();
  });
});

describe('assessments for faculty', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await ready();
    ({ context, page } = await portal.signedInPage('faculty'));
  });
  after(() => context?.close());

  it('reaches Assessments from the navigation, creates one for a subject they teach, imports and views its questions', async () => {
    await page
      .getByRole('navigation', { name: LABELS.mainNavigation })
      .getByRole('link', { name: 'Assessments' })
      .click();
    await page.waitForURL('**/create/assessment');
    await page.getByRole('tab', { name: /Upcoming Assessment/ }).waitFor();
    // Only the subjects they teach: the moderator's Astronomy quiz is not listed.
    await page.getByRole('button', { name: LABELS.assessAddButton }).first().waitFor();
    // The tab and its Add button show while the list loads: its answer first.
    await quietApi(page);
    assert.equal(await card(page, 'Planets quiz').count(), 0);
    await addAssessment(page, 'Lenses quiz', ids.taught.subject_title, false);
    await importGift(page, 'Lenses quiz');
    await viewQuestions(page, 'Lenses quiz');
    assert.equal(await page.getByRole('link', { name: LABELS.assessDownloadPaper }).count(), 0);
    await snap(page, 'assessment-questions-faculty-desktop');
  });

  it('cannot set or open an assessment of a subject they do not teach', async () => {
    await page.goto('/create/assessment');
    await page.getByRole('button', { name: LABELS.assessAddButton }).first().click();
    const form = dialog(page);
    await chooseIn(page, form, LABELS.assessFieldBatch, 'Class 10 A');
    await form.getByRole('combobox', { name: LABELS.assessFieldSubject }).click();
    await page.getByRole('option', { name: ids.taught.subject_title, exact: false }).first().waitFor();
    assert.equal(await page.getByRole('option', { name: 'Astronomy', exact: false }).count(), 0);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: LABELS.formCancel }).click();

    await page.goto(`/assessment/questions/${ids.foreign._id}`);
    await page.getByTestId('not-available').getByText(LABELS.assessNotAvailable).waitFor();
    await snap(page, 'assessment-questions-not-available');

    const refused = await users.faculty.request('/assessments', {
      body: {
        title: 'Not mine',
        description: 'Refused.',
        batch_subject_id: ids.untaught._id,
        start_date: new Date(Date.now() + 86_400_000).toISOString(),
        due_date: new Date(Date.now() + 90_000_000).toISOString(),
      },
    });
    assert.equal(refused.status, 403);
    const preview = await users.faculty.request('/assessment-questions/preview', {
      body: { csv_url: '/files/none.csv', assessment_id: ids.foreign._id },
    });
    assert.ok(
      [403, 404].includes(preview.status),
      `preview of another subject's assessment: ${preview.status}`,
    );
  });
});
