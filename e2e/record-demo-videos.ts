/**
 * Records the portal's default demo videos: a short tour of each role's main screens, written as
 * small WebM files with their captions (WebVTT, the same words as the on-screen captions) to
 * apps/server/src/db/seed/media/demo-videos/, where the server serves them to
 * every institution that has not set its own (`npm run record:demos`, after `npm run build`).
 *
 * Playwright's own video recording (`recordVideo`) needs an ffmpeg build that Playwright downloads
 * from its own servers, which cannot be fetched here. So the script takes the page's screencast
 * frames (`page.screencast`, JPEG frames with their times, straight from Chromium) and encodes
 * them with the system's ffmpeg (Debian: `apt-get install ffmpeg`) as VP9 WebM at 10 frames a
 * second. Runs are reproducible: a freshly seeded demo portal on a scratch data folder each time.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LABELS, type Role } from '@portal/shared';
import type { Browser, Page } from 'playwright-core';
import { DEMO_TIME_ZONE, launchBrowser, settled } from './support/browser.js';
import { contentShown, requestsUnderWay } from './support/navigation.js';
import { DEMO_PASSWORD } from './support/portal.js';
import { startPortal } from './support/server.js';
import { startSmtpCapture } from './support/smtp.js';
import { chooseOption } from './support/ui.js';

const OUTPUT = path.resolve(import.meta.dirname, '../apps/server/src/db/seed/media/demo-videos');
const SIZE = { width: 960, height: 540 };
const FPS = 10;
/** Each recording must stay well under this. */
const MAX_BYTES = 1_500_000;

interface Frame {
  data: Buffer;
  /** Milliseconds. */
  timestamp: number;
}

/** A caption as a WebVTT cue: seconds from the recording's start. */
interface Cue {
  start: number;
  end: number;
  text: string;
}

/** The recording under way: when it started and its captions so far. */
const recording = { startedAt: 0, cues: [] as Cue[] };

/** The captions as a WebVTT file, the player's caption track beside the recording. */
function webVtt(cues: Cue[]): string {
  const time = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString().slice(11, 23);
  const blocks = cues.map(
    (cue, index) => `${index + 1}\n${time(cue.start)} --> ${time(cue.end)}\n${cue.text}\n`,
  );
  return `WEBVTT\n\n${blocks.join('\n')}`;
}

/** A caption at the bottom of the screen, saying what the viewer is looking at; kept for the track too. */
async function caption(page: Page, text: string, seconds: number) {
  const start = (Date.now() - recording.startedAt) / 1000;
  recording.cues.push({ start, end: start + seconds, text });
  const overlay = await page.screencast.showOverlay(
    `<div style="position:fixed;left:50%;bottom:18px;transform:translateX(-50%);max-width:80%;
      padding:8px 16px;border-radius:8px;background:rgba(15,23,42,.85);color:#fff;
      font:600 17px/1.35 system-ui,sans-serif;text-align:center">${text}</div>`,
  );
  await page.waitForTimeout(seconds * 1000);
  await overlay.dispose();
}

/** Opens a page from the left navigation, shown from its top. */
async function nav(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: LABELS.mainNavigation })
    .getByRole('link', { name: label })
    .click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Types into the sign-in form as a person would, then waits for the home page. */
async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel(LABELS.userName).pressSequentially(username, { delay: 60 });
  await page.getByLabel(LABELS.password, { exact: true }).pressSequentially(DEMO_PASSWORD, { delay: 40 });
  await page.getByRole('button', { name: LABELS.submit }).click();
  await page.waitForURL('**/dashboard');
  await page.locator('main h1').first().waitFor();
}

/** Waits until the screen's data, fonts and images have arrived and its transitions ended, so no spinner is recorded. */
async function settle(page: Page) {
  await contentShown(page);
  await settled(page);
}

async function scrollBy(page: Page, pixels: number) {
  await page.mouse.move(SIZE.width / 2, SIZE.height / 2);
  for (let step = 0; step < 6; step += 1) {
    await page.mouse.wheel(0, pixels / 6);
    await page.waitForTimeout(120);
  }
}

