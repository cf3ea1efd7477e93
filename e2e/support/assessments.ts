import { type Assessment, dateText, LABELS } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import type { ApiUser } from './api.js';
import { DEMO_TIME_ZONE } from './browser.js';

/** The current 15-minute slot: the earliest start the portal accepts. */
export const slotStart = () => new Date(Math.floor(Date.now() / 900_000) * 900_000);

/**
 * A LIVE examination made through the API as a teacher makes it: created (from the current slot
 * until `due`, with any settings), then its question file imported.
 */
export async function createExamWithPaper(
  faculty: ApiUser,
  exam: {
    batchSubjectId: string;
    title: string;
    csv: string;
    due: Date;
    description?: string;
    settings?: object;
  },
): Promise<Assessment> {
  const { assessment } = await faculty.call<{ assessment: Assessment }>('/assessments', {
    body: {
      title: exam.title,
      description: exam.description ?? 'Answer every question.',
      batch_subject_id: exam.batchSubjectId,
      start_date: slotStart().toISOString(),
      due_date: exam.due.toISOString(),
      ...exam.settings,
    },
  });
  const form = new FormData();
  form.append('file', new Blob([exam.csv], { type: 'text/csv' }), 'paper.csv');
  const stored = await faculty.call<{ publicUrl: string }>('/s3/v2?purpose=import', { form });
  await faculty.call('/assessment-questions/csv', {
    body: { csv_url: stored.publicUrl, assessment_id: assessment._id },
  });
  return assessment;
}

/**
 * Closes a LIVE examination by its due date without waiting for the one it was made with: its
 * author moves the due date to a second from now (the portal refuses one in the past), then this
 * waits until the portal shows it CLOSED (past its due date, decision 19), ready to evaluate.
 */
export async function closeByDueDate(author: ApiUser, assessmentId: string): Promise<void> {
  const due = new Date(Date.now() + 1000);
  await author.call(`/assessments/${assessmentId}`, {
    method: 'PATCH',
    body: { due_date: due.toISOString() },
  });
  const deadline = Date.now() + 15_000;
  while (
    (await author.call<{ assessment: Assessment }>(`/assessments/${assessmentId}`)).assessment.status !==
    'CLOSED'
  ) {
    if (Date.now() > deadline)
      throw new Error(`the examination ${assessmentId} did not close by its due date`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A day `daysAhead` from today in the demo institution's time zone, as its calendar shows it. */
export function dayAhead(daysAhead: number): { label: string; iso: string } {
  const zoned = (date: Date) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: DEMO_TIME_ZONE,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).formatToParts(date);
    const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
    return { day: Number(part('day')), month: part('month'), year: Number(part('year')) };
  };
  const target = zoned(new Date(Date.now() + daysAhead * 86_400_000));
  const month = String(new Date(`${target.month} 1, 2000`).getMonth() + 1).padStart(2, '0');
  return {
    label: `${target.day} ${target.month} ${target.year}`,
    iso: `${target.year}-${month}-${String(target.day).padStart(2, '0')}`,
  };
}

/** Picks `option` in the dropdown labelled `label` inside `scope` (a popup with fields named like the page's). */
export async function chooseIn(page: Page, scope: Locator, label: string, option: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: false }).first().click();
}

/**
 * Moves an open calendar on to `day`'s month by its Next month control, until that month's heading
 * shows: a calendar opens on its value's month, or on its earliest day's (a due date's opens on the
 * start's), not always on today's.
 */
export async function showMonthOf(
  page: Page,
  day: { label: string },
  press: (next: Locator) => Promise<void> = (next) => next.click(),
) {
  const next = page.getByRole('button', { name: LABELS.assessNextMonth }).last();
  const month = page.getByRole('button', { name: day.label.replace(/^\d+ /, ''), exact: true }).last();
  await next.waitFor();
  for (let step = 0; step < 12 && !(await month.isVisible()); step += 1) {
    await press(next);
  }
  await month.waitFor();
}

/**
 * Sets a date-time picker (the assessment popup's, the session forms'): opens it, moves to the
 * day's month, picks the day, types the time (given on 24 hours, picked on the picker's 12 with AM
 * or PM) and confirms; answers what the field then shows (DD-MM-YYYY | hh:mm A). Picking the day
 * also sets the picker's default time, so the time is typed once the day shows as selected.
 */
export async function pickDateTime(
  page: Page,
  scope: Locator,
  label: string,
  day: { label: string; iso: string },
  time: { hours: string; minutes: string },
): Promise<string> {
  const field = scope.getByRole('button', { name: label });
  const hours24 = Number(time.hours);
  const hours12 = String(((hours24 + 11) % 12) + 1).padStart(2, '0');
  const amPm = hours24 < 12 ? 'AM' : 'PM';
  const expected = `${dateText(day.iso)} | ${hours12}:${time.minutes} ${amPm}`;
  await field.click();
  await showMonthOf(page, day);
  const dayButton = page.getByRole('button', { name: day.label, exact: true }).last();
  await dayButton.click();
  await page.waitForFunction(
    (element) => element?.hasAttribute('data-selected') ?? false,
    await dayButton.elementHandle(),
  );
  const hours = page.getByRole('spinbutton', { name: LABELS.assessHours }).last();
  const minutes = page.getByRole('spinbutton', { name: LABELS.assessMinutes }).last();
  await hours.fill(hours12);
  await minutes.fill(time.minutes);
  // The AM/PM field takes A or P from the keyboard.
  const half = page.getByRole('textbox', { name: LABELS.assessAmPm }).last();
  await half.press(amPm === 'AM' ? 'a' : 'p');
  await page.waitForFunction(
    ([h, m, ap, wanted]) =>
      h?.getAttribute('aria-valuenow') === String(Number(wanted![0])) &&
      m?.getAttribute('aria-valuenow') === String(Number(wanted![1])) &&
      (ap as HTMLInputElement | null)?.value === wanted![2],
    [
      await hours.elementHandle(),
      await minutes.elementHandle(),
      await half.elementHandle(),
      [hours12, time.minutes, amPm],
    ] as const,
  );
  await page.getByRole('button', { name: LABELS.assessPickerDone }).last().click();
  // The calendar has gone (so the next picker's days are the only ones), and the field shows the value.
  await page.getByRole('button', { name: day.label, exact: true }).waitFor({ state: 'detached' });
  await page.waitForFunction(
    ([element, text]) => (element as HTMLElement | null)?.innerText.trim() === text,
    [await field.elementHandle(), expected] as const,
  );
  return expected;
}

/** A one-page PDF (a question paper) that Chromium can show. */
export function pdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
