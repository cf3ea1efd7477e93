import fs from 'node:fs/promises';
import { LABELS } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';

/** Waits for a notice (or any text shown once) to appear. */
export const banner = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/**
 * Picks `option` in the dropdown labelled `label` (a searchable select is a combobox, a plain one a
 * textbox). `exact: false` also matches an option that contains the text, e.g. a name shown
 * with a designation.
 */
export async function chooseOption(page: Page, label: string, option: string, { exact = true } = {}) {
  await page
    .getByRole('combobox', { name: label })
    .or(page.getByRole('textbox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact }).first().click();
}

/** Chooses files through the file picker the button opens. */
export async function pickFiles(page: Page, button: string, paths: string | string[]) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(paths);
}

/** Types into the rich-text description editor. */
export async function typeDescription(page: Page, text: string) {
  await page.getByRole('textbox', { name: LABELS.fieldDescription }).click();
  await page.keyboard.type(text);
}

/** Clicks the button named `label` and answers the file it downloads. */
export async function downloaded(page: Page, label: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: label, exact: true }).click();
  return fs.readFile(await (await downloading).path());
}

/**
 * A popup's own Close button (its footer's): the header's × is named Close too (every popup's
 * close control is named), so the footer's, the last in the popup, is the one asked for.
 */
export const closeButtonOf = (popup: Locator) => popup.getByRole('button', { name: LABELS.close }).last();
