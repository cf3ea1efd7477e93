import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { DESKTOP, PHONE, snap } from '../support/browser.js';
import { addTaughtChapter, addTextTopic } from '../support/content.js';
import { doubt, isListed } from '../support/doubts.js';
import { once, usePortal } from '../support/portal.js';

const portal = usePortal('doubt-answers');

const OHM_TITLE = 'Ohm’s law';
const OHM_TEXT =
  'Ohm’s law says that the voltage V across a resistor equals the current I flowing through it times its resistance R: V = I × R. Voltage is measured in volts, current in amperes and resistance in ohms. If the resistance stays the same, doubling the voltage doubles the current.';
const MAGNETISM_TITLE = 'Magnetism';
const MAGNETISM_TEXT =
  'A magnet has a north pole and a south pole: like poles repel and unlike poles attract. The Earth behaves like a giant bar magnet, which is why a compass needle points north.';
const ON_COURSE = 'what is the voltage across 10 ohm at 2 A?';
const OFF_COURSE = 'Can you explain how photosynthesis works in plants?';
const FOLLOW_UP = 'I still do not understand, can you give an example?';

/** Electricity and magnetism for Class 10 A (the demo `student`), taught by the demo teacher. */
const ready = once(async () => {
  const moderator = await apiSignIn(portal, 'moderator');
  const taught = await addTaughtChapter(moderator, {
    subject: { title: 'Electricity and magnetism', code: 'PHY-EM', subject_logo: 'science' },
    chapter: { title: 'Circuits and magnets', description: 'Current, voltage, resistance and magnets.' },
  });
  return {
    ...taught,
    ohm: await addTextTopic(moderator, taught, OHM_TITLE, OHM_TEXT),
    magnetism: await addTextTopic(moderator, taught, MAGNETISM_TITLE, MAGNETISM_TEXT),
  };
});
let ids: Awaited<ReturnType<typeof ready>>;

