import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { dateText, LABELS, REPORT_MARKS, type StudyPlanEntry } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { batchNamed } from '../support/content.js';
import { once, usePortal } from '../support/portal.js';
import { chooseOption, downloaded } from '../support/ui.js';

const portal = usePortal('reports');
const WIDE = { width: 1366, height: 900 };
const LAPTOP = { width: 1366, height: 768 };
const BATCH = 'Class 10 A';

/** YYYY-MM-DD of the demo institution's day (the browsers run in its time zone). */
const dayOf = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const today = dayOf(new Date());
const yesterday = dayOf(new Date(Date.now() - 86_400_000));

/** The demo student opens today's first planned topic, so By Topic has a Viewed mark. */
const setUp = once(async () => {
  const moderator = await apiSignIn(portal, 'moderator');
  const student = await apiSignIn(portal, 'student');
  const plan = (await student.call<{ study_plans: StudyPlanEntry[] }>(`/users/me/studyplans/daily/${today}`))
    .study_plans;
  const opened = plan[0];
  assert.ok(opened, 'the demo plans topics for today');
  await student.call('/impressions', {
    body: { topic_id: opened.topic_id, batch_subject_id: opened.batch_subject_id },
  });
  return { moderator, opened, batchId: await batchNamed(moderator, BATCH) };
});

/**
 * Every report table on screen, header row first, as text: read in one step, so a table replaced
 * by the next report while it is read never gives a mix or nothing.
 */
function tablesOnScreen(page: Page): Promise<string[][]> {
  return page
    .locator('[data-report-table]')
    .evaluateAll((tables) =>
      tables.flatMap((table) =>
        Array.from(table.querySelectorAll('tr'), (row) =>
          Array.from(row.querySelectorAll('th, td'), (cell) => (cell as HTMLElement).innerText.trim()),
        ),
      ),
    );
}

/** The CSV's rows without section headings and blank lines, as the screen's tables have them. */
async function csvOf(page: Page): Promise<string[][]> {
  const file = await downloaded(page, LABELS.reportCsv);
  // The byte-order mark first, so Excel reads the names' scripts right; then what the screen shows.
  assert.equal(file.subarray(0, 3).toString('hex'), 'efbbbf');
  const rows: string[][] = parse(file, { bom: true, relax_column_count: true });
  return rows.filter((row) => row.length > 1);
}

async function pdfTextOf(page: Page): Promise<string> {
  const bytes = await downloaded(page, LABELS.reportPdf);
  assert.equal(bytes.subarray(0, 4).toString(), '%PDF');
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();
}

/** How far `inside`'s scroll container (a table's, the heat grid's) is wider than it shows, in px. */
const overflowOf = (inside: Locator) =>
  inside.evaluate((element) => {
    const box = element.closest('.mantine-ScrollArea-viewport') ?? element.parentElement!;
    return Math.max(0, Math.ceil(element.getBoundingClientRect().right - box.getBoundingClientRect().right));
  });

/**
 * Waits for the report to show: its table, or its empty note; with `lines`, the report whose lines
 * (date, batch, subject) include each of them, so the one asked for and not the one before. Only
 * the lines count: every batch's report names each batch in its sections' headings ('Batch: Class
 * 10 A').
 */
async function shown(page: Page, ...lines: string[]) {
  if (lines.length > 0) {
    const header = lines.reduce(
      (found, line) => found.filter({ hasText: line }),
      page.locator('[data-report-lines]'),
    );
    await header.waitFor();
  }
  await page.locator('[data-report-table]').first().or(page.getByText(LABELS.reportNoRows)).waitFor();
  await page
    .getByRole('button', { name: LABELS.reportCsv, exact: true })
    .and(page.locator(':enabled'))
    .waitFor();
}

/** Picks a day in the date picker labelled Date (its calendar names days 'D MMMM YYYY'). */
async function pickDay(page: Page, day: string) {
  await page.getByRole('button', { name: LABELS.reportDate }).click();
  const name = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const previousMonth = page.locator('[data-direction="previous"]').first();
  await previousMonth.waitFor();
  const button = page.getByRole('button', { name, exact: true }).first();
  if ((await button.count()) === 0) await previousMonth.click();
  await button.click();
}

async function csvMatchesScreen(page: Page) {
  const screen = await tablesOnScreen(page);
  assert.ok(screen.length > 1, 'the report shows rows');
  assert.deepEqual(await csvOf(page), screen);
}

