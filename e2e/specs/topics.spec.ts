import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { addChapter, addSubjectToBatch, batchNamed } from '../support/content.js';
import { png } from '../support/files.js';
import { signIn, usePortal } from '../support/portal.js';
import { banner, chooseOption, pickFiles, typeDescription } from '../support/ui.js';

const portal = usePortal('topics');

/** Prerequisite data goes through the API as the moderator, so no other screen is needed. */
let moderator: ApiUser;

const ids = {} as { batch: string; batchSubject: string; chapter: string; emptyChapter: string };
let authorName = '';
let dir = '';
const files = {} as { image: string; video: string; noteA: string; noteB: string; huge: string };

/** A real one-second WebM recorded by the browser from a canvas (no video tools needed). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (event) => parts.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 15; frame += 1) {
      context.fillStyle = `hsl(${frame * 24}, 70%, 50%)`;
      context.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 66));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

before(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'topics-e2e-'));
  files.image = path.join(dir, 'lens-diagram.png');
  await fs.writeFile(files.image, png(320, 180, [32, 110, 226]));
  files.noteA = path.join(dir, 'lens-notes-a.txt');
  files.noteB = path.join(dir, 'lens-notes-b.txt');
  await fs.writeFile(files.noteA, 'Convex lenses converge light.\n');
  await fs.writeFile(files.noteB, 'Concave lenses diverge light.\n');
  // 41 MB, over the 40960 KB limit; sparse, so it costs no disk.
  files.huge = path.join(dir, 'too-big.png');
  const handle = await fs.open(files.huge, 'w');
  await handle.truncate(41 * 1024 * 1024);
  await handle.close();
});
after(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};
async function prepare() {
  moderator = await apiSignIn(portal, 'moderator');
  ids.batch = await batchNamed(moderator, 'Class 10 A');
  const subject = await addSubjectToBatch(moderator, ids.batch, {
    title: 'Optics Lab',
    code: 'OPT-10',
    subject_logo: 'physics',
  });
  ids.batchSubject = subject._id;
  ids.chapter = await addChapter(moderator, {
    title: 'Lenses and mirrors',
    description: 'How lenses bend light.',
    subject_id: subject.subject_id,
  });
  ids.emptyChapter = await addChapter(moderator, {
    title: 'Colours',
    description: 'Why the sky is blue.',
    subject_id: subject.subject_id,
  });
  const { faculties } = await moderator.call<{ faculties: { name: string }[] }>('/faculties/complete-list');
  authorName = faculties[0]!.name;
}

const topicsUrl = (chapter = ids.chapter) =>
  `/batch/subjects/chapters/topics?${new URLSearchParams({ batch: ids.batch, subject: ids.batchSubject, chapter })}`;

const card = (page: Page, title: string) =>
  page.getByRole('article', { name: `Topic ${title}`, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

async function openAdd(page: Page) {
  await page.getByRole('button', { name: LABELS.addTopicsButton }).click();
  await dialog(page).getByRole('heading', { name: LABELS.addTopicTitle }).waitFor();
}

/**
 * Uses the editor's toolbar after the typed text: a heading, each mark, a bullet list, an ordered
 * list, a quote and a link, so the saved description holds what the editor makes.
 */
async function formatDescription(page: Page) {
  const toolbar = dialog(page).getByLabel(LABELS.editorToolbar, { exact: true });
  const press = (name: string) => toolbar.getByRole('button', { name, exact: true }).click();
  const type = (text: string) => page.keyboard.type(text);
  const enter = () => page.keyboard.press('Enter');
  await enter();
  await press('Heading 2');
  await type('What you will hear');
  await enter();
  for (const mark of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Code']) {
    await press(mark);
    await type(mark.toLowerCase());
    await press(mark);
    await type(' ');
  }
  await enter();
  await press('Bullet list');
  await type('Waves');
  await enter();
  await enter();
  await press('Ordered list');
  await type('Listen');
  await enter();
  await enter();
  await press('Blockquote');
  await type('Light is a wave.');
  await enter();
  await enter();
  await type('optics notes');
  await page.keyboard.press('Shift+Home');
  await press('Link');
  const popover = page.getByRole('dialog', { name: 'Link' });
  await popover.getByRole('textbox', { name: 'Enter URL' }).fill('https://example.org/optics');
  await popover.getByRole('button', { name: 'Save' }).click();
  await popover.waitFor({ state: 'detached' });
}

