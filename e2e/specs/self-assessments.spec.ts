import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { addChapter, addTopic, type BatchSubjectRow, paragraph } from '../support/content.js';
import { usePortal } from '../support/portal.js';
import { banner, closeButtonOf, pickFiles } from '../support/ui.js';

const portal = usePortal('self-assessments');

/** A self assessment in GIFT: one right answer, two right answers, true/false (one mark each). */
const LIGHT_GIFT = `::Refraction::Light bends when it passes from air into {=water ~a vacuum}

::Luminous::Which of these give out their own light? {~%50%The Sun ~%50%A candle flame ~%-100%The Moon}

::Moonlight::The Moon makes its own light. {F}
`;

/** The same with an essay question, which a self assessment cannot score (on line 7). */
const WITH_ESSAY = `${LIGHT_GIFT}
::Explain::Explain why the sky is blue. {}
`;

const users = {} as Record<'moderator' | 'student', ApiUser>;
const ids = {} as { subject: BatchSubjectRow; chapter: string; topic: string };
const files = {} as { dir: string; essay: string };
const TOPIC = 'Light around us';

let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};

async function prepare() {
  files.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'self-assessments-e2e-'));
  files.essay = path.join(files.dir, 'light-essay.gift');
  await fs.writeFile(files.essay, WITH_ESSAY);

  users.moderator = await apiSignIn(portal, 'moderator');
  users.student = await apiSignIn(portal, 'student');
  // A new topic in a subject of the demo student's class, written by one of its teachers.
  ids.subject = (
    await users.student.call<{ batch_subjects: (BatchSubjectRow & { faculties: { _id: string }[] })[] }>(
      '/users/me/batch-subjects',
    )
  ).batch_subjects.find((row) => row.faculties.length > 0)!;
  assert.ok(ids.subject, 'the demo student has a subject with a teacher');
  const teacher = (ids.subject as unknown as { faculties: { _id: string }[] }).faculties[0]!._id;
  ids.chapter = await addChapter(users.moderator, {
    title: 'Light',
    description: 'Sources of light.',
    subject_id: ids.subject.subject_id,
  });
  ids.topic = await addTopic(users.moderator, {
    title: TOPIC,
    type: 'audio',
    content_uri: 'https://audio.example.org/light.mp3',
    wysiwyg_state: paragraph('The Sun, candles and lamps give out light.'),
    author_id: teacher,
    chapter_id: ids.chapter,
  });
}

after(async () => {
  if (files.dir) await fs.rm(files.dir, { recursive: true, force: true });
});

const selection = () =>
  new URLSearchParams({
    batch: ids.subject.batch_id,
    subject: ids.subject._id,
    chapter: ids.chapter,
    topic: ids.topic,
  });
const section = (page: Page, n: number) =>
  page.getByRole('region', { name: formatMessage(LABELS.assessQuestionN, { n: String(n) }), exact: true });

