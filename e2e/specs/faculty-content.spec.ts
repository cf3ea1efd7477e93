import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import {
  addChapter,
  addSubjectToBatch,
  addTopic,
  assignFaculty,
  type BatchSubjectRow,
  batchNamed,
  paragraph,
} from '../support/content.js';
import { png } from '../support/files.js';
import { signIn, usePortal } from '../support/portal.js';
import { banner, chooseOption, pickFiles, typeDescription } from '../support/ui.js';

const portal = usePortal('faculty-content');

const users = {} as Record<'moderator' | 'faculty' | 'faculty2' | 'student', ApiUser>;
let facultyId = '';

/** The subject the test authors in (taught by 'faculty') and one taught only by 'faculty2'. */
const ids = {} as {
  mine: BatchSubjectRow;
  theirs: BatchSubjectRow;
  theirChapter: { _id: string; title: string };
  theirTopic: { _id: string; title: string };
};
let myCount = 0;
let myClassCount = 0;
let dir = '';
const files = {} as { image: string; note: string };

let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};

async function prepare() {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faculty-content-e2e-'));
  files.image = path.join(dir, 'jupiter.png');
  await fs.writeFile(files.image, png(320, 180, [201, 144, 57]));
  files.note = path.join(dir, 'jupiter-moons.txt');
  await fs.writeFile(files.note, 'Io, Europa, Ganymede and Callisto.\n');

  for (const username of ['moderator', 'faculty', 'faculty2', 'student'] as const) {
    users[username] = await apiSignIn(portal, username);
  }
  facultyId = users.faculty.account.entity_id;
  const faculty2Id = users.faculty2.account.entity_id;

  // A fresh subject for the demo faculty member in Class 10 A (the demo student's class).
  const batchId = await batchNamed(users.moderator, 'Class 10 A');
  const subjectIn = async (title: string, code: string, teacher: string) => {
    const subject = await addSubjectToBatch(users.moderator, batchId, {
      title,
      code,
      subject_logo: 'physics',
    });
    await assignFaculty(users.moderator, subject._id, [teacher]);
    return subject;
  };
  await subjectIn('Astronomy', 'AST-10', facultyId);

  const mine = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  ids.mine = mine.find((row) => row.subject_title === 'Astronomy')!;
  assert.ok(ids.mine, 'Astronomy is among the faculty member’s batch subjects');
  myCount = mine.length;
  myClassCount = mine.filter((row) => row.batch_id === ids.mine.batch_id).length;

  // A subject taught only by faculty2: from the demo if there is one, else made here.
  const taughtByMe = new Set(mine.map((row) => row.subject_id));
  const theirs = (
    await users.faculty2.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects')
  ).batch_subjects.find((row) => !taughtByMe.has(row.subject_id));
  ids.theirs = theirs ?? (await subjectIn('Zoology', 'ZOO-10', faculty2Id));
  let { chapters } = await users.faculty2.call<{ chapters: { _id: string; title: string }[] }>(
    `/chapters/subject-id/${ids.theirs.subject_id}`,
  );
  if (chapters.length === 0) {
    await addChapter(users.faculty2, {
      title: 'Animal kingdom',
      description: 'Kinds of animals.',
      subject_id: ids.theirs.subject_id,
    });
    ({ chapters } = await users.faculty2.call<{ chapters: { _id: string; title: string }[] }>(
      `/chapters/subject-id/${ids.theirs.subject_id}`,
    ));
  }
  ids.theirChapter = chapters[0]!;
  let { topics } = await users.faculty2.call<{ topics: { _id: string; title: string }[] }>(
    `/topics/chapter-id/${ids.theirChapter._id}`,
  );
  if (topics.length === 0) {
    await addTopic(users.faculty2, {
      title: 'Mammals',
      type: 'audio',
      content_uri: 'https://audio.example.org/mammals.mp3',
      wysiwyg_state: paragraph('Warm.'),
      chapter_id: ids.theirChapter._id,
      author_id: faculty2Id,
    });
    ({ topics } = await users.faculty2.call<{ topics: { _id: string; title: string }[] }>(
      `/topics/chapter-id/${ids.theirChapter._id}`,
    ));
  }
  ids.theirTopic = topics[0]!;
}

