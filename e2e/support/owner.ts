import { formatMessage, LABELS } from '@portal/shared';
import type { Page } from 'playwright-core';
import { signIn } from './portal.js';

export const DEMO_INSTITUTION = 'Greenwood High School';

/** Signs the owner in and waits for the 'Active Institutions' table. */
export async function openOwnerHome(page: Page): Promise<void> {
  await signIn(page, 'owner');
  await page.waitForURL('**/dashboard');
  await page
    .getByRole('table', { name: LABELS.activeInstitutions })
    .getByText(DEMO_INSTITUTION)
    .first()
    .waitFor();
}

/** Opens one entry (Moderators, Demo Videos) of an institution row's 'More' menu. */
export async function openRowMenu(page: Page, title: string, item: string): Promise<void> {
  await page.getByRole('button', { name: formatMessage(LABELS.moreActionsNamed, { title }) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The `src` and `readyState` of the first video matching `selector`, once it has loaded its metadata. */
export async function loadedVideo(
  page: Page,
  selector: string,
): Promise<{ src: string; readyState: number }> {
  const handle = await page.waitForFunction((css) => {
    const video = document.querySelector(css) as HTMLVideoElement | null;
    return video && video.readyState > 0 ? { src: video.currentSrc, readyState: video.readyState } : null;
  }, selector);
  return (await handle.jsonValue()) as { src: string; readyState: number };
}
