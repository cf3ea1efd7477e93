import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  type Assessment,
  type Catalogue,
  ENGLISH,
  htmlLang,
  LABELS,
  LANGUAGE_NAMES,
  type Language,
  NAVIGATION,
  PROFILE_PATH,
  PSEUDO_LANGUAGE,
  type UiLanguage,
} from '@portal/shared';
import bn from '@portal/shared/locales/bn';
import hi from '@portal/shared/locales/hi';
import ta from '@portal/shared/locales/ta';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, settled, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import { once, signIn, usePortal } from '../support/portal.js';
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
      await page.keyboard.press('Escape');

      // The demo video's captions: a track per language named in its own script, Hindi shown.
      await page.getByRole('button', { name: hi.messages.clickForDemo }).first().click();
      const video = page.getByRole('dialog', { name: hi.labels.demoVideo }).locator('video');
      await video.waitFor();
      const tracks = await video.evaluate((element: HTMLVideoElement) =>
        Array.from(element.querySelectorAll('track'), (track) => ({
          srclang: track.srclang,
          label: track.label,
          default: track.default,
          mode: track.track.mode,
        })),
      );
      assert.deepEqual(
        tracks.map(({ srclang, label }) => [srclang, label]),
        (['en', 'hi', 'ta', 'bn'] as const).map((language) => [language, LANGUAGE_NAMES[language]]),
      );
      assert.deepEqual(
        tracks.filter((track) => track.default).map((track) => [track.srclang, track.mode]),
        [['hi', 'showing']],
      );
      // The Hindi file loads and its first cue is Hindi.
      const firstCue = await video.evaluate(async (element: HTMLVideoElement) => {
        const track = element.querySelector<HTMLTrackElement>('track[srclang="hi"]')!;
        if (track.readyState !== 2) await new Promise((resolve) => track.addEventListener('load', resolve));
        return (track.track.cues?.[0] as VTTCue | undefined)?.text;
      });
      assert.match(firstCue ?? '', /^होम: /);
      // At the first cue's time the player draws it over the picture.
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.currentTime = 7;
        await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      });
      await snap(page, 'language-hi-demo-video', { fullPage: false });
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

// ---------------------------------------------------------------------------------------------
// The screens in every language, and the pseudo-locale run that finds words written outside the
// catalogue.
// ---------------------------------------------------------------------------------------------

const EXAM = 'Language check: algebra';
const PAPER_CSV = `question,type,marks,options,correct
What is 7 x 8?,SINGLE_CHOICE,1,54|56|58,B
Which of these are prime numbers?,MULTIPLE_CHOICE,2,2|9|11|15,A|C
State the Pythagoras theorem in your own words.,TEXT,3,,
`;

/** A live examination of the demo student's class, with its paper. */
const liveExam = once(async () => {
  const faculty = await apiSignIn(portal, 'faculty');
  const moderator = await apiSignIn(portal, 'moderator');
  const classTen = await batchNamed(moderator, 'Class 10 A');
  const taught = (await faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  const { assessment } = await faculty.call<{ assessment: Assessment }>('/assessments', {
    body: {
      title: EXAM,
      description: 'Answer every question.',
      batch_subject_id: subject._id,
      start_date: new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString(),
      due_date: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    },
  });
  const form = new FormData();
  form.append('file', new Blob([PAPER_CSV], { type: 'text/csv' }), 'paper.csv');
  const stored = await faculty.call<{ publicUrl: string }>('/s3/v2?purpose=import', { form });
  await faculty.call('/assessment-questions/csv', {
    body: { csv_url: stored.publicUrl, assessment_id: assessment._id },
  });
  return assessment;
});

type Role = 'student' | 'faculty' | 'moderator';

/** Gives the demo accounts `language` through the API (each account keeps its own). */
async function everyoneIn(language: UiLanguage) {
  for (const username of ['student', 'faculty', 'moderator']) {
    const user = await apiSignIn(portal, username);
    await user.call('/users/me/language', { method: 'PATCH', body: { language } });
  }
}

/**
 * Waits for the page's language and its web fonts (a script's font is fetched when first drawn).
 * A page opened before the account's new language reached it loads itself again in that language
 * (`followAccountLanguage`): a wait cut short by that reload is taken up on the new page.
 */
async function readyIn(page: Page, language: UiLanguage) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang(language));
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return;
    } catch (failure) {
      if (attempt === 3 || !String(failure).includes('Execution context was destroyed')) throw failure;
      await page.waitForLoadState('load');
    }
  }
}

