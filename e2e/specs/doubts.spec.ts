import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { apiSignIn } from '../support/api.js';
import { PHONE, snap } from '../support/browser.js';
import { addTaughtChapter, addTextTopic } from '../support/content.js';
import { doubt, isListed } from '../support/doubts.js';
import { once, usePortal } from '../support/portal.js';

const portal = usePortal('doubts');

// A word that appears in the one topic only: the automated answer must find that topic.
const UNIQUE_WORD = 'quorblax';
const TOPIC_TITLE = 'Glowing crystals';
const OTHER_TOPIC_TITLE = 'Ordinary rocks';
const FACULTY_NAME = 'Anita Sharma';
const QUESTION = `Why do ${UNIQUE_WORD} crystals glow in the dark?`;
const EDITED_QUESTION = `Do ${UNIQUE_WORD} crystals glow in daylight too?`;
const REPLY = 'They absorb ultraviolet light and give it back slowly.';
const FOLLOW_UP = 'Thank you, that helps.';

/** A subject of Class 10 A (the demo `student` and `student2`) taught by the demo teacher, with two topics. */
const ready = once(async () => {
  const moderator = await apiSignIn(portal, 'moderator');
  const taught = await addTaughtChapter(moderator, {
    subject: { title: 'Mineralogy', code: 'MIN-10', subject_logo: 'science' },
    chapter: { title: 'Crystals', description: 'How crystals form and shine.' },
    faculty: FACULTY_NAME,
  });
  const topic = await addTextTopic(
    moderator,
    taught,
    TOPIC_TITLE,
    `${UNIQUE_WORD[0]!.toUpperCase()}${UNIQUE_WORD.slice(1)} crystals glow because they store ultraviolet light.`,
  );
  await addTextTopic(
    moderator,
    taught,
    OTHER_TOPIC_TITLE,
    'Granite and basalt are common rocks that do not shine.',
  );
  return { ...taught, topic };
});
let ids: Awaited<ReturnType<typeof ready>>;

const topicDetailUrl = () =>
  `/me/subjects/chapters/topics/detail?${new URLSearchParams({
    batch: ids.batch,
    subject: ids.batchSubject,
    chapter: ids.chapter,
    topic: ids.topic,
  })}`;

async function openQa(page: Page) {
  await page.goto(topicDetailUrl());
  await page.getByRole('tab', { name: /^Q&A \(\d+\)$/ }).click();
  await page.getByRole('textbox', { name: LABELS.doubtsAskLabel }).waitFor();
}

