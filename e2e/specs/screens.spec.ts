import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateText, formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { Locator, Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import {
  addSubjectToBatch,
  addTaughtChapter,
  addTopic,
  assignFaculty,
  type TaughtChapter,
} from '../support/content.js';
import { png } from '../support/files.js';
import { once, usePortal } from '../support/portal.js';
import { closeButtonOf } from '../support/ui.js';

const portal = usePortal('screens');

/** The width and height people's laptops most often have: the desktop pictures are taken at it. */
const WIDE = { width: 1366, height: 900 };

const LONG_TITLE = 'Environmental Studies and Sustainable Development Practices for Senior Secondary Classes';
const TOPIC = 'Magnetic field lines';

const ids = {} as TaughtChapter & {
  topic: string;
  picture: string;
  longBatchSubject: string;
};
let moderator: ApiUser;

/** A subject of Class 10 A with one image topic (its picture uploaded, a bulleted description). */
const ready = once(async () => {
  moderator = await apiSignIn(portal, 'moderator');
  const taught = await addTaughtChapter(moderator, {
    subject: { title: 'Magnetism', code: 'MAG-10', subject_logo: 'physics' },
    chapter: { title: 'Magnets', description: 'Poles, fields and compasses.' },
  });
  Object.assign(ids, taught);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(png(300, 300, [200, 40, 40]))], { type: 'image/png' }),
    'field.png',
  );
  ids.picture = (await moderator.call<{ publicUrl: string }>('/s3/v2', { form })).publicUrl;
  const item = (text: string) => ({
    type: 'listItem',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  ids.topic = await addTopic(moderator, {
    title: TOPIC,
    type: 'image',
    content_uri: ids.picture,
    wysiwyg_state: {
      type: 'doc',
      content: [
        { type: 'bulletList', content: [item('Field lines leave the north pole'), item('They never cross')] },
      ],
    },
    author_id: ids.faculty,
    chapter_id: ids.chapter,
  });
  const long = await addSubjectToBatch(moderator, ids.batch, {
    title: LONG_TITLE,
    code: 'EVS-12',
    subject_logo: 'evs',
  });
  ids.longBatchSubject = long._id;
  await assignFaculty(moderator, long._id, [ids.faculty]);
});

const query = (selection: Record<string, string>) => new URLSearchParams(selection).toString();
const chaptersUrl = () =>
  `/batch/subjects/chapters?${query({ batch: ids.batch, subject: ids.batchSubject })}`;
const topicsUrl = () =>
  `/batch/subjects/chapters/topics?${query({ batch: ids.batch, subject: ids.batchSubject, chapter: ids.chapter })}`;
const card = (page: Page, title: string) =>
  page.getByRole('article', { name: `Topic ${title}`, exact: true });

/** Picks `option` in the dropdown labelled `label` inside `scope` (a popup). */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Waits until `ms` after `since`: the time a screenshot took counts, so a check meant for 3.5 s
 * after an alert appeared is not made at 5 s on a busy machine.
 */
const untilAfter = (page: Page, since: number, ms: number) =>
  page.waitForTimeout(Math.max(0, since + ms - Date.now()));

/** Milliseconds from now until `locator` is gone. */
async function msUntilGone(locator: Locator, since: number): Promise<number> {
  await locator.waitFor({ state: 'detached', timeout: 15_000 });
  return Date.now() - since;
}

/** A page signed in as the moderator, once the spec's rows exist. */
async function moderatorPage(viewport = DESKTOP) {
  await ready();
  return portal.signedInPage('moderator', viewport);
}

