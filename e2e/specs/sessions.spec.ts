import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  LABELS,
  MESSAGES,
  type OnlineSession,
  type OnlineSessionDetail,
  type OnlineSessionList,
  type SessionReport,
} from '@portal/shared';
import { earliestSessionStart } from '@portal/shared/schemas/online-sessions';
import type { Page } from 'playwright-core';
import { type ApiUser, apiSignIn } from '../support/api.js';
import { PHONE, settled, snap } from '../support/browser.js';
import { type BatchSubjectRow, batchNamed } from '../support/content.js';
import {
  blockMeetingScript,
  countHeartbeats,
  emitMeetingEvent,
  type RecordedMeeting,
  useMeetingStandIn,
} from '../support/jitsi.js';
import { contentShown, requestsUnderWay } from '../support/navigation.js';
import { once, usePortal } from '../support/portal.js';
import { banner, chooseOption } from '../support/ui.js';

const portal = usePortal('sessions');
const WIDE = { width: 1366, height: 900 };
const LIVE_TITLE = 'Refraction live class';
const CUSTOM_TITLE = 'Extra help: lenses';
const PRESENCE_TITLE = 'Total internal reflection';

const roomPath = (id: string) => `/me/session/detail?session=${id}`;

const setUp = once(async () => {
  const users = {
    moderator: await apiSignIn(portal, 'moderator'),
    faculty: await apiSignIn(portal, 'faculty'),
    student: await apiSignIn(portal, 'student'),
    student2: await apiSignIn(portal, 'student2'),
  } satisfies Record<string, ApiUser>;
  const classTen = await batchNamed(users.moderator, 'Class 10 A');
  const taught = (await users.faculty.call<{ batch_subjects: BatchSubjectRow[] }>('/users/me/batch-subjects'))
    .batch_subjects;
  const subject = taught.find((row) => row.batch_id === classTen);
  assert.ok(subject, 'the demo faculty member teaches a subject in Class 10 A');
  return { users, subject };
});

async function sessionsOf(user: ApiUser, when: 'upcoming' | 'previous'): Promise<OnlineSession[]> {
  return (await user.call<OnlineSessionList>(`/users/me/online-sessions?when=${when}&limit=200`)).sessions;
}

async function sessionNamed(user: ApiUser, title: string): Promise<OnlineSession> {
  const found = (await sessionsOf(user, 'upcoming')).find((session) => session.title === title);
  assert.ok(found, `${title} is among the upcoming sessions`);
  return found;
}

const meetingOf = (page: Page) => page.evaluate(() => (window as { __meeting?: RecordedMeeting }).__meeting);