/** A role's page, shown in the account's language (after its one reload into it, if any). */
async function signedInPageIn(role: Role, language: UiLanguage) {
  const opened = await portal.signedInPage(role, LAPTOP);
  await readyIn(opened.page, language);
  return opened;
}

/** How far the page is wider than the window (a text that does not wrap pushes it), in px. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every text of a language's catalogue, as the screens may show it whole. */
const catalogueTexts = (language: Language) =>
  Object.values(TEXTS[language]).flatMap((space) =>
    Array.isArray(space) ? space : Object.values(space as Record<string, string>),
  );

/**
 * The catalogue's texts cut short on screen: in a box that hides its overflow (a badge's ellipsis)
 * or in a field narrower than its value. What people typed may be shortened on purpose; these not.
 */
const clipped = (page: Page, texts: string[]) =>
  page.evaluate((catalogue) => {
    const known = new Set(catalogue);
    const cut: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const field = element instanceof HTMLInputElement;
      const text = field ? element.value : element.children.length ? '' : (element.textContent ?? '').trim();
      // A screen reader's text sits in a 1 px box on purpose (visually hidden).
      if (!known.has(text) || element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1)
        continue;
      if (field || getComputedStyle(element).overflowX !== 'visible') cut.push(text);
    }
    return cut;
  }, texts);

const SCREENS: {
  name: string;
  role: Role;
  path: (examId: string) => string;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'student-home',
    role: 'student',
    path: () => '/dashboard',
    ready: (page) => page.getByRole('heading', { name: EXAM }).or(page.getByText(EXAM)).first().waitFor(),
  },
  {
    name: 'exam',
    role: 'student',
    path: (id) => `/assessments/questions?assessment=${id}`,
    ready: (page) => page.getByTestId('exam-clock').waitFor(),
  },
  {
    name: 'evaluation',
    role: 'faculty',
    path: (id) => `/faculty/assessments/submissions?assessment=${id}`,
    ready: (page) => page.getByRole('table').first().waitFor(),
  },
  {
    name: 'report',
    role: 'moderator',
    path: () => '/reports',
    ready: (page) => page.locator('[data-report-table]').first().waitFor(),
  },
];

describe('the screens in each language', () => {
  it('student home, an exam, the evaluation screen and a report, at both widths, none wider than the window nor clipped', async () => {
    const exam = await liveExam();
    for (const language of ['en', 'hi', 'ta', 'bn'] as const) {
      await everyoneIn(language);
      const texts = catalogueTexts(language);
      for (const role of ['student', 'faculty', 'moderator'] as const) {
        const { page, done } = await signedInPageIn(role, language);
        try {
          for (const screen of SCREENS.filter((one) => one.role === role)) {
            await page.setViewportSize(LAPTOP);
            await page.goto(screen.path(exam._id));
            await readyIn(page, language);
            await screen.ready(page);
            await readyIn(page, language);
            await snap(page, `language-${language}-${screen.name}-laptop`, { fullPage: false });
            assert.ok((await overflow(page)) <= 0, `${screen.name} in ${language} is wider than the laptop`);
            assert.deepEqual(await clipped(page, texts), [], `${screen.name} in ${language} at laptop width`);
            await page.setViewportSize(PHONE);
            await screen.ready(page);
            await settled(page);
            await snap(page, `language-${language}-${screen.name}-phone`, { fullPage: false });
            assert.ok((await overflow(page)) <= 0, `${screen.name} in ${language} is wider than the phone`);
            assert.deepEqual(await clipped(page, texts), [], `${screen.name} in ${language} at phone width`);
          }
        } finally {
          await done();
        }
      }
    }
  });
});