describe('errors and notices go', () => {
  it('a failed create leaves its message for 5 s only; a change clears it at once', async () => {
    const { page, done } = await moderatorPage();
    await page.route('**/api/chapters', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"X","message":"x"}}',
          })
        : route.continue(),
    );
    await page.goto(chaptersUrl());
    await page.getByRole('button', { name: LABELS.addChapterButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addChapterTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Electromagnets');
    await dialog.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Coils and currents.');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: MESSAGES.chaptersError });
    await alert.waitFor();
    const shownAt = Date.now();
    await snap(page, 'screens-chapter-create-failed-desktop');
    await untilAfter(page, shownAt, 3500);
    assert.equal(await alert.count(), 1, 'still shown before 5 s');
    const gone = await msUntilGone(alert, shownAt);
    assert.ok(gone >= 4500 && gone <= 7000, `gone after ${gone} ms`);

    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await alert.waitFor();
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Electromagnets 2');
    await alert.waitFor({ state: 'detached', timeout: 1000 });
    await page.unroute('**/api/chapters');

    // A success notice goes after 3 s.
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    const success = page.getByText(MESSAGES.chapterAdded, { exact: true });
    await success.waitFor();
    const successAt = Date.now();
    const successGone = await msUntilGone(success, successAt);
    assert.ok(successGone >= 2500 && successGone <= 5000, `success gone after ${successGone} ms`);
    await done();
  });

  it('a refused Add Student keeps its message 5 s; an error notice goes after 5 s', async () => {
    const { page, done } = await moderatorPage();
    await page.goto(`/student/list?${query({ batch: ids.batch })}`);
    await page.getByRole('button', { name: LABELS.addStudentButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addStudentTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldName, exact: true }).fill('Taken Name');
    await choose(page, dialog, LABELS.fieldGender, LABELS.genderMale);
    await dialog.getByRole('textbox', { name: LABELS.fieldDateOfBirth, exact: true }).fill('01/02/2011');
    await dialog.getByRole('textbox', { name: LABELS.fieldMobile, exact: true }).fill('9845000001');
    await dialog.getByRole('textbox', { name: LABELS.fieldUsernameOptional, exact: true }).fill('student');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: MESSAGES.usernameExists });
    await alert.waitFor();
    const gone = await msUntilGone(alert, Date.now());
    assert.ok(gone >= 4000 && gone <= 7000, `gone after ${gone} ms`);
    await dialog.getByRole('button', { name: LABELS.formCancel }).click();

    await page.route('**/students/pdf', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"X","message":"Broken PDF"}}',
      }),
    );
    await page.getByRole('button', { name: LABELS.pdfButton }).click();
    // The notice shows at the top right, where the button is: a notice under the pointer waits for
    // it to leave (so it can be read), so the pointer moves away as a reader's would.
    await page.mouse.move(10, 400);
    const notice = page.getByText('Broken PDF', { exact: true });
    await notice.waitFor();
    const noticeGone = await msUntilGone(notice, Date.now());
    assert.ok(noticeGone >= 4000 && noticeGone <= 7000, `error notice gone after ${noticeGone} ms`);
    await done();
  });
});

describe('the owner’s and moderator’s popups', () => {
  it('drop a form’s error after 5 s, and at once on a change; a refused confirmation’s too', async () => {
    const { page, done } = await portal.signedInPage('owner', WIDE);
    await page.getByRole('button', { name: LABELS.addInstitution }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addInstitutionTitle });
    await dialog.getByRole('button', { name: LABELS.submit }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: MESSAGES.fillTheForm });
    await alert.waitFor();
    const shownAt = Date.now();
    await page.waitForTimeout(400); // the popup's entrance
    await snap(page, 'screens-add-institution-error-desktop');
    await untilAfter(page, shownAt, 3500);
    assert.equal(await alert.count(), 1, 'still shown before 5 s');
    const gone = await msUntilGone(alert, shownAt);
    assert.ok(gone >= 4500 && gone <= 7000, `gone after ${gone} ms`);

    await dialog.getByRole('button', { name: LABELS.submit }).click();
    await alert.waitFor();
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Hillview School');
    await alert.waitFor({ state: 'detached', timeout: 1000 });
    await done();

    // A batch with students is kept; the confirmation says why for 5 s.
    const moderatorSide = await moderatorPage(WIDE);
    await moderatorSide.page
      .getByRole('button', { name: formatMessage(LABELS.deleteNamed, { title: 'Class 10 A' }) })
      .click();
    const confirm = moderatorSide.page.getByRole('dialog', { name: LABELS.deleteBatchTitle });
    await confirm.getByRole('button', { name: LABELS.confirmProceed, exact: true }).click();
    const refusal = confirm.getByRole('alert').filter({ hasText: MESSAGES.batchHasStudents });
    await refusal.waitFor();
    const refusedGone = await msUntilGone(refusal, Date.now());
    assert.ok(refusedGone >= 4000 && refusedGone <= 7000, `refusal gone after ${refusedGone} ms`);
    assert.equal(await confirm.isVisible(), true, 'the confirmation stays open');
    await moderatorSide.done();
  });
});

