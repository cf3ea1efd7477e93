import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { LABELS, MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { DESKTOP, PHONE, settledValue, snap } from '../support/browser.js';
import { addSubjectToBatch } from '../support/content.js';
import { signIn, usePortal } from '../support/portal.js';
import { banner } from '../support/ui.js';

const portal = usePortal('subjects-chapters');

/** Prerequisite data goes through the API as the moderator, so no other screen is needed. */
let moderator: ApiUser;

interface Ids {
  batch: string;
  batchTitle: string;
  emptyBatch: string;
}
const ids = {} as Ids;

/** Signs the API in and creates the batches once, on first use (after the portal has started). */
let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};
async function prepare() {
  moderator = await apiSignIn(portal, 'moderator');
  ids.batchTitle = 'Class 11 Science';
  ids.batch = (
    await moderator.call<{ batch: { _id: string } }>('/batches', {
      body: { title: ids.batchTitle, academic_year: '2026-27' },
    })
  ).batch._id;
  ids.emptyBatch = (
    await moderator.call<{ batch: { _id: string } }>('/batches', {
      body: { title: 'Class 12 Arts', academic_year: '2026-27' },
    })
  ).batch._id;
}

/** A subject linked to the batch through the API; answers the batch subject. */
const subjectInBatch = (batchId: string, title: string, code: string) =>
  addSubjectToBatch(moderator, batchId, { title, code, subject_logo: 'maths' });

/**
 * A page already signed in as the moderator. Sign-in is rate limited per user (10 a minute), so
 * only the first test signs in through the form; the others start from the stored session.
 */
async function moderatorPage(viewport = DESKTOP) {
  await ready();
  const context = await portal.newContext(viewport);
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    ['portal.session', JSON.stringify(moderator.account)] as const,
  );
  return { context, page: await context.newPage() };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Lets a popup's opening transition finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);
const alertWith = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();
const card = (page: Page, testId: 'subject-card' | 'chapter-card', title: string) =>
  page.getByTestId(testId).filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function openMenu(page: Page, label: string, title: string, item: 'Edit' | 'Delete') {
  await page.getByRole('button', { name: `${label}: ${title}` }).click();
  await page
    .getByRole('menuitem', { name: item === 'Edit' ? LABELS.editAction : LABELS.deleteAction })
    .click();
}

async function confirmDeletion(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(MESSAGES.confirmDelete).waitFor();
  await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
}

