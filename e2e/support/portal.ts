import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser.js';
import { startPortal } from './server.js';
import { startSmtpCapture } from './smtp.js';

export const DEMO_PASSWORD = 'Demo@12345';

/** Registers before/after hooks for a spec file: an SMTP capture, the built portal and Chromium. */
export function usePortal(name: string) {
  const state = {} as {
    smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    portal: Awaited<ReturnType<typeof startPortal>>;
    browser: Browser;
  };
  before(async () => {
    state.smtp = await startSmtpCapture();
    state.portal = await startPortal({ smtpUrl: state.smtp.url, name });
    state.browser = await launchBrowser();
  });
  after(async () => {
    await state.browser?.close();
    await state.portal?.stop();
    await state.smtp?.close();
  });
  return {
    get baseUrl() {
      return state.portal.baseUrl;
    },
    get smtp() {
      return state.smtp;
    },
    newContext: (viewport?: { width: number; height: number }): Promise<BrowserContext> =>
      newContext(state.browser, state.portal.baseUrl, viewport),
  };
}

/** Signs in through the login form and waits to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
