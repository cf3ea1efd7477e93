import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { DEMO_PASSWORD, signIn, usePortal } from '../support/portal.js';

const portal = usePortal('owner-and-batches');
const DEMO_INSTITUTION = 'Greenwood High School';

/** A small real PNG (a coloured square with a stripe), written to a scratch folder. */
function pngBytes(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) {
      const stripe = Math.abs(x - y) < 6;
      rows.push(stripe ? 250 : 20, stripe ? 200 : 110, stripe ? 40 : 190);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let scratch: string;
let logoPath: string;
before(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'owner-batches-'));
  logoPath = path.join(scratch, 'riverside-logo.png');
  await fs.writeFile(logoPath, pngBytes());
});
after(() => fs.rm(scratch, { recursive: true, force: true }));

/** Calls the portal's API directly, for data a flow needs but does not test. */
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

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  return (await callApi<{ jwt: string }>(null, 'POST', '/auth/login', { username, password })).jwt;
}

/** A screenshot once popups and notices have finished their opening transitions. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await snap(page, name);
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const formAlert = (page: Page, text: string) =>
  page.getByRole('dialog').getByRole('alert').filter({ hasText: text }).waitFor();

async function openOwnerHome(page: Page) {
  await signIn(page, 'owner');
  await page.waitForURL('**/dashboard');
  await page.getByRole('table', { name: LABELS.activeInstitutions }).getByText(DEMO_INSTITUTION).waitFor();
}

