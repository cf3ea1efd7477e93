import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LABELS, MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { batchNamed } from '../support/content.js';
import { signIn, usePortal } from '../support/portal.js';

const portal = usePortal('study-plan');

interface Entry {
  _id: string;
  topic_title: string;
  subject_title: string;
  chapter_title: string;
}

/** Reads through the API as the moderator, to compare the screen with the seeded plan. */
let moderator: ApiUser | undefined;
const moderatorApi = async () => {
  moderator ??= await apiSignIn(portal, 'moderator');
  return moderator;
};

const classTenA = async () => batchNamed(await moderatorApi(), 'Class 10 A');

const planOf = async (batchId: string, day: string) =>
  (
    await (
      await moderatorApi()
    ).call<{ study_plans: Entry[] }>(`/study-plans/daily/${day}?batch_id=${batchId}`)
  ).study_plans;

/** The browser's today, as sent (YYYY-MM-DD) and as the calendar names its day button. */
const browserToday = async (page: Page) => {
  // Plain values only: helpers declared inside evaluate() do not survive the TypeScript loader.
  const [year, month, day, dayLabel] = await page.evaluate(() => {
    const now = new Date();
    return [
      now.getFullYear(),
      now.getMonth() + 1,
      now.getDate(),
      now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    ] as const;
  });
  const pad = (value: number) => String(value).padStart(2, '0');
  return { iso: `${year}-${pad(month)}-${pad(day)}`, shown: `${pad(day)}-${pad(month)}-${year}`, dayLabel };
};

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rows = (page: Page) => page.getByRole('table', { name: LABELS.studyPlanEntries }).locator('tbody tr');
const topicCells = async (page: Page) =>
  (await rows(page).locator('td:nth-child(4)').allTextContents()).map((text) => text.trim());

describe('study plan', () => {
  it('the moderator reads the seeded plan, creates an entry and deletes it', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto('/create/study-plan');
    await page.getByText(MESSAGES.studyPlanEmpty).waitFor();

    // Without a batch, the popup does not open.
    await page.getByRole('button', { name: LABELS.createStudyPlan }).click();
    await page.getByText(MESSAGES.selectTheBatch, { exact: true }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await snap(page, 'study-plan-no-batch-desktop');

    // Class 10 A and today: the seeded entries.
    const batchId = await classTenA();
    const today = await browserToday(page);
    await choose(page, LABELS.studyPlanBatch, 'Class 10 A');
    await page.getByRole('button', { name: LABELS.studyPlanDateField }).click();
    await page.getByRole('button', { name: today.dayLabel, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('batch') === batchId);
    const seeded = await planOf(batchId, today.iso);
    assert.ok(seeded.length >= 3, 'the demo data plans today for Class 10 A');
    await rows(page)
      .nth(seeded.length - 1)
      .waitFor();
    assert.deepEqual(
      await topicCells(page),
      seeded.map((entry) => entry.topic_title),
    );
    await page.getByText(today.shown).first().waitFor();
    await snap(page, 'study-plan-list-desktop');

    // The popup refuses an incomplete form.
    await page.getByRole('button', { name: LABELS.createStudyPlan }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.createStudyPlan });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillInTheForm }).waitFor();
    await choose(page, LABELS.studyPlanSubject, 'Chemistry');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillInTheForm }).waitFor();

    // A topic not planned today.
    const topic = 'The pH scale';
    assert.ok(!seeded.some((entry) => entry.topic_title === topic));
    await choose(page, LABELS.studyPlanChapter, 'Acids, Bases and Salts');
    await choose(page, LABELS.studyPlanTopics, topic);
    await page.keyboard.press('Escape');
    await snap(page, 'study-plan-popup-desktop');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await page.getByText(MESSAGES.studyPlanCreated).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await rows(page).nth(seeded.length).waitFor();
    assert.ok((await topicCells(page)).includes(topic));
    assert.ok((await planOf(batchId, today.iso)).some((entry) => entry.topic_title === topic));

    // Delete it, after the confirmation.
    await page.getByRole('button', { name: `${LABELS.studyPlanDeleteColumn} ${topic}` }).click();
    const confirm = page.getByRole('dialog', { name: LABELS.studyPlanDeleteTitle });
    await confirm.getByText(MESSAGES.confirmDelete).waitFor();
    await confirm.getByRole('button', { name: LABELS.confirmProceed }).click();
    await page.getByText(MESSAGES.studyPlanDeleted).first().waitFor();
    await page.waitForFunction(
      ({ name, count }) => document.querySelectorAll(`table[aria-label="${name}"] tbody tr`).length === count,
      { name: LABELS.studyPlanEntries, count: seeded.length },
    );
    assert.ok(!(await topicCells(page)).includes(topic));
    assert.equal((await planOf(batchId, today.iso)).length, seeded.length);
    await context.close();
  });

  it('stacks the form above the list on a phone', async () => {
    const batchId = await classTenA();
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto(`/create/study-plan?batch=${batchId}`);
    // On a phone the entries are a list of cards, each with its delete button.
    const list = page.getByRole('list', { name: LABELS.studyPlanEntries });
    await list.getByRole('listitem').first().waitFor();
    assert.equal(await page.getByRole('table', { name: LABELS.studyPlanEntries }).count(), 0);
    const form = await page.getByRole('button', { name: LABELS.createStudyPlan }).boundingBox();
    const cards = await list.boundingBox();
    assert.ok(form && cards && form.y + form.height <= cards.y, 'the form comes first');
    const firstCard = list.getByRole('listitem').first();
    const remove = await firstCard.getByRole('button').boundingBox();
    assert.ok(remove && remove.x + remove.width <= PHONE.width, 'the delete button is on screen');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page does not scroll sideways (${overflow}px)`);
    await snap(page, 'study-plan-list-phone');
    await page.getByRole('button', { name: LABELS.createStudyPlan }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.createStudyPlan });
    await dialog.waitFor();
    // Let the popup finish its opening transition before the picture.
    await page.waitForFunction(() => {
      const content = document.querySelector('[role="dialog"]');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    await snap(page, 'study-plan-popup-phone');
    await context.close();
  });
});
