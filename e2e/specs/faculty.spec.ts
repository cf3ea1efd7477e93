import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { DEMO_PASSWORD, signIn, usePortal } from '../support/portal.js';
import { closeButtonOf } from '../support/ui.js';

const portal = usePortal('faculty');
const DEMO_INSTITUTION = 'Greenwood High School';
// The smallest valid PNG (1x1), as the avatar picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let scratch: string;
before(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'faculty-e2e-'));
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

async function login(username: string, password: string) {
  const response = await fetch(`${portal.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

let moderatorJwt: Promise<string> | undefined;
const moderatorToken = () => {
  moderatorJwt ??= callApi<{ jwt: string }>(null, 'POST', '/auth/login', {
    username: 'moderator',
    password: DEMO_PASSWORD,
  }).then((data) => data.jwt);
  return moderatorJwt;
};

interface ApiFaculty {
  _id: string;
  name: string;
  username: string;
  email: string[];
  mobile: string[];
  designation: string | null;
  avatar: string | null;
  archived: boolean;
  batch_subjects: { _id: string; batch_title: string; subject_title: string }[];
}

async function facultyNamed(name: string): Promise<ApiFaculty> {
  const token = await moderatorToken();
  const { faculties } = await callApi<{ faculties: ApiFaculty[] }>(token, 'GET', '/faculties');
  const found = faculties.find((member) => member.name === name);
  assert.ok(found, `${name} is listed`);
  return (await callApi<{ faculty: ApiFaculty }>(token, 'GET', `/faculties/${found._id}`)).faculty;
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

async function confirm(page: Page, title: string, text?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  if (text) await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The passwords of the credentials popup, by name. */
async function shownCredentials(page: Page): Promise<Map<string, { username: string; password: string }>> {
  const table = page.getByRole('dialog', { name: LABELS.generatedPasswordsTitle }).getByRole('table');
  await table.waitFor();
  const result = new Map<string, { username: string; password: string }>();
  for (const row of await table.locator('tbody tr').all()) {
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

// One signed-in moderator session per screen size: sign-ins are rate limited per username.
const moderatorContexts = new Map<string, Promise<BrowserContext>>();
after(async () => {
  for (const context of moderatorContexts.values()) await (await context).close().catch(() => {});
});

/** A new tab of the moderator's session; `done` closes the tab. */
async function moderatorPage(viewport = DESKTOP): Promise<{ page: Page; done: () => Promise<void> }> {
  const key = `${viewport.width}x${viewport.height}`;
  let context = moderatorContexts.get(key);
  if (!context) {
    context = (async () => {
      const created = await portal.newContext(viewport);
      const first = await created.newPage();
      await signIn(first, 'moderator');
      await first.close();
      return created;
    })();
    moderatorContexts.set(key, context);
  }
  const page = await (await context).newPage();
  return { page, done: () => page.close() };
}

const facultyTable = (page: Page) => page.getByRole('table', { name: LABELS.facultyListTitle });
const rowOf = (page: Page, name: string) => facultyTable(page).locator('tbody tr').filter({ hasText: name });

describe('moderator: faculty', () => {
  const name = 'Deepa Krishnan';
  const prn = 'GW-FAC-E2E';
  let password = '';

  it('adds a faculty member (validation first), who must change the generated password', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: LABELS.addFaculty }).click();
    await page.waitForURL('**/create-faculty');
    await page.getByRole('textbox', { name: LABELS.fieldName, exact: true }).fill(name);
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await shot(page, 'faculty-add-invalid-desktop');

    await choose(page, page, LABELS.fieldGender, LABELS.genderFemale);
    await page.getByRole('textbox', { name: LABELS.fieldMobile }).fill('98111 22334');
    await page.getByRole('textbox', { name: LABELS.fieldEmail }).fill('deepa@greenwood.example');
    await page.getByRole('textbox', { name: LABELS.fieldPrn }).fill(prn);
    await page.getByRole('textbox', { name: LABELS.fieldDesignation }).fill('Teacher');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'deepa.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: LABELS.removeAvatar }).waitFor();
    await shot(page, 'faculty-add-filled-desktop');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await notice(page, MESSAGES.facultyAdded);
    const credential = (await shownCredentials(page)).get(name);
    assert.equal(credential?.username, prn);
    password = credential!.password;
    await shot(page, 'faculty-add-credentials-desktop');
    await closeCredentials(page);
    await page.waitForURL(/\/assign\/faculty\?faculty=/);
    await done();

    const created = await facultyNamed(name);
    assert.deepEqual(created.mobile, ['98111 22334']);
    assert.match(created.avatar ?? '', /^\/files\//);

    // The new member signs in with the generated password and must change it first.
    const facultyContext = await portal.newContext(DESKTOP);
    const facultyPage = await facultyContext.newPage();
    await signIn(facultyPage, prn.toLowerCase(), password);
    await facultyPage.getByRole('heading', { name: LABELS.changePassword }).waitFor();
    await facultyPage.getByText(MESSAGES.passwordChangeRequired).waitFor();
    await facultyPage.getByLabel(LABELS.oldPassword).fill(password);
    password = 'Deepa@2026!';
    await facultyPage.getByLabel(LABELS.newPassword, { exact: true }).fill(password);
    await facultyPage.getByLabel(LABELS.repeatNewPassword).fill(password);
    await facultyPage.getByRole('button', { name: LABELS.submit }).click();
    await facultyPage.waitForURL('**/login');
    await facultyContext.close();
    const signedIn = await login(prn, password);
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.data?.must_change_password, false);
  });

  it('assigns the member to a batch subject, sees it on the edit page and removes it', async () => {
    const { page, done } = await moderatorPage();
    const member = await facultyNamed(name);
    await page.goto(`/assign/faculty?faculty=${member._id}`);
    await page.getByRole('combobox', { name: LABELS.fieldFaculty, exact: true }).waitFor();
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await shot(page, 'faculty-assign-invalid-desktop');
    await choose(page, page, LABELS.fieldBatch, 'Class 8 A');
    await choose(page, page, LABELS.fieldSubject, 'Science');
    assert.match(page.url(), /faculty=.*batch=.*subject=/);
    await shot(page, 'faculty-assign-desktop');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await notice(page, MESSAGES.facultyAssigned);
    await page.waitForURL('**/dashboard');
    assert.deepEqual(
      (await facultyNamed(name)).batch_subjects.map((bs) => `${bs.subject_title} / ${bs.batch_title}`),
      ['Science / Class 8 A'],
    );

    await page.goto('/faculty/list');
    await rowOf(page, name).getByRole('link', { name }).click();
    await page.waitForURL(`**/edit/faculty/${member._id}`);
    const assigned = page.getByRole('table', { name: LABELS.facultyBatchSubjects });
    await assigned.getByRole('row').filter({ hasText: 'Class 8 A' }).filter({ hasText: 'Science' }).waitFor();
    await shot(page, 'faculty-edit-desktop');
    await assigned.getByRole('button', { name: /Science/ }).click();
    await confirm(
      page,
      LABELS.removeFacultySubjectTitle,
      formatMessage(MESSAGES.confirmRemoveFacultySubject, { name, subject: 'Science', batch: 'Class 8 A' }),
    );
    await notice(
      page,
      formatMessage(MESSAGES.facultySubjectRemoved, { name, subject: 'Science', batch: 'Class 8 A' }),
    );
    await page.getByText(MESSAGES.noFacultyBatchSubjects).waitFor();
    assert.deepEqual((await facultyNamed(name)).batch_subjects, []);
    await done();
  });

  it('edits the member’s details (comma-separated lists)', async () => {
    const { page, done } = await moderatorPage();
    const member = await facultyNamed(name);
    await page.goto(`/edit/faculty/${member._id}`);
    assert.equal(await page.getByRole('textbox', { name: LABELS.fieldFacultyName }).inputValue(), name);
    await page
      .getByRole('textbox', { name: LABELS.fieldEmailComma })
      .fill('deepa@greenwood.example, dk@home.test');
    await page.getByRole('textbox', { name: LABELS.fieldMobile }).fill('98111 22334, 98111 99999');
    await page.getByRole('textbox', { name: LABELS.fieldDesignation }).fill('Senior Teacher');
    await page.getByRole('textbox', { name: LABELS.fieldEmailComma }).press('Enter');
    await notice(page, MESSAGES.facultyEdited);
    await done();
    const edited = await facultyNamed(name);
    assert.deepEqual(edited.email, ['deepa@greenwood.example', 'dk@home.test']);
    assert.deepEqual(edited.mobile, ['98111 22334', '98111 99999']);
    assert.equal(edited.designation, 'Senior Teacher');
  });

  it('archives the member (archived message; cannot sign in) and unarchives them', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/faculty/list');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: LABELS.home }).waitFor();
    await main.getByText(LABELS.facultyListCrumb, { exact: true }).first().waitFor();
    // Newest first: the member just added heads the list.
    assert.match(await facultyTable(page).locator('tbody tr').first().innerText(), new RegExp(name));
    await shot(page, 'faculty-list-desktop');

    await rowOf(page, name)
      .getByRole('button', { name: formatMessage(LABELS.archiveNamed, { title: name }), exact: true })
      .click();
    await confirm(page, LABELS.archiveFacultyTitle, formatMessage(MESSAGES.confirmArchiveFaculty, { name }));
    await notice(page, formatMessage(MESSAGES.facultyArchivedDone, { name }));
    await rowOf(page, name).getByText(LABELS.archivedBadge).waitFor();
    assert.equal((await login(prn, password)).status, 401);

    await rowOf(page, name).getByRole('link', { name }).click();
    await page.getByText(MESSAGES.facultyArchived).waitFor();
    await shot(page, 'faculty-edit-archived-desktop');
    await page.getByRole('button', { name: LABELS.back }).click();
    await page.waitForURL('**/faculty/list');

    await rowOf(page, name)
      .getByRole('button', { name: formatMessage(LABELS.unarchiveNamed, { title: name }), exact: true })
      .click();
    await confirm(
      page,
      LABELS.unarchiveFacultyTitle,
      formatMessage(MESSAGES.confirmUnarchiveFaculty, { name }),
    );
    await notice(page, formatMessage(MESSAGES.facultyUnarchivedDone, { name }));
    await rowOf(page, name).getByText(LABELS.archivedBadge).waitFor({ state: 'detached' });
    assert.equal((await login(prn, password)).status, 200);
    await done();
  });

  it('resets one password with the confirmation text, then two at once with a printable sheet', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/faculty/list');
    await rowOf(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: LABELS.resetButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.resetPasswordTitle });
    await dialog.getByText(MESSAGES.confirmFacultyReset).waitFor();
    await shot(page, 'faculty-reset-confirm-desktop');
    await confirm(page, LABELS.resetPasswordTitle);
    await notice(page, formatMessage(MESSAGES.passwordResetDone, { name }));
    const issued = (await shownCredentials(page)).get(name);
    assert.ok(issued);
    await closeCredentials(page);
    assert.equal((await login(prn, password)).status, 401);
    const afterReset = await login(prn, issued.password);
    assert.equal(afterReset.body.data?.must_change_password, true);

    await rowOf(page, 'Anita Sharma').getByRole('checkbox').check();
    await rowOf(page, 'Rahul Verma').getByRole('checkbox').check();
    await page.getByRole('button', { name: LABELS.resetButton }).click();
    await confirm(page, LABELS.resetPasswordTitle, MESSAGES.confirmFacultyReset);
    await notice(page, MESSAGES.bulkPasswordReset);
    const bulk = await shownCredentials(page);
    assert.deepEqual([...bulk.keys()].sort(), ['Anita Sharma', 'Rahul Verma']);
    await shot(page, 'faculty-bulk-reset-credentials-desktop');
    const sheet = await pdfTextOf(
      page,
      () => page.getByRole('button', { name: LABELS.printCredentials }).click(),
      'faculty-credentials.pdf',
    );
    for (const [member, issuedLogin] of bulk) {
      assert.ok(sheet.includes(member), member);
      assert.ok(sheet.includes(issuedLogin.password), `${member}'s password`);
    }
    await closeCredentials(page);
    await done();
  });

  it('downloads the faculty list as a PDF with the names', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/faculty/list');
    await facultyTable(page).waitFor();
    const text = await pdfTextOf(
      page,
      () => page.getByRole('button', { name: LABELS.pdfButton }).click(),
      'faculty-list.pdf',
    );
    assert.match(text, new RegExp(DEMO_INSTITUTION));
    assert.match(text, /Faculty List/);
    assert.match(text, /Academic Year: \d{4}-\d{2}/);
    for (const member of [name, 'Anita Sharma', 'Rahul Verma']) assert.match(text, new RegExp(member));
    await done();
  });
});