describe('a topic’s self assessment', () => {
  let student: BrowserContext;
  let page: Page;

  before(async () => {
    await ready();
  });
  after(() => student?.close());

  it('a moderator attaches one to a topic after seeing its preview, leaving out the essay question it refuses', async () => {
    const { page: moderator, done } = await portal.signedInPage('moderator');
    await moderator.goto(`/batch/subjects/chapters/topics/topicDetail?${selection()}`);
    await moderator.getByRole('heading', { name: TOPIC }).waitFor();
    await moderator.getByRole('button', { name: LABELS.selfAddButton }).click();
    const popup = moderator.getByRole('dialog');
    await popup.getByText(LABELS.selfChoiceOnly).waitFor();

    // Import waits for a preview without problems; Preview asks for a file first.
    const importButton = popup.getByRole('button', { name: LABELS.importImport, exact: true });
    assert.equal(await importButton.isDisabled(), true);
    await popup.getByText(LABELS.importPreviewFirst).waitFor();
    await popup.getByRole('button', { name: LABELS.importPreview }).click();
    await popup.getByRole('alert').filter({ hasText: MESSAGES.fillTheUrl }).waitFor();
    await pickFiles(moderator, LABELS.importChooseFile, files.essay);
    assert.equal(await importButton.isDisabled(), true);
    await popup.getByRole('button', { name: LABELS.importPreview }).click();
    const problems = popup.getByRole('list', { name: LABELS.importProblemsList });
    await problems.waitFor();
    assert.match(await problems.innerText(), /Line 7: /);
    await popup.getByText(formatMessage(LABELS.importPreviewTitle, { n: '3' })).waitFor();
    assert.equal(await importButton.isDisabled(), true, 'a preview with problems');
    await snap(moderator, 'self-assessment-attach-problems');

    await popup.getByRole('button', { name: formatMessage(LABELS.importSkipProblems, { n: '3' }) }).click();
    await banner(moderator, MESSAGES.assessmentQuestionsAdded);
    await popup.waitFor({ state: 'detached' });
    await moderator.getByText(formatMessage(LABELS.selfAttached, { n: '3' })).waitFor();
    await done();
  });

  it('a student takes it: every question is needed, the score shows in a popup, then the right answers beside theirs', async () => {
    ({ context: student, page } = await portal.signedInPage('student'));
    await page.goto(`/me/subjects/chapters/topics/detail?${selection()}`);
    await page.getByRole('link', { name: LABELS.learnTakeSelfAssessment }).click();
    await page.waitForURL('**/me/subjects/chapters/topics/assessment?**');
    await section(page, 3).waitFor();

    await section(page, 1).getByRole('radio', { name: 'A. water' }).check();
    await page.getByRole('button', { name: LABELS.selfSubmit }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.answerAllQuestions }).waitFor();
    // One of the two right answers only: the question scores nothing (decision 20).
    await section(page, 2).getByRole('checkbox', { name: 'A. The Sun' }).check();
    await section(page, 3).getByRole('radio', { name: 'B. False' }).check();
    await page.getByText(formatMessage(LABELS.selfAnsweredCount, { answered: '3', total: '3' })).waitFor();
    await snap(page, 'self-assessment-answering-desktop');
    await page.getByRole('button', { name: LABELS.selfSubmit }).click();

    const popup = page.getByRole('dialog', { name: LABELS.selfScoreTitle });
    await popup.getByTestId('self-score').getByText('2 / 3').waitFor();
    await snap(page, 'self-assessment-score-desktop');
    await closeButtonOf(popup).click();
    await popup.waitFor({ state: 'detached' });

    const second = section(page, 2);
    await second.getByText(LABELS.selfAnsweredWrong, { exact: true }).waitFor();
    const rights = await second.locator('li[data-right]').allInnerTexts();
    assert.deepEqual(
      rights.map((text) => text.split('\n')[0]?.trim()),
      ['A. The Sun', 'B. A candle flame'],
    );
    assert.match(
      await second.locator('li', { hasText: 'The Sun' }).innerText(),
      new RegExp(LABELS.selfYourAnswer, 'i'),
    );
    await section(page, 1).getByText(LABELS.selfAnsweredRight, { exact: true }).waitFor();
    await snap(page, 'self-assessment-result-desktop');
  });

  it('retakes it, and finds both attempts under Self Assessments (n)', async () => {
    await page.getByRole('button', { name: LABELS.selfRetake }).first().click();
    await section(page, 1).getByRole('radio', { name: 'A. water' }).check();
    await section(page, 2).getByRole('checkbox', { name: 'A. The Sun' }).check();
    await section(page, 2).getByRole('checkbox', { name: 'B. A candle flame' }).check();
    await section(page, 3).getByRole('radio', { name: 'B. False' }).check();
    await page.getByRole('button', { name: LABELS.selfSubmit }).click();
    const popup = page.getByRole('dialog', { name: LABELS.selfScoreTitle });
    await popup.getByTestId('self-score').getByText('3 / 3').waitFor();
    await popup.getByRole('button', { name: LABELS.selfRetake }).click();
    await section(page, 1).getByRole('radio', { name: 'A. water' }).waitFor();
    assert.equal(await page.getByRole('radio', { checked: true }).count(), 0);

    await page
      .getByRole('navigation', { name: LABELS.mainNavigation })
      .getByRole('link', { name: 'Assessments' })
      .click();
    await page.waitForURL('**/me/assessments');
    // The Examinations tab opens first, with the demo's live examination.
    await page
      .getByRole('article', { name: formatMessage(LABELS.examCard, { title: 'Unit Test: Triangles' }) })
      .waitFor();
    const tab = page.getByRole('tab', { name: /Self Assessments/ });
    await tab.click();
    const table = page.getByRole('table', { name: LABELS.mySelfResults });
    await table.waitFor();
    // The demo student may already have taken other topics' self assessments.
    const count = Number((await tab.innerText()).match(/\((\d+)\)/)?.[1]);
    assert.ok(count >= 2);
    const rows = table.getByRole('row').filter({ hasText: TOPIC });
    assert.equal(await rows.count(), 2);
    assert.match(await rows.nth(0).innerText(), /3 \/ 3/);
    assert.match(await rows.nth(1).innerText(), /2 \/ 3/);
    await snap(page, 'my-assessments-self-desktop');
    await rows
      .nth(0)
      .getByRole('link', { name: formatMessage(LABELS.mySelfRetakeOf, { topic: TOPIC }) })
      .click();
    await page.waitForURL('**/me/subjects/chapters/topics/assessment?**');
    await section(page, 1).waitFor();
  });

  it('fits a phone: answering, the result and the list of attempts', async () => {
    const { page: phonePage, done } = await portal.signedInPage('student', PHONE);
    const overflow = () =>
      phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await phonePage.goto(`/me/subjects/chapters/topics/assessment?${selection()}`);
    await section(phonePage, 3).waitFor();
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'self-assessment-answering-phone');
    await section(phonePage, 1).getByRole('radio', { name: 'A. water' }).check();
    await section(phonePage, 2).getByRole('checkbox', { name: 'C. The Moon' }).check();
    await section(phonePage, 3).getByRole('radio', { name: 'A. True' }).check();
    await phonePage.getByRole('button', { name: LABELS.selfSubmit }).click();
    const popup = phonePage.getByRole('dialog', { name: LABELS.selfScoreTitle });
    await popup.getByTestId('self-score').getByText('1 / 3').waitFor();
    await snap(phonePage, 'self-assessment-score-phone');
    await closeButtonOf(popup).click();
    await popup.waitFor({ state: 'detached' });
    await section(phonePage, 3).getByText(LABELS.selfRightAnswer).waitFor();
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'self-assessment-result-phone');
    await phonePage.goto('/me/assessments?tab=self');
    await phonePage.getByRole('table', { name: LABELS.mySelfResults }).waitFor();
    assert.equal(await overflow(), 0);
    await snap(phonePage, 'my-assessments-self-phone');
    await done();
  });
});
