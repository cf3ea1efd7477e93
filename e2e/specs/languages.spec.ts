import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { type Catalogue, ENGLISH, LABELS, type Language } from '@portal/shared';
import bn from '@portal/shared/locales/bn';
import hi from '@portal/shared/locales/hi';
import ta from '@portal/shared/locales/ta';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { signIn, usePortal } from '../support/portal.js';
import { decodeMail } from '../support/smtp.js';
import { downloaded } from '../support/ui.js';

/**
 * Decision 40: each person reads the portal in their own language, kept on the account. A student
 * switches to Hindi and a teacher to Tamil on their profile; the page follows at once, after a
 * reload, and on another browser signed in afresh. The API's errors, the OTP e-mail and a report
 * PDF are in the account's language too.
 */
const portal = usePortal('languages');
const LAPTOP = { width: 1366, height: 768 };
const TEXTS: Record<Language, Catalogue> = { en: ENGLISH as unknown as Catalogue, hi, ta, bn };
const PROFILE = { student: '/me/profile', faculty: '/faculty/profile', moderator: '/profile' } as const;

/** The page is shown in `language`: its lang attribute and the navigation's first item. */
async function shownIn(page: Page, language: Language) {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: TEXTS[language].navigation.Home, exact: true })
    .first()
    .waitFor();
}

/** Picks `language` in the profile's picker (its label read in `current`). */
async function chooseOnProfile(
  page: Page,
  role: keyof typeof PROFILE,
  current: Language,
  language: Language,
) {
  await page.goto(PROFILE[role]);
  await page.getByLabel(TEXTS[current].labels.language, { exact: true }).selectOption(language);
  await shownIn(page, language);
}

/** A new browser (nothing kept from the others), signed in through the form. */
async function freshSignIn(username: string, viewport = LAPTOP) {
  const context = await portal.newContext(viewport);
  const page = await context.newPage();
  await signIn(page, username);
  return { page, done: () => context.close() };
}

describe('a person’s language', () => {
  it('a student switches to Hindi: kept after a reload and on another browser; an API error in Hindi', async () => {
    const { page, done } = await freshSignIn('student');
    try {
      await shownIn(page, 'en');
      await chooseOnProfile(page, 'student', 'en', 'hi');
      await page.getByRole('heading', { name: hi.labels.profileTitle }).first().waitFor();
      await page.reload();
      await shownIn(page, 'hi');

      // An API error: a wrong old password, answered by the server in the account's language.
      await page.getByRole('button', { name: hi.labels.changePassword }).click();
      const dialog = page.getByRole('dialog', { name: hi.labels.changePassword });
      await dialog.getByLabel(hi.labels.oldPassword).fill('Not-my-password-1');
      await dialog.getByLabel(hi.labels.newPassword, { exact: true }).fill('Brand-new-pass-1');
      await dialog.getByLabel(hi.labels.repeatNewPassword).fill('Brand-new-pass-1');
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/change-password'),
      );
      await dialog.getByRole('button', { name: hi.labels.submit }).click();
      const refusal = (await (await answered).json()) as { error: { code: string; message: string } };
      assert.deepEqual(refusal.error, {
        code: 'WRONG_OLD_PASSWORD',
        message: hi.messages.checkOldPassword,
        fields: { old_password: hi.messages.checkOldPassword },
      });
      await dialog.getByText(hi.messages.checkOldPassword).first().waitFor();
      await snap(page, 'language-hi-api-error', { fullPage: false });
    } finally {
      await done();
    }
    const elsewhere = await freshSignIn('student');
    try {
      await shownIn(elsewhere.page, 'hi');
    } finally {
      await elsewhere.done();
    }
  });

  it('a teacher switches to Tamil: kept after a reload and on another browser', async () => {
    const { page, done } = await freshSignIn('faculty');
    try {
      await chooseOnProfile(page, 'faculty', 'en', 'ta');
      await page.goto('/faculty/assessments');
      await page.getByRole('heading', { name: ta.labels.evalTitle }).first().waitFor();
      await page.reload();
      await shownIn(page, 'ta');
    } finally {
      await done();
    }
    const elsewhere = await freshSignIn('faculty', PHONE);
    try {
      await elsewhere.page.waitForFunction(() => document.documentElement.lang === 'ta');
      await elsewhere.page.getByText(ta.labels.home).first().waitFor();
    } finally {
      await elsewhere.done();
    }
  });

  it('the sign-in page follows the browser’s language and its switcher; the OTP e-mail is in the account’s', async () => {
    const student2 = await apiSignIn(portal, 'student2');
    await student2.call('/users/me/language', { method: 'PATCH', body: { language: 'hi' } });
    const context = await portal.newContext(LAPTOP);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: LABELS.submit }).waitFor();
      await page.getByLabel(LABELS.language).selectOption('bn');
      await page.getByRole('button', { name: bn.labels.submit }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn');
      await page.reload();
      await page.getByText(bn.labels.signInTitle).first().waitFor();
      await snap(page, 'language-bn-sign-in', { fullPage: false });

      const before = portal.smtp.received.length;
      await page.getByRole('link', { name: bn.labels.forgotPassword }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: bn.labels.userName }).fill('student2');
      await page.getByRole('button', { name: bn.labels.generateOtp }).click();
      await portal.smtp.otpFor('student2@greenwood.example', before);
      const mail = portal.smtp.received
        .slice(before)
        .find((m) => m.to.includes('student2@greenwood.example'));
      const decoded = decodeMail(mail!.raw);
      assert.match(decoded.subject, new RegExp(hi.messages.otpEmailSubject));
      assert.match(decoded.text, /नमस्ते student2/);
    } finally {
      await context.close();
    }
    // A browser whose first language is Tamil shows the sign-in page in Tamil.
    const tamil = await portal.newContext(LAPTOP, { locale: 'ta-IN' });
    try {
      const tamilPage = await tamil.newPage();
      await tamilPage.goto('/login');
      await tamilPage.getByText(ta.labels.signInTitle).first().waitFor();
    } finally {
      await tamil.close();
    }
  });

  it('a report PDF in Bengali, its words read back by pdftotext', async () => {
    const moderator = await apiSignIn(portal, 'moderator');
    await moderator.call('/users/me/language', { method: 'PATCH', body: { language: 'bn' } });
    const { page, done } = await freshSignIn('moderator');
    try {
      await shownIn(page, 'bn');
      await page.goto('/reports');
      await page.locator('[data-report-table]').first().waitFor();
      const bytes = await downloaded(page, bn.labels.reportPdf);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();
      // pdftotext gives glyphs in the order drawn, so a vowel sign written before its consonant
      // (ি, ে) reads after it: the words checked have none.
      for (const words of ['ব্যাচ: সব', 'ব্যাচ: Class 10 A', 'নং', 'হয়']) {
        assert.ok(text.includes(words), `${words} in the PDF`);
      }
      assert.match(text, /\d{2}-\d{2}-\d{4}/, 'DD-MM-YYYY in every language');
    } finally {
      await done();
    }
  });
});
