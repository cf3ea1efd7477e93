import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { dateText, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { dayAhead, showMonthOf } from '../support/assessments.js';
import { settled, snap } from '../support/browser.js';
import { batchNamed } from '../support/content.js';
import { demoIds } from '../support/demo.js';
import {
  expectFocusTrapped,
  expectFocusVisible,
  focusedElement,
  focusMovesInto,
  focusMovesTo,
  isFocused,
  tabTo,
} from '../support/keyboard.js';
import { quietApi } from '../support/navigation.js';
import { once, usePortal } from '../support/portal.js';

// Decision 41, continued from keyboard.spec.ts: a self assessment, the study plan (the
// moderator's and the student's day), and an assessment created with a question import, with
// the keyboard alone. No click anywhere in this file: the pages are opened by their address, a
// file is chosen through the device's file chooser that Enter opens.

const portal = usePortal('keyboard-planning');
const WIDE = { width: 1366, height: 768 };

const moderatorApi = once(() => apiSignIn(portal, 'moderator'));
const ids = once(async () => demoIds(await moderatorApi()));

/** Presses `key` until `done` holds, at most `max` times; fails saying where the focus is. */
async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, what: string, max = 20) {
  for (let press = 0; press < max && !(await done()); press++) await page.keyboard.press(key);
  assert.ok(await done(), `${what}; the focus is on ${await focusedElement(page)}`);
}

/** The dropdown labelled `label` in `scope` (a Select is a combobox; a MultiSelect's input a textbox). */
const dropdown = (scope: Page | Locator, label: string) =>
  scope
    .getByRole('combobox', { name: label })
    .or(scope.getByRole('textbox', { name: label }))
    .first();

/** Picks `option` in the dropdown `field` from the keyboard: the arrows open it and move, Enter takes it. */
async function chooseByKeys(page: Page, field: Locator, option: string | RegExp) {
  await tabTo(page, field);
  await expectFocusVisible(page);
  const highlighted = () =>
    page.evaluate(() => document.querySelector('[data-combobox-selected]')?.textContent?.trim() ?? '');
  const matches = async () => {
    const text = await highlighted();
    return typeof option === 'string' ? text === option : option.test(text);
  };
  await pressUntil(page, 'ArrowDown', matches, `the arrows reach ${option}`, 40);
  await page.keyboard.press('Enter');
}