describe('reports', () => {
  it('a moderator opens each report type, switches batch and date, and downloads what the screen shows', async () => {
    const { opened } = await setUp();
    const { page, done } = await portal.signedInPage('moderator', WIDE);
    await page.getByRole('link', { name: LABELS.studentAnalyticsTitle }).first().click();
    await page.waitForURL('**/reports');

    // Attendance By Topic, today, every batch: the demo student's opened topic is Viewed.
    await shown(page);
    const dayField = page.getByRole('button', { name: LABELS.reportDate });
    assert.equal(await dayField.innerText(), dateText(today));
    await chooseOption(page, LABELS.reportBatch, BATCH, { exact: false });
    await page.waitForURL(/batch=/);
    await shown(page, `${LABELS.reportBatch}: ${BATCH}`);
    const byTopic = await tablesOnScreen(page);
    const column = byTopic[0]!.findIndex((header) => header.endsWith(`: ${opened.topic_title}`));
    assert.ok(column > 1, 'the opened topic has a column');
    assert.ok(byTopic.slice(1).some((row) => row[column] === REPORT_MARKS.viewed));
    await csvMatchesScreen(page);
    const topicPdf = await pdfTextOf(page);
    assert.match(topicPdf, new RegExp(LABELS.reportTypeByTopic));
    assert.match(topicPdf, new RegExp(`Batch: ${BATCH}`));
    await snap(page, 'reports-by-topic-wide');

    // Attendance By Batch, today: the demo student opened a topic, so is present.
    await chooseOption(page, LABELS.reportType, LABELS.reportTypeByBatch);
    await page.waitForURL(/type=batch/);
    await shown(page);
    await page.getByRole('columnheader', { name: 'Attendance', exact: true }).first().waitFor();
    const byBatch = await tablesOnScreen(page);
    assert.deepEqual(byBatch[0], ['Sl No', 'Student Name', 'Batch', 'Attendance', 'Time Spent (min)']);
    assert.ok(byBatch.slice(1).every((row) => row[2] === BATCH));
    assert.ok(byBatch.slice(1).some((row) => row[3] === REPORT_MARKS.present));
    await csvMatchesScreen(page);
    assert.match(await pdfTextOf(page), new RegExp(`Date: ${dateText(today)}`));
    await snap(page, 'reports-by-batch-wide');

    // Attendance By Week, with its heat grid; the days after today are '---'.
    await chooseOption(page, LABELS.reportType, LABELS.reportTypeByWeek);
    await shown(page);
    await page.getByLabel(LABELS.reportWeekGrid).first().waitFor();
    const byWeek = await tablesOnScreen(page);
    assert.equal(byWeek[0]!.length, 11, 'Sl No, name, batch, seven days, the count');
    await page.setViewportSize(LAPTOP);
    assert.equal(await overflowOf(page.locator('[data-report-table]').first()), 0, 'the week fits 1366 px');
    await csvMatchesScreen(page);
    assert.match(await pdfTextOf(page), new RegExp(LABELS.reportTypeByWeek));
    await snap(page, 'reports-by-week-wide');
    await page.setViewportSize(WIDE);

    // Attendance For Live Class, yesterday: the demo's held session, five of the batch attended.
    await chooseOption(page, LABELS.reportType, LABELS.reportTypeLiveClass);
    await pickDay(page, yesterday);
    await page.waitForURL(new RegExp(`date=${yesterday}`));
    await shown(page);
    await page
      .getByText(/Session: Revision: Triangles and similarity/)
      .first()
      .waitFor();
    const live = await tablesOnScreen(page);
    assert.equal(live.filter((row) => row[2] === REPORT_MARKS.attended).length, 5);
    await csvMatchesScreen(page);
    const livePdf = await pdfTextOf(page);
    assert.match(livePdf, new RegExp(LABELS.reportTypeLiveClass));
    assert.match(livePdf, /Attended: 5\//);
    await snap(page, 'reports-live-class-wide');

    // The per-subject type, today again: the batch and its first subject are chosen for it.
    await chooseOption(page, LABELS.reportType, LABELS.reportTypeBySubject);
    await pickDay(page, today);
    await page.waitForURL(new RegExp(`date=${today}`));
    await page.waitForURL(/subject=/);
    // The day too: choosing the type first shows yesterday's report of the first subject.
    await shown(page, `${LABELS.reportDate}: ${dateText(today)}`, `${LABELS.reportSubject}: `);
    const subjectTitle = await page.getByRole('combobox', { name: LABELS.reportSubject }).inputValue();
    assert.ok(subjectTitle, 'a subject is chosen');
    await csvMatchesScreen(page);
    assert.match(await pdfTextOf(page), new RegExp(`Subject: ${subjectTitle}`));
    await snap(page, 'reports-by-subject-wide');

    // Everything lives in the address: a reload shows the same report.
    const before = await tablesOnScreen(page);
    await page.reload();
    await shown(page);
    assert.deepEqual(await tablesOnScreen(page), before);
    await done();
  });

  it('VIEW REPORT on a topic shows every student’s minutes as a table and a chart, and survives a reload', async () => {
    const { opened, batchId } = await setUp();
    const { page, done } = await portal.signedInPage('moderator', WIDE);
    const detail = new URLSearchParams({
      batch: batchId,
      subject: opened.batch_subject_id,
      chapter: opened.chapter_id,
      topic: opened.topic_id,
    });
    await page.goto(`/batch/subjects/chapters/topics/topicDetail?${detail}`);
    await page.getByRole('button', { name: LABELS.viewReport }).click();
    await page.waitForURL(/\/topic\/reports\?topic=/);
    await shown(page);
    await page.getByRole('heading', { name: `${LABELS.topicReportTitle} - ${opened.topic_title}` }).waitFor();
    await page.locator('.recharts-bar-rectangle, .recharts-rectangle').first().waitFor({ state: 'attached' });
    const rows = await tablesOnScreen(page);
    assert.deepEqual(rows[0], [
      'Sl No',
      'Student Name',
      'Batch',
      'Attendance',
      'Time Spent (min)',
      'Last Viewed',
    ]);
    assert.ok(rows.slice(1).some((row) => row[3] === REPORT_MARKS.viewed));
    assert.ok(
      rows.slice(1).every((row) => /^\d+\.\d{2}$/.test(row[4]!)),
      'minutes to 2 decimals',
    );
    await csvMatchesScreen(page);
    assert.match(await pdfTextOf(page), new RegExp(`${LABELS.topicReportTitle} - ${opened.topic_title}`));
    await snap(page, 'reports-topic-wide');
    await page.reload();
    await shown(page);
    assert.deepEqual(await tablesOnScreen(page), rows);
    await done();
  });

  it('Faculty Analytics counts each teacher over the academic year, sorts, and downloads', async () => {
    const { page, done } = await portal.signedInPage('moderator', WIDE);
    await page.getByRole('link', { name: LABELS.facultyAnalyticsTitle }).first().click();
    await page.waitForURL('**/faculty/reports');
    await shown(page);
    const rows = await tablesOnScreen(page);
    assert.deepEqual(rows[0], ['Sl No', 'Name', 'Topics', 'Doubts', 'Doubts Answered', 'Online Sessions']);
    await csvMatchesScreen(page);
    assert.match(await pdfTextOf(page), new RegExp(LABELS.facultyAnalyticsTitle));
    // The header says how the rows are sorted, drawn with them (the address changes before).
    const sessionsHeader = (order: 'ascending' | 'descending') =>
      page.locator(`th[aria-sort="${order}"]`, { hasText: LABELS.reportOnlineSessions }).waitFor();
    await page.getByRole('button', { name: LABELS.reportOnlineSessions }).click();
    await sessionsHeader('ascending');
    await page.getByRole('button', { name: LABELS.reportOnlineSessions }).click();
    await page.waitForURL(/sort=online_session_count&order=desc/);
    await sessionsHeader('descending');
    const sorted = (await tablesOnScreen(page)).slice(1).map((row) => Number(row[5]));
    assert.deepEqual(
      sorted,
      [...sorted].sort((a, b) => b - a),
    );
    assert.ok(sorted[0]! >= 1, 'the demo teacher hosts sessions');
    await snap(page, 'reports-faculty-wide');
    await done();
  });

  it('every report reads on a phone', async () => {
    await setUp();
    const { page, done } = await portal.signedInPage('moderator', PHONE);
    const shots: [string, string][] = [
      ['/reports', 'reports-by-topic-phone'],
      [`/reports?type=week&date=${today}`, 'reports-by-week-phone'],
      [`/reports?type=live&date=${yesterday}`, 'reports-live-class-phone'],
      ['/faculty/reports', 'reports-faculty-phone'],
    ];
    for (const [url, name] of shots) {
      await page.goto(url);
      await shown(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${url} fits the phone's width (${overflow}px over)`);
      if (url.includes('type=week')) {
        const grid = page.getByTestId('week-heat-grid').locator('svg').first();
        assert.equal(await overflowOf(grid), 0, "the heat grid's days all show on the phone");
      }
      await snap(page, name);
    }
    const { opened, batchId } = await setUp();
    await page.goto(`/topic/reports?topic=${opened.topic_id}&batch=${batchId}`);
    await shown(page);
    await snap(page, 'reports-topic-phone');
    await done();
  });
});