describe('topic cards', () => {
  it('a new image topic’s card shows its image, and its description keeps bullet items apart', async () => {
    const { page, done } = await moderatorPage();
    await page.goto(topicsUrl());
    const topic = card(page, TOPIC);
    await topic.waitFor();
    const picture = topic.locator('img').first();
    assert.equal(await picture.getAttribute('src'), ids.picture);
    await page.waitForFunction(
      (src) =>
        Array.from(document.images).some(
          (img) => img.getAttribute('src') === src && img.naturalWidth === 300,
        ),
      ids.picture,
    );
    const text = await topic.innerText();
    assert.match(text, /north pole\nThey never cross/);
    assert.doesNotMatch(text, /north pole They/);
    await snap(page, 'screens-image-topic-card-desktop');
    await done();

    // The student's list of the chapter shows the same picture.
    const { page: student, done: studentDone } = await portal.signedInPage('student');
    await student.goto(
      `/me/subjects/chapters/topics?${query({ subject: ids.batchSubject, chapter: ids.chapter })}`,
    );
    const read = card(student, TOPIC);
    await read.waitFor();
    assert.equal(await read.locator('img').first().getAttribute('src'), ids.picture);
    await studentDone();
  });
});

describe('the person and the day', () => {
  it('the header shows the person’s name, not the login name', async () => {
    const { page, done } = await portal.signedInPage('student');
    const menu = page.getByRole('button', { name: LABELS.profileMenu });
    await menu.getByText('Priya Nair', { exact: true }).waitFor();
    assert.equal(await page.getByRole('banner').getByText('student', { exact: true }).count(), 0);
    await done();
  });

  it('the moderator’s study plan opens on the institution’s today, whatever the device’s date', async () => {
    await ready();
    const { today } = (await moderator.call<{ profile: { today: string } }>('/users/me/profile')).profile as {
      today: string;
    };
    const { page, done } = await moderatorPage();
    // The device is three days ahead of the school.
    const deviceDay = new Date(Date.parse(`${today}T06:30:00Z`) + 3 * 86_400_000);
    await page.clock.setFixedTime(deviceDay);
    await page.goto('/create/study-plan');
    assert.equal(
      await page.evaluate(() => new Date().toISOString().slice(0, 10)),
      deviceDay.toISOString().slice(0, 10),
    );
    const picker = page.getByRole('button', { name: LABELS.studyPlanDateField });
    await picker.waitFor();
    assert.equal((await picker.innerText()).trim(), dateText(today));
    await done();
  });
});

describe('faculty subjects search', () => {
  it('"zzz" shows "No subjects avilable." and hides the chosen subject’s chapters and + ADD CHAPTER', async () => {
    await ready();
    const { page, done } = await portal.signedInPage('faculty');
    await page.goto(`/me/faculty/subjects?${query({ subject: ids.batchSubject })}`);
    await page.getByText(LABELS.teachAddChapterCard, { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: LABELS.teachSearchSubjects }).fill('zzz');
    await page.getByText(MESSAGES.noSubjectsAvilable, { exact: true }).waitFor();
    assert.equal(await page.getByText(LABELS.teachAddChapterCard, { exact: true }).count(), 0);
    assert.equal(await page.getByRole('region', { name: /^Chapters of / }).count(), 0);
    await snap(page, 'screens-faculty-search-none-desktop');
    await page.getByRole('searchbox', { name: LABELS.teachSearchSubjects }).fill('magnet');
    await page.getByText(LABELS.teachAddChapterCard, { exact: true }).waitFor();
    await done();
  });
});

describe('student list', () => {
  it('Reset waits for a tick; after Add Student the list shows the new student’s batch with them in it', async () => {
    const { page, done } = await moderatorPage();
    await page.goto('/student/list');
    await page.getByText(MESSAGES.selectABatch, { exact: true }).waitFor();
    const reset = page.getByRole('button', { name: LABELS.resetButton });
    assert.equal(await reset.isDisabled(), true);

    await page.getByRole('button', { name: LABELS.addStudentButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addStudentTitle });
    await choose(page, dialog, LABELS.fieldBatch, 'Class 10 A');
    await dialog.getByRole('textbox', { name: LABELS.fieldName, exact: true }).fill('Tara Menon');
    await choose(page, dialog, LABELS.fieldGender, LABELS.genderFemale);
    await dialog.getByRole('textbox', { name: LABELS.fieldDateOfBirth, exact: true }).fill('03/04/2011');
    await dialog.getByRole('textbox', { name: LABELS.fieldMobile, exact: true }).fill('9845000002');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await page.getByText(MESSAGES.studentAdded, { exact: true }).waitFor();
    const credentials = page.getByRole('dialog', { name: LABELS.generatedPasswordsTitle });
    await closeButtonOf(credentials).click();
    await page.waitForURL((url) => url.searchParams.get('batch') === ids.batch);
    await page.getByRole('link', { name: 'Tara Menon' }).waitFor();
    assert.equal(await reset.isDisabled(), true);
    await page.getByRole('checkbox', { name: 'Select Tara Menon for reset' }).check();
    assert.equal(await reset.isDisabled(), false);
    await snap(page, 'screens-student-list-after-add-desktop');
    await done();
  });
});

