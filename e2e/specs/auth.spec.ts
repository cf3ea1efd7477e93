import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { LABELS, MESSAGES, NAVIGATION, type Role } from '@portal/shared';
import type { Response } from 'playwright-core';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { DEMO_PASSWORD, signIn, usePortal } from '../support/portal.js';
import { SUPPORT } from '../support/server.js';

const portal = usePortal('auth');

/** What each role's home shows first, once its chunk has loaded. */
const HOME_MARK: Record<Role, string> = {
  owner: LABELS.activeInstitutions,
  moderator: LABELS.batches,
  faculty: LABELS.studentsDoubts,
  student: LABELS.newTopics,
};

describe('sign-in and the app shell', () => {
  for (const role of ['owner', 'moderator', 'faculty', 'student'] as Role[]) {
    it(`${role} signs in and sees exactly the ${role}'s navigation`, async () => {
      const context = await portal.newContext();
      const page = await context.newPage();
      await page.goto('/');
      await page.waitForURL('**/login');
      await signIn(page, role);
      await page.waitForURL('**/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const links = nav.getByRole('link');
      await links.first().waitFor();
      const shown = await links.evaluateAll((anchors) =>
        anchors.map((a) => ({
          label: a.textContent?.trim(),
          path: new URL((a as HTMLAnchorElement).href).pathname,
        })),
      );
      assert.deepEqual(
        shown,
        NAVIGATION[role].map((item) => ({ label: item.label, path: item.path })),
      );
      await page.getByText(HOME_MARK[role], { exact: true }).first().waitFor();
      await snap(page, `shell-${role}-dashboard-desktop`);
      await context.close();
    });
  }

  it('a wrong password shows the spec’s alert and stays on /login', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('User Name').fill('student');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    assert.match(page.url(), /\/login$/);
    await snap(page, 'login-wrong-password');
    await context.close();
  });

  it('sends nothing while a field is empty', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByLabel('User Name').fill('student');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForTimeout(300);
    assert.equal(loginCalls, 0);
    assert.match(page.url(), /\/login$/);
    await context.close();
  });

  it('an unauthenticated deep link returns there after sign-in', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto('/me/profile?tab=account');
    await page.waitForURL('**/login**');
    await signIn(page, 'student');
    await page.waitForURL('**/me/profile?tab=account');
    await page.getByText('student', { exact: true }).first().waitFor();
    await context.close();
  });

  it('a signed-in user visiting /login goes on; Logout clears the session', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'moderator');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
    }));
    assert.deepEqual(stored, { local: 0, session: 0 });
    await page.goto('/dashboard');
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('Contact Us shows the support phone and e-mail', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(SUPPORT.phone).waitFor();
    await dialog.getByText(SUPPORT.email).waitFor();
    await snap(page, 'login-contact-us');
    await context.close();
  });

  it('waits its turn while the portal is busy with a rush of sign-ins, and then signs in', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    let turnedAway = 0;
    await page.route('**/api/auth/login', async (route) => {
      if (turnedAway >= 2) return route.continue();
      turnedAway += 1;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '2', 'content-type': 'application/json' },
        body: JSON.stringify({ error: { code: 'BUSY', message: MESSAGES.signInBusy } }),
      });
    });
    await page.goto('/login');
    await page.getByLabel('User Name').fill('student');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.signInWaiting }).waitFor();
    await snap(page, 'login-waiting-its-turn');
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    assert.equal(turnedAway, 2);
    assert.equal(await page.getByText(MESSAGES.signInBusy).count(), 0);
    await context.close();
  });

  it('the sign-in page downloads under 150 KB of gzipped JavaScript, and is sent it compressed', async (t) => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Response>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response);
    });
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    let gzipped = 0;
    let sent = 0;
    for (const [url, response] of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      gzipped += gzipSync(body).length;
      // What crossed the network: the build's brotli copy (Chromium accepts br).
      assert.equal(await response.headerValue('content-encoding'), 'br', url);
      sent += (await response.request().sizes()).responseBodySize;
    }
    assert.ok(scripts.size > 0);
    t.diagnostic(
      `sign-in page JavaScript: ${gzipped} bytes gzipped in ${scripts.size} files; ${sent} bytes sent (brotli)`,
    );
    assert.ok(gzipped < 150_000, `the sign-in page loads ${gzipped} bytes of gzipped JavaScript`);
    assert.ok(sent <= gzipped, `${sent} bytes sent`);
    await context.close();
  });

  it('the shell works on a phone', async () => {
    const context = await portal.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await snap(page, 'login-phone');
    await signIn(page, 'student');
    await page.waitForURL('**/dashboard');
    await snap(page, 'shell-student-dashboard-phone');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Subjects' })
      .waitFor();
    await snap(page, 'shell-student-navigation-phone');
    await context.close();
  });
});

describe('passwords', () => {
  it('forgot password: OTP from the e-mail, new password, sign in with it', async () => {
    const context = await portal.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog');

    await dialog.getByRole('button', { name: 'Generate OTP' }).click();
    await dialog.getByText(MESSAGES.enterUsername).waitFor();
    await dialog.getByLabel('User Name').fill('nobody-at-all');
    await dialog.getByRole('button', { name: 'Generate OTP' }).click();
    await dialog.getByText(MESSAGES.invalidUsername).waitFor();

    const mailsBefore = portal.smtp.received.length;
    await dialog.getByLabel('User Name').fill('student2');
    await dialog.getByRole('button', { name: 'Generate OTP' }).click();
    await dialog.getByLabel('OTP').waitFor();
    const otp = await portal.smtp.otpFor('student2@greenwood.example', mailsBefore);

    await dialog.getByLabel('OTP').fill(otp === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText(MESSAGES.invalidOtp).waitFor();
    await dialog.getByLabel('OTP').fill(otp);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await dialog.getByLabel('New Password').fill('Fresh-Start-7');
    await dialog.getByLabel('Confirm Password').fill('Fresh-Start-8');
    await dialog.getByRole('button', { name: 'Change' }).click();
    await dialog.getByText(MESSAGES.passwordMismatch).waitFor();
    await snap(page, 'forgot-password-mismatch');
    await dialog.getByLabel('Confirm Password').fill('Fresh-Start-7');
    await dialog.getByRole('button', { name: 'Change' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await signIn(page, 'student2', 'Fresh-Start-7');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('change password signs out; the old password stops working', async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await signIn(page, 'faculty2');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL('**/faculty/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(MESSAGES.enterRequiredFields).waitFor();
    await dialog.getByLabel('Old Password').fill('wrong-old-password');
    await dialog.getByLabel('New Password', { exact: true }).fill('Teacher-New-9');
    await dialog.getByLabel('Repeat New Password').fill('Teacher-New-0');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(MESSAGES.newPasswordsDoNotMatch).waitFor();
    await dialog.getByLabel('Repeat New Password').fill('Teacher-New-9');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(MESSAGES.checkOldPassword).waitFor();
    await snap(page, 'change-password-wrong-old');

    await dialog.getByLabel('Old Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/login**');

    await page.getByLabel('User Name').fill('faculty2');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    await signIn(page, 'faculty2', 'Teacher-New-9');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