/**
 * Words the portal may write outside the catalogue: formats and codes, the times' AM/PM, and the
 * spec's date patterns. Everything else it writes must come from the catalogue.
 */
const KEPT_WORDS = /\b(CSV|PDF|Pdf|OTP|PRN|AM|PM|DD|MM|YYYY|hh|mm)\b/g;

/** Every string of a JSON answer: what people typed and the API's own values, shown as they are. */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim()) into.add(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
}

/** The page's texts and its labels for assistive technology, avatars' initials left out. */
const textsOnPage = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], .mantine-Avatar-root')) continue;
      if (node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    for (const element of Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      if (element.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });

/**
 * The words of `text` that neither the catalogue (the pseudo-locale's brackets) nor the API wrote.
 * A chart draws a long text word by word, so a piece of a bracketed text or of a value is one too.
 */
function foreignWords(text: string, data: string[]): string | null {
  let rest = text
    .replace(/⟦[^⟧]*⟧/g, ' ')
    .replace(/[⟦⟧·]/g, ' ')
    .trim();
  if (data.some((value) => value.includes(rest))) return null;
  for (const value of data) if (rest.includes(value)) rest = rest.split(value).join(' ');
  rest = rest.replace(KEPT_WORDS, ' ');
  return /[A-Za-z]{2,}/.test(rest) ? rest.trim() : null;
}

const PSEUDO_SCREENS: Record<Role, string[]> = {
  student: [...NAVIGATION.student.map((item) => item.path), PROFILE_PATH.student],
  faculty: [...NAVIGATION.faculty.map((item) => item.path), PROFILE_PATH.faculty],
  moderator: [...NAVIGATION.moderator.map((item) => item.path), PROFILE_PATH.moderator],
};

describe('the pseudo-locale', () => {
  it('every word the portal writes on each role’s screens comes from the catalogue', async () => {
    const exam = await liveExam();
    await everyoneIn(PSEUDO_LANGUAGE);
    const found: string[] = [];
    for (const role of ['student', 'faculty', 'moderator'] as const) {
      const { page, done } = await signedInPageIn(role, PSEUDO_LANGUAGE);
      // The language pickers name each language in its own script, English as 'English'.
      const data = new Set<string>(Object.values(LANGUAGE_NAMES));
      const reading: Promise<void>[] = [];
      page.on('response', (response) => {
        if (!response.url().includes('/api/') || !response.headers()['content-type']?.includes('json'))
          return;
        reading.push(
          response.json().then(
            (body) => stringsOf(body, data),
            () => undefined,
          ),
        );
      });
      try {
        const screens = [
          ...PSEUDO_SCREENS[role],
          ...(role === 'student' ? [`/assessments/questions?assessment=${exam._id}`] : []),
          ...(role === 'faculty' ? [`/faculty/assessments/submissions?assessment=${exam._id}`] : []),
        ];
        for (const path of screens) {
          await page.goto(path);
          await readyIn(page, PSEUDO_LANGUAGE);
          await page.getByRole('heading').first().waitFor();
          await page.waitForLoadState('load');
          // The screen's data has arrived when no loader is left.
          await page.waitForFunction(
            () => !document.querySelector('.mantine-Loader-root, [aria-busy="true"]'),
          );
          await Promise.all(reading);
          const known = [...data].sort((a, b) => b.length - a.length);
          for (const text of await textsOnPage(page)) {
            const words = foreignWords(text, known);
            if (words) found.push(`${role} ${path}: “${text}”`);
          }
        }
      } finally {
        await done();
      }
    }
    await everyoneIn('en');
    assert.deepEqual([...new Set(found)], [], 'texts written outside the catalogue');
  });
});
