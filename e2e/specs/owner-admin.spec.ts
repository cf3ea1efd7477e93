import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { png } from '../support/files.js';
import { DEMO_INSTITUTION, loadedVideo, openOwnerHome, openRowMenu } from '../support/owner.js';
import { signIn, usePortal } from '../support/portal.js';

const portal = usePortal('owner-admin');
const repoRoot = path.resolve(import.meta.dirname, '../..');
/** A real short clip the portal ships (the seed's media), uploaded as an institution's own demo video. */
const SAMPLE_VIDEO = path.join(repoRoot, 'apps/server/src/db/seed/media/water-cycle.mp4');

let scratch: string;
let logoPath: string;
let videoPath: string;
before(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'owner-admin-'));
  logoPath = path.join(scratch, 'greenwood-new-logo.png');
  await fs.writeFile(logoPath, png(64, 64, [200, 60, 40]));
  videoPath = path.join(scratch, 'greenwood-students.mp4');
  await fs.copyFile(SAMPLE_VIDEO, videoPath);
});
after(() => fs.rm(scratch, { recursive: true, force: true }));

/** A screenshot once popups and notices have finished their opening transitions. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await snap(page, name);
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function ownerPage(viewport = DESKTOP) {
  const context = await portal.newContext(viewport);
  const page = await context.newPage();
  await openOwnerHome(page);
  return { page, done: () => context.close() };
}

/** Signs in through the form and waits for the refusal. */
async function signInRefused(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(MESSAGES.loginFailed).waitFor();
  assert.match(new URL(page.url()).pathname, /^\/login/);
}

