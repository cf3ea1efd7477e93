import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMessage, LABELS } from '@portal/shared';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { DEMO_INSTITUTION, openOwnerHome, openRowMenu } from '../support/owner.js';
import { usePortal } from '../support/portal.js';

const portal = usePortal('exports');

/** Waits for the export to be ready, then downloads the zip and checks it holds the CSV files. */
async function downloadReadyExport(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('status')
    .filter({ hasText: /^Ready: / })
    .waitFor({ timeout: 60_000 });
  const progress = dialog.getByRole('progressbar', { name: LABELS.exportProgress });
  assert.equal(await progress.getAttribute('aria-valuenow'), '100');
  // Drawn, not only there: the full bar has its size (it needs its own styles loaded).
  await progress.waitFor({ state: 'visible', timeout: 2_000 });
  assert.ok(((await progress.boundingBox())?.width ?? 0) > 100);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: LABELS.downloadExport }).click();
  const download = await downloading;
  assert.match(download.suggestedFilename(), /^greenwood-high-school-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = Buffer.concat(chunks);
  assert.equal(zip.subarray(0, 2).toString(), 'PK');
  for (const name of ['students.csv', 'exam_results.csv', 'session_attendance.csv', 'manifest.json']) {
    assert.ok(zip.includes(name), `${name} in the zip`);
  }
}

describe('institution export', () => {
  it('lets the moderator export the school’s data with a progress bar, and download the zip', async () => {
    const { page, done } = await portal.signedInPage('moderator', DESKTOP);
    await page.getByRole('button', { name: LABELS.exportData }).click();
    const dialog = page.getByRole('dialog', {
      name: formatMessage(LABELS.exportDataOf, { title: DEMO_INSTITUTION }),
    });
    await dialog.getByText(LABELS.exportIntro).waitFor();
    await snap(page, 'export-moderator-start');
    await dialog.getByRole('button', { name: LABELS.startExport }).click();
    await dialog.getByText(LABELS.exportQueued).waitFor();
    // The bar's filled part has no width at 0 %: it is there, not yet visible.
    await dialog.getByRole('progressbar', { name: LABELS.exportProgress }).waitFor({ state: 'attached' });
    await downloadReadyExport(page);
    await page.waitForTimeout(300);
    await snap(page, 'export-moderator-ready');
    await done();
  });

  it('lets the owner export any institution from its row, on a phone too', async () => {
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await openOwnerHome(page);
    await openRowMenu(page, DEMO_INSTITUTION, LABELS.exportData);
    const dialog = page.getByRole('dialog', {
      name: formatMessage(LABELS.exportDataOf, { title: DEMO_INSTITUTION }),
    });
    // The moderator's export is the latest: ready to download, or made again.
    await dialog
      .getByRole('status')
      .filter({ hasText: /^Ready: / })
      .waitFor();
    await dialog.getByRole('button', { name: LABELS.exportAgain }).click();
    // The new export answers queued at once; the bar then follows it to the end.
    await dialog.getByText(LABELS.exportQueued).waitFor();
    await downloadReadyExport(page);
    await page.waitForTimeout(300);
    await snap(page, 'export-owner-phone');
    await context.close();
  });
});