async function inMeeting(page: Page, timeout = 15_000): Promise<RecordedMeeting> {
  await page.locator('[data-meeting-stand-in]').waitFor({ timeout });
  const meeting = await meetingOf(page);
  assert.ok(meeting, 'the meeting script was given a room');
  return meeting;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The room's state as `user` is shown it (a student waits until the teacher is present). */
const roomStateFor = async (user: ApiUser, id: string) =>
  (await user.call<OnlineSessionDetail>(`/online-sessions/${id}`)).session.room_state;

/** Waits until `check` holds, polling, or fails with `what`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, what);
    await pause(250);
  }
}

/**
 * `username`'s room of session `id` with its heartbeats counted, once the page shows the meeting:
 * out of reach (the alert), or open and not yet joined (`emitMeetingEvent` joins it). The page's
 * clock is Playwright's (it runs as the real one): `passTime` moves it on without waiting.
 */
async function openRoom(username: string, id: string, meeting: 'unreachable' | 'not joined') {
  const signed = await portal.signedInPage(username, WIDE);
  await signed.context.clock.install();
  if (meeting === 'unreachable') await blockMeetingScript(signed.context);
  else await useMeetingStandIn(signed.context, { autoJoin: false });
  const beats = countHeartbeats(signed.page);
  await signed.page.goto(roomPath(id));
  if (meeting === 'unreachable') {
    await signed.page.getByRole('alert').filter({ hasText: MESSAGES.meetingScriptFailed }).waitFor();
  } else await inMeeting(signed.page);
  return { ...signed, beats };
}

/**
 * Moves each room's clock on by `ms`, firing every timer due in that time (the heartbeat's
 * interval among them) at once, then waits until every request those timers sent has reached the
 * test: each page fetches a marker afterwards, and a page's requests are reported in order.
 */
async function passTime(ms: number, ...rooms: { page: Page }[]) {
  await Promise.all(
    rooms.map(async ({ page }) => {
      await page.clock.runFor(ms);
      const marker = page.waitForRequest((request) => request.url().endsWith('/api/health?after-timers'));
      await page.evaluate(() => fetch('/api/health?after-timers').then(() => undefined));
      await marker;
    }),
  );
}

describe('online sessions', () => {
  it('a teacher creates a live session; a waiting student’s room opens by itself when the teacher joins; the moderator sees both students’ minutes', async () => {
    const { users, subject } = await setUp();
    const teacher = await portal.signedInPage('faculty', WIDE);
    await teacher.page.getByRole('region', { name: LABELS.homeSessionsTitle }).waitFor();
    await snap(teacher.page, 'sessions-faculty-home-wide');

    await teacher.page.goto('/me/faculty/sessions');
    await teacher.page.getByRole('article').first().waitFor();
    await snap(teacher.page, 'sessions-faculty-list-wide');
    await teacher.page.getByRole('link', { name: LABELS.createLiveSession }).click();
    await teacher.page.waitForURL('**/me/session/create');
    await teacher.page.getByRole('button', { name: LABELS.sessionCreate }).click();
    await teacher.page.getByText(MESSAGES.fillAllFormFields).waitFor();
    await teacher.page.getByLabel(LABELS.sessionFieldTitle).fill(LIVE_TITLE);
    await chooseOption(teacher.page, LABELS.sessionFieldBatch, 'Class 10 A', { exact: false });
    await chooseOption(teacher.page, LABELS.sessionFieldSubject, subject.subject_title, { exact: false });
    await snap(teacher.page, 'sessions-create-live-wide');
    await teacher.page.getByRole('button', { name: LABELS.sessionCreate }).click();
    await banner(teacher.page, MESSAGES.sessionAdded);
    await teacher.page.waitForURL('**/me/faculty/sessions');
    await teacher.page.getByRole('article', { name: LIVE_TITLE }).waitFor();
    const live = await sessionNamed(users.faculty, LIVE_TITLE);
    assert.equal(live.can_attend, true, 'the session starts now, so it can be joined');

    // The student attends before the teacher is there, and waits.
    const student = await portal.signedInPage('student', WIDE);
    await useMeetingStandIn(student.context);
    const studentBeats = countHeartbeats(student.page);
    await student.page.goto('/me/sessions');
    const card = student.page.getByRole('article', { name: LIVE_TITLE });
    await card.getByRole('link', { name: LABELS.sessionAttend }).click();
    await student.page.waitForURL(`**${roomPath(live._id)}`);
    await student.page.getByText(MESSAGES.waitingForTeacher).waitFor();
    await snap(student.page, 'sessions-room-waiting-wide');
    // Marks this page: a reload would lose the mark.
    await student.page.evaluate(() => {
      (window as { __sameLoad?: boolean }).__sameLoad = true;
    });

    // The teacher joins from a second browser.
    await useMeetingStandIn(teacher.context);
    await teacher.page.goto('/me/faculty/sessions');
    await teacher.page
      .getByRole('article', { name: LIVE_TITLE })
      .getByRole('link', { name: LABELS.sessionJoinRoom })
      .click();
    const hosted = await inMeeting(teacher.page);
    assert.deepEqual(hosted, {
      domain: 'meet.jit.si',
      roomName: live._id,
      displayName: 'Anita Sharma',
      jwt: null,
    });
    await snap(teacher.page, 'sessions-room-teacher-wide');

    // A classmate comes in too (the teacher is there: the room opens at once).
    const classmate = await portal.signedInPage('student2', WIDE);
    await useMeetingStandIn(classmate.context);
    const classmateBeats = countHeartbeats(classmate.page);
    await classmate.page.goto(roomPath(live._id));
    assert.equal((await inMeeting(classmate.page, 20_000)).displayName, 'Arjun Mehta');

    // Within a poll (5 s) and a heartbeat, the student's room opens without a reload.
    const attended = await inMeeting(student.page, 20_000);
    assert.equal(attended.roomName, live._id);
    assert.equal(attended.displayName, 'Priya Nair');
    assert.equal(await student.page.evaluate(() => (window as { __sameLoad?: boolean }).__sameLoad), true);

    // A note beside the room.
    await student.page.getByLabel(LABELS.learnNewNote).fill('Snell’s law: n1 sin i = n2 sin r');
    await student.page.getByRole('button', { name: LABELS.learnAddNote }).click();
    await student.page.getByText('Snell’s law: n1 sin i = n2 sin r').waitFor();
    await snap(student.page, 'sessions-room-open-wide');

    // Heartbeats 15 s apart: each student is present for a quarter of a minute at least, as the
    // portal answers their heartbeats (and, below, as the moderator's report shows).
    await eventually(
      'each student present a quarter of a minute',
      () => studentBeats.minutesPresent >= 0.25 && classmateBeats.minutesPresent >= 0.25,
      40_000,
    );
    await classmate.done();

    // The note is in the student's notes, under the session.
    await student.page.goto('/me/notes?tab=sessions');
    const group = student.page.getByRole('region', { name: LIVE_TITLE });
    await group.getByText('Snell’s law: n1 sin i = n2 sin r').waitFor();
    await student.done();
    await teacher.done();

    const moderator = await portal.signedInPage('moderator', WIDE);
    await moderator.page.goto('/onlinesessions/reports');
    await moderator.page.getByRole('link', { name: LIVE_TITLE }).click();
    await moderator.page.waitForURL('**/onlinesession/report?session=*');
    for (const name of ['Priya Nair', 'Arjun Mehta']) {
      const row = moderator.page.getByRole('row').filter({ hasText: name });
      await row.getByText(LABELS.sessionAttended, { exact: true }).waitFor();
      const minutes = Number(await row.getByRole('cell').last().textContent());
      assert.ok(minutes >= 0.25, `${name} was present ${minutes} minutes`);
    }
    await snap(moderator.page, 'sessions-report-one-wide');
    await moderator.page.goto('/onlinesessions/reports');
    await moderator.page.getByRole('link', { name: LIVE_TITLE }).waitFor();
    await snap(moderator.page, 'sessions-reports-wide');
    await moderator.done();
  });

  it('a custom session reaches only the selected students', async () => {
    const { users, subject } = await setUp();
    const teacher = await portal.signedInPage('faculty', WIDE);
    await teacher.page.goto('/me/faculty/sessions');
    await teacher.page.getByRole('link', { name: LABELS.createCustomSession }).click();
    await teacher.page.waitForURL('**/me/session/create?type=custom');
    await teacher.page.getByRole('button', { name: LABELS.sessionNext }).click();
    await teacher.page.getByText(MESSAGES.fillTheForm).waitFor();
    await teacher.page.getByLabel(LABELS.sessionFieldTitle).fill(CUSTOM_TITLE);
    await chooseOption(teacher.page, LABELS.sessionFieldBatch, 'Class 10 A', { exact: false });
    await chooseOption(teacher.page, LABELS.sessionFieldSubject, subject.subject_title, { exact: false });
    await snap(teacher.page, 'sessions-create-custom-wide');
    await teacher.page.getByRole('button', { name: LABELS.sessionNext }).click();

    await teacher.page.getByText(MESSAGES.customSessionNote).waitFor();
    await teacher.page.getByRole('cell', { name: 'Priya Nair', exact: true }).waitFor();
    await teacher.page.getByRole('button', { name: LABELS.sessionNext }).click();
    await teacher.page.getByText(MESSAGES.selectStudents).waitFor();
    await teacher.page.getByRole('checkbox', { name: LABELS.sessionSelectAll }).check();
    await teacher.page.getByRole('checkbox', { name: LABELS.sessionSelectAll }).uncheck();
    await teacher.page.getByRole('checkbox', { name: 'Select Priya Nair' }).check();
    await snap(teacher.page, 'sessions-custom-students-wide');
    await teacher.page.getByRole('button', { name: LABELS.sessionNext }).click();
    const confirm = teacher.page.getByRole('dialog', { name: LABELS.customSessionDetails });
    await confirm.getByText(CUSTOM_TITLE).waitFor();
    await confirm.getByRole('row', { name: `${LABELS.sessionTotalStudents} 1` }).waitFor();
    await settled(teacher.page);
    await snap(teacher.page, 'sessions-custom-confirm-wide', { fullPage: false });
    await confirm.getByRole('button', { name: LABELS.sessionSubmit }).click();
    await banner(teacher.page, MESSAGES.sessionAdded);
    // Cleared for the next one.
    assert.equal(await teacher.page.getByLabel(LABELS.sessionFieldTitle).inputValue(), '');
    await teacher.done();

    const custom = await sessionNamed(users.faculty, CUSTOM_TITLE);
    assert.equal(custom.is_custom, true);
    assert.equal(custom.total_students, 1);
    assert.ok((await sessionsOf(users.student, 'upcoming')).some((session) => session._id === custom._id));
    assert.ok(!(await sessionsOf(users.student2, 'upcoming')).some((session) => session._id === custom._id));
    assert.equal((await users.student2.request(`/online-sessions/${custom._id}`)).status, 403);

    const outsider = await portal.signedInPage('student2', WIDE);
    await outsider.page.goto('/me/sessions');
    await outsider.page.getByRole('article').first().waitFor();
    assert.equal(await outsider.page.getByRole('article', { name: CUSTOM_TITLE }).count(), 0);
    await outsider.page.goto(roomPath(custom._id));
    await outsider.page.getByText(MESSAGES.sessionNotOpenToYou).waitFor();
    await outsider.done();

    const invited = await portal.signedInPage('student', WIDE);
    await invited.page.goto('/me/sessions');
    await invited.page.getByRole('article', { name: CUSTOM_TITLE }).waitFor();
    await snap(invited.page, 'sessions-student-list-wide');
    await invited.done();
  });

  it('the room says when a session is yet to start or has ended, and when the meeting cannot be loaded', async () => {
    const { users } = await setUp();
    const student = await portal.signedInPage('student', WIDE);
    await student.page
      .getByRole('region', { name: LABELS.homeTodaySessionsTitle })
      .getByRole('article')
      .first()
      .waitFor();
    await snap(student.page, 'sessions-student-home-wide');
    const later = (await sessionsOf(users.student, 'upcoming')).find(
      (session) => session.room_state === 'yet_to_start',
    );
    const ended = (await sessionsOf(users.student, 'previous'))[0];
    assert.ok(later && ended, 'the demo has a later and an earlier session');
    await student.page.goto(roomPath(later._id));
    await student.page.getByText(MESSAGES.liveSessionYetToStart).waitFor();
    await student.page.goto(roomPath(ended._id));
    await student.page.getByText(MESSAGES.liveSessionEnded).waitFor();
    await student.done();

    const teacher = await portal.signedInPage('faculty', WIDE);
    await blockMeetingScript(teacher.context);
    const live = await sessionNamed(users.faculty, LIVE_TITLE);
    await teacher.page.goto(roomPath(live._id));
    await teacher.page.getByRole('alert').filter({ hasText: MESSAGES.meetingScriptFailed }).waitFor();
    await teacher.done();
  });

  it('a person is present only while their meeting is open: no heartbeat before joining, after leaving or when the meeting cannot load', async () => {
    const { users, subject } = await setUp();
    const start = earliestSessionStart(new Date());
    const { session } = await users.faculty.call<{ session: OnlineSession }>('/online-sessions', {
      body: {
        title: PRESENCE_TITLE,
        batch_id: subject.batch_id,
        batch_subject_id: subject._id,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 60 * 60_000).toISOString(),
      },
    });

    // The teacher's meeting server is out of reach: the room says so and the teacher is not present.
    const unreachable = await openRoom('faculty', session._id, 'unreachable');
    await pause(2_000);
    assert.equal(unreachable.beats.sent, 0, 'no heartbeat from a room whose meeting never loaded');
    assert.equal(await roomStateFor(users.student, session._id), 'waiting_for_teacher');
    await unreachable.done();

    // The teacher's meeting opens but is not joined yet (the pre-join screen): still not present.
    const teacher = await openRoom('faculty', session._id, 'not joined');
    await pause(2_000);
    assert.equal(teacher.beats.sent, 0, 'no heartbeat before the conference is joined');
    assert.equal(await roomStateFor(users.student, session._id), 'waiting_for_teacher');
    await emitMeetingEvent(teacher.page, 'videoConferenceJoined');
    await eventually('the teacher’s heartbeat once joined', () => teacher.beats.sent > 0);
    await eventually(
      'the student’s room opens once the teacher has joined',
      async () => (await roomStateFor(users.student, session._id)) === 'open',
    );

    // One student's meeting server is out of reach; another joins and leaves at once.
    const cut = await openRoom('student', session._id, 'unreachable');
    await snap(cut.page, 'sessions-room-unreachable-wide');
    const brief = await openRoom('student2', session._id, 'not joined');
    await pause(1_000);
    assert.equal(brief.beats.sent, 0, 'no heartbeat before the student joins');
    await emitMeetingEvent(brief.page, 'videoConferenceJoined');
    await eventually('the student’s heartbeat once joined', () => brief.beats.sent === 1);
    await emitMeetingEvent(brief.page, 'videoConferenceLeft');
    // A heartbeat interval and more: nothing from the student who left nor from the one who never joined.
    await passTime(17_000, brief, cut, teacher);
    assert.equal(brief.beats.sent, 1, 'no heartbeat after the student left');
    assert.equal(cut.beats.sent, 0, 'no heartbeat from a student whose meeting never loaded');
    assert.ok(teacher.beats.sent >= 2, 'the teacher in the conference keeps beating');
    await brief.done();
    await cut.done();

    // The teacher leaves the conference (the page stays open): gone at once, not 45 s later.
    await emitMeetingEvent(teacher.page, 'videoConferenceLeft');
    await eventually(
      'the teacher is gone once they leave the conference',
      async () => (await roomStateFor(users.student, session._id)) === 'waiting_for_teacher',
    );
    // Counted once they are gone: a beat whose timer fired as the leave came was sent before it.
    // A heartbeat interval and more follows, so a beat of a room still beating would be counted.
    const beforeLeaving = teacher.beats.sent;
    await passTime(16_000, teacher);
    assert.equal(teacher.beats.sent, beforeLeaving, 'no heartbeat after the teacher left');
    await teacher.done();

    const report = await users.moderator.call<SessionReport>(`/online-sessions/${session._id}/report`);
    const row = (name: string) => report.students.find((student) => student.student_name === name);
    assert.equal(row('Priya Nair')?.attendance, 'Not Attended', 'the student whose meeting never loaded');
    assert.equal(row('Priya Nair')?.minutes_present, 0);
    assert.equal(row('Arjun Mehta')?.attendance, 'Attended', 'the student who joined');
    assert.equal(row('Arjun Mehta')?.minutes_present, 0, 'left at once: no time present');
  });

  it('every session screen fits a phone', async () => {
    const { users } = await setUp();
    const live = await sessionNamed(users.faculty, LIVE_TITLE);
    const screens: [string, string, string][] = [
      ['faculty', '/dashboard', 'sessions-faculty-home-phone'],
      ['faculty', '/me/faculty/sessions', 'sessions-faculty-list-phone'],
      ['faculty', '/me/session/create', 'sessions-create-live-phone'],
      ['student', '/dashboard', 'sessions-student-home-phone'],
      ['student', '/me/sessions', 'sessions-student-list-phone'],
      ['student', roomPath(live._id), 'sessions-room-phone'],
      ['moderator', '/onlinesessions/reports', 'sessions-reports-phone'],
      ['moderator', `/onlinesession/report?session=${live._id}`, 'sessions-report-one-phone'],
    ];
    for (const [username, path, name] of screens) {
      const signed = await portal.signedInPage(username, PHONE);
      await useMeetingStandIn(signed.context);
      requestsUnderWay(signed.page);
      await signed.page.goto(path);
      await signed.page.getByRole('heading', { level: 1 }).first().waitFor();
      await contentShown(signed.page);
      const overflow = await signed.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${path} scrolls sideways on a phone by ${overflow}px`);
      await snap(signed.page, name);
      await signed.done();
    }
  });
});