describe('a subject’s logo image link', () => {
  it('the form refuses javascript: and sends nothing', async () => {
    const { page, done } = await moderatorPage();
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/subjects') posts += 1;
    });
    await page.goto(`/batch/subjects?${query({ batch: ids.batch })}`);
    await page.getByRole('button', { name: LABELS.addSubjectButton }).click();
    const dialog = page.getByRole('dialog', { name: LABELS.addSubjectTitle });
    await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill('Astronomy');
    await dialog.getByRole('textbox', { name: LABELS.fieldCode }).fill('AST-10');
    await dialog.getByRole('textbox', { name: LABELS.fieldLogoUrl }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: LABELS.saveAction }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.logoLinkInvalid }).waitFor();
    assert.equal(posts, 0);
    await snap(page, 'screens-subject-logo-link-refused-desktop');
    await done();
    const refused = await moderator.request('/subjects', {
      body: { title: 'Astronomy', code: 'AST-10', subject_logo_url: 'javascript:alert(1)' },
    });
    assert.equal(refused.status, 400);
  });
});

describe('one breadcrumb style and the spec’s button words', () => {
  it('every page’s trail starts at Home and uses one separator', async () => {
    await ready();
    const pagesOf: [string, string[]][] = [
      [
        'moderator',
        [
          '/student/list',
          '/faculty/list',
          '/student/subject',
          '/bulk/upload',
          '/student/upload/bulk',
          `/batch/subjects?${query({ batch: ids.batch })}`,
          chaptersUrl(),
          topicsUrl(),
          '/create/study-plan',
          '/create-faculty',
          '/assign/faculty',
          '/batch/create',
          '/profile',
        ],
      ],
      ['owner', ['/create-institution', '/profile']],
      ['student', ['/me/notes', '/me/doubts', `/me/doubts?${query({ subject: ids.batchSubject })}`]],
      ['faculty', ['/me/faculty/doubts', `/me/faculty/doubts?${query({ subject: ids.batchSubject })}`]],
    ];
    for (const [role, paths] of pagesOf) {
      const { page, done } = await portal.signedInPage(role, WIDE);
      for (const path of paths) {
        await page.goto(path);
        const trail = page.getByRole('main').getByRole('navigation', { name: LABELS.breadcrumb });
        await trail.waitFor();
        assert.equal(await trail.count(), 1, path);
        const first = trail.getByRole('link').first();
        assert.equal(await first.innerText(), LABELS.home, path);
        assert.equal(await first.getAttribute('href'), '/dashboard', path);
        const separators = await trail.locator('.mantine-Breadcrumbs-separator').allInnerTexts();
        assert.ok(separators.length > 0, path);
        assert.deepEqual([...new Set(separators.map((text) => text.trim()))], ['›'], path);
      }
      if (role === 'student' || role === 'faculty') {
        await snap(page, `screens-${role}-doubts-breadcrumb-desktop`);
        const phone = await portal.signedInPage(role, PHONE);
        await phone.page.goto(paths.at(-1)!);
        await phone.page.getByRole('main').getByRole('navigation', { name: LABELS.breadcrumb }).waitFor();
        await snap(phone.page, `screens-${role}-doubts-breadcrumb-phone`);
        await phone.done();
      }
      await done();
    }
  });

  it('buttons read exactly as the spec writes them', async () => {
    const { page, done } = await moderatorPage();
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    await page.goto(`/student/list?${query({ batch: ids.batch })}`);
    for (const word of ['PDF', 'Reset', 'Add Student']) await button(word).waitFor();
    await page.goto(chaptersUrl());
    await button('+ Add Chapter').click();
    const dialog = page.getByRole('dialog', { name: LABELS.addChapterTitle });
    await dialog.getByRole('button', { name: 'CANCEL', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(topicsUrl());
    await button('+ Add topics').waitFor();
    await page.getByRole('link', { name: 'view', exact: true }).first().waitFor();
    await done();
  });
});

describe('notices and the header', () => {
  it('a success notice leaves the header uncovered, on a wide screen and on a phone', async () => {
    for (const [viewport, name, title] of [
      [WIDE, 'desktop', 'Compasses'],
      [PHONE, 'phone', 'Lodestones'],
    ] as const) {
      const { page, done } = await moderatorPage(viewport);
      await page.goto(chaptersUrl());
      await page.getByRole('button', { name: LABELS.addChapterButton }).click();
      const dialog = page.getByRole('dialog', { name: LABELS.addChapterTitle });
      await dialog.getByRole('textbox', { name: LABELS.fieldTitle }).fill(title);
      await dialog.getByRole('textbox', { name: LABELS.fieldDescription }).fill('Finding north.');
      await dialog.getByRole('button', { name: LABELS.saveAction }).click();
      const notice = page.getByText(MESSAGES.chapterAdded, { exact: true });
      await notice.waitFor();
      await page.waitForTimeout(400); // its entrance transition
      const header = await page.getByRole('banner').boundingBox();
      const menu = await page.getByRole('button', { name: LABELS.profileMenu }).boundingBox();
      const shown = await page.locator('.mantine-Notification-root').first().boundingBox();
      assert.ok(header && menu && shown);
      const facts = `${name}: notice ${JSON.stringify(shown)} header ${JSON.stringify(header)}`;
      assert.ok(shown.y >= header.y + header.height, facts);
      assert.ok(shown.y + shown.height <= viewport.height, facts);
      // The profile menu can still be opened while the notice shows.
      await page.getByRole('button', { name: LABELS.profileMenu }).click({ trial: true, timeout: 1000 });
      await snap(page, `screens-success-notice-${name}`);
      await done();
    }
  });
});

describe('phone width (390 px)', () => {
  it('the student table fits the screen: no sideways scrolling to UnArchive or Bulk Reset', async () => {
    const { page, done } = await moderatorPage(PHONE);
    await page.goto(`/student/list?${query({ batch: ids.batch })}`);
    const table = page.getByRole('table', { name: LABELS.studentListTitle });
    await table.waitFor();
    const sideways = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      return {
        table: scroller.scrollWidth - scroller.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    assert.deepEqual(sideways, { table: 0, page: 0 });
    const lastReset = table.getByRole('checkbox').last();
    const box = await lastReset.boundingBox();
    assert.ok(box && box.x + box.width <= PHONE.width, `reset box ${JSON.stringify(box)}`);
    const unarchive = table.getByRole('button', { name: /^Unarchive / }).first();
    const unarchiveBox = await unarchive.boundingBox();
    assert.ok(unarchiveBox && unarchiveBox.x + unarchiveBox.width <= PHONE.width);
    await snap(page, 'screens-student-list-phone');
    await done();
  });

  it('long subject titles can be read in full', async () => {
    const { page, done } = await moderatorPage(PHONE);
    const fullyShown = async (target: Page) => {
      const title = target.getByText(LONG_TITLE, { exact: true }).first();
      await title.waitFor();
      return title.evaluate(
        (element) =>
          element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1,
      );
    };
    await page.goto(`/batch/subjects?${query({ batch: ids.batch })}`);
    assert.equal(await fullyShown(page), true, 'moderator’s subject card');
    await snap(page, 'screens-long-subject-title-phone');
    await done();

    for (const [role, path] of [
      ['student', '/me/subjects'],
      ['faculty', '/me/faculty/subjects'],
    ] as const) {
      const { page: other, done: otherDone } = await portal.signedInPage(role, PHONE);
      await other.goto(path);
      assert.equal(await fullyShown(other), true, `${role}’s subject card`);
      await otherDone();
    }
  });

  it('topic thumbnails show the whole picture', async () => {
    await ready();
    const { page, done } = await portal.signedInPage('student', PHONE);
    await page.goto(
      `/me/subjects/chapters/topics?${query({ subject: ids.batchSubject, chapter: ids.chapter })}`,
    );
    const picture = card(page, TOPIC).locator('img').first();
    await picture.waitFor();
    await page.waitForFunction(
      (src) =>
        Array.from(document.images).some(
          (img) => img.getAttribute('src') === src && img.complete && img.naturalWidth > 0,
        ),
      ids.picture,
    );
    const fit = await picture.evaluate((img) => {
      const image = img as HTMLImageElement;
      const box = image.getBoundingClientRect();
      const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
      return {
        objectFit: getComputedStyle(image).objectFit,
        shownWidth: image.naturalWidth * scale,
        box: box.width,
      };
    });
    // A square picture in a wide frame: shown whole (not cut to the frame's width).
    assert.equal(fit.objectFit, 'contain');
    assert.ok(fit.shownWidth <= fit.box + 0.5);
    assert.ok(fit.shownWidth < fit.box - 10, `square picture ${fit.shownWidth} px wide in ${fit.box} px`);
    await snap(page, 'screens-topic-thumbnails-phone');
    await done();
  });
});