describe('a self assessment with the keyboard', () => {
  it('a student opens a topic’s self assessment, answers it by the arrows and Space, and reads the score and the right answers', async () => {
    const { subject, chapter } = await ids();
    const { topics } = await (await moderatorApi()).call<{ topics: { _id: string; title: string }[] }>(
      `/topics/chapter-id/${chapter}`,
    );
    const topic = topics.find((row) => row.title === 'Pythagorean triples')!;
    const { page, done } = await portal.signedInPage('student', WIDE);
    await page.goto(
      `/me/subjects/chapters/topics/detail?${new URLSearchParams({ subject, chapter, topic: topic._id })}`,
    );
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await quietApi(page);
    await tabTo(page, page.getByRole('link', { name: LABELS.learnTakeSelfAssessment }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/me/subjects/chapters/topics/assessment?**');

    const question = (n: number) =>
      page.getByRole('region', {
        name: formatMessage(LABELS.assessQuestionN, { n: String(n) }),
        exact: true,
      });
    await question(2).waitFor();
    // 1 (single choice, the second option right): Tab reaches the group, ArrowDown chooses the second.
    await tabTo(page, question(1).getByRole('radio').first());
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowDown');
    assert.ok(
      await question(1)
        .getByRole('radio', { name: /5, 12, 13/ })
        .isChecked(),
    );
    // 2 (true or false): Space on True.
    await tabTo(page, question(2).getByRole('radio').first());
    await page.keyboard.press('Space');
    assert.ok(await question(2).getByRole('radio').first().isChecked());
    await snap(page, 'keyboard-self-assessment-answered', { fullPage: false });

    await tabTo(page, page.getByRole('button', { name: LABELS.selfSubmit }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: LABELS.selfScoreTitle });
    await focusMovesInto(page, popup, 'the score popup takes the focus');
    await popup.getByTestId('self-score').getByText('2 / 2').waitFor();
    await expectFocusTrapped(page, popup, 4);
    await settled(page);
    await snap(page, 'keyboard-self-assessment-score', { fullPage: false });
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    // The result: each question marked right, with the right answer shown.
    await question(1).getByText(LABELS.selfAnsweredRight, { exact: true }).waitFor();
    await question(2).getByText(LABELS.selfAnsweredRight, { exact: true }).waitFor();
    // And it is kept: the attempt is listed under Self Assessments.
    await page.goto('/me/assessments?tab=self');
    const rows = page
      .getByRole('table', { name: LABELS.mySelfResults })
      .getByRole('row')
      .filter({ hasText: 'Pythagorean triples' });
    await rows.first().waitFor();
    assert.match(await rows.first().innerText(), /2 \/ 2/);
    await done();
  });
});

/** The study plan's rows on the screen (the table at 1366 px). */
const planRows = (page: Page) =>
  page.getByRole('table', { name: LABELS.studyPlanEntries }).locator('tbody tr');

describe('the study plan with the keyboard', () => {
  it('a moderator picks a batch and a day, plans a topic through the popup, and deletes it after the confirmation', async () => {
    const batchId = await batchNamed(await moderatorApi(), 'Class 10 A');
    const tomorrow = dayAhead(1);
    const { page, done } = await portal.signedInPage('moderator', WIDE);
    await page.goto('/create/study-plan');
    await page.getByText(MESSAGES.studyPlanEmpty).waitFor();
    await quietApi(page);

    await chooseByKeys(page, dropdown(page, LABELS.studyPlanBatch), 'Class 10 A');
    await page.waitForURL((url) => url.searchParams.get('batch') === batchId);
    // The day: Enter opens the calendar on today, the arrows move a day, Enter picks it.
    const dateField = page.getByRole('button', { name: LABELS.studyPlanDateField });
    await tabTo(page, dateField);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const tomorrowButton = page.getByRole('button', { name: tomorrow.label, exact: true });
    await tomorrowButton.waitFor();
    await pressUntil(page, 'ArrowRight', () => isFocused(tomorrowButton), 'the arrows reach tomorrow', 3);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('date') === tomorrow.iso);
    await focusMovesTo(page, dateField, 'the focus comes back to the date field');
    // Tomorrow's plan, asked for in the render that shows its day (today's rows stay until then).
    await dateField.filter({ hasText: dateText(tomorrow.iso) }).waitFor();
    await quietApi(page);
    const before = await planRows(page).count();

    // Create Study Plan: the popup takes the focus and keeps it; its fields by the arrows.
    const create = page.getByRole('button', { name: LABELS.createStudyPlan });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: LABELS.createStudyPlan });
    await focusMovesInto(page, dialog);
    await expectFocusTrapped(page, dialog, 6);
    await chooseByKeys(page, dropdown(dialog, LABELS.studyPlanSubject), 'Chemistry');
    await chooseByKeys(page, dropdown(dialog, LABELS.studyPlanChapter), 'Acids, Bases and Salts');
    await chooseByKeys(page, dropdown(dialog, LABELS.studyPlanTopics), 'The pH scale');
    await page.keyboard.press('Escape');
    await settled(page);
    await snap(page, 'keyboard-study-plan-popup', { fullPage: false });
    await tabTo(page, dialog.getByRole('button', { name: LABELS.submit }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.studyPlanCreated).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await planRows(page).nth(before).waitFor();
    const planned = await (await moderatorApi()).call<{ study_plans: { topic_title: string }[] }>(
      `/study-plans/daily/${tomorrow.iso}?batch_id=${batchId}`,
    );
    assert.ok(planned.study_plans.some((entry) => entry.topic_title === 'The pH scale'));

    // Delete it: the row's button, then Proceed in the confirmation.
    await tabTo(page, page.getByRole('button', { name: `${LABELS.studyPlanDeleteColumn} The pH scale` }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: LABELS.studyPlanDeleteTitle });
    await focusMovesInto(page, confirm);
    await tabTo(page, confirm.getByRole('button', { name: LABELS.confirmProceed }));
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.studyPlanDeleted).first().waitFor();
    await page.waitForFunction(
      ({ name, count }) => document.querySelectorAll(`table[aria-label="${name}"] tbody tr`).length === count,
      { name: LABELS.studyPlanEntries, count: before },
    );
    await done();
  });

  it('a student moves their day back with the calendar, switches tabs by the arrows and opens a planned topic', async () => {
    const { page, done } = await portal.signedInPage('student', WIDE);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await quietApi(page);
    const yesterday = dayAhead(-1);
    const dateField = page.getByRole('button', { name: new RegExp(`^${LABELS.learnHomeDate}: `) });
    await tabTo(page, dateField);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const yesterdayButton = page.getByRole('button', { name: yesterday.label, exact: true });
    await yesterdayButton.waitFor();
    await pressUntil(page, 'ArrowLeft', () => isFocused(yesterdayButton), 'the arrows reach yesterday', 3);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('date') === yesterday.iso);
    await quietApi(page);

    // The tabs: one Tab stop, the arrows between them; back to New Topics, then into its cards.
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: LABELS.pendingTopics, selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const newTopics = page.getByRole('tabpanel', { name: LABELS.newTopics });
    const card = newTopics.getByRole('link').first();
    await card.waitFor();
    await snap(page, 'keyboard-student-day', { fullPage: false });
    await tabTo(page, card);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/me/subjects/chapters/topics/detail?**');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await done();
  });
});

/** Three questions in GIFT: one right answer, two right answers, true or false. */
const OPTICS_GIFT = `::Speed of light::Light travels fastest through {=a vacuum ~water ~glass}

::Primary colours::Which are primary colours of light? {~%50%Red ~%50%Green ~%-100%Yellow}

::The Sun::The Sun is a star. {T}
`;

