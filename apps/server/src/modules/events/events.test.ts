import type { Bell } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, openEventStream, pause } from '../../test/event-stream.js';
import { createDoubtRow } from '../../test/factories/doubts.js';
import { createReadableTopic } from '../../test/factories/learning.js';
import { createBatchSubject } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { publishEvent, selectedUsersAudience } from './publish.js';

let t: TestApp;
let base: string;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let otherBatchStudent: string;
let otherSchoolStudent: string;
let teacherOfOtherBatch: string;
let otherBatchId: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await addressOf(t.app);
  school = await t.createSchool();
  const institutionId = school.institution.id;
  await createBatchSubject(t, institutionId, school.batch.id, {
    facultyIds: [school.accounts.faculty.entityId],
    studentIds: [school.accounts.student.entityId],
  });
  const otherBatch = await t.createBatch(institutionId);
  otherBatchId = otherBatch.id;
  const other = await t.createAccount('student', { institutionId, batchId: otherBatch.id });
  otherBatchStudent = await t.login(other.username);
  const teacher = await t.createAccount('faculty', { institutionId });
  await createBatchSubject(t, institutionId, otherBatch.id, { facultyIds: [teacher.entityId] });
  teacherOfOtherBatch = await t.login(teacher.username);
  const elsewhere = await t.createSchool();
  otherSchoolStudent = elsewhere.tokens.student;
});
afterAll(() => t.close());

const announce = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/announcements',
    headers: bearer(token),
    payload: { title: 'Sports day', description: 'On Friday', ...body },
  });