describe('owner: logos, archived institutions, moderators', () => {
  it('changes an institution’s logo, and its moderator’s header shows the new one', async () => {
    const { page, done } = await ownerPage();
    await page
      .getByRole('button', { name: formatMessage(LABELS.editNamed, { title: DEMO_INSTITUTION }) })
      .click();
    const dialog = page.getByRole('dialog', { name: LABELS.editInstitutionTitle });
    await dialog.getByRole('img', { name: LABELS.currentLogo }).waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(logoPath);
    await dialog.getByRole('img', { name: LABELS.fieldLogo }).waitFor();
    await shot(page, 'owner-edit-logo-desktop');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await notice(page, MESSAGES.institutionEdited);

    const owner = await apiSignIn(portal, 'owner');
    const { institutions } = await owner.call<{ institutions: { title: string; nav_logo: string }[] }>(
      '/institutions',
    );
    const newLogo = institutions.find((row) => row.title === DEMO_INSTITUTION)!.nav_logo;
    assert.match(newLogo, /^\/files\/portal\/.*greenwood-new-logo\.png$/);
    const rowLogo = page
      .getByRole('row')
      .filter({ hasText: DEMO_INSTITUTION })
      .getByRole('img', { name: formatMessage(LABELS.logoOf, { title: DEMO_INSTITUTION }) });
    await page.waitForFunction(
      ([element, logo]) => (element as HTMLImageElement | null)?.getAttribute('src') === logo,
      [await rowLogo.elementHandle(), newLogo] as const,
    );
    await done();

    // The moderator signs in and sees the new logo, loaded from the institution's files.
    const context = await portal.newContext(DESKTOP);
    const moderatorPage = await context.newPage();
    await signIn(moderatorPage, 'moderator');
    const header = moderatorPage.getByRole('banner');
    const logo = header.getByRole('img', { name: formatMessage(LABELS.logoOf, { title: DEMO_INSTITUTION }) });
    await logo.waitFor();
    await moderatorPage.waitForFunction(
      (element) => {
        const image = element as HTMLImageElement | null;
        return Boolean(image?.complete) && image?.naturalWidth === 64;
      },
      await logo.elementHandle(),
    );
    assert.equal(await logo.getAttribute('src'), newLogo);
    await shot(moderatorPage, 'moderator-header-new-logo-desktop');
    await context.close();
  });

  it('archives an institution and restores it from the Archived Institutions tab', async () => {
    const owner = await apiSignIn(portal, 'owner');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(48, 48, [30, 120, 200]))]), 'lakeside.png');
    const logo = await owner.call<{ publicUrl: string }>('/s3/v2', { form });
    const title = 'Lakeside Academy';
    await owner.call('/institutions', {
      body: { title, nav_logo: logo.publicUrl, academic_year: '2026-27' },
    });

    for (const viewport of [DESKTOP, PHONE]) {
      const suffix = viewport === DESKTOP ? 'desktop' : 'phone';
      const { page, done } = await ownerPage(viewport);
      await shot(page, `owner-home-${suffix}`);
      await page.getByRole('button', { name: formatMessage(LABELS.archiveNamed, { title }) }).click();
      await page
        .getByRole('dialog', { name: LABELS.archiveInstitutionTitle })
        .getByRole('button', {
          name: LABELS.confirmProceed,
        })
        .click();
      await notice(page, MESSAGES.institutionArchived);
      await page
        .getByRole('table', { name: LABELS.activeInstitutions })
        .getByText(title)
        .waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: LABELS.archivedInstitutions }).click();
      await page.waitForURL(/tab=archived/);
      const archived = page.getByRole('table', { name: LABELS.archivedInstitutions });
      await archived.getByText(title).waitFor();
      await archived.getByRole('img', { name: formatMessage(LABELS.logoOf, { title }) }).waitFor();
      await page.getByRole('heading', { name: LABELS.archivedInstitutions }).waitFor();
      await shot(page, `owner-archived-institutions-${suffix}`);

      await page.getByRole('button', { name: formatMessage(LABELS.restoreNamed, { title }) }).click();
      const confirm = page.getByRole('dialog', { name: LABELS.restoreInstitutionTitle });
      await confirm.getByText(formatMessage(MESSAGES.confirmRestoreInstitution, { title })).waitFor();
      await shot(page, `owner-restore-institution-${suffix}`);
      await confirm.getByRole('button', { name: LABELS.confirmProceed }).click();
      await notice(page, MESSAGES.institutionRestored);
      await archived.getByText(title).waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: LABELS.activeInstitutions }).click();
      await page.getByRole('table', { name: LABELS.activeInstitutions }).getByText(title).waitFor();
      await done();
    }
    const { institutions } = await owner.call<{ institutions: { title: string }[] }>('/institutions');
    assert.ok(institutions.some((row) => row.title === title));
  });

  it('lists the moderators, resets one’s password (changed at the next sign-in) and archives another', async () => {
    const owner = await apiSignIn(portal, 'owner');
    const { institutions } = await owner.call<{ institutions: { _id: string; title: string }[] }>(
      '/institutions',
    );
    const greenwood = institutions.find((row) => row.title === DEMO_INSTITUTION)!;
    for (const username of ['head.mistress', 'vice.principal']) {
      await owner.call('/cwx/users', {
        body: { username, password: 'Greenwood@2026', institution_id: greenwood._id },
      });
    }

    const { page, done } = await ownerPage();
    await openRowMenu(page, DEMO_INSTITUTION, LABELS.moderators);
    const dialog = page.getByRole('dialog', {
      name: formatMessage(LABELS.moderatorsOf, { title: DEMO_INSTITUTION }),
    });
    const table = dialog.getByRole('table', { name: LABELS.moderators });
    for (const username of ['moderator', 'head.mistress', 'vice.principal']) {
      await table.getByText(username, { exact: true }).waitFor();
    }
    await shot(page, 'owner-moderators-desktop');

    await dialog
      .getByRole('button', { name: formatMessage(LABELS.resetPasswordOf, { title: 'head.mistress' }) })
      .click();
    await page
      .getByRole('dialog', { name: LABELS.resetModeratorTitle })
      .getByRole('button', {
        name: LABELS.confirmProceed,
      })
      .click();
    await notice(page, formatMessage(MESSAGES.passwordResetDone, { name: 'head.mistress' }));
    const password = (await dialog.getByTestId('issued-password').textContent())?.trim() ?? '';
    assert.ok(password.length >= 8, 'the generated password is shown');
    await table
      .getByRole('row')
      .filter({ hasText: 'head.mistress' })
      .getByText(LABELS.statusMustChangePassword)
      .waitFor();
    await shot(page, 'owner-moderator-password-reset-desktop');

    await dialog
      .getByRole('button', {
        name: formatMessage(LABELS.archiveNamed, { title: 'vice.principal' }),
        exact: true,
      })
      .click();
    await page
      .getByRole('dialog', { name: LABELS.archiveModeratorTitle })
      .getByRole('button', {
        name: LABELS.confirmProceed,
      })
      .click();
    await notice(page, formatMessage(MESSAGES.moderatorArchivedDone, { name: 'vice.principal' }));
    const archivedRow = table.getByRole('row').filter({ hasText: 'vice.principal' });
    await archivedRow.getByText(LABELS.archivedBadge).waitFor();
    assert.ok(
      await archivedRow
        .getByRole('button', { name: formatMessage(LABELS.unarchiveNamed, { title: 'vice.principal' }) })
        .isEnabled(),
    );
    await done();

    // The reset moderator's old password is refused; the new one must be changed first.
    const context = await portal.newContext(DESKTOP);
    const moderatorPage = await context.newPage();
    await signInRefused(moderatorPage, 'head.mistress', 'Greenwood@2026');
    await signIn(moderatorPage, 'head.mistress', password);
    await moderatorPage.getByRole('heading', { name: LABELS.changePassword }).waitFor();
    await moderatorPage.getByText(MESSAGES.passwordChangeRequired).waitFor();
    await moderatorPage.getByLabel(LABELS.oldPassword).fill(password);
    await moderatorPage.getByLabel(LABELS.newPassword, { exact: true }).fill('Mistress@2027');
    await moderatorPage.getByLabel(LABELS.repeatNewPassword).fill('Mistress@2027');
    await moderatorPage.getByRole('button', { name: LABELS.submit }).click();
    await moderatorPage.waitForURL('**/login');
    await signIn(moderatorPage, 'head.mistress', 'Mistress@2027');
    await moderatorPage.getByText(LABELS.batches, { exact: true }).first().waitFor();

    // The archived moderator cannot sign in.
    await moderatorPage.getByRole('button', { name: LABELS.profileMenu }).click();
    await moderatorPage.getByRole('menuitem', { name: LABELS.logout }).click();
    await moderatorPage.waitForURL('**/login');
    await signInRefused(moderatorPage, 'vice.principal', 'Greenwood@2026');
    await context.close();

    // The same list at phone width.
    const phone = await ownerPage(PHONE);
    await openRowMenu(phone.page, DEMO_INSTITUTION, LABELS.moderators);
    await phone.page.getByRole('dialog').getByText('vice.principal', { exact: true }).waitFor();
    await shot(phone.page, 'owner-moderators-phone');
    await phone.done();
  });
});

