import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  dateTimeText,
  dayIn,
  earliestSessionStart,
  formatMessage,
  LABELS,
  MESSAGES,
  type OnlineSession,
  type OnlineSessionList,
  wallTimeInstant,
  zoneOffsetText,
} from '@portal/shared';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { dayAhead, pickDateTime } from '../support/assessments.js';
import { DEMO_TIME_ZONE, PHONE, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { once, usePortal } from '../support/portal.js';
import { banner, chooseOption, downloaded } from '../support/ui.js';

/**
 * Decision 37: every time a person reads is in the institution's zone (the demo's Asia/Kolkata,
 * UTC+05:30), whatever the device's. These browsers are in UTC, so a time on the device's clock
 * would read 5 h 30 min off.
 */
const portal = usePortal('time-zone');
const DEVICE = { timezoneId: 'UTC' };
const LAPTOP = { width: 1366, height: 768 };
const TITLE = 'Zone check: optics';
const PICKED_TITLE = 'Zone check: picked at ten';

/** A session of the demo student's batch, from now's 15-minute slot for an hour (today in the institution). */
const setUp = once(async () => {
  const moderator = await apiSignIn(portal, 'moderator');
  const faculty = await apiSignIn(portal, 'faculty');
  const classTen = await batchNamed(moderator, 'Class 10 A');
  const taught = (await faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  const start = earliestSessionStart(new Date());
  await faculty.call('/online-sessions', {
    body: {
      title: TITLE,
      batch_id: classTen,
      batch_subject_id: subject._id,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  return { faculty, subject, start, day: dayIn(DEMO_TIME_ZONE, start) };
});

const shownTime = (instant: Date | string) => dateTimeText(instant, DEMO_TIME_ZONE);

/** The screen names the institution's zone, since the device's is another. */
async function namesTheZone(page: Page) {
  const note = page.getByTestId('time-zone-note').first();
  assert.equal(
    await note.innerText(),
    formatMessage(LABELS.timesInZone, { zone: DEMO_TIME_ZONE, offset: zoneOffsetText(DEMO_TIME_ZONE) }),
  );
}

describe('times on a device in another zone than the institution’s', () => {
  it('a session’s start reads the same on the sessions report, in its PDF and in its CSV', async () => {
    const { start, day } = await setUp();
    const expected = shownTime(start);
    assert.notEqual(expected, dateTimeText(start, 'UTC'), 'the device’s clock would read otherwise');
    const { page, done } = await portal.signedInPage('moderator', LAPTOP, DEVICE);
    await page.goto(`/onlinesessions/reports?from=${day}&to=${day}`);
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    // Session, Batch, Subject, Teacher, Start, End, ...
    const onScreen = await row.locator('td').allInnerTexts();
    assert.equal(onScreen[4]!.trim(), expected);
    assert.equal(onScreen[5]!.trim(), shownTime(new Date(start.getTime() + 3_600_000)));
    await namesTheZone(page);
    await snap(page, 'time-zone-sessions-report-wide', { fullPage: false });

    const csv: string[][] = parse(await downloaded(page, LABELS.sessionDownloadCsv));
    const csvRow = csv.find((line) => line[1] === TITLE);
    assert.ok(csvRow, 'the CSV has the session');
    assert.equal(csvRow[5], expected);

    const pdf = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], {
      input: await downloaded(page, LABELS.sessionDownloadPdf),
    }).toString();
    assert.ok(pdf.includes(expected), `the PDF shows ${expected}`);

    await page.setViewportSize(PHONE);
    await row.waitFor();
    await namesTheZone(page);
    await snap(page, 'time-zone-sessions-report-phone');
    await done();
  });

  it('the student finds today’s session in Today’s Sessions, at the institution’s time', async () => {
    const { start } = await setUp();
    for (const [viewport, name] of [
      [LAPTOP, 'wide'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, done } = await portal.signedInPage('student', viewport, DEVICE);
      const today = page.getByRole('region', { name: LABELS.homeTodaySessionsTitle });
      const card = today.getByRole('article', { name: TITLE });
      await card.waitFor();
      assert.match(await card.innerText(), new RegExp(shownTime(start).replace('|', '\\|')));
      await namesTheZone(page);
      await card.scrollIntoViewIfNeeded();
      await snap(page, `time-zone-student-home-${name}`, { fullPage: false });
      await done();
    }
  });

  it('notes and doubts carry their times in the one format, in the institution’s zone', async () => {
    const student = await apiSignIn(portal, 'student');
    const notes = (await student.call<{ notes: { created_at: string }[] }>('/users/me/notes?limit=20')).notes;
    const doubts = (await student.call<{ doubts: { created_at: string }[] }>('/doubts?limit=20')).doubts;
    assert.ok(notes.length > 0 && doubts.length > 0, 'the demo student has notes and doubts');
    const { page, done } = await portal.signedInPage('student', LAPTOP, DEVICE);
    for (const [address, testId, rows] of [
      ['/me/notes', 'note-item', notes],
      ['/me/doubts', 'doubt', doubts],
    ] as const) {
      await page.goto(address);
      await page.getByTestId(testId).first().waitFor();
      const shown = (await page.getByTestId(testId).allInnerTexts()).join('\n');
      for (const row of rows) {
        assert.ok(shown.includes(shownTime(row.created_at)), `${address} shows ${shownTime(row.created_at)}`);
      }
    }
    await snap(page, 'time-zone-student-doubts-wide', { fullPage: false });
    await done();
  });

  it('a teacher picks a start in the institution’s zone: 10:00 AM there, whatever the device’s clock', async () => {
    const { faculty, subject } = await setUp();
    const { page, done } = await portal.signedInPage('faculty', LAPTOP, DEVICE);
    await page.goto('/me/session/create');
    const before = earliestSessionStart(new Date());
    const field = page.getByRole('button', { name: LABELS.sessionFieldStart });
    const shownDefault = (await field.innerText()).trim();
    const after = earliestSessionStart(new Date());
    assert.ok(
      [shownTime(before), shownTime(after)].includes(shownDefault),
      `the form starts at now's slot in the institution's zone, not ${shownDefault}`,
    );
    await namesTheZone(page);

    await page.getByLabel(LABELS.sessionFieldTitle).fill(PICKED_TITLE);
    await chooseOption(page, LABELS.sessionFieldBatch, 'Class 10 A', { exact: false });
    await chooseOption(page, LABELS.sessionFieldSubject, subject.subject_title, { exact: false });
    const tomorrow = dayAhead(1);
    await pickDateTime(page, page.locator('form'), LABELS.sessionFieldStart, tomorrow, {
      hours: '10',
      minutes: '00',
    });
    await snap(page, 'time-zone-create-session-wide', { fullPage: false });
    await page.getByRole('button', { name: LABELS.sessionCreate }).click();
    await banner(page, MESSAGES.sessionAdded);
    const created = (
      await faculty.call<OnlineSessionList>('/users/me/online-sessions?when=upcoming&limit=200')
    ).sessions.find((session: OnlineSession) => session.title === PICKED_TITLE);
    assert.ok(created, 'the session was created');
    assert.equal(
      new Date(created.start_time).toISOString(),
      wallTimeInstant(`${tomorrow.iso} 10:00:00`, DEMO_TIME_ZONE).toISOString(),
    );
    await done();
  });
});