describe('subjects (/batch/subjects)', () => {
  it('asks for a batch, shows an empty batch, adds a subject through the popup', async () => {
    await ready();
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto('/batch/subjects');
    await page.getByText(MESSAGES.selectABatch).waitFor();
    await snap(page, 'subjects-select-batch-desktop');

    await choose(page, LABELS.fieldBatch, `${ids.batchTitle} (2026-27)`);
    await page.waitForURL(`**/batch/subjects?batch=${ids.batch}`);
    await page.getByText(MESSAGES.noSubjectsAvailable).waitFor();
    await snap(page, 'subjects-empty-desktop');

    await page.getByRole('button', { name: LABELS.addSubjectButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addSubjectTitle });
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillTheForm);
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Physics');
    // Any change clears the message; the code is still missing.
    assert.equal(await dialog.getByRole('alert').count(), 0);
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillTheForm);
    await dialog.getByRole('textbox', { name: LABELS.fieldCode }).fill('PHY-11');
    await dialog.getByRole('radio', { name: LABELS.logoPhysics }).click();
    await settle(page);
    await snap(page, 'subjects-add-popup-desktop');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.subjectAdded);
    await dialog.waitFor({ state: 'hidden' });

    const physics = card(page, 'subject-card', 'Physics');
    await physics.getByText('PHY-11').waitFor();
    await physics.getByLabel(`${LABELS.studentCount}: 0`).waitFor();
    await physics.getByLabel(`${LABELS.teacherCount}: 0`).waitFor();
    await physics.getByLabel(`${LABELS.chapterCount}: 0`).waitFor();
    await physics.getByRole('img', { name: LABELS.logoPhysics }).waitFor();
    await snap(page, 'subjects-list-desktop');
    await context.close();
  });

  it('the standalone Add Subject form requires every field and returns to the list', async () => {
    const { context, page } = await moderatorPage();
    await page.goto(`/batch/subjects/create?batch=${ids.batch}`);
    const save = page.getByRole('button', { name: LABELS.saveAction });
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Chemistry');
    await page.getByRole('textbox', { name: LABELS.fieldCode }).fill('CHE-11');
    await save.click();
    await alertWith(page, MESSAGES.fillTheForm);
    await page.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Matter and its changes');
    await save.click();
    await alertWith(page, MESSAGES.fillTheForm);
    await page.getByRole('radio', { name: LABELS.logoChemistry }).click();
    await snap(page, 'subjects-create-standalone-desktop');
    await save.click();
    await page.waitForURL(`**/batch/subjects?batch=${ids.batch}`);
    await banner(page, MESSAGES.subjectAdded);
    await card(page, 'subject-card', 'Chemistry').getByText('Matter and its changes').waitFor();
    await context.close();
  });

  it('shows the counts, edits and deletes a subject', async () => {
    await ready();
    const biology = await subjectInBatch(ids.batch, 'Biology', 'BIO-11');
    await moderator.call('/chapters', {
      body: { title: 'Cells', description: 'The unit of life', subject_id: biology.subject_id },
    });
    await moderator.call('/chapters', {
      body: { title: 'Tissues', description: 'Groups of cells', subject_id: biology.subject_id },
    });

    const { context, page } = await moderatorPage();
    // A logo image that cannot be loaded falls back to the logo's icon.
    await moderator.call(`/batch-subjects/${biology._id}`, {
      method: 'PATCH',
      body: { subject_logo_url: '/files/missing-logo.png' },
    });
    await page.goto(`/batch/subjects?batch=${ids.batch}`);
    const biologyCard = card(page, 'subject-card', 'Biology');
    await biologyCard.getByLabel(`${LABELS.chapterCount}: 2`).waitFor();
    await biologyCard.locator('img').waitFor({ state: 'detached' });
    await biologyCard.getByRole('img', { name: LABELS.logoMaths }).waitFor();

    await openMenu(page, LABELS.subjectActions, 'Biology', 'Edit');
    const dialog = page.getByRole('dialog', { name: LABELS.editSubjectTitle });
    const title = dialog.getByRole('textbox', { name: LABELS.fieldTitle });
    assert.equal(await title.inputValue(), 'Biology');
    await title.fill('');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillTheForm);
    await title.fill('Life Science');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.subjectEdited);
    await card(page, 'subject-card', 'Life Science').getByText('BIO-11').waitFor();

    await openMenu(page, LABELS.subjectActions, 'Life Science', 'Delete');
    await settle(page);
    await snap(page, 'subjects-delete-confirm-desktop');
    await confirmDeletion(page);
    await banner(page, MESSAGES.subjectRemoved);
    await card(page, 'subject-card', 'Life Science').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a card leads to its chapters', async () => {
    const { context, page } = await moderatorPage();
    await page.goto(`/batch/subjects?batch=${ids.batch}`);
    await card(page, 'subject-card', 'Physics').getByText('PHY-11').click();
    await page.waitForURL(/\/batch\/subjects\/chapters\?batch=[^&]+&subject=[0-9a-f-]{36}$/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('batch'), ids.batch);
    await page.getByRole('combobox', { name: LABELS.fieldSubject }).waitFor();
    assert.equal(
      await settledValue(page.getByRole('combobox', { name: LABELS.fieldSubject }), 'Physics (PHY-11)'),
      'Physics (PHY-11)',
    );
    await context.close();
  });
});