describe('GET /api/events', () => {
  it('refuses without a token (401), an owner (403), a bad Last-Event-ID (400) and a non-stream Accept (406)', async () => {
    const stream = { accept: 'text/event-stream' };
    expect((await t.app.inject({ url: '/api/events', headers: stream })).statusCode).toBe(401);
    const owner = await t.createAccount('owner');
    const ownerToken = await t.login(owner.username);
    expect(
      (await t.app.inject({ url: '/api/events', headers: { ...stream, ...bearer(ownerToken) } })).statusCode,
    ).toBe(403);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const response = await t.app.inject({
        url: '/api/events',
        headers: { ...stream, ...bearer(school.tokens.student), 'last-event-id': bad },
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
    const plain = await t.app.inject({ url: '/api/events', headers: bearer(school.tokens.student) });
    expect(plain.statusCode).toBe(406);
  });

  it('sends an announcement to the batches it addresses and to moderators, to no one else', async () => {
    const student = await openEventStream(base, school.tokens.student);
    const moderator = await openEventStream(base, school.tokens.moderator);
    const teacher = await openEventStream(base, school.tokens.faculty);
    const otherBatch = await openEventStream(base, otherBatchStudent);
    const otherTeacher = await openEventStream(base, teacherOfOtherBatch);
    const otherSchool = await openEventStream(base, otherSchoolStudent);
    expect(student.status).toBe(200);
    expect(student.headers.get('content-type')).toContain('text/event-stream');
    for (const stream of [student, moderator, teacher, otherBatch, otherTeacher, otherSchool]) {
      await stream.waitFor((event) => event.event === 'ready');
    }

    const created = await announce(school.tokens.moderator, {
      audience: 'batches',
      batch_ids: [school.batch.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.announcement._id;
    const got = await student.waitFor((event) => event.event === 'announcement.created', 1000);
    expect(got.data).toMatchObject({ kind: 'announcement.created', announcement_id: id });
    expect(got.id).toMatch(/^\d+$/);
    // It carries what the student's bell lists of it, so a tab puts it in its bell without reading it.
    const bell = await t.app.inject({
      url: '/api/users/me/notifications',
      headers: bearer(school.tokens.student),
    });
    const items: Bell['items'] = bell.json().data.notifications.items;
    const item = items.find((one) => one._id === id);
    expect(item?.kind).toBe('announcement');
    if (item?.kind !== 'announcement') return;
    expect(got.data).toMatchObject({
      announcement: { title: item.title, description: item.description, updated_at: item.updated_at },
    });
    await moderator.waitFor((event) => event.event === 'announcement.created', 1000);
    await teacher.waitFor((event) => event.event === 'announcement.created', 1000);

    // The whole institution's reaches the other batch too, never another institution.
    await announce(school.tokens.moderator, { audience: 'institution' });
    await otherBatch.waitFor((event) => event.event === 'announcement.created', 1000);
    await otherTeacher.waitFor((event) => event.event === 'announcement.created', 1000);
    await pause(300);
    expect(otherBatch.kinds()).toEqual(['announcement.created']);
    expect(otherTeacher.kinds()).toEqual(['announcement.created']);
    expect(otherSchool.kinds()).toEqual([]);
    for (const stream of [student, moderator, teacher, otherBatch, otherTeacher, otherSchool])
      await stream.close();
  });

  it('sends an event for chosen users to them alone (an unselected student gets nothing)', async () => {
    const selected = await openEventStream(base, school.tokens.student);
    const unselected = await openEventStream(base, otherBatchStudent);
    await selected.waitFor((event) => event.event === 'ready');
    await unselected.waitFor((event) => event.event === 'ready');
    await publishEvent(t.app.deps, t.db, {
      institutionId: school.institution.id,
      kind: 'session.created',
      audience: selectedUsersAudience([school.accounts.student.user.id]),
      refs: {},
    });
    await selected.waitFor((event) => event.event === 'session.created', 1000);
    await pause(300);
    expect(unselected.kinds()).toEqual([]);
    await selected.close();
    await unselected.close();
  });

  it('replays what was missed after Last-Event-ID, and only what concerns the user', async () => {
    const first = await openEventStream(base, school.tokens.student);
    await first.waitFor((event) => event.event === 'ready');
    await announce(school.tokens.moderator, { audience: 'institution', title: 'Before' });
    const seen = await first.waitFor((event) => event.event === 'announcement.created', 1000);
    await first.close();

    const missed = await announce(school.tokens.moderator, { audience: 'institution', title: 'While away' });
    await announce(school.tokens.moderator, { audience: 'batches', batch_ids: [otherBatchId] });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/announcements/${missed.json().data.announcement._id}`,
      headers: bearer(school.tokens.moderator),
      payload: { title: 'While away (edited)', description: 'x', audience: 'institution' },
    });
    expect(edited.statusCode).toBe(200);

    const again = await openEventStream(base, school.tokens.student, seen.id!);
    await again.waitFor((event) => event.event === 'announcement.changed', 1000);
    expect(again.kinds()).toEqual(['announcement.created', 'announcement.changed']);
    const ids = again.events.filter((event) => event.id).map((event) => Number(event.id));
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    await again.close();

    // An id the server never sent (ahead of every event): start afresh.
    const ahead = await openEventStream(base, school.tokens.student, '999999999');
    await ahead.waitFor((event) => event.event === 'resync', 1000);
    await ahead.close();
  });

  it('tells a doubt reply to its asker and the subject’s teachers only', async () => {
    const readable = await createReadableTopic(t, school);
    const classmate = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const classmateToken = await t.login(classmate.username);
    const doubt = await createDoubtRow(t, {
      institutionId: school.institution.id,
      studentId: school.accounts.student.entityId,
      topicId: readable.topic.id,
      batchSubjectId: readable.batchSubject.id,
    });
    const asker = await openEventStream(base, school.tokens.student);
    const other = await openEventStream(base, classmateToken);
    const outsider = await openEventStream(base, teacherOfOtherBatch);
    for (const stream of [asker, other, outsider]) await stream.waitFor((event) => event.event === 'ready');
    const replied = await t.app.inject({
      method: 'POST',
      url: '/api/doubts/respond',
      headers: bearer(school.tokens.faculty),
      payload: { doubt_id: doubt.id, response_text: 'Because.', subject_id: readable.subject.id },
    });
    expect(replied.statusCode).toBe(201);
    const got = await asker.waitFor((event) => event.event === 'doubt.replied', 1000);
    expect(got.data).toMatchObject({ doubt_id: doubt.id, batch_subject_id: readable.batchSubject.id });
    await pause(300);
    expect(other.kinds()).toEqual([]);
    expect(outsider.kinds()).toEqual([]);
    for (const stream of [asker, other, outsider]) await stream.close();
  });

  it('keeps the stream open with comment lines', async () => {
    const stream = await openEventStream(base, school.tokens.student);
    await stream.waitFor((event) => event.event === 'ready');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    await stream.close();
  });
});
