import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { type Assessment, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { closeByDueDate } from '../support/assessments.js';
import { PHONE, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { once, usePortal } from '../support/portal.js';
import { banner, pickFiles } from '../support/ui.js';

const portal = usePortal('question-html');
const WIDE = { width: 1366, height: 900 };
const EXAM = 'Formulae Check';
/**
 * The examination stays open this long after it is made, time enough to import and sit it however
 * busy the machine; the evaluation's test then closes it by moving its due date (`closeByDueDate`).
 */
const OPEN_FOR_MS = 20 * 60_000;

/** Moodle XML as Moodle writes it: every text, answers included, wrapped in a paragraph. */
const MOODLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Water</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which is the formula of <b>water</b>?</p>]]></text></questiontext>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
    <answer fraction="0" format="html"><text><![CDATA[<p>CO<sub>2</sub></p>]]></text></answer>
    <answer fraction="100" format="html"><text><![CDATA[<p>H<sub>2</sub>O</p>]]></text></answer>
    <answer fraction="0" format="html"><text><![CDATA[<p>O<sub>2</sub></p>]]></text></answer>
  </question>
  <question type="truefalse">
    <name><text>Ice</text></name>
    <questiontext format="html"><text><![CDATA[<p>Ice floats on water.</p>]]></text></questiontext>
    <answer fraction="100" format="moodle_auto_format"><text>true</text></answer>
    <answer fraction="0" format="moodle_auto_format"><text>false</text></answer>
  </question>
  <question type="essay">
    <name><text>Why</text></name>
    <questiontext format="html"><text><![CDATA[<p>Explain why ice floats.</p>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
  </question>
</quiz>
`;

/** A CSV option is text: its markup is shown as typed, never run. */
const CSV_WITH_MARKUP = `question,type,marks,options,correct
Which tag shows a picture?,SINGLE_CHOICE,1,<img src=x onerror=alert(1)>|<b>,A
`;

const users = {} as Record<'faculty' | 'moderator' | 'student', ApiUser>;
const files = {} as { dir: string; xml: string; csv: string };

const setup = once(async () => {
  files.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'question-html-e2e-'));
  files.xml = path.join(files.dir, 'formulae.xml');
  await fs.writeFile(files.xml, MOODLE_XML);
  files.csv = path.join(files.dir, 'markup.csv');
  await fs.writeFile(files.csv, CSV_WITH_MARKUP);
  users.faculty = await apiSignIn(portal, 'faculty');
  users.moderator = await apiSignIn(portal, 'moderator');
  users.student = await apiSignIn(portal, 'student');
  const classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen && row.subject_title === 'Mathematics');
  assert.ok(subject, 'the demo faculty member teaches Mathematics in Class 10 A');
  const quarter = 15 * 60_000;
  const due = Date.now() + OPEN_FOR_MS;
  const { assessment } = await users.faculty.call<{ assessment: Assessment }>('/assessments', {
    body: {
      title: EXAM,
      description: 'Chemical formulae.',
      batch_subject_id: subject._id,
      start_date: new Date(Math.floor(Date.now() / quarter) * quarter).toISOString(),
      due_date: new Date(due).toISOString(),
    },
  });
  return { exam: assessment };
});

after(async () => {
  if (files.dir) await fs.rm(files.dir, { recursive: true, force: true });
});

const question = (scope: Page | Locator, n: number) =>
  scope.getByRole('article', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }), exact: true });
const examQuestion = (page: Page, n: number) =>
  page.getByRole('region', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }), exact: true });

/** No tag of the import shows as text, and the options keep their subscripts. */
async function assertFormatted(scope: Locator, where: string) {
  const text = await scope.innerText();
  assert.doesNotMatch(text, /<\/?(p|sub|b)>/, `${where} shows raw tags: ${text}`);
  assert.match(text, /H2O/, where);
  assert.ok((await scope.locator('sub').count()) >= 1, `${where} keeps the subscripts`);
}

describe('answer options written in HTML', () => {
  it('are formatted in the preview and on the Questions page; a CSV option shows its markup as typed', async () => {
    const { exam } = await setup();
    const { page, done } = await portal.signedInPage('faculty', WIDE);
    try {
      await page.goto('/create/assessment');
      const card = page.getByRole('article', { name: formatMessage(LABELS.assessCard, { title: EXAM }) });
      await card.getByRole('button', { name: LABELS.assessAddQuestion }).click();
      const popup = page.getByRole('dialog').first();

      await pickFiles(page, LABELS.importChooseFile, files.csv);
      await popup.getByRole('button', { name: LABELS.importPreview }).click();
      const preview = popup.getByTestId('question-preview');
      const typed = question(preview, 1).locator('li').first();
      await typed.waitFor();
      assert.match(await typed.innerText(), /<img src=x onerror=alert\(1\)>/);
      assert.equal(await preview.locator('img').count(), 0);
      assert.doesNotMatch(await preview.innerText(), /&lt;|&gt;/);

      await pickFiles(page, LABELS.importChooseFile, files.xml);
      await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'formulae.xml' })).waitFor();
      await popup.getByRole('button', { name: LABELS.importPreview }).click();
      await question(preview, 3).waitFor();
      await assertFormatted(question(preview, 1), 'the preview');
      assert.match(await question(preview, 1).locator('li[data-correct]').innerText(), /H2O/);
      await snap(page, 'question-html-preview-desktop');
      await popup.getByRole('button', { name: LABELS.importImport, exact: true }).click();
      await banner(page, MESSAGES.assessmentQuestionsAdded);

      await page.goto(`/assessment/questions/${exam._id}`);
      await question(page, 3).waitFor();
      await assertFormatted(question(page, 1), 'the Questions page');
      await snap(page, 'question-html-questions-desktop');
    } finally {
      await done();
    }
  });

  it('are formatted in the exam; Submit asks first with the answered and unanswered counts', async () => {
    const { exam } = await setup();
    const { page, done } = await portal.signedInPage('student', PHONE);
    try {
      await page.goto(`/assessments/questions?assessment=${exam._id}`);
      await examQuestion(page, 3).waitFor();
      await assertFormatted(examQuestion(page, 1), 'the exam');
      await examQuestion(page, 1).getByRole('radio', { name: 'B. H2O' }).check();

      // With questions unanswered the confirmation counts them and leads back.
      await page.getByRole('button', { name: LABELS.examSubmit }).last().click();
      const confirm = page.getByRole('dialog', { name: LABELS.examConfirmTitle });
      const counts = confirm.getByTestId('submit-counts');
      await counts.waitFor();
      assert.match(await counts.innerText(), new RegExp(`${LABELS.examConfirmAnswered}\\s+1`));
      assert.match(await counts.innerText(), new RegExp(`${LABELS.examConfirmNotAnswered}\\s+2`));
      await confirm.getByRole('alert').filter({ hasText: MESSAGES.answerAllQuestions }).waitFor();
      assert.equal(await confirm.getByRole('button', { name: LABELS.examSubmit }).count(), 0);
      await snap(page, 'exam-submit-gaps-phone', { fullPage: false });
      await confirm.getByRole('button', { name: LABELS.examConfirmBack }).click();
      await confirm.waitFor({ state: 'detached' });

      await examQuestion(page, 2).getByRole('radio', { name: 'A. True' }).check();
      await examQuestion(page, 3).getByRole('textbox').fill('Ice is less dense than water.');
      await page.getByText(LABELS.examSaved).waitFor();
      await page.getByRole('button', { name: LABELS.examSubmit }).last().click();
      await confirm.getByTestId('submit-counts').waitFor();
      assert.match(await counts.innerText(), new RegExp(`${LABELS.examConfirmNotAnswered}\\s+0`));
      await confirm.getByText(MESSAGES.confirmSubmit).waitFor();
      await snap(page, 'exam-submit-confirm-phone', { fullPage: false });
      // Going back changes nothing: the exam goes on.
      await confirm.getByRole('button', { name: LABELS.examConfirmBack }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('dialog', { name: LABELS.examThanksTitle }).count(), 0);
      await page.getByRole('button', { name: LABELS.examSubmit }).last().click();
      await confirm.getByRole('button', { name: LABELS.examSubmit }).click();
      await page.getByRole('dialog', { name: LABELS.examThanksTitle }).waitFor();
    } finally {
      await done();
    }
  });

  it('are formatted in the evaluation, grade by question and the student’s results', async () => {
    const { exam } = await setup();
    // Past its due date the examination is CLOSED (decision 19), ready to evaluate.
    await closeByDueDate(users.faculty, exam._id);
    const questions = (
      await users.faculty.call<{ questions: { _id: string }[] }>(
        `/assessment-questions/${exam._id}/assessment-id`,
      )
    ).questions;
    const { page, done } = await portal.signedInPage('faculty', WIDE);
    try {
      const studentId = users.student.account.entity_id;
      const base = `/faculty/assessments/submissions?assessment=${exam._id}`;
      await page.goto(`${base}&student=${studentId}`);
      const review = page.locator('main');
      await review.getByText('H2O').first().waitFor();
      await assertFormatted(review, 'the evaluation');
      await page.goto(`${base}&question=${questions[0]!._id}`);
      await review.getByText('H2O').first().waitFor();
      await assertFormatted(review, 'grade by question');
      await snap(page, 'question-html-grade-by-question-desktop');
    } finally {
      await done();
    }

    const submission = await users.faculty.call<{
      submission: { answers: { _id: string; question_type: string }[] };
    }>(`/assessment-submissions/assessment/${exam._id}/student/${users.student.account.entity_id}`);
    const essay = submission.submission.answers.find((answer) => answer.question_type === 'TEXT')!;
    await users.faculty.call('/assessment-submissions/assess', {
      body: {
        assessment_id: exam._id,
        batch_subject_id: exam.batch_subject_id,
        submissions: [{ submission_id: essay._id, correct: true }],
      },
    });
    await users.faculty.call(`/assessments/${exam._id}/status`, {
      method: 'PATCH',
      body: { status: 'EVOLUTED', force: true },
    });
    const student = await portal.signedInPage('student', PHONE);
    try {
      await student.page.goto(`/assessments/results?assessment=${exam._id}`);
      const results = student.page.locator('main');
      await results.getByText('H2O').first().waitFor();
      await assertFormatted(results, 'the results');
      await snap(student.page, 'question-html-results-phone');
    } finally {
      await student.done();
    }
  });
});