describe('owner: institutions and moderators', () => {
  const title = 'Riverside Public School';
  const renamed = 'Riverside International School';

  it('adds an institution through the popup, with validation and an uploaded logo', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openOwnerHome(page);
    await shot(page, 'owner-home-desktop');

    await page.getByRole('button', { name: LABELS.addInstitution }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addInstitutionTitle });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);

    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill(title);
    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('2026-2027');
    await dialog.locator('input[type="file"]').setInputFiles(logoPath);
    await dialog.getByRole('img', { name: LABELS.fieldLogo }).waitFor();
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await dialog.getByText('Academic year must look like 2024-25.').waitFor();
    await shot(page, 'owner-add-institution-invalid-desktop');

    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('2026-27');
    // New accounts of the institution start in the language picked here (English unless changed).
    const language = dialog.getByRole('combobox', { name: LABELS.languageOfNewAccounts });
    assert.equal(await language.inputValue(), 'en');
    await language.selectOption('ta');
    await shot(page, 'owner-add-institution-language-desktop');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await notice(page, MESSAGES.institutionCreated);
    await dialog.waitFor({ state: 'hidden' });
    const { institutions } = await callApi<{ institutions: { title: string; default_language: string }[] }>(
      await tokenOf('owner'),
      'GET',
      '/institutions',
    );
    assert.equal(institutions.find((each) => each.title === title)?.default_language, 'ta');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('2026-27').waitFor();
    // The logo shows small beside the name, loaded from the portal's storage.
    const logo = row.getByRole('img', { name: formatMessage(LABELS.logoOf, { title }) });
    await logo.waitFor();
    assert.ok(await logo.evaluate((image) => (image as HTMLImageElement).naturalWidth > 0));
    await shot(page, 'owner-home-with-new-institution-desktop');
    await context.close();
  });

  it('edits the institution, refusing an empty title', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openOwnerHome(page);
    await page.getByRole('button', { name: formatMessage(LABELS.editNamed, { title }) }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.editInstitutionTitle });
    assert.equal(
      await dialog.getByRole('combobox', { name: LABELS.languageOfNewAccounts }).inputValue(),
      'ta',
    );
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill(renamed);
    await dialog.getByRole('textbox', { name: LABELS.sealtabsInstitutionId }).fill('ST-2026-04');
    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('2027-28');
    await shot(page, 'owner-edit-institution-desktop');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await notice(page, MESSAGES.institutionEdited);
    await page.getByRole('row').filter({ hasText: renamed }).getByText('2027-28').waitFor();

    const owner = await tokenOf('owner');
    const { institutions } = await callApi<{
      institutions: { title: string; sealtabs_institution_id: string }[];
    }>(owner, 'GET', '/institutions');
    assert.equal(institutions.find((row) => row.title === renamed)?.sealtabs_institution_id, 'ST-2026-04');
    await context.close();
  });

  it('archives the institution: gone from the table, its moderator cannot sign in', async () => {
    const owner = await tokenOf('owner');
    const { institutions } = await callApi<{ institutions: { _id: string; title: string }[] }>(
      owner,
      'GET',
      '/institutions',
    );
    const target = institutions.find((row) => row.title === renamed);
    assert.ok(target);
    await callApi(owner, 'POST', '/cwx/users', {
      username: 'riverside-head',
      password: 'Riverside@1',
      institution_id: target._id,
    });
    // Its moderator starts in the institution's language, picked when it was added.
    const head = await callApi<{ language: string }>(null, 'POST', '/auth/login', {
      username: 'riverside-head',
      password: 'Riverside@1',
    });
    assert.equal(head.language, 'ta');

    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openOwnerHome(page);
    await page.getByRole('button', { name: formatMessage(LABELS.archiveNamed, { title: renamed }) }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.archiveInstitutionTitle });
    await dialog.getByRole('button', { name: LABELS.confirmCancel }).waitFor();
    await shot(page, 'owner-archive-confirm-desktop');
    await dialog.getByRole('button', { name: LABELS.confirmProceed }).click();
    await notice(page, MESSAGES.institutionArchived);
    await page.getByRole('row').filter({ hasText: renamed }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: DEMO_INSTITUTION }).waitFor();
    await context.close();

    const moderator = await portal.newContext(DESKTOP);
    const login = await moderator.newPage();
    await login.goto('/login');
    await login.getByLabel(LABELS.userName).fill('riverside-head');
    await login.getByLabel(LABELS.password, { exact: true }).fill('Riverside@1');
    await login.getByRole('button', { name: LABELS.submit }).click();
    await login.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    assert.match(login.url(), /\/login$/);
    await moderator.close();
  });

  it('adds a moderator for the demo institution, who then signs in there', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openOwnerHome(page);
    await page.getByRole('button', { name: LABELS.addUser }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addUserTitle });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);

    await dialog.getByRole('textbox', { name: LABELS.username }).fill('Moderator');
    await dialog.getByRole('textbox', { name: LABELS.password }).fill('Greenwood@2');
    await dialog.getByRole('combobox', { name: LABELS.institution }).click();
    await page.getByRole('option', { name: DEMO_INSTITUTION }).click();
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.usernameExists);
    await shot(page, 'owner-add-user-exists-desktop');

    await dialog.getByRole('textbox', { name: LABELS.username }).fill('greenwood-head');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await notice(page, MESSAGES.userCreated);
    await dialog.waitFor({ state: 'hidden' });
    await context.close();

    const moderator = await portal.newContext(DESKTOP);
    const home = await moderator.newPage();
    await signIn(home, 'greenwood-head', 'Greenwood@2');
    await home.waitForURL('**/dashboard');
    await home.getByRole('banner').getByText(DEMO_INSTITUTION).waitFor();
    await home.getByRole('link', { name: /Class 10 A/ }).waitFor();
    await moderator.close();
  });

  it('adds an institution through the standalone /create-institution form', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'owner');
    await page.goto('/create-institution');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Hillside Academy');
    await page.getByRole('textbox', { name: LABELS.academicYear }).fill('2026-27');
    await page.locator('input[type="file"]').setInputFiles(logoPath);
    await page.getByRole('img', { name: LABELS.fieldLogo }).waitFor();
    await shot(page, 'owner-create-institution-page-desktop');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.waitForURL('**/dashboard');
    await notice(page, MESSAGES.institutionCreated);
    await page.getByRole('row').filter({ hasText: 'Hillside Academy' }).waitFor();
    await context.close();
  });

  it('works on a phone: the whole table fits, the popups too', async () => {
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await openOwnerHome(page);
    const archive = page.getByRole('button', {
      name: formatMessage(LABELS.archiveNamed, { title: DEMO_INSTITUTION }),
    });
    const box = await archive.boundingBox();
    assert.ok(box && box.x + box.width <= PHONE.width, 'the Archive column is visible without scrolling');
    await shot(page, 'owner-home-phone');
    await page.getByRole('button', { name: LABELS.addInstitution }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addInstitutionTitle });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await shot(page, 'owner-add-institution-phone');
    await dialog.getByRole('button', { name: LABELS.formCancel }).click();
    await page.getByRole('button', { name: LABELS.addUser }).click();
    await page.getByRole('dialog', { name: LABELS.addUserTitle }).waitFor();
    await shot(page, 'owner-add-user-phone');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: formatMessage(LABELS.editNamed, { title: DEMO_INSTITUTION }) })
      .click();
    await page.getByRole('dialog', { name: LABELS.editInstitutionTitle }).waitFor();
    await shot(page, 'owner-edit-institution-phone');
    await context.close();
  });
});