describe('moderator: add and remove students on a subject', () => {
  const subjectTitle = 'Robotics Club';
  let batchSubjectId = '';

  before(async () => {
    const token = await moderatorToken();
    const { batches } = await callApi<{ batches: { _id: string; title: string }[] }>(
      token,
      'GET',
      '/batches',
    );
    const classEight = batches.find((batch) => batch.title === 'Class 8 A')!;
    const { subject } = await callApi<{ subject: { _id: string } }>(token, 'POST', '/subjects', {
      title: subjectTitle,
      code: 'ROB-08',
      description: 'After-school robotics',
    });
    const { batch_subjects } = await callApi<{ batch_subjects: { _id: string }[] }>(
      token,
      'POST',
      '/batch-subjects',
      {
        batch_id: classEight._id,
        subject_ids: [subject._id],
      },
    );
    batchSubjectId = batch_subjects[0]!._id;
  });

  const enrolled = async () => {
    const token = await moderatorToken();
    const data = await callApi<{ enrolled: { name: string }[] }>(
      token,
      'GET',
      `/batch-subjects/${batchSubjectId}/students`,
    );
    return data.enrolled.map((student) => student.name);
  };

  it('adds two students, removes one, and shows the empty states', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/student/subject');
    await page.getByText(MESSAGES.selectASubject).waitFor();
    await choose(
      page,
      page,
      LABELS.fieldSubject,
      formatMessage(LABELS.subjectOfBatch, { subject: subjectTitle, batch: 'Class 8 A' }),
    );

    // Nobody is on the new subject yet.
    await page.getByRole('tab', { name: new RegExp(LABELS.removeStudentTab) }).click();
    await page.getByText(MESSAGES.noStudentToRemove).waitFor();
    await shot(page, 'student-subject-empty-desktop');

    await page.getByRole('tab', { name: new RegExp(LABELS.addStudentTab) }).click();
    await choose(page, page, LABELS.fieldClass, 'Class 8 A');
    const toAdd = page.getByRole('table', { name: LABELS.studentsToAdd });
    // Only Class 8 A is listed once the class filter has applied.
    await toAdd.locator('tbody tr').filter({ hasText: 'Siddharth Rao' }).waitFor();
    await toAdd
      .locator('tbody tr')
      .filter({ hasNotText: 'Class 8 A' })
      .first()
      .waitFor({ state: 'detached' });
    // The other classes' rows also leave while the filtered list loads: count once it is shown.
    await toAdd.locator('tbody tr').filter({ hasText: 'Siddharth Rao' }).waitFor();
    const classEight = await toAdd.locator('tbody tr').count();
    assert.ok(classEight >= 3, 'Class 8 A has at least three students');
    await toAdd
      .getByRole('checkbox', { name: formatMessage(LABELS.selectNamed, { title: 'Siddharth Rao' }) })
      .check();
    await toAdd
      .getByRole('checkbox', { name: formatMessage(LABELS.selectNamed, { title: 'Tara Fernandes' }) })
      .check();
    await page.getByText(formatMessage(LABELS.selectedCount, { count: '2' })).waitFor();
    await shot(page, 'student-subject-add-desktop');
    await page.getByRole('button', { name: LABELS.addStudentsAction, exact: true }).click();
    const subject = formatMessage(LABELS.subjectOfBatch, { subject: subjectTitle, batch: 'Class 8 A' });
    await confirm(
      page,
      LABELS.addStudentsTitle,
      formatMessage(MESSAGES.confirmAddStudents, { count: '2', subject }),
    );
    await notice(page, formatMessage(MESSAGES.studentsAddedToSubject, { count: '2', subject }));
    await toAdd
      .locator('tbody tr')
      .nth(classEight - 3)
      .waitFor();
    assert.equal(await toAdd.locator('tbody tr').count(), classEight - 2);
    assert.deepEqual((await enrolled()).sort(), ['Siddharth Rao', 'Tara Fernandes']);

    await page.getByRole('tab', { name: new RegExp(LABELS.removeStudentTab) }).click();
    const toRemove = page.getByRole('table', { name: LABELS.studentsToRemove });
    await toRemove
      .getByRole('checkbox', { name: formatMessage(LABELS.selectNamed, { title: 'Tara Fernandes' }) })
      .check();
    await shot(page, 'student-subject-remove-desktop');
    await page.getByRole('button', { name: LABELS.removeStudentsAction, exact: true }).click();
    await confirm(
      page,
      LABELS.removeStudentsTitle,
      formatMessage(MESSAGES.confirmRemoveStudents, { count: '1', subject }),
    );
    await notice(page, formatMessage(MESSAGES.studentsRemovedFromSubject, { count: '1', subject }));
    await toRemove.locator('tbody tr').filter({ hasText: 'Tara Fernandes' }).waitFor({ state: 'detached' });
    assert.equal(await toRemove.locator('tbody tr').count(), 1);
    assert.deepEqual(await enrolled(), ['Siddharth Rao']);

    // Everyone left in Class 8 A at once: nobody remains to add.
    await page.getByRole('tab', { name: new RegExp(LABELS.addStudentTab) }).click();
    await toAdd.getByRole('checkbox', { name: LABELS.selectAll }).check();
    await page.getByRole('button', { name: LABELS.addStudentsAction, exact: true }).click();
    await confirm(page, LABELS.addStudentsTitle);
    await page.getByText(MESSAGES.noStudentToAdd).waitFor();
    assert.equal((await enrolled()).length, classEight);
    await done();
  });
});