describe('doubts: asking, the automated answer, faculty replies, follow-ups, edit and delete', () => {
  let studentContext: BrowserContext;
  let facultyContext: BrowserContext;
  let student: Page;
  let faculty: Page;

  before(async () => {
    ids = await ready();
    ({ context: studentContext, page: student } = await portal.signedInPage('student'));
    // The teacher works in a second browser at the same time.
    ({ context: facultyContext, page: faculty } = await portal.signedInPage('faculty'));
  });
  after(async () => {
    await studentContext?.close();
    await facultyContext?.close();
  });

  it('lets the student ask a doubt on a topic and shows the automated answer citing that topic', async () => {
    await openQa(student);
    assert.equal(await student.getByRole('tab', { name: 'Q&A (0)' }).count(), 1);
    await student.getByText(LABELS.doubtsNoDoubtsYet, { exact: true }).waitFor();

    // An empty question is refused before anything is sent.
    await student.getByRole('button', { name: LABELS.doubtsAskButton, exact: true }).click();
    await student.getByText(MESSAGES.fillTheForm, { exact: true }).waitFor();

    // Hold the answer back a moment so the thinking text is seen.
    await student.route('**/api/doubts/auto-answer', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await student.getByRole('textbox', { name: LABELS.doubtsAskLabel }).fill(QUESTION);
    await student.getByRole('button', { name: LABELS.doubtsAskButton, exact: true }).click();
    const block = student.getByRole('region', { name: MESSAGES.automatedAnswer });
    await block.getByText(MESSAGES.automatedAnswerThinking, { exact: true }).waitFor();
    await block.getByTestId('auto-answer-text').waitFor();
    await student.unroute('**/api/doubts/auto-answer');
    await block.getByRole('heading', { name: MESSAGES.automatedAnswer }).waitFor();
    const cited = block.getByRole('link', { name: TOPIC_TITLE, exact: true });
    await cited.waitFor();
    assert.match((await cited.getAttribute('href')) ?? '', new RegExp(`topic=${ids.topic}`));
    assert.equal(await block.getByRole('link', { name: OTHER_TOPIC_TITLE }).count(), 0);

    // The doubt itself is listed under the topic, by 'You', and the tab counts it.
    const mine = doubt(student, QUESTION);
    await mine.getByTestId('doubt-author').getByText('You', { exact: true }).waitFor();
    await student.getByRole('tab', { name: 'Q&A (1)' }).waitFor();
    assert.equal(await student.getByRole('textbox', { name: LABELS.doubtsAskLabel }).inputValue(), '');
    await snap(student, 'doubts-topic-qa-desktop');
  });

  it('shows the doubt to the faculty member under New on the home, and refuses an empty reply', async () => {
    await faculty.goto('/dashboard');
    await faculty.getByRole('tab', { name: LABELS.studentsDoubts }).waitFor();
    const fresh = doubt(faculty, QUESTION);
    await fresh.waitFor();
    // Faculty see the student's real name, and never the edit and delete of a doubt.
    await fresh.getByTestId('doubt-author').getByText('Priya Nair', { exact: true }).waitFor();
    assert.equal(await fresh.getByRole('button', { name: LABELS.doubtsDoubtActions }).count(), 0);
    const topicLink = fresh.getByRole('link', {
      name: formatMessage(LABELS.doubtsTopicLink, { title: TOPIC_TITLE }),
    });
    const href = (await topicLink.getAttribute('href')) ?? '';
    assert.ok(href.startsWith('/me/faculty/subjects/chapters/topics/detail?'), href);
    const query = new URLSearchParams(href.split('?')[1]);
    assert.equal(query.get('topic'), ids.topic);
    assert.equal(query.get('subject'), ids.batchSubject);
    assert.equal(query.get('chapter'), ids.chapter);
    assert.equal(query.get('batch'), ids.batch);

    await fresh.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    await fresh.getByText(MESSAGES.answerYourDoubt, { exact: true }).waitFor();
    await fresh.getByRole('textbox', { name: LABELS.doubtsReplyText }).fill('   ');
    await fresh.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    await fresh.getByText(MESSAGES.answerYourDoubt, { exact: true }).waitFor();
    await snap(faculty, 'doubts-faculty-home-new-desktop');
  });

  it('lets the faculty member reply on /me/faculty/doubts, grouped by topic, with the replied count', async () => {
    await faculty.goto(`/me/faculty/doubts?subject=${ids.batchSubject}`);
    const group = faculty.getByTestId('doubt-topic-group').filter({
      has: faculty.getByRole('heading', { name: TOPIC_TITLE, exact: true }),
    });
    await group.waitFor();
    await faculty.getByRole('heading', { name: formatMessage(LABELS.doubtsAll, { count: '1' }) }).waitFor();
    const thread = doubt(group, QUESTION);
    await thread
      .getByText(formatMessage(LABELS.doubtsRepliedCount, { count: '0' }), { exact: true })
      .waitFor();
    await thread.getByRole('textbox', { name: LABELS.doubtsReplyText }).fill(REPLY);
    await thread.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    await thread.getByTestId('doubt-response').getByText(REPLY, { exact: true }).waitFor();
    await thread
      .getByText(formatMessage(LABELS.doubtsRepliedCount, { count: '1' }), { exact: true })
      .waitFor();
    assert.equal(await thread.getByRole('textbox', { name: LABELS.doubtsReplyText }).inputValue(), '');
    await snap(faculty, 'doubts-faculty-page-desktop');

    // On the home the answered doubt has moved from New to Replied.
    await faculty.goto('/dashboard');
    await faculty.getByRole('tab', { name: LABELS.newTab, exact: true }).waitFor();
    assert.equal(await isListed(faculty, MESSAGES.noNewDoubts, QUESTION), false);
    await faculty.getByRole('tab', { name: LABELS.repliedTab, exact: true }).click();
    const replied = doubt(faculty, QUESTION);
    await replied.getByTestId('doubt-response').getByText(REPLY, { exact: true }).waitFor();
    await snap(faculty, 'doubts-faculty-home-replied-desktop');

    const { page: small, done } = await portal.signedInPage('faculty', PHONE);
    try {
      await small.getByRole('tab', { name: LABELS.repliedTab, exact: true }).click();
      await doubt(small, QUESTION).waitFor();
      await snap(small, 'doubts-faculty-home-phone');
      await small.goto(`/me/faculty/doubts?subject=${ids.batchSubject}`);
      await doubt(small, QUESTION).getByTestId('doubt-response').getByText(REPLY, { exact: true }).waitFor();
      await snap(small, 'doubts-faculty-page-phone');
    } finally {
      await done();
    }
  });

  it('shows the teacher’s reply to the student on the topic and on /me/doubts, where they follow up', async () => {
    await student.reload();
    await student.getByRole('tab', { name: 'Q&A (1)' }).click();
    const onTopic = doubt(student, QUESTION);
    const answer = onTopic.getByTestId('doubt-response').filter({ hasText: REPLY });
    await answer.getByText(FACULTY_NAME, { exact: true }).waitFor();
    await answer.getByText(LABELS.doubtsTeacherBadge, { exact: true }).waitFor();

    await student.goto('/me/doubts');
    await student
      .getByRole('navigation', { name: LABELS.doubtsSubjects })
      .getByRole('button', { name: /Mineralogy/ })
      .click();
    await student.waitForURL(`**/me/doubts?subject=${ids.batchSubject}`);
    await student.getByRole('heading', { name: formatMessage(LABELS.doubtsAll, { count: '1' }) }).waitFor();
    const group = student.getByTestId('doubt-topic-group').filter({
      has: student.getByRole('heading', { name: TOPIC_TITLE, exact: true }),
    });
    const thread = doubt(group, QUESTION);
    await thread.getByTestId('doubt-author').getByText('You', { exact: true }).waitFor();
    await thread.getByTestId('doubt-response').getByText(REPLY, { exact: true }).waitFor();
    const topicHref = (await group.getByRole('link', { name: TOPIC_TITLE }).getAttribute('href')) ?? '';
    assert.ok(topicHref.startsWith('/me/subjects/chapters/topics/detail?'), topicHref);
    assert.match(topicHref, new RegExp(`topic=${ids.topic}`));

    // The student's follow-up is theirs ('You'); an empty one is refused like a teacher's reply.
    await thread.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    await thread.getByText(MESSAGES.answerYourDoubt, { exact: true }).waitFor();
    await thread.getByRole('textbox', { name: LABELS.doubtsReplyText }).fill(FOLLOW_UP);
    await thread.getByRole('button', { name: LABELS.doubtsReplyButton, exact: true }).click();
    const followUp = thread.getByTestId('doubt-response').filter({ hasText: FOLLOW_UP });
    await followUp.getByText('You', { exact: true }).waitFor();
    await snap(student, 'doubts-student-page-desktop');

    const { page: small, done } = await portal.signedInPage('student', PHONE);
    try {
      await small.goto(`/me/doubts?subject=${ids.batchSubject}`);
      await doubt(small, QUESTION).getByTestId('doubt-response').getByText(REPLY, { exact: true }).waitFor();
      await snap(small, 'doubts-student-page-phone');
      await small.goto(topicDetailUrl());
      await small.getByRole('tab', { name: 'Q&A (1)' }).click();
      await doubt(small, QUESTION).waitFor();
      await snap(small, 'doubts-topic-qa-phone');
    } finally {
      await done();
    }
  });

  it('shows the doubt to another student as Anonymous, without edit or delete', async () => {
    const { page, done } = await portal.signedInPage('student2');
    try {
      await page.goto(`/me/doubts?subject=${ids.batchSubject}`);
      const thread = doubt(page, QUESTION);
      await thread.getByTestId('doubt-author').getByText('Anonymous', { exact: true }).waitFor();
      // The teacher keeps their name; the first student's follow-up is anonymous too.
      await thread.getByTestId('doubt-response').filter({ hasText: REPLY }).getByText(FACULTY_NAME).waitFor();
      await thread
        .getByTestId('doubt-response')
        .filter({ hasText: FOLLOW_UP })
        .getByText('Anonymous')
        .waitFor();
      assert.equal(await thread.getByRole('button', { name: LABELS.doubtsDoubtActions }).count(), 0);
      assert.equal(await thread.getByRole('button', { name: LABELS.doubtsReplyActions }).count(), 0);
      await snap(page, 'doubts-other-student-desktop');
    } finally {
      await done();
    }
  });

  it('lets the student edit and then delete their own doubt', async () => {
    // Held by its id: while it is edited its text is not on the page.
    const id = await doubt(student, QUESTION).getAttribute('data-doubt-id');
    assert.ok(id);
    const thread = student.locator(`[data-doubt-id="${id}"]`);
    await thread.getByRole('button', { name: LABELS.doubtsDoubtActions }).click();
    await student.getByRole('menuitem', { name: LABELS.doubtsEditDoubt }).click();
    const editor = thread.getByRole('textbox', { name: LABELS.doubtsEditDoubt });
    await editor.fill('');
    await thread.getByRole('button', { name: LABELS.saveAction }).click();
    await thread.getByText(MESSAGES.fillTheForm, { exact: true }).waitFor();
    await editor.fill(EDITED_QUESTION);
    await thread.getByRole('button', { name: LABELS.saveAction }).click();
    const edited = doubt(student, EDITED_QUESTION);
    await edited.waitFor();
    assert.equal(await doubt(student, QUESTION).count(), 0);

    // Still edited after a reload: the server has it.
    await student.reload();
    await doubt(student, EDITED_QUESTION).getByTestId('doubt-response').getByText(REPLY).waitFor();

    await doubt(student, EDITED_QUESTION).getByRole('button', { name: LABELS.doubtsDoubtActions }).click();
    await student.getByRole('menuitem', { name: LABELS.doubtsDeleteDoubt }).click();
    const confirm = student.getByRole('dialog');
    await confirm.getByText(MESSAGES.confirmDelete, { exact: true }).waitFor();
    // Let the popup finish opening before the picture.
    await student.waitForTimeout(400);
    await snap(student, 'doubts-delete-confirm-desktop');
    await confirm.getByRole('button', { name: LABELS.confirmProceed }).click();
    await confirm.waitFor({ state: 'detached' });
    await student.getByText(LABELS.doubtsNoSubjectDoubts, { exact: true }).waitFor();
    await student.getByRole('heading', { name: formatMessage(LABELS.doubtsAll, { count: '0' }) }).waitFor();

    // Gone from the topic's Q&A as well.
    await openQa(student);
    await student.getByRole('tab', { name: 'Q&A (0)' }).waitFor();
    await student.getByText(LABELS.doubtsNoDoubtsYet, { exact: true }).waitFor();
  });
});
