import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { DEMO_PASSWORD, signIn, usePortal } from '../support/portal.js';
import { closeButtonOf } from '../support/ui.js';

const portal = usePortal('students');
const DEMO_INSTITUTION = 'Greenwood High School';
const COLUMNS =
  'name,gender,date_of_birth,mobile,email,prn,father_name,mother_name,guardian_name,admission_year,username';

let scratch: string;
before(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'students-e2e-'));
});
after(() => fs.rm(scratch, { recursive: true, force: true }));

/** Calls the portal's API directly, for data a flow needs or checks but does not test. */
async function callApi<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${portal.baseUrl}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function loginStatus(username: string, password: string): Promise<number> {
  const response = await fetch(`${portal.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return response.status;
}

// Sign-in is rate limited per username: the moderator's API token is fetched once.
let moderatorToken: Promise<string> | undefined;
const moderatorApi = () => {
  moderatorToken ??= callApi<{ jwt: string }>(null, 'POST', '/auth/login', {
    username: 'moderator',
    password: DEMO_PASSWORD,
  }).then((data) => data.jwt);
  return moderatorToken;
};

interface ApiStudent {
  _id: string;
  name: string;
  email: string[];
  mobile: string[];
  date_of_birth: string | null;
  archived: boolean;
  batch: { _id: string; title: string } | null;
}

async function batchIds(): Promise<Record<string, string>> {
  const { batches } = await callApi<{ batches: { _id: string; title: string }[] }>(
    await moderatorApi(),
    'GET',
    '/batches',
  );
  return Object.fromEntries(batches.map((batch) => [batch.title, batch._id]));
}

async function studentsOf(batchId: string): Promise<ApiStudent[]> {
  const token = await moderatorApi();
  return (await callApi<{ students: ApiStudent[] }>(token, 'GET', `/batches/${batchId}/students`)).students;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await snap(page, name);
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Picks `option` (matched at its start) in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
}

async function confirm(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The passwords of the credentials popup, by name. */
async function shownCredentials(page: Page): Promise<Map<string, { username: string; password: string }>> {
  const table = page.getByRole('dialog', { name: LABELS.generatedPasswordsTitle }).getByRole('table');
  await table.waitFor();
  const rows = await table.locator('tbody tr').all();
  const result = new Map<string, { username: string; password: string }>();
  for (const row of rows) {
    const [name, username, password] = await row.locator('td').allInnerTexts();
    result.set(name!.trim(), { username: username!.trim(), password: password!.trim() });
  }
  return result;
}

async function closeCredentials(page: Page) {
  const dialog = page.getByRole('dialog', { name: LABELS.generatedPasswordsTitle });
  await closeButtonOf(dialog).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function pdfTextOf(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const file = path.join(scratch, name);
  await download.saveAs(file);
  const bytes = await fs.readFile(file);
  assert.equal(bytes.subarray(0, 4).toString(), '%PDF');
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-']).toString();
}

async function openList(page: Page, batch: string) {
  await page.goto('/student/list');
  await page.getByText(MESSAGES.selectABatch).waitFor();
  await choose(page, page, LABELS.fieldBatch, batch);
  await page.getByRole('table', { name: LABELS.studentListTitle }).waitFor();
}

describe('moderator: students', () => {
  const newName = 'Nandini Pillai';
  const newPrn = 'GW-E2E-01';

  it('adds a student (validation first), who must change the generated password at sign-in', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await openList(page, 'Class 10 A');
    await page.getByRole('link', { name: 'Priya Nair' }).waitFor();
    assert.match(page.url(), /\/student\/list\?batch=/);
    await page
      .getByRole('navigation', { name: LABELS.breadcrumb })
      .getByText(LABELS.studentListCrumb)
      .waitFor();
    await shot(page, 'students-list-desktop');

    await page.getByRole('button', { name: LABELS.addStudentButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addStudentTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldName, exact: true }).fill(newName);
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillAllMandatoryFields }).waitFor();
    assert.equal(
      await dialog.getByRole('textbox', { name: LABELS.fieldAdmissionYear, exact: true }).inputValue(),
      '2026-27',
    );
    await shot(page, 'students-add-invalid-desktop');

    // A mobile that is there but wrong is named, whatever else is missing.
    const mobile = dialog.getByRole('textbox', { name: LABELS.fieldMobile, exact: true });
    await mobile.fill('call me');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillAllMandatoryFields }).waitFor();
    await dialog.getByText(MESSAGES.mobileInvalid, { exact: true }).waitFor();
    await choose(page, dialog, LABELS.fieldGender, LABELS.genderFemale);
    await dialog.getByRole('textbox', { name: LABELS.fieldDateOfBirth, exact: true }).fill('17/05/2011');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.mobileInvalid }).waitFor();
    assert.equal(await dialog.getByText(MESSAGES.fillAllMandatoryFields).count(), 0);
    await shot(page, 'students-add-bad-mobile-desktop');
    await mobile.fill('9845012345');
    await dialog.getByRole('textbox', { name: LABELS.fieldPrn, exact: true }).fill(newPrn);
    await dialog.getByRole('textbox', { name: LABELS.fieldFatherName, exact: true }).fill('Gopal Pillai');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await notice(page, MESSAGES.studentAdded);
    const shown = await shownCredentials(page);
    const credential = shown.get(newName);
    assert.equal(credential?.username, newPrn);
    await shot(page, 'students-add-credentials-desktop');
    await closeCredentials(page);
    await page.getByRole('link', { name: newName }).waitFor();
    await context.close();

    const studentContext = await portal.newContext(DESKTOP);
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, newPrn.toLowerCase(), credential!.password);
    await studentPage.getByRole('heading', { name: LABELS.changePassword }).waitFor();
    await studentPage.getByText(MESSAGES.passwordChangeRequired).waitFor();
    await studentContext.close();
  });

  it('edits the student (lists, date of birth) and moves them to Class 9 A', async () => {
    const batches = await batchIds();
    const added = (await studentsOf(batches['Class 10 A']!)).find((student) => student.name === newName);
    assert.ok(added);
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await openList(page, 'Class 10 A');
    await page.getByRole('link', { name: newName }).click();
    await page.waitForURL(`**/edit/student/${added._id}`);
    const dateOfBirth = page.getByRole('textbox', { name: LABELS.fieldDateOfBirth, exact: true });
    assert.equal(await dateOfBirth.inputValue(), '17/05/2011');
    assert.equal(await dateOfBirth.getAttribute('placeholder'), 'DD/MM/YYYY');

    await page
      .getByRole('textbox', { name: LABELS.fieldEmail, exact: true })
      .fill('nandini@home.test, gopal@home.test');
    await page.getByRole('textbox', { name: LABELS.fieldMobile, exact: true }).fill('9845012345, 9845012399');
    // The right format, but no such day.
    await dateOfBirth.fill('31/02/2011');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.dateOfBirthNoSuchDay }).waitFor();
    assert.equal(await page.getByText(MESSAGES.csvDateFormat).count(), 0);
    await shot(page, 'students-edit-no-such-day-desktop');
    await dateOfBirth.fill('01/02/2011');
    await page.getByRole('radio', { name: LABELS.no, exact: true }).check();
    await shot(page, 'students-edit-desktop');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await notice(page, MESSAGES.studentEdited);

    await choose(page, page, LABELS.fieldBatch, 'Class 9 A');
    await page.getByRole('button', { name: LABELS.moveAction }).click();
    await notice(page, formatMessage(MESSAGES.studentMoved, { batch: 'Class 9 A' }));
    await context.close();

    const moved = (await studentsOf(batches['Class 9 A']!)).find((student) => student._id === added._id);
    assert.deepEqual(moved?.email, ['nandini@home.test', 'gopal@home.test']);
    assert.deepEqual(moved?.mobile, ['9845012345', '9845012399']);
    assert.equal(moved?.date_of_birth, '2011-02-01');
    assert.equal(moved?.batch?.title, 'Class 9 A');
    assert.equal(
      (await studentsOf(batches['Class 10 A']!)).some((student) => student._id === added._id),
      false,
    );
  });

  it('archives a student (who can no longer sign in) and unarchives them', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await openList(page, 'Class 10 A');
    await page
      .getByRole('button', {
        name: formatMessage(LABELS.archiveNamed, { title: 'Rohan Gupta' }),
        exact: true,
      })
      .click();
    await page
      .getByRole('dialog', { name: LABELS.archiveStudentTitle })
      .getByText(formatMessage(MESSAGES.confirmArchiveStudent, { name: 'Rohan Gupta' }))
      .waitFor();
    await shot(page, 'students-archive-confirm-desktop');
    await confirm(page, LABELS.archiveStudentTitle);
    await notice(page, formatMessage(MESSAGES.studentArchivedDone, { name: 'Rohan Gupta' }));
    const row = page.getByRole('row').filter({ hasText: 'Rohan Gupta' });
    await row.getByText(LABELS.archivedBadge).waitFor();
    assert.equal(await loginStatus('student4', DEMO_PASSWORD), 401);

    await page.getByRole('link', { name: 'Rohan Gupta' }).click();
    await page.getByText(MESSAGES.studentArchived).waitFor();
    await shot(page, 'students-archived-edit-desktop');
    await page.getByRole('button', { name: LABELS.back }).click();
    await page.getByRole('table', { name: LABELS.studentListTitle }).waitFor();

    await page
      .getByRole('button', {
        name: formatMessage(LABELS.unarchiveNamed, { title: 'Rohan Gupta' }),
        exact: true,
      })
      .click();
    await confirm(page, LABELS.unarchiveStudentTitle);
    await notice(page, formatMessage(MESSAGES.studentUnarchivedDone, { name: 'Rohan Gupta' }));
    await row.getByText(LABELS.archivedBadge).waitFor({ state: 'detached' });
    assert.equal(await loginStatus('student4', DEMO_PASSWORD), 200);
    await context.close();
  });

  it('resets one password and bulk-resets two, showing the new passwords once, and prints them', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await openList(page, 'Class 10 A');
    const pick = (name: string) =>
      page.getByRole('checkbox', { name: formatMessage(LABELS.resetNamed, { title: name }) }).check();

    await pick('Kavya Iyer');
    await page.getByRole('button', { name: LABELS.resetButton }).click();
    await page.getByText(formatMessage(MESSAGES.confirmResetStudent, { name: 'Kavya Iyer' })).waitFor();
    await confirm(page, LABELS.resetPasswordTitle);
    await notice(page, formatMessage(MESSAGES.passwordResetDone, { name: 'Kavya Iyer' }));
    const single = await shownCredentials(page);
    assert.deepEqual([...single.keys()], ['Kavya Iyer']);
    await closeCredentials(page);
    assert.equal(await loginStatus('student3', DEMO_PASSWORD), 401);
    assert.equal(await loginStatus('student3', single.get('Kavya Iyer')!.password), 200);

    await pick('Ananya Reddy');
    await pick('Vikram Singh');
    await page.getByRole('button', { name: LABELS.resetButton }).click();
    await page.getByText(formatMessage(MESSAGES.confirmBulkReset, { count: '2' })).waitFor();
    await confirm(page, LABELS.resetPasswordTitle);
    await notice(page, MESSAGES.bulkPasswordReset);
    const bulk = await shownCredentials(page);
    assert.deepEqual([...bulk.keys()].sort(), ['Ananya Reddy', 'Vikram Singh']);
    await shot(page, 'students-bulk-reset-credentials-desktop');
    const sheet = await pdfTextOf(
      page,
      () => page.getByRole('button', { name: LABELS.printCredentials }).click(),
      'credentials.pdf',
    );
    assert.match(sheet, new RegExp(`Ananya Reddy\\s+student5\\s+${bulk.get('Ananya Reddy')!.password}`));
    assert.match(sheet, /Vikram Singh\s+student6/);
    await closeCredentials(page);
    await context.close();
  });

  it('downloads the student list as a PDF with the rows and dates of birth', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await openList(page, 'Class 10 A');
    const text = await pdfTextOf(
      page,
      () => page.getByRole('button', { name: LABELS.pdfButton }).click(),
      'students.pdf',
    );
    assert.match(text, new RegExp(DEMO_INSTITUTION));
    assert.match(text, /List of Students - Class 10 A/);
    assert.match(text, /Academic Year: \d{4}-\d{2}/);
    assert.match(text, /Priya Nair\s+12-04-2011/);
    assert.match(text, /Arjun Mehta\s+30-09-2011/);
    assert.doesNotMatch(text, new RegExp(newName));
    await context.close();
  });

  it('bulk-uploads a good CSV (accounts and credentials) and rejects a bad one whole', async () => {
    const batches = await batchIds();
    const before = (await studentsOf(batches['Class 8 A']!)).length;
    const good = path.join(scratch, 'class-8-good.csv');
    await fs.writeFile(
      good,
      `${COLUMNS}\n` +
        'Leela Thomas,female,03/03/2013,9000000101,leela@home.test,,,,,,leela.t\n' +
        'Om Prakash,Male,14/07/2013,9000000102;9000000103,,,Ved Prakash,,,,\n' +
        'Zara Khan,female,22/11/2013,9000000104,,GW-E2E-22,,,,,\n',
    );
    const bad = path.join(scratch, 'class-8-bad.csv');
    await fs.writeFile(
      bad,
      `${COLUMNS}\n` +
        'Ira Sen,female,05/05/2013,9000000201,,,,,,,ira.s\n' +
        'Dev Roy,unknown,2013-06-06,9000000202,,,,,,,dev.r\n' +
        'Ria Paul,female,07/07/2013,9000000203,,,,,,,ira.s\n' +
        'Sam Das,male,08/08/2013,9000000204,,,,,,,leela.t\n',
    );

    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto('/student/upload/bulk');
    await page.getByRole('heading', { name: LABELS.bulkUploadStudentsTitle }).waitFor();
    await page.getByRole('button', { name: LABELS.uploadButton }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.selectTheBatch }).waitFor();
    await choose(page, page, LABELS.fieldBatch, 'Class 8 A');
    await page.locator('input[type="file"]').setInputFiles(good);
    const location = page.getByRole('textbox', { name: LABELS.csvLocation, exact: true });
    await page.getByText(formatMessage(LABELS.chosenFile, { name: 'class-8-good.csv' })).waitFor();
    assert.match(await location.inputValue(), /^\/files\/.+\.csv$/);
    await page.getByRole('button', { name: LABELS.uploadButton }).click();
    await notice(page, MESSAGES.studentUploaded);
    const created = await shownCredentials(page);
    assert.deepEqual([...created.keys()], ['Leela Thomas', 'Om Prakash', 'Zara Khan']);
    assert.equal(created.get('Leela Thomas')?.username, 'leela.t');
    assert.equal(created.get('Om Prakash')?.username, '9000000102');
    assert.equal(created.get('Zara Khan')?.username, 'GW-E2E-22');
    await shot(page, 'students-bulk-upload-credentials-desktop');
    await closeCredentials(page);
    assert.equal((await studentsOf(batches['Class 8 A']!)).length, before + 3);

    await page.locator('input[type="file"]').setInputFiles(bad);
    await page.getByText(formatMessage(LABELS.chosenFile, { name: 'class-8-bad.csv' })).waitFor();
    await page.getByRole('button', { name: LABELS.uploadButton }).click();
    const problems = page.getByRole('table', { name: LABELS.importProblems });
    await problems.waitFor();
    await page.getByText(MESSAGES.unableToUpload, { exact: true }).waitFor();
    const rows = await problems.locator('tbody tr').allInnerTexts();
    assert.equal(rows.length, 3);
    assert.match(
      rows[0]!,
      /^3\s+date_of_birth: Please enter the date of birth as DD\/MM\/YYYY\.; gender: Gender must/,
    );
    assert.match(rows[1]!, /^4\s+The username ira\.s is also used on row 2\./);
    assert.match(rows[2]!, /^5\s+Username already exists: leela\.t\./);
    await shot(page, 'students-bulk-upload-rejected-desktop');
    assert.equal((await studentsOf(batches['Class 8 A']!)).length, before + 3);
    assert.equal(await loginStatus('ira.s', 'x'), 401);

    // The template is the header row of an import file, after the byte-order mark that makes Excel
    // read it as UTF-8; filled in (a name in Devanagari), it imports as it is.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: LABELS.downloadTemplate }).click();
    const template = await downloading;
    const templateFile = path.join(scratch, 'template.csv');
    await template.saveAs(templateFile);
    const templateBytes = await fs.readFile(templateFile);
    assert.equal(templateBytes.subarray(0, 3).toString('hex'), 'efbbbf');
    assert.equal(templateBytes.subarray(3).toString('utf8'), `${COLUMNS}\n`);
    await fs.appendFile(templateFile, 'अनन्या शर्मा,female,09/09/2013,9000000301,,,,,,,ananya.s\n');
    await page.locator('input[type="file"]').setInputFiles(templateFile);
    await page.getByText(formatMessage(LABELS.chosenFile, { name: 'template.csv' })).waitFor();
    await page.getByRole('button', { name: LABELS.uploadButton }).click();
    await notice(page, MESSAGES.studentUploaded);
    assert.equal((await shownCredentials(page)).get('अनन्या शर्मा')?.username, 'ananya.s');
    await closeCredentials(page);
    assert.equal((await studentsOf(batches['Class 8 A']!)).length, before + 4);
    await context.close();
  });

  it('offers Student or Faculty on /bulk/upload, with the faculty template', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto('/bulk/upload');
    await page.getByRole('heading', { name: LABELS.bulkUploadTitle }).waitFor();
    await page.getByRole('combobox', { name: LABELS.fieldBatch, exact: true }).waitFor();
    await page.locator('input[type="radio"][value="student"]:checked').waitFor();
    await page.getByRole('radio', { name: LABELS.typeFaculty, exact: true }).click();
    await page.waitForURL(/\/bulk\/upload\?type=faculty$/);
    await page.locator('input[type="radio"][value="faculty"]:checked').waitFor();
    await page.getByRole('combobox', { name: LABELS.fieldBatch, exact: true }).waitFor({ state: 'detached' });
    await page.getByText(LABELS.facultyCsvHint).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: LABELS.downloadTemplate }).click();
    const file = path.join(scratch, 'faculty-template.csv');
    await (await downloading).saveAs(file);
    assert.equal(
      (await fs.readFile(file, 'utf8')).trim(),
      'name,gender,mobile,email,prn,designation,username',
    );
    assert.equal((await fs.readFile(file)).subarray(0, 3).toString('hex'), 'efbbbf');
    await shot(page, 'bulk-upload-faculty-desktop');
    await context.close();
  });

  it('works on a phone: the table scrolls sideways, the forms fit', async () => {
    const batches = await batchIds();
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, 'moderator');
    await page.goto(`/student/list?batch=${batches['Class 10 A']}`);
    await page.getByRole('link', { name: 'Priya Nair' }).waitFor();
    await shot(page, 'students-list-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page itself must not scroll sideways (${overflow}px)`);

    await page.getByRole('button', { name: LABELS.addStudentButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addStudentTitle });
    await dialog.waitFor();
    await shot(page, 'students-add-phone');
    await dialog.getByRole('textbox', { name: LABELS.fieldMobile, exact: true }).fill('call me');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await dialog.getByText(MESSAGES.mobileInvalid, { exact: true }).waitFor();
    await shot(page, 'students-add-bad-mobile-phone');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Priya Nair' }).click();
    const dateOfBirth = page.getByRole('textbox', { name: LABELS.fieldDateOfBirth, exact: true });
    await dateOfBirth.waitFor();
    await shot(page, 'students-edit-phone');
    await dateOfBirth.fill('31/02/2011');
    await page.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.dateOfBirthNoSuchDay }).waitFor();
    await shot(page, 'students-edit-no-such-day-phone');

    await page.goto('/student/upload/bulk');
    await page.getByRole('heading', { name: LABELS.bulkUploadStudentsTitle }).waitFor();
    await shot(page, 'students-bulk-upload-phone');
    await context.close();
  });
});