after(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const subjectsUrl = '/me/faculty/subjects';
const mineQuery = () => new URLSearchParams({ batch: ids.mine.batch_id, subject: ids.mine._id });
const dialog = (page: Page) => page.getByRole('dialog');
const subjectCards = (page: Page) => page.getByTestId('taught-subject-card');
const chapterCard = (page: Page, title: string) =>
  page.getByTestId('chapter-card').filter({ hasText: title });
const chapterRow = (page: Page, title: string) =>
  page.getByRole('article', { name: `Chapter ${title}`, exact: true });
const topicCard = (page: Page, title: string) =>
  page.getByRole('article', { name: `Topic ${title}`, exact: true });
const notAvailable = (page: Page) => page.getByText(LABELS.teachNotAvailable, { exact: true });

describe('faculty subjects and content', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await ready();
    context = await portal.newContext();
    page = await context.newPage();
    await signIn(page, 'faculty');
  });
  after(() => context?.close());

  it('filters the faculty member’s subjects by class and searches them by title', async () => {
    await page.getByRole('link', { name: LABELS.subjectsTitle }).first().click();
    await page.waitForURL(`**${subjectsUrl}**`);
    await subjectCards(page).first().waitFor();
    assert.equal(await subjectCards(page).count(), myCount);
    const classFilter = page
      .getByRole('combobox', { name: LABELS.fieldClass })
      .or(page.getByRole('textbox', { name: LABELS.fieldClass }))
      .first();
    assert.equal(
      await classFilter.inputValue(),
      formatMessage(LABELS.teachAllClasses, { n: String(myCount) }),
    );

    await chooseOption(
      page,
      LABELS.fieldClass,
      formatMessage(LABELS.teachClassOption, { batch: ids.mine.batch_title, n: String(myClassCount) }),
    );
    await page.waitForURL((url) => url.searchParams.get('batch') === ids.mine.batch_id);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="taught-subject-card"]').length === count,
      myClassCount,
    );
    for (const text of await subjectCards(page).allInnerTexts()) {
      assert.match(text, new RegExp(`Class: ${ids.mine.batch_title}`));
    }

    const search = page.getByRole('searchbox', { name: LABELS.teachSearchSubjects });
    await search.fill('ASTRO');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="taught-subject-card"]').length === 1,
    );
    assert.match(await subjectCards(page).first().innerText(), /Astronomy/);
    assert.match(await subjectCards(page).first().innerText(), /AST-10/);
    await search.fill('no such subject');
    await page.getByText(MESSAGES.noSubjectsAvilable, { exact: true }).waitFor();
    await snap(page, 'faculty-subjects-empty-search-desktop');
    await search.fill('astro');
    await subjectCards(page).first().click();
    await page.waitForURL((url) => url.searchParams.get('subject') === ids.mine._id);
    await page
      .getByRole('heading', {
        name: formatMessage(LABELS.teachChaptersOf, { subject: 'Astronomy', batch: ids.mine.batch_title }),
      })
      .waitFor();
    await page.getByText(MESSAGES.noChapters, { exact: true }).waitFor();
    await page.getByRole('button', { name: LABELS.teachAddChapterCard }).waitFor();
  });

  it('creates and edits a chapter in the popup', async () => {
    await page.getByRole('button', { name: LABELS.teachAddChapterCard }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: LABELS.addChapterTitle }).waitFor();
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.fillAllFormFields }).waitFor();
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Planets');
    await form
      .getByRole('textbox', { name: LABELS.fieldDescription })
      .fill('The eight planets of the solar system.');
    await snap(page, 'faculty-chapter-popup-desktop');
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterAdded);
    await form.waitFor({ state: 'detached' });
    await chapterCard(page, 'Planets').getByLabel(`${LABELS.topicCount}: 0`).waitFor();

    await chapterCard(page, 'Planets')
      .getByRole('button', { name: `${LABELS.chapterActions}: Planets` })
      .click();
    await page.getByRole('menuitem', { name: LABELS.editAction }).click();
    await form.getByRole('heading', { name: LABELS.editChapterTitle }).waitFor();
    const title = form.getByRole('textbox', { name: LABELS.fieldTitle });
    assert.equal(await title.inputValue(), 'Planets');
    await title.fill('Planets and moons');
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterEdited);
    await chapterCard(page, 'Planets and moons').waitFor();
    await snap(page, 'faculty-subjects-desktop');
  });

  it('adds, edits and deletes a chapter with the standalone forms and the chapter list', async () => {
    await page.getByRole('link', { name: LABELS.teachAllChapters }).click();
    await page.waitForURL('**/me/faculty/subjects/chapters?**');
    await chapterRow(page, 'Planets and moons').waitFor();
    await page.getByRole('link', { name: LABELS.addChapterButton }).click();
    await page.waitForURL('**/chapters/create?**');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Comets');
    await page.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Icy visitors.');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterAdded);
    await page.waitForURL('**/me/faculty/subjects/chapters?**');

    await chapterRow(page, 'Comets').getByRole('link', { name: LABELS.editAction }).click();
    await page.waitForURL('**/chapters/edit?**');
    const title = page.getByRole('textbox', { name: LABELS.fieldTitle });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Comets');
    await snap(page, 'faculty-chapter-edit-desktop');
    await title.fill('Comets and meteors');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.chapterEdited);
    await chapterRow(page, 'Comets and meteors').waitFor();
    await snap(page, 'faculty-chapters-desktop');

    await chapterRow(page, 'Comets and meteors').getByRole('button', { name: LABELS.deleteAction }).click();
    await dialog(page).getByText(MESSAGES.confirmDelete).waitFor();
    await dialog(page).getByRole('button', { name: LABELS.confirmProceed }).click();
    await banner(page, MESSAGES.chapterDeleted);
    await chapterRow(page, 'Comets and meteors').waitFor({ state: 'detached' });
    await chapterRow(page, 'Planets and moons').waitFor();
  });

  it('creates a topic with an image, a description and a note; it is listed and shown in its detail', async () => {
    await chapterRow(page, 'Planets and moons').getByRole('link', { name: LABELS.teachViewChapter }).click();
    await page.waitForURL('**/chapters/topics?**');
    await page.getByText(MESSAGES.noTopics, { exact: true }).waitFor();
    await page.getByRole('button', { name: LABELS.addTopicsButton }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: LABELS.addTopicTitle }).waitFor();
    // The faculty member is the author: there is no author picker.
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).waitFor();
    assert.equal(await form.getByText(LABELS.fieldAuthor, { exact: true }).count(), 0);
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();

    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Jupiter');
    await form.getByRole('radio', { name: LABELS.typeImage }).check();
    await pickFiles(page, LABELS.chooseImage, files.image);
    await form.getByRole('img', { name: 'Jupiter' }).waitFor();
    await typeDescription(page, 'Jupiter is the largest planet and has dozens of moons.');
    await pickFiles(page, LABELS.addNoteFiles, files.note);
    await form.getByText('jupiter-moons.txt').waitFor();
    await snap(page, 'faculty-topic-popup-desktop');
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.topicAdded);
    await form.waitFor({ state: 'detached' });
    await topicCard(page, 'Jupiter').waitFor();
    await snap(page, 'faculty-topics-desktop');

    const { topics } = await users.faculty.call<{
      topics: { _id: string; title: string; author_id: string }[];
    }>(`/topics/chapter-id/${new URL(page.url()).searchParams.get('chapter')}`);
    assert.equal(topics.find((topic) => topic.title === 'Jupiter')?.author_id, facultyId);

    await topicCard(page, 'Jupiter').getByRole('link', { name: LABELS.viewTopic }).click();
    await page.waitForURL('**/chapters/topics/detail?**');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('img')).some(
        (img) => img.alt === 'Jupiter' && img.naturalWidth > 0,
      ),
    );
    await page.getByText('Jupiter is the largest planet and has dozens of moons.').waitFor();
    await page.getByRole('link', { name: 'Note 1' }).waitFor();
    await page.getByText(formatMessage(LABELS.topicAuthor, { name: 'Anita Sharma' })).waitFor();
    await snap(page, 'faculty-topic-detail-desktop');

    await page.getByRole('tab', { name: formatMessage(LABELS.teachNotesTabN, { n: '1' }) }).click();
    const note = page.getByRole('link', { name: 'Note 1' });
    assert.match((await note.getAttribute('href')) ?? '', /^\/files\/.+jupiter-moons\.txt$/);
    await page.getByText('jupiter-moons.txt', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'notes');
  });

  it('shows the topic’s doubts in the Doubts tab', async () => {
    const topicId = new URL(page.url()).searchParams.get('topic')!;
    await users.student.call('/doubts', {
      body: {
        doubt_text: 'Why does Jupiter have so many moons?',
        topic_id: topicId,
        batch_subject_id: ids.mine._id,
      },
    });
    await page.reload();
    await page.getByRole('tab', { name: formatMessage(LABELS.teachDoubtsTabN, { n: '1' }) }).click();
    await page.getByText('Why does Jupiter have so many moons?').waitFor();
    await snap(page, 'faculty-topic-doubts-desktop');
  });

  it('edits the topic in the popup and on the standalone page, then deletes it', async () => {
    await page.getByRole('tab', { name: LABELS.descriptionTab }).click();
    await page.getByRole('link', { name: LABELS.editAction }).click();
    await page.waitForURL('**/chapters/topics/edit?**');
    const title = page.getByRole('textbox', { name: LABELS.fieldTitle });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Jupiter');
    assert.equal(await page.getByText(LABELS.fieldAuthor, { exact: true }).count(), 0);
    await title.fill('Jupiter, the gas giant');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.topicEdited);
    await page.waitForURL('**/chapters/topics?**');
    await topicCard(page, 'Jupiter, the gas giant').getByRole('button', { name: LABELS.editAction }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: LABELS.editTopicTitle }).waitFor();
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Jupiter and its moons');
    await form.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.topicEdited);
    await topicCard(page, 'Jupiter and its moons').waitFor();

    // A second topic through the standalone Add page (audio from a link), deleted from its card.
    const chapter = new URL(page.url()).searchParams.get('chapter')!;
    await page.goto(
      `/me/faculty/subjects/chapters/topics/create?${new URLSearchParams({ subject: ids.mine._id, chapter })}`,
    );
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Saturn');
    await page.getByRole('radio', { name: LABELS.typeAudio }).check();
    await page.getByRole('textbox', { name: LABELS.audioLink }).fill('https://audio.example.org/saturn.mp3');
    await typeDescription(page, 'Saturn has rings.');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.topicAdded);
    await page.waitForURL('**/chapters/topics?**');
    await topicCard(page, 'Saturn').getByRole('button', { name: LABELS.deleteAction }).click();
    await dialog(page).getByText(MESSAGES.confirmDelete).waitFor();
    await dialog(page).getByRole('button', { name: LABELS.confirmProceed }).click();
    await banner(page, MESSAGES.topicDeleted);
    await topicCard(page, 'Saturn').waitFor({ state: 'detached' });

    // The other from its detail page.
    await topicCard(page, 'Jupiter and its moons').getByRole('link', { name: LABELS.viewTopic }).click();
    // The detail page's own Delete: the list's card has one too until the page is replaced.
    await page.getByRole('heading', { level: 1, name: 'Jupiter and its moons' }).waitFor();
    await page.getByRole('button', { name: LABELS.deleteAction }).click();
    await dialog(page).getByText(MESSAGES.confirmDelete).waitFor();
    await dialog(page).getByRole('button', { name: LABELS.confirmProceed }).click();
    await banner(page, MESSAGES.topicDeleted);
    await page.waitForURL('**/chapters/topics?**');
    await page.getByText(MESSAGES.noTopics, { exact: true }).waitFor();
  });

  it('shows nothing of a subject taught only by another faculty member, and the API refuses', async () => {
    const theirs = { batch: ids.theirs.batch_id, subject: ids.theirs._id };
    const expectNothing = async (url: string, name: string) => {
      await page.goto(url);
      await notAvailable(page).waitFor();
      assert.equal(await page.getByText(ids.theirChapter.title).count(), 0, `${name}: no chapter of theirs`);
      assert.equal(await page.getByText(ids.theirTopic.title).count(), 0, `${name}: no topic of theirs`);
      await snap(page, `faculty-not-available-${name}-desktop`);
    };
    await expectNothing(`${subjectsUrl}?${new URLSearchParams(theirs)}`, 'subjects');
    await expectNothing(`${subjectsUrl}/chapters?${new URLSearchParams(theirs)}`, 'chapters');
    await expectNothing(
      `${subjectsUrl}/chapters/topics?${new URLSearchParams({ ...theirs, chapter: ids.theirChapter._id })}`,
      'topics',
    );
    // Their chapter under a subject of mine is not found among mine either.
    await expectNothing(
      `${subjectsUrl}/chapters/topics?${new URLSearchParams({ subject: ids.mine._id, chapter: ids.theirChapter._id })}`,
      'topics-mixed',
    );
    await expectNothing(
      `${subjectsUrl}/chapters/edit?${new URLSearchParams({ ...theirs, chapter: ids.theirChapter._id })}`,
      'chapter-edit',
    );
    await expectNothing(
      `${subjectsUrl}/chapters/topics/detail?${new URLSearchParams({ ...theirs, topic: ids.theirTopic._id })}`,
      'detail',
    );
    await expectNothing(
      `${subjectsUrl}/chapters/topics/edit?${new URLSearchParams({ topic: ids.theirTopic._id })}`,
      'topic-edit',
    );

    const refusals = [
      await users.faculty.request(`/chapters/subject-id/${ids.theirs.subject_id}`),
      await users.faculty.request(`/topics/chapter-id/${ids.theirChapter._id}`),
      await users.faculty.request(`/topics/${ids.theirTopic._id}`),
      await users.faculty.request('/chapters', {
        body: { title: 'Mine now', description: 'No.', subject_id: ids.theirs.subject_id },
      }),
      await users.faculty.request(`/chapters/${ids.theirChapter._id}`, {
        method: 'PATCH',
        body: { title: 'Mine' },
      }),
      await users.faculty.request(`/topics/${ids.theirTopic._id}`, { method: 'DELETE' }),
    ];
    for (const { status } of refusals) assert.ok(status === 403 || status === 404, `refused, got ${status}`);
  });

  it('looks right on a phone', async () => {
    const phone = await portal.newContext(PHONE);
    const small = await phone.newPage();
    await signIn(small, 'faculty');
    await small.goto(`${subjectsUrl}?${mineQuery()}`);
    await chapterCard(small, 'Planets and moons').waitFor();
    await snap(small, 'faculty-subjects-phone');
    await small.goto(`${subjectsUrl}/chapters?${mineQuery()}`);
    await chapterRow(small, 'Planets and moons').waitFor();
    await snap(small, 'faculty-chapters-phone');
    await chapterRow(small, 'Planets and moons').getByRole('link', { name: LABELS.teachViewChapter }).click();
    await small.getByRole('button', { name: LABELS.addTopicsButton }).click();
    await dialog(small).getByRole('textbox', { name: LABELS.fieldTitle }).fill('Mars');
    await dialog(small).getByRole('radio', { name: LABELS.typeImage }).check();
    await pickFiles(small, LABELS.chooseImage, files.image);
    await dialog(small).getByRole('img', { name: 'Mars' }).waitFor();
    await typeDescription(small, 'The red planet.');
    await snap(small, 'faculty-topic-popup-phone');
    await dialog(small).getByRole('button', { name: LABELS.saveAction }).click();
    await banner(small, MESSAGES.topicAdded);
    await topicCard(small, 'Mars').waitFor();
    await snap(small, 'faculty-topics-phone');
    await topicCard(small, 'Mars').getByRole('link', { name: LABELS.viewTopic }).click();
    await small.getByText('The red planet.').waitFor();
    await snap(small, 'faculty-topic-detail-phone');
    await small.goto(`${subjectsUrl}?${new URLSearchParams({ subject: ids.theirs._id })}`);
    await notAvailable(small).waitFor();
    await snap(small, 'faculty-not-available-phone');
    await phone.close();
  });
});
