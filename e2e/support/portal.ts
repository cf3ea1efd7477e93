import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, type StorageState } from './browser.js';
import { startPortal } from './server.js';
import { startSmtpCapture } from './smtp.js';

export const DEMO_PASSWORD = 'Demo@12345';

/** A window's size in CSS px; `deviceScaleFactor` 2 draws each at two device pixels (a 200 % zoom). */
type Viewport = { width: number; height: number; deviceScaleFactor?: number };

/** A page of its own browser context; `done` closes the context. */
export interface SignedInPage {
  page: Page;
  context: BrowserContext;
  done: () => Promise<void>;
}

/** Registers before/after hooks for a spec file: an SMTP capture, the built portal and Chromium. */
export function usePortal(name: string) {
  const state = {} as {
    smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    portal: Awaited<ReturnType<typeof startPortal>>;
    browser: Browser;
  };
  /** Each username's sign-in, made once through the form for this portal and reused after. */
  const sessions = new Map<string, Promise<StorageState>>();

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

  const open = (viewport?: Viewport, storage?: StorageState, timezoneId?: string, locale?: string) =>
    newContext(state.browser, state.portal.baseUrl, viewport, storage, timezoneId, locale);

  return {
    get baseUrl() {
      return state.portal.baseUrl;
    },
    get smtp() {
      return state.smtp;
    },
    /** A new browser; `locale` is its first language (English by default). */
    newContext: (viewport?: Viewport, { locale }: { locale?: string } = {}): Promise<BrowserContext> =>
      open(viewport, undefined, undefined, locale),

    /**
     * A new browser signed in as `username`, on the home page. The sign-in form is used once per
     * username and run; later pages start with that browser's session and file cookie, since the
     * portal allows ten sign-ins a minute per address and username. For pages that do not sign
     * out or change the password (either would end the shared session). `timezoneId` puts the
     * device in another zone than the institution's.
     */
    async signedInPage(
      username: string,
      viewport: Viewport = DESKTOP,
      { timezoneId }: { timezoneId?: string } = {},
    ): Promise<SignedInPage> {
      const saved = sessions.get(username);
      if (saved) {
        const context = await open(viewport, await saved, timezoneId);
        const page = await context.newPage();
        await page.goto('/dashboard');
        return { page, context, done: () => context.close() };
      }
      const context = await open(viewport, undefined, timezoneId);
      const page = await context.newPage();
      const signedIn = signIn(page, username).then(() => context.storageState());
      sessions.set(username, signedIn);
      try {
        await signedIn;
      } catch (failure) {
        sessions.delete(username);
        await context.close();
        throw failure;
      }
      return { page, context, done: () => context.close() };
    },
  };
}

/** `make` run once, on the first call; every call answers its result (a spec's shared rows). */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
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