// Pictures of the answer block alone, for people to look at (screenshots/ is not committed).
const screenshotDir = path.resolve(import.meta.dirname, '../../screenshots');
async function snapBlock(block: Locator, name: string) {
  await fs.mkdir(screenshotDir, { recursive: true });
  await block.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** The Q&A tab of the Magnetism topic: questions are asked from a topic other than Ohm's law. */
async function openQa(page: Page) {
  const query = new URLSearchParams({
    batch: ids.batch,
    subject: ids.batchSubject,
    chapter: ids.chapter,
    topic: ids.magnetism,
  });
  await page.goto(`/me/subjects/chapters/topics/detail?${query}`);
  await page.getByRole('tab', { name: /^Q&A \(\d+\)$/ }).click();
  await page.getByRole('textbox', { name: LABELS.doubtsAskLabel }).waitFor();
}

/** Asks on the open Q&A tab and waits for the automated answer to settle. */
async function askDoubt(page: Page, question: string): Promise<Locator> {
  await page.getByRole('textbox', { name: LABELS.doubtsAskLabel }).fill(question);
  await page.getByRole('button', { name: LABELS.doubtsAskButton, exact: true }).click();
  const block = page.getByRole('region', { name: MESSAGES.automatedAnswer });
  await block.and(page.locator('[data-state="found"], [data-state="not-found"]')).waitFor();
  return block;
}

const repliedCount = (count: number) => formatMessage(LABELS.doubtsRepliedCount, { count: String(count) });

describe('the automated answer: honest about what the course material holds', () => {
  let context: BrowserContext;
  let student: Page;

  before(async () => {
    ids = await ready();
    ({ context, page: student } = await portal.signedInPage('student'));
  });
  after(async () => {
    await context?.close();
  });

  it('answers an on-course question: the worked result, the most relevant sentence, the cited topic', async () => {
    await openQa(student);
    const block = await askDoubt(student, ON_COURSE);
    await block.getByTestId('auto-answer-state').getByText(LABELS.doubtsBySearch, { exact: true }).waitFor();
    assert.equal(await block.getByText(LABELS.doubtsNotFound).count(), 0);
    assert.equal(
      await block.getByTestId('auto-answer-calculation').textContent(),
      `Worked out with V = I × R from ${OHM_TITLE}: V = 2 A × 10 Ω = 20 V.`,
    );
    await block.getByText(LABELS.doubtsMostRelevant, { exact: true }).waitFor();
    const lead = block.getByTestId('auto-answer-lead');
    assert.ok(((await lead.textContent()) ?? '').startsWith('Ohm’s law says that the voltage V'));
    await lead
      .getByText(formatMessage(LABELS.doubtsLeadFromTopic, { topic: OHM_TITLE }), { exact: true })
      .waitFor();
    // The answer comes before the supporting passages, which come before the cited topics.
    const inOrder = await block.evaluate((element) => {
      const parts = [
        '[data-testid="auto-answer-calculation"]',
        '[data-testid="auto-answer-lead"]',
        '[data-testid="auto-answer-passages"]',
        'ul',
        '[data-testid="auto-answer-teacher-note"]',
      ].map((selector) => element.querySelector(selector));
      return parts.every(
        (part, index) =>
          part !== null &&
          (index === 0 ||
            Boolean(parts[index - 1]!.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING)),
      );
    });
    assert.ok(inOrder, 'calculation, lead, supporting passages, cited topics, teacher note');
    const cited = block.getByRole('link', { name: OHM_TITLE, exact: true });
    assert.match((await cited.getAttribute('href')) ?? '', new RegExp(`topic=${ids.ohm}`));
    assert.equal(await block.getByRole('link', { name: MAGNETISM_TITLE }).count(), 0);
    await block.getByText(MESSAGES.autoAnswerTeacherAlsoAnswers, { exact: true }).waitFor();
    // The doubt itself was posted.
    await doubt(student, ON_COURSE).waitFor();
    await snapBlock(block, 'auto-answer-found-desktop');
    await snap(student, 'auto-answer-found-desktop-page');
  });

  it('refuses an off-course question with its own label, and says a teacher will answer', async () => {
    await openQa(student);
    const block = await askDoubt(student, OFF_COURSE);
    await block.getByTestId('auto-answer-state').getByText(LABELS.doubtsNotFound, { exact: true }).waitFor();
    await block.getByText(MESSAGES.autoAnswerNotFound, { exact: true }).waitFor();
    await block.getByText(MESSAGES.autoAnswerTeacherWillAnswer, { exact: true }).waitFor();
    assert.equal(await block.getByText(LABELS.doubtsBySearch).count(), 0);
    assert.equal(await block.getByText(LABELS.doubtsMostRelevant).count(), 0);
    assert.equal(await block.getByText(LABELS.doubtsCitedTopics).count(), 0);
    assert.equal(await block.getByRole('link').count(), 0);
    await doubt(student, OFF_COURSE).waitFor();
    await snapBlock(block, 'auto-answer-not-found-desktop');
    await snap(student, 'auto-answer-not-found-desktop-page');
  });

  it('shows both states laid out for a phone', async () => {
    const { page, done } = await portal.signedInPage('student', PHONE);
    try {
      await openQa(page);
      const found = await askDoubt(page, 'Why does doubling the voltage double the current?');
      await found.getByTestId('auto-answer-lead').waitFor();
      await snapBlock(found, 'auto-answer-found-phone');
      const notFound = await askDoubt(page, 'Explain the French Revolution');
      await notFound.getByText(LABELS.doubtsNotFound, { exact: true }).waitFor();
      await snapBlock(notFound, 'auto-answer-not-found-phone');
      await snap(page, 'auto-answer-phone-page');
      // Nothing sticks out sideways.
      for (const block of [notFound]) {
        const box = await block.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box));
      }
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth),
        PHONE.width,
        'the page scrolls sideways',
      );
    } finally {
      await done();
    }
  });

  it('asks for no automated answer when the doubt could not be posted', async () => {
    await openQa(student);
    const answersAsked: string[] = [];
    student.on('request', (request) => {
      if (request.url().includes('/api/doubts/auto-answer')) answersAsked.push(request.url());
    });
    await student.route('**/api/doubts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }),
          })
        : route.fallback(),
    );
    try {
      const box = student.getByRole('textbox', { name: LABELS.doubtsAskLabel });
      await box.fill('What does a compass needle point to?');
      await student.getByRole('button', { name: LABELS.doubtsAskButton, exact: true }).click();
      await student.getByText('Try again in a moment.', { exact: true }).waitFor();
      // Give a request that should not be sent the time to show up.
      await student.waitForTimeout(500);
      assert.deepEqual(answersAsked, []);
      assert.equal(await student.getByRole('region', { name: MESSAGES.automatedAnswer }).count(), 0);
      // The question stays in the box, to ask again.
      assert.equal(await box.inputValue(), 'What does a compass needle point to?');
    } finally {
      await student.unroute('**/api/doubts');
    }
  });
});