describe('faculty screens on a phone', () => {
  it('are usable at 390x844', async () => {
    const { page, done } = await moderatorPage(PHONE);
    const member = await facultyNamed('Anita Sharma');
    const pages: [string, string, () => Promise<unknown>][] = [
      ['/faculty/list', 'faculty-list-phone', () => facultyTable(page).waitFor()],
      [
        `/edit/faculty/${member._id}`,
        'faculty-edit-phone',
        () => page.getByText(LABELS.facultyBatchSubjects).waitFor(),
      ],
      [
        '/create-faculty',
        'faculty-add-phone',
        () => page.getByRole('textbox', { name: LABELS.fieldName, exact: true }).waitFor(),
      ],
      [
        '/assign/faculty',
        'faculty-assign-phone',
        () => page.getByRole('combobox', { name: LABELS.fieldFaculty, exact: true }).waitFor(),
      ],
      ['/student/subject', 'student-subject-phone', () => page.getByText(MESSAGES.selectASubject).waitFor()],
    ];
    for (const [url, name, ready] of pages) {
      await page.goto(url);
      await ready();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${url} fits the phone's width (overflow ${overflow}px)`);
      const tableOverflow = await page.evaluate(() =>
        Math.max(
          0,
          ...Array.from(document.querySelectorAll('table')).map(
            (t) => t.scrollWidth - t.parentElement!.clientWidth,
          ),
        ),
      );
      assert.ok(tableOverflow <= 0, `${url}: its tables need no sideways scrolling (${tableOverflow}px)`);
      await shot(page, name);
    }
    // The subject screen with its tables.
    await choose(
      page,
      page,
      LABELS.fieldSubject,
      formatMessage(LABELS.subjectOfBatch, { subject: 'Science', batch: 'Class 8 A' }),
    );
    await page
      .getByRole('table', { name: LABELS.studentsToAdd })
      .or(page.getByText(MESSAGES.noStudentToAdd))
      .waitFor();
    await page.getByRole('tab', { name: new RegExp(LABELS.removeStudentTab) }).click();
    await page.getByRole('table', { name: LABELS.studentsToRemove }).waitFor();
    await shot(page, 'student-subject-tables-phone');
    await done();
  });
});