/** Each role's tour: its main screens, with a caption each (15-30 s). */
const TOURS: Record<Role, (page: Page) => Promise<void>> = {
  async student(page) {
    await signIn(page, 'student');
    await settle(page);
    await page.getByText(LABELS.newTopics, { exact: true }).first().waitFor();
    await caption(page, 'Home: today’s new topics, pending topics and the last visited', 3);
    await nav(page, LABELS.learnSubjects);
    await settle(page);
    await caption(page, 'Subjects of your class, with your progress', 2.5);
    await page
      .getByRole('link', { name: /Physics/ })
      .first()
      .click();
    await settle(page);
    await caption(page, 'Chapters of a subject', 2);
    await page
      .getByRole('link', { name: /Electricity/ })
      .first()
      .click();
    await settle(page);
    await caption(page, 'Topics of a chapter: open one to read it', 2);
    await page.getByRole('link', { name: LABELS.learnRead }).first().click();
    await page.waitForURL('**/detail**');
    await settle(page);
    await caption(page, 'A topic: picture, audio or video, description and notes', 2.5);
    await scrollBy(page, 500);
    await caption(page, 'Ask a doubt: the portal answers from your course, your teacher replies', 2);
    await nav(page, 'Doubts');
    await settle(page);
    await caption(page, 'Your doubts and your teachers’ replies', 2.5);
  },

  async faculty(page) {
    await signIn(page, 'faculty');
    await settle(page);
    await caption(page, 'Home: your students’ doubts to answer and examinations to evaluate', 3.5);
    await nav(page, 'Subjects');
    await settle(page);
    await caption(page, 'The subjects you teach, class by class', 2.5);
    await page.locator('[data-testid="taught-subject-card"]').first().click();
    await settle(page);
    await page.locator('section[aria-labelledby="teach-chapters"]').scrollIntoViewIfNeeded();
    await caption(page, 'A subject’s chapters: add, edit or open one', 2.5);
    await page.locator('section[aria-labelledby="teach-chapters"] a[href*="topics"]').first().click();
    await settle(page);
    await caption(page, 'A chapter’s topics: add, edit or hide them', 2.5);
    await page.getByRole('link', { name: LABELS.viewTopic }).first().click();
    await settle(page);
    await caption(page, 'A topic as your students see it', 2.5);
    await scrollBy(page, 500);
    await caption(page, 'Its description, notes and your students’ doubts, to reply to', 3);
  },

  async moderator(page) {
    await signIn(page, 'moderator');
    await page.getByText(LABELS.batches, { exact: true }).first().waitFor();
    await caption(page, 'Home: the institution’s batches', 3);
    await page.getByText('Class 10 A', { exact: true }).first().click();
    await page.waitForURL('**/batch/subjects**');
    await settle(page);
    await caption(page, 'Subjects of a batch, with students, teachers and chapters', 3);
    await nav(page, 'Study Plan');
    await settle(page);
    await chooseOption(page, 'Batch', 'Class 10 A', { exact: false });
    await settle(page);
    await caption(page, 'Study plan: the topics each batch reads on each day', 3);
    await nav(page, 'Student List');
    await settle(page);
    await chooseOption(page, 'Batch', 'Class 10 A', { exact: false });
    await settle(page);
    await caption(page, 'Students: add, edit, archive, reset passwords, PDF list', 3);
    await nav(page, 'Faculty List');
    await settle(page);
    await caption(page, 'Faculty: the same for teachers', 2.5);
    await nav(page, 'Bulk Upload');
    await settle(page);
    await caption(page, 'Bulk upload: students or faculty from a CSV file', 2.5);
  },

  async owner(page) {
    await signIn(page, 'owner');
    await page.getByRole('table', { name: LABELS.activeInstitutions }).waitFor();
    await caption(page, 'Home: the institutions you run', 3);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await caption(page, 'Edit an institution: title, academic year, logo', 3);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^More for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: LABELS.moderators }).click();
    await page.getByRole('dialog').getByRole('table').waitFor();
    await caption(page, 'Its moderators: reset a password, archive, unarchive', 3.5);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^More for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: LABELS.demoVideos }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await caption(page, 'Its demo videos for students and faculty', 3);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: LABELS.addUser }).click();
    await caption(page, 'Add a moderator to an institution', 2.5);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: LABELS.archivedInstitutions }).click();
    await caption(page, 'Archived institutions, to restore', 2.5);
  },
};