describe('doubts: a student’s follow-up is not a reply', () => {
  let studentContext: BrowserContext;
  let facultyContext: BrowserContext;
  let student: Page;
  let faculty: Page;

  before(async () => {
    ids = await ready();
    const api = await apiSignIn(portal, 'student');
    await api.call('/doubts', {
      body: {
        doubt_text: 'Why do like poles repel each other?',
        topic_id: ids.magnetism,
        batch_subject_id: ids.batchSubject,
      },
    });
    ({ context: studentContext, page: student } = await portal.signedInPage('student', DESKTOP));
    ({ context: facultyContext, page: faculty } = await portal.signedInPage('faculty', DESKTOP));
  });
  after(async () => {
    await studentContext?.close();
    await facultyContext?.close();
  });

  it('labels the follow-up, keeps “(0) replied”, and leaves the doubt in the teacher’s New tab', async () => {
    const question = 'Why do like poles repel each other?';
    await student.goto(`/me/doubts?subject=${ids.batchSubject}`);
    const thread = doubt(student, question);
    await thread.getByText(repliedCount(0), { exact: true }).waitFor();
    await thread.getByRole('textbox', { name: LABELS.doubtsReplyText }).fill(FOLLOW_UP);
    await thread.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    const followUp = thread.getByTestId('doubt-response').filter({ hasText: FOLLOW_UP });
    await followUp.getByText(LABELS.doubtsFollowUpBadge, { exact: true }).waitFor();
    assert.equal(await followUp.getByText(LABELS.doubtsTeacherBadge, { exact: true }).count(), 0);
    // Still unanswered after a reload: the server says so, not just this page.
    await student.reload();
    await doubt(student, question).getByTestId('doubt-response').filter({ hasText: FOLLOW_UP }).waitFor();
    await doubt(student, question).getByText(repliedCount(0), { exact: true }).waitFor();
    assert.equal(await doubt(student, question).getByText(repliedCount(1), { exact: true }).count(), 0);

    await faculty.goto('/dashboard');
    await faculty.getByRole('tab', { name: LABELS.newTab, exact: true }).waitFor();
    const waiting = doubt(faculty, question);
    await waiting.getByText(repliedCount(0), { exact: true }).waitFor();
    await waiting
      .getByTestId('doubt-response')
      .filter({ hasText: FOLLOW_UP })
      .getByText(LABELS.doubtsFollowUpBadge, { exact: true })
      .waitFor();
    await faculty.getByRole('tab', { name: LABELS.repliedTab, exact: true }).click();
    assert.equal(await isListed(faculty, MESSAGES.noRepliedDoubts, question), false);

    // The teacher's answer is the reply that counts: the doubt moves to Replied with '(1) replied'.
    await faculty.getByRole('tab', { name: LABELS.newTab, exact: true }).click();
    const fresh = doubt(faculty, question);
    await fresh.getByRole('textbox', { name: LABELS.doubtsReplyText }).fill('Like poles push apart.');
    await fresh.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    await faculty.getByRole('tab', { name: LABELS.repliedTab, exact: true }).click();
    await doubt(faculty, question).getByText(repliedCount(1), { exact: true }).waitFor();
  });
});