describe('demo videos', () => {
  it('the owner sets the students’ video; a student plays it, faculty keep their default', async () => {
    const { page, done } = await ownerPage();
    await openRowMenu(page, DEMO_INSTITUTION, LABELS.demoVideos);
    const dialog = page.getByRole('dialog', {
      name: formatMessage(LABELS.demoVideosOf, { title: DEMO_INSTITUTION }),
    });
    const students = dialog.getByRole('region', { name: LABELS.studentsDemoVideo });
    await students.getByText(LABELS.demoVideoDefault).waitFor();
    const before = await loadedVideo(page, `section[aria-label="${LABELS.studentsDemoVideo}"] video`);
    assert.match(before.src, /\/files\/_defaults\/demo-videos\/demo-student\.webm\?v=/);
    await shot(page, 'owner-demo-videos-desktop');

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      students
        .getByRole('button', { name: `${LABELS.uploadDemoVideo}: ${LABELS.studentsDemoVideo}` })
        .click(),
    ]);
    await chooser.setFiles(videoPath);
    await notice(page, MESSAGES.demoVideoSaved);
    await students.getByText(LABELS.demoVideoCustom).waitFor();
    const uploaded = await loadedVideo(page, `section[aria-label="${LABELS.studentsDemoVideo}"] video`);
    assert.match(uploaded.src, /\/files\/portal\/.*greenwood-students\.mp4$/);
    await shot(page, 'owner-demo-videos-set-desktop');
    await done();

    const phoneOwner = await ownerPage(PHONE);
    await openRowMenu(phoneOwner.page, DEMO_INSTITUTION, LABELS.demoVideos);
    await phoneOwner.page.getByRole('dialog').getByText(LABELS.demoVideoCustom).waitFor();
    await shot(phoneOwner.page, 'owner-demo-videos-phone');
    await phoneOwner.done();

    const played: Record<string, string> = {};
    for (const [username, viewport] of [
      ['student', DESKTOP],
      ['faculty', DESKTOP],
      ['student2', PHONE],
    ] as const) {
      const context = await portal.newContext(viewport);
      const userPage = await context.newPage();
      await signIn(userPage, username);
      await userPage.getByRole('button', { name: MESSAGES.clickForDemo }).click();
      const popup = userPage.getByRole('dialog', { name: LABELS.demoVideo });
      await popup.waitFor();
      const video = await loadedVideo(userPage, '[role="dialog"] video');
      assert.ok(video.readyState > 0);
      played[username] = new URL(video.src).pathname;
      await shot(userPage, `demo-video-popup-${username}-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      await context.close();
    }
    assert.match(played.student!, /^\/files\/portal\/.*greenwood-students\.mp4$/);
    assert.equal(played.student2, played.student);
    assert.equal(played.faculty, '/files/_defaults/demo-videos/demo-faculty.webm');
  });
});