/** Frames at a steady rate (each screencast frame held until the next), piped to ffmpeg as VP9 WebM. */
async function encode(frames: Frame[], output: string): Promise<void> {
  const start = frames[0]!.timestamp;
  const end = frames.at(-1)!.timestamp + 1000;
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...[
        '-loglevel',
        'error',
        '-y',
        '-f',
        'image2pipe',
        '-framerate',
        String(FPS),
        '-c:v',
        'mjpeg',
        '-i',
        '-',
      ],
      ...['-vf', `scale=${SIZE.width}:${SIZE.height},format=yuv420p`, '-an'],
      ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-g', String(FPS * 5)],
      ...['-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', output],
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const finished = new Promise<void>((resolve, reject) => {
    ffmpeg.once('error', reject);
    ffmpeg.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  let next = 0;
  for (let time = start; time < end; time += 1000 / FPS) {
    while (next + 1 < frames.length && frames[next + 1]!.timestamp <= time) next += 1;
    if (!ffmpeg.stdin.write(frames[next]!.data))
      await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  }
  ffmpeg.stdin.end();
  await finished;
}

async function record(browser: Browser, baseURL: string, role: Role): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: SIZE, timezoneId: DEMO_TIME_ZONE });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  requestsUnderWay(page);
  const frames: Frame[] = [];
  await page.goto('/login');
  await page.getByLabel(LABELS.userName).waitFor();
  recording.startedAt = Date.now();
  recording.cues = [];
  await page.screencast.start({
    size: SIZE,
    quality: 80,
    onFrame: ({ data, timestamp }) => {
      frames.push({ data: Buffer.from(data), timestamp });
    },
  });
  // The pointer shows where each click lands; the actions' technical titles stay hidden.
  await page.screencast.showActions({ duration: 400, style: { title: 'display: none' } });
  try {
    await TOURS[role](page);
  } finally {
    await page.screencast.stop();
    await context.close();
  }
  const output = path.join(OUTPUT, `demo-${role}.webm`);
  await encode(frames, output);
  await fs.writeFile(output.replace(/\.webm$/, '.vtt'), webVtt(recording.cues));
  const { size } = await fs.stat(output);
  const seconds = ((frames.at(-1)!.timestamp - frames[0]!.timestamp) / 1000 + 1).toFixed(1);
  console.log(`${role}: ${seconds} s, ${frames.length} frames, ${(size / 1024).toFixed(0)} KB -> ${output}`);
  if (size > MAX_BYTES) throw new Error(`${output} is ${size} bytes, over ${MAX_BYTES}`);
}

async function main() {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    throw new Error('ffmpeg is needed to encode the recordings (Debian: apt-get install ffmpeg).');
  }
  console.log(
    'Recording with page.screencast frames encoded by the system ffmpeg: Playwright’s recordVideo ' +
      'needs an ffmpeg build it downloads itself, which is not available here.',
  );
  const roles = (process.argv.slice(2) as Role[]).filter((role) => role in TOURS);
  const smtp = await startSmtpCapture();
  const portal = await startPortal({ smtpUrl: smtp.url, name: 'record-demos' });
  const browser = await launchBrowser();
  try {
    for (const role of roles.length > 0 ? roles : (Object.keys(TOURS) as Role[])) {
      await record(browser, portal.baseUrl, role);
    }
  } finally {
    await browser.close();
    await portal.stop();
    await smtp.close();
  }
}

await main();