describe('moderator: batches', () => {
  async function openBatches(page: Page) {
    await signIn(page, 'moderator');
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Class 10 A/ }).waitFor();
  }

  it('adds a batch through the popup and through /batch/create, with validation', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openBatches(page);
    await shot(page, 'moderator-home-desktop');

    await page.getByRole('button', { name: LABELS.addBatch }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addBatchTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Class 6 B');
    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('26-27');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await shot(page, 'moderator-add-batch-invalid-desktop');
    await dialog.getByRole('textbox', { name: LABELS.academicYear }).fill('2026-27');
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await notice(page, MESSAGES.batchCreated);
    await page.getByRole('link', { name: /Class 6 B/ }).waitFor();

    await page.goto('/batch/create');
    await page.getByRole('textbox', { name: LABELS.academicYear }).fill('');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm }).waitFor();
    await page.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Class 7 C');
    await page.getByRole('textbox', { name: LABELS.academicYear }).fill('2026-27');
    await shot(page, 'moderator-create-batch-page-desktop');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.waitForURL('**/dashboard');
    await notice(page, MESSAGES.batchCreated);
    await page.getByRole('link', { name: /Class 7 C/ }).waitFor();
    await context.close();
  });

  it('edits a batch title and deletes an empty batch after confirmation', async () => {
    const moderator = await tokenOf('moderator');
    await callApi(moderator, 'POST', '/batches', { title: 'Class 5 Z', academic_year: '2026-27' });
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openBatches(page);

    await page.getByRole('button', { name: formatMessage(LABELS.editNamed, { title: 'Class 5 Z' }) }).click();
    const edit = page.getByRole('dialog', { name: LABELS.editBatchTitle });
    await edit.getByRole('textbox', { name: LABELS.fieldTitle }).fill(' ');
    await edit.getByRole('button', { name: LABELS.saveAction }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await edit.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Class 5 Y');
    await shot(page, 'moderator-edit-batch-desktop');
    await edit.getByRole('button', { name: LABELS.saveAction }).click();
    await notice(page, MESSAGES.batchEdited);
    await page.getByRole('link', { name: /Class 5 Y/ }).waitFor();

    const deleteButton = page.getByRole('button', {
      name: formatMessage(LABELS.deleteNamed, { title: 'Class 5 Y' }),
    });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: LABELS.deleteBatchTitle });
    await confirm.getByText(MESSAGES.confirmDelete).waitFor();
    await confirm.getByRole('button', { name: LABELS.confirmCancel, exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: /Class 5 Y/ }).waitFor();

    await deleteButton.click();
    await shot(page, 'moderator-delete-batch-confirm-desktop');
    await confirm.getByRole('button', { name: LABELS.confirmProceed, exact: true }).click();
    await notice(page, MESSAGES.batchArchived);
    await page.getByRole('link', { name: /Class 5 Y/ }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps a batch that has students and shows why', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openBatches(page);
    await page
      .getByRole('button', { name: formatMessage(LABELS.deleteNamed, { title: 'Class 10 A' }) })
      .click();
    const confirm = page.getByRole('dialog', { name: LABELS.deleteBatchTitle });
    await confirm.getByRole('button', { name: LABELS.confirmProceed, exact: true }).click();
    await formAlert(page, MESSAGES.batchHasStudents);
    await shot(page, 'moderator-delete-batch-refused-desktop');
    await confirm.getByRole('button', { name: LABELS.confirmCancel, exact: true }).click();
    await page.getByRole('link', { name: /Class 10 A/ }).waitFor();
    await context.close();
  });

  it('a card opens its subjects', async () => {
    const moderator = await tokenOf('moderator');
    const { batches } = await callApi<{ batches: { _id: string; title: string }[] }>(
      moderator,
      'GET',
      '/batches',
    );
    const classTen = batches.find((batch) => batch.title === 'Class 10 A');
    assert.ok(classTen);
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await openBatches(page);
    await page.getByRole('link', { name: /Class 10 A/ }).click();
    await page.waitForURL((url) => url.pathname === '/batch/subjects');
    assert.equal(new URL(page.url()).searchParams.get('batch'), classTen._id);
    await context.close();
  });

  it('works on a phone: cards stack, popups fit', async () => {
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await openBatches(page);
    const first = await page.getByRole('link', { name: /Class 8 A/ }).boundingBox();
    const second = await page.getByRole('link', { name: /Class 9 A/ }).boundingBox();
    assert.ok(first && second && second.y > first.y, 'cards wrap onto separate rows');
    await shot(page, 'moderator-home-phone');
    await page.getByRole('button', { name: LABELS.addBatch }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addBatchTitle });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await formAlert(page, MESSAGES.fillTheForm);
    await shot(page, 'moderator-add-batch-phone');
    await dialog.getByRole('button', { name: LABELS.formCancel }).click();
    await page
      .getByRole('button', { name: formatMessage(LABELS.deleteNamed, { title: 'Class 8 A' }) })
      .click();
    await page.getByRole('dialog', { name: LABELS.deleteBatchTitle }).waitFor();
    await shot(page, 'moderator-delete-batch-phone');
    await context.close();
  });
});