describe('chapters (/batch/subjects/chapters)', () => {
  let subject: { _id: string; subject_id: string };
  before(async () => {
    await ready();
    subject = await subjectInBatch(ids.batch, 'Geography', 'GEO-11');
  });

  it('asks for a subject, shows an empty subject and goes back to subjects', async () => {
    const { context, page } = await moderatorPage();
    await page.goto('/batch/subjects/chapters');
    await page.getByText(MESSAGES.selectASubject).waitFor();
    assert.equal(await page.getByRole('button', { name: LABELS.addChapterButton }).count(), 0);

    await choose(page, LABELS.fieldBatch, `${ids.batchTitle} (2026-27)`);
    await page.getByText(MESSAGES.selectASubject).waitFor();
    await page.getByRole('combobox', { name: LABELS.fieldSubject }).click();
    await page.getByRole('option', { name: 'Geography (GEO-11)' }).waitFor();
    await snap(page, 'chapters-subject-dropdown-desktop');
    await page.getByRole('option', { name: 'Geography (GEO-11)' }).click();
    await page.waitForURL(`**/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`);
    await page.getByText(MESSAGES.noChapters).waitFor();
    await page.getByRole('button', { name: LABELS.addChapterButton }).waitFor();

    const crumbs = page.getByRole('navigation', { name: LABELS.breadcrumb }).getByRole('link');
    const hrefs = await crumbs.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, [
      '/dashboard',
      `/batch/subjects?batch=${ids.batch}`,
      `/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`,
    ]);
    await snap(page, 'chapters-empty-desktop');

    await page.getByRole('link', { name: LABELS.goToSubjects }).click();
    await page.waitForURL(`**/batch/subjects?batch=${ids.batch}`);
    await card(page, 'subject-card', 'Geography').waitFor();
    await context.close();
  });

  it('adds chapters through the popup and the standalone form, edits, hides and deletes them', async () => {
    const { context, page } = await moderatorPage();
    const list = `/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`;
    await page.goto(list);

    // Popup
    await page.getByRole('button', { name: LABELS.addChapterButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addChapterTitle });
    assert.equal(await dialog.getByRole('combobox', { name: LABELS.fieldSubject }).inputValue(), 'Geography');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillAllFormFields);
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Maps');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillAllFormFields);
    await dialog.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Reading and drawing maps');
    await settle(page);
    await snap(page, 'chapters-add-popup-desktop');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterAdded);
    const maps = card(page, 'chapter-card', 'Maps');
    await maps.getByText('Reading and drawing maps').waitFor();
    await maps.getByLabel(`${LABELS.topicCount}: 0`).waitFor();

    // Standalone Add Chapter
    await page.goto(`/batch/${ids.batch}/subjects/${subject._id}/create-chapter`);
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillTheForm);
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Climate');
    await page.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Weather over the years');
    await snap(page, 'chapters-create-standalone-desktop');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.waitForURL(`**${list}`);
    await banner(page, MESSAGES.chapterAdded);
    await card(page, 'chapter-card', 'Climate').waitFor();
    const titles = await page.getByTestId('chapter-card').getByRole('link').allTextContents();
    assert.deepEqual(titles, ['Maps', 'Climate']);

    // Popup edit: rename and hide from students
    await openMenu(page, LABELS.chapterActions, 'Maps', 'Edit');
    const edit = page.getByRole('dialog', { name: LABELS.editChapterTitle });
    await edit.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Maps and Globes');
    await edit.getByRole('switch', { name: LABELS.chapterVisible }).click();
    await edit.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterEdited);
    await card(page, 'chapter-card', 'Maps and Globes').getByText(LABELS.chapterHidden).waitFor();
    await snap(page, 'chapters-list-desktop');

    // Standalone Edit Chapter: the hidden state is shown and can be undone
    const chapters = await moderator.call<{ chapters: { _id: string; title: string }[] }>(
      `/chapters/subject-id/${subject.subject_id}`,
    );
    const climate = chapters.chapters.find((chapter) => chapter.title === 'Climate')!;
    await page.goto(`/batch/${ids.batch}/subjects/${subject._id}/chapters/${climate._id}/edit-chapter`);
    const title = page.getByRole('textbox', { name: LABELS.fieldTitle });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Climate');
    await title.fill(' ');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.fillTheForm);
    await title.fill('Climate and Seasons');
    await page.getByRole('switch', { name: LABELS.chapterVisible }).click();
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.waitForURL(`**${list}`);
    await banner(page, MESSAGES.chapterEdited);
    await card(page, 'chapter-card', 'Climate and Seasons').getByText(LABELS.chapterHidden).waitFor();

    // Delete
    await openMenu(page, LABELS.chapterActions, 'Climate and Seasons', 'Delete');
    await confirmDeletion(page);
    await banner(page, MESSAGES.chapterDeleted);
    await card(page, 'chapter-card', 'Climate and Seasons').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a failed chapter call shows the chapters error', async () => {
    const { context, page } = await moderatorPage();
    await page.goto(`/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`);
    await page.route('**/api/chapters', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }),
      }),
    );
    await page.getByRole('button', { name: LABELS.addChapterButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addChapterTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Rivers');
    await dialog.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Where water goes');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alertWith(page, MESSAGES.chaptersError);
    await context.close();
  });

  it('a chapter card leads to its topics with batch, subject and chapter', async () => {
    const { context, page } = await moderatorPage();
    await page.goto(`/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`);
    await card(page, 'chapter-card', 'Maps and Globes').getByText('Reading and drawing maps').click();
    await page.waitForURL('**/batch/subjects/chapters/topics?**');
    const url = new URL(page.url());
    const { chapters } = await moderator.call<{ chapters: { _id: string; title: string }[] }>(
      `/chapters/subject-id/${subject.subject_id}`,
    );
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      batch: ids.batch,
      subject: subject._id,
      chapter: chapters.find((chapter) => chapter.title === 'Maps and Globes')!._id,
    });
    await context.close();
  });

  it('a link with only the subject finds its batch', async () => {
    const { context, page } = await moderatorPage();
    await page.goto(`/batch/subjects/chapters?subject=${subject._id}`);
    await page.waitForURL(`**/batch/subjects/chapters?batch=${ids.batch}&subject=${subject._id}`);
    await card(page, 'chapter-card', 'Maps and Globes').waitFor();
    await context.close();
  });
});