async function save(page: Page) {
  await dialog(page).getByRole('button', { name: LABELS.saveAction }).click();
}

describe('topics: cards, the topic form with uploads, and the topic detail', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    await ready();
    context = await portal.newContext();
    page = await context.newPage();
    await signIn(page, 'moderator');
  });
  after(() => context?.close());

  it('shows the empty state with a way back to the chapters', async () => {
    await page.goto(topicsUrl());
    await page.getByText(MESSAGES.noTopics, { exact: true }).waitFor();
    await page.getByRole('link', { name: LABELS.goToChapters }).waitFor();
    await snap(page, 'topics-empty-desktop');
  });

  it('asks to fill the form when it is incomplete', async () => {
    await openAdd(page);
    await save(page);
    await dialog(page).getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    // Any change clears the message.
    await dialog(page).getByRole('textbox', { name: LABELS.fieldTitle }).fill('Half done');
    await dialog(page)
      .getByRole('alert')
      .filter({ hasText: MESSAGES.fillTheForm })
      .waitFor({ state: 'detached' });
    await save(page);
    await dialog(page).getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await snap(page, 'topics-form-incomplete-desktop');
    await dialog(page).getByRole('button', { name: LABELS.formCancel }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('refuses a file over 40960 KB before sending it', async () => {
    let uploads = 0;
    const count = (request: { url: () => string }) => {
      if (request.url().includes('/api/s3/v2')) uploads += 1;
    };
    page.on('request', count);
    await openAdd(page);
    await dialog(page).getByRole('radio', { name: LABELS.typeImage }).check();
    await pickFiles(page, LABELS.chooseImage, files.huge);
    await dialog(page).getByRole('alert').filter({ hasText: MESSAGES.fileTooLarge }).waitFor();
    assert.equal(uploads, 0);
    await snap(page, 'topics-file-too-large-desktop');
    page.off('request', count);
    await dialog(page).getByRole('button', { name: LABELS.formCancel }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('creates an image topic with two note files, one of them removed again', async () => {
    await openAdd(page);
    const form = dialog(page);
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Convex lenses');
    await form.getByRole('radio', { name: LABELS.typeImage }).check();
    await pickFiles(page, LABELS.chooseImage, files.image);
    await form.getByRole('img', { name: 'Convex lenses' }).waitFor();
    await typeDescription(page, 'A convex lens brings parallel rays to a focus.');
    await chooseOption(page, LABELS.fieldAuthor, authorName, { exact: false });
    await pickFiles(page, LABELS.addNoteFiles, [files.noteA, files.noteB]);
    await form.getByRole('link', { name: 'Note 2' }).waitFor();
    await form.getByText('lens-notes-a.txt').waitFor();
    await form.getByRole('button', { name: 'Remove Note 1' }).click();
    await form.getByRole('link', { name: 'Note 2' }).waitFor({ state: 'detached' });
    await form.getByText('lens-notes-a.txt').waitFor({ state: 'detached' });
    await form.getByText('lens-notes-b.txt').waitFor();
    await snap(page, 'topics-form-image-desktop');
    await save(page);
    await banner(page, MESSAGES.topicAdded);
    await form.waitFor({ state: 'detached' });
    await card(page, 'Convex lenses').waitFor();
  });

  it('creates a video topic through the resumable upload, with its progress bar', async () => {
    const video = path.join(dir, 'light-rays.webm');
    await fs.writeFile(video, await recordWebm(page));
    // Slow the upload's pieces down a little, so the progress bar is seen.
    await page.route('**/api/uploads/videos/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await openAdd(page);
    const form = dialog(page);
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Light rays in motion');
    await form.getByRole('radio', { name: LABELS.typeVideo }).check();
    await pickFiles(page, LABELS.uploadVideo, video);
    const progress = form.getByRole('progressbar', { name: LABELS.uploadProgress });
    // At 0 % the bar's filled part has no width yet, so wait for it in the DOM rather than "visible".
    await progress.waitFor({ state: 'attached' });
    await snap(page, 'topics-video-uploading-desktop');
    await progress.waitFor({ state: 'detached', timeout: 30_000 });
    const link = form.getByRole('textbox', { name: LABELS.videoLink });
    assert.match(await link.inputValue(), /^\/files\/.+\.webm$/);
    await page.unroute('**/api/uploads/videos/**');
    await typeDescription(page, 'Watch how rays bend through the lens.');
    await chooseOption(page, LABELS.fieldAuthor, authorName, { exact: false });
    await save(page);
    await banner(page, MESSAGES.topicAdded);
    await card(page, 'Light rays in motion').waitFor();
  });

  it('creates an audio topic from a link', async () => {
    await openAdd(page);
    const form = dialog(page);
    await form.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Sound of light');
    await form.getByRole('radio', { name: LABELS.typeAudio }).check();
    await form
      .getByRole('textbox', { name: LABELS.audioLink })
      .fill('https://audio.example.org/lecture/optics.mp3');
    await typeDescription(page, 'A short talk about optics.');
    await formatDescription(page);
    await chooseOption(page, LABELS.fieldAuthor, authorName, { exact: false });
    await save(page);
    await banner(page, MESSAGES.topicAdded);
    await card(page, 'Sound of light').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('article').count(), 3);

    // The server kept every node and mark the toolbar made.
    const { topics } = await moderator.call<{ topics: { title: string; wysiwyg_state: unknown }[] }>(
      `/topics/chapter-id/${ids.chapter}`,
    );
    const stored = JSON.stringify(topics.find((topic) => topic.title === 'Sound of light')!.wysiwyg_state);
    for (const type of [
      'heading',
      'bold',
      'italic',
      'underline',
      'strike',
      'code',
      'bulletList',
      'orderedList',
      'listItem',
      'blockquote',
      'link',
    ]) {
      assert.match(stored, new RegExp(`"type":"${type}"`), type);
    }
    assert.match(stored, /"href":"https:\/\/example.org\/optics"/);
  });

  it('tags a topic that is in the batch subject’s study plan, with its date', async () => {
    const { topics } = await moderator.call<{ topics: { _id: string; title: string }[] }>(
      `/topics/chapter-id/${ids.chapter}`,
    );
    const lens = topics.find((topic) => topic.title === 'Convex lenses')!;
    await moderator.call('/study-plans', {
      body: { date: '2026-12-05', topic_ids: [lens._id], batch_subject_id: ids.batchSubject },
    });
    await page.reload();
    const planned = card(page, 'Convex lenses');
    await planned.getByText(LABELS.studyPlanTag, { exact: true }).waitFor();
    await planned.getByText('Study Plan Date : 05-12-2026', { exact: true }).waitFor();
    assert.equal(await card(page, 'Sound of light').getByText(LABELS.studyPlanTag).count(), 0);
    await snap(page, 'topics-list-desktop');
  });

  it('shows an image topic’s detail with its description and note buttons', async () => {
    await card(page, 'Convex lenses').getByRole('link', { name: LABELS.viewTopic }).click();
    await page.waitForURL('**/topicDetail?**');
    const image = page.getByRole('img', { name: 'Convex lenses' });
    await image.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('img')).some(
        (img) => img.alt === 'Convex lenses' && img.naturalWidth > 0,
      ),
    );
    await page.getByText('A convex lens brings parallel rays to a focus.').waitFor();
    await snap(page, 'topic-detail-image-desktop');
    await page.getByRole('tab', { name: LABELS.notesTab }).click();
    const note = page.getByRole('link', { name: 'Note 1' });
    await note.waitFor();
    assert.equal(await note.getAttribute('target'), '_blank');
    assert.match((await note.getAttribute('href')) ?? '', /^\/files\/.+lens-notes-b\.txt$/);
    assert.equal(await page.getByRole('link', { name: 'Note 2' }).count(), 0);
    await snap(page, 'topic-detail-notes-desktop');
  });

  it('plays an uploaded video in a video player and opens the report with the topic', async () => {
    await page.goto(topicsUrl());
    await card(page, 'Light rays in motion').getByRole('link', { name: LABELS.viewTopic }).click();
    const video = page.locator('video');
    await video.waitFor();
    assert.match((await video.getAttribute('src')) ?? '', /^\/files\/.+\.webm$/);
    assert.equal(await video.getAttribute('controls'), '');
    await snap(page, 'topic-detail-video-desktop');
    await page.getByRole('button', { name: LABELS.viewReport }).click();
    // The report's address carries the topic too, so a reload keeps it.
    await page.waitForURL((url) => url.pathname === '/topic/reports');
    const state = await page.evaluate(() => (window.history.state as { usr?: { topicId?: string } }).usr);
    assert.ok(state?.topicId);
    assert.equal(new URL(page.url()).searchParams.get('topic'), state.topicId);
  });

  it('edits a topic and deletes another', async () => {
    await page.goto(topicsUrl());
    await card(page, 'Sound of light').getByRole('button', { name: LABELS.editAction }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: LABELS.editTopicTitle }).waitFor();
    const title = form.getByRole('textbox', { name: LABELS.fieldTitle });
    assert.equal(await title.inputValue(), 'Sound of light');
    // The editor opens the formatted description (saving it again must not wipe it).
    const editor = form.getByRole('textbox', { name: LABELS.fieldDescription });
    await editor.getByRole('heading', { name: 'What you will hear' }).waitFor();
    await editor.getByRole('link', { name: 'optics notes' }).waitFor();
    await editor.locator('blockquote').getByText('Light is a wave.').waitFor();
    await title.fill('Sound of light, revised');
    await save(page);
    await banner(page, MESSAGES.topicEdited);
    await card(page, 'Sound of light, revised').waitFor();

    await card(page, 'Sound of light, revised').getByRole('button', { name: LABELS.deleteAction }).click();
    await dialog(page).getByText(MESSAGES.confirmDelete).waitFor();
    await page.waitForTimeout(400); // let the popup finish opening for the picture
    await snap(page, 'topics-delete-confirm-desktop');
    await dialog(page).getByRole('button', { name: LABELS.confirmProceed }).click();
    await banner(page, MESSAGES.topicDeleted);
    await card(page, 'Sound of light, revised').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('article').count(), 2);
  });

  it('has standalone Add and Edit forms', async () => {
    const base = `/batch/${ids.batch}/subjects/${ids.batchSubject}/chapters/${ids.chapter}`;
    await page.goto(`${base}/create-topic`);
    await page.getByRole('heading', { name: LABELS.addTopicTitle }).waitFor();
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();

    const { topics } = await moderator.call<{ topics: { _id: string; title: string }[] }>(
      `/topics/chapter-id/${ids.chapter}`,
    );
    const lens = topics.find((topic) => topic.title === 'Convex lenses')!;
    await page.goto(`${base}/topics/${lens._id}/edit-topic`);
    const title = page.getByRole('textbox', { name: LABELS.fieldTitle });
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Convex lenses');
    await page.getByText('A convex lens brings parallel rays to a focus.').waitFor();
    await snap(page, 'topics-edit-standalone-desktop');
    await title.fill('Convex lenses and focus');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await banner(page, MESSAGES.topicEdited);
    await page.waitForURL('**/batch/subjects/chapters/topics?**');
    await card(page, 'Convex lenses and focus').waitFor();
  });

  it('looks right on a phone', async () => {
    const phone = await portal.newContext(PHONE);
    const small = await phone.newPage();
    await signIn(small, 'moderator');
    await small.goto(topicsUrl());
    await card(small, 'Convex lenses and focus').waitFor();
    await snap(small, 'topics-list-phone');
    await small.getByRole('button', { name: LABELS.addTopicsButton }).click();
    await dialog(small).getByRole('textbox', { name: LABELS.fieldTitle }).waitFor();
    await dialog(small).getByRole('radio', { name: LABELS.typeVideo }).check();
    await snap(small, 'topics-form-phone');
    await dialog(small).getByRole('button', { name: LABELS.formCancel }).click();
    await card(small, 'Convex lenses and focus').getByRole('link', { name: LABELS.viewTopic }).click();
    await small.getByRole('img', { name: 'Convex lenses and focus' }).waitFor();
    await snap(small, 'topic-detail-phone');
    await small.goto(topicsUrl(ids.emptyChapter));
    await small.getByText(MESSAGES.noTopics, { exact: true }).waitFor();
    await snap(small, 'topics-empty-phone');
    await phone.close();
  });
});
