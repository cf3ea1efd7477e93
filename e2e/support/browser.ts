import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = path.resolve(import.meta.dirname, '../../screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** The demo institution's time zone: by default its students' and teachers' devices are in it too. */
export const DEMO_TIME_ZONE = 'Asia/Kolkata';

/** What a signed-in browser keeps: its cookies (the file cookie) and local storage (the session). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A browser context; `timezoneId` puts the device in another zone than the institution's, `locale`
 * gives the browser another first language (its Accept-Language) than English.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  { deviceScaleFactor, ...viewport }: { width: number; height: number; deviceScaleFactor?: number } = DESKTOP,
  storageState?: StorageState,
  timezoneId = DEMO_TIME_ZONE,
  locale?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    timezoneId,
    storageState,
    locale,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Waits for the page's transitions (a popup opening) to finish, so a picture shows where they end. */
export const settled = (page: Page) =>
  page.evaluate(() =>
    // A transition cut short (its element moved on) counts as ended.
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );

/**
 * Keeps a picture of a screen for people to look at (screenshots/ is not committed): the whole page,
 * or with `fullPage: false` what the window shows.
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await fs.mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/**
 * The field's value once it equals `expected`, or its last value after `timeoutMs`: a form fills
 * its fields when its data arrives, which under load may come after the field is on screen.
 */
export async function settledValue(field: Locator, expected: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let value = await field.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await field.inputValue();
  }
  return value;
}