describe('on a phone', () => {
  it('subjects, the add popup and chapters fit the screen', async () => {
    const { context, page } = await moderatorPage(PHONE);
    await page.goto(`/batch/subjects?batch=${ids.emptyBatch}`);
    await page.getByText(MESSAGES.noSubjectsAvailable).waitFor();
    await page.goto(`/batch/subjects?batch=${ids.batch}`);
    await card(page, 'subject-card', 'Physics').waitFor();
    await snap(page, 'subjects-list-phone');
    await page.getByRole('button', { name: LABELS.addSubjectButton }).click();
    await page.getByRole('dialog', { name: LABELS.addSubjectTitle }).getByRole('radio').first().waitFor();
    await settle(page);
    await snap(page, 'subjects-add-popup-phone');
    await page.keyboard.press('Escape');

    const { batch_subjects } = await moderator.call<{
      batch_subjects: { _id: string; subject_title: string }[];
    }>(`/batch-subjects?batch_id=${ids.batch}`);
    const geography = batch_subjects.find((row) => row.subject_title === 'Geography')!;
    await page.goto(`/batch/subjects/chapters?batch=${ids.batch}&subject=${geography._id}`);
    await card(page, 'chapter-card', 'Maps and Globes').waitFor();
    await snap(page, 'chapters-list-phone');
    await page.getByRole('button', { name: LABELS.addChapterButton }).click();
    await page.getByRole('dialog', { name: LABELS.addChapterTitle }).getByRole('switch').waitFor();
    await settle(page);
    await snap(page, 'chapters-add-popup-phone');
    await page.keyboard.press('Escape');
    await page.goto(`/batch/${ids.batch}/subjects/${geography._id}/create-chapter`);
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).waitFor();
    await snap(page, 'chapters-create-standalone-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
    await context.close();
  });
});