/**
 * A date-time field from the keyboard: Enter opens its calendar, the arrows move from the day in
 * reach to `day`, Enter picks it; the hours, minutes and AM/PM are typed, and Done (Enter) closes it.
 */
async function pickDateTimeByKeys(
  page: Page,
  field: Locator,
  day: { label: string },
  time: { hours: string; minutes: string; half: 'a' | 'p' },
) {
  await tabTo(page, field);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  // The arrows stay within the month shown; a later month is reached by its Next month control.
  await showMonthOf(page, day, async (next) => {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
  });
  const target = page.getByRole('button', { name: day.label, exact: true }).last();
  await target.waitFor();
  // The calendar's days take one Tab stop (the month's table holds them); the arrows move between them.
  await tabTo(page, page.locator('table button[tabindex="0"]').last());
  await pressUntil(page, 'ArrowRight', () => isFocused(target), `the arrows reach ${day.label}`, 40);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('spinbutton', { name: LABELS.assessHours }).last());
  await page.keyboard.type(time.hours);
  await tabTo(page, page.getByRole('spinbutton', { name: LABELS.assessMinutes }).last());
  await page.keyboard.type(time.minutes);
  await tabTo(page, page.getByRole('textbox', { name: LABELS.assessAmPm }).last());
  await page.keyboard.press(time.half);
  await tabTo(page, page.getByRole('button', { name: LABELS.assessPickerDone }).last());
  await page.keyboard.press('Enter');
  await target.waitFor({ state: 'detached' });
}

describe('an assessment with the keyboard', () => {
  it('a moderator creates one, then imports its questions from a file chosen with Enter, after their preview', async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'keyboard-planning-e2e-'));
    const gift = path.join(directory, 'optics.gift');
    await fs.writeFile(gift, OPTICS_GIFT);
    const { page, done } = await portal.signedInPage('moderator', WIDE);
    // The device's file chooser, answered with the file: listened for from the start.
    page.on('filechooser', (chooser) => void chooser.setFiles(gift));
    await page.goto('/create/assessment');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await quietApi(page);

    await tabTo(page, page.getByRole('button', { name: LABELS.assessAddButton }).first());
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog').first();
    await form.getByRole('heading', { name: LABELS.assessAddTitle }).waitFor();
    await focusMovesInto(page, form, 'the popup takes the focus');
    await tabTo(page, form.getByRole('textbox', { name: LABELS.assessFieldTitle }));
    await page.keyboard.type('Light and lenses');
    await tabTo(page, form.getByRole('textbox', { name: LABELS.assessFieldDescription }));
    await page.keyboard.type('Reflection and refraction.');
    await chooseByKeys(page, dropdown(form, LABELS.assessFieldBatch), /^Class 10 A/);
    await chooseByKeys(page, dropdown(form, LABELS.assessFieldSubject), /Mathematics/);
    const start = dayAhead(2);
    await pickDateTimeByKeys(page, form.getByRole('button', { name: LABELS.assessFieldStart }), start, {
      hours: '10',
      minutes: '00',
      half: 'a',
    });
    await pickDateTimeByKeys(page, form.getByRole('button', { name: LABELS.assessFieldDue }), start, {
      hours: '11',
      minutes: '00',
      half: 'a',
    });
    await expectFocusTrapped(page, form, 4);
    await settled(page);
    await snap(page, 'keyboard-assessment-form', { fullPage: false });
    await tabTo(page, form.getByRole('button', { name: LABELS.submit }));
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.assessmentAdded).first().waitFor();
    await form.waitFor({ state: 'detached' });

    // Add Question on its card: the file by Enter on Choose file, then Preview, then Import.
    const card = page.getByRole('article', {
      name: formatMessage(LABELS.assessCard, { title: 'Light and lenses' }),
      exact: true,
    });
    await tabTo(page, card.getByRole('button', { name: LABELS.assessAddQuestion }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog').first();
    await focusMovesInto(page, popup, 'the import popup takes the focus');
    await tabTo(page, popup.getByRole('button', { name: LABELS.importChooseFile }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await popup.getByText(formatMessage(LABELS.importFileChosen, { name: 'optics.gift' })).waitFor();
    await tabTo(page, popup.getByRole('button', { name: LABELS.importPreview }));
    await page.keyboard.press('Enter');
    await popup.getByText(formatMessage(LABELS.importPreviewTitle, { n: '3' })).waitFor();
    const importButton = popup.getByRole('button', { name: LABELS.importImport, exact: true });
    await tabTo(page, importButton);
    await expectFocusVisible(page);
    await settled(page);
    await snap(page, 'keyboard-assessment-import-preview', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.getByText(MESSAGES.assessmentQuestionsAdded).first().waitFor();
    await popup.waitFor({ state: 'detached' });
    await card.getByText(formatMessage(LABELS.assessQuestionCount, { n: '3' })).waitFor();
    // Stored: the assessment holds the three questions, starting on the day picked at 10:00 AM.
    assert.match(
      await card.innerText(),
      new RegExp(`${start.iso.split('-').reverse().join('-')} \\| 10:00 AM`),
    );
    await done();
    await fs.rm(directory, { recursive: true, force: true });
  });
});
