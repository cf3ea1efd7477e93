import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRow, createAttemptRow } from '../../test/factories/assessments.js';
import { createOnlineSession } from '../../test/factories/learning.js';
import { createBatchSubject } from '../../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = new Date('2026-11-20T09:00:00Z');

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let batchSubjectId: string;
let otherBatchId: string;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  batchSubjectId = (
    await createBatchSubject(t, school.institution.id, school.batch.id, {
      facultyIds: [school.accounts.faculty.entityId],
      studentIds: [school.accounts.student.entityId],
    })
  ).id;
  otherBatchId = (await t.createBatch(school.institution.id)).id;
});
afterAll(() => t.close());

const bell = async (token: string) => {
  const response = await t.app.inject({ url: '/api/users/me/notifications', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data.notifications;
};
const itemOf = (answer: { items: { _id: string }[] }, id: string) =>
  answer.items.find((item) => item._id === id) as { clickable: boolean; unseen: boolean } | undefined;

describe('GET /api/users/me/notifications', () => {
  it('answers 401 without a token and 403 to an owner', async () => {
    expect((await t.app.inject({ url: '/api/users/me/notifications' })).statusCode).toBe(401);
    const owner = await t.createAccount('owner');
    const token = await t.login(owner.username);
    expect(
      (await t.app.inject({ url: '/api/users/me/notifications', headers: bearer(token) })).statusCode,
    ).toBe(403);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/notifications/seen',
      headers: bearer(token),
      payload: { seen_up_to: 'x' },
    });
    expect(seen.statusCode).toBe(403);
  });

  it('shows an announcement for less than 3 days after its update, to those it addresses', async () => {
    t.clock.set(START);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: bearer(school.tokens.moderator),
      payload: { title: 'Holiday', description: 'Monday', audience: 'batches', batch_ids: [otherBatchId] },
    });
    const toOthers = created.json().data.announcement._id;
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/announcements',
        headers: bearer(school.tokens.moderator),
        payload: { title: 'Sports', description: 'Friday', audience: 'institution' },
      })
    ).json().data.announcement._id;
    t.clock.set(new Date(START.getTime() + 3 * DAY - 1));
    const student = await bell(school.tokens.student);
    expect(itemOf(student, mine)).toMatchObject({ kind: 'announcement', clickable: true });
    expect(itemOf(student, toOthers)).toBeUndefined();
    expect(itemOf(await bell(school.tokens.moderator), toOthers)).toBeDefined();
    t.clock.set(new Date(START.getTime() + 3 * DAY));
    expect(itemOf(await bell(school.tokens.student), mine)).toBeUndefined();
  });

  it('makes a session clickable from 5 minutes before its start until its end', async () => {
    const start = new Date('2026-12-01T10:00:00Z');
    const session = await createOnlineSession(
      t,
      { institutionId: school.institution.id, batchId: school.batch.id, batchSubjectId },
      start,
    );
    const at = async (time: number, token = school.tokens.student) => {
      t.clock.set(new Date(time));
      return itemOf(await bell(token), session.id);
    };
    expect(await at(start.getTime() - 5 * MINUTE - 1)).toMatchObject({ kind: 'session', clickable: false });
    expect(await at(start.getTime() - 5 * MINUTE)).toMatchObject({ clickable: true });
    expect(await at(start.getTime() + 60 * MINUTE)).toMatchObject({ clickable: true });
    expect(await at(start.getTime() + 60 * MINUTE + 1)).toBeUndefined();
    // A moderator attends no session; the other batch's students are not invited.
    expect(await at(start.getTime(), school.tokens.moderator)).toBeUndefined();
  });

  it('lists a student’s pending assessments, clickable once started, until due or taken', async () => {
    const startDate = new Date('2026-12-02T10:00:00Z');
    const dueDate = new Date(startDate.getTime() + 60 * MINUTE);
    const exam = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId,
      status: 'LIVE',
      startDate,
      dueDate,
    });
    const at = async (time: number, token = school.tokens.student) => {
      t.clock.set(new Date(time));
      return itemOf(await bell(token), exam.id);
    };
    expect(await at(startDate.getTime() - 1)).toMatchObject({ kind: 'assessment', clickable: false });
    expect(await at(startDate.getTime())).toMatchObject({ clickable: true });
    expect(await at(dueDate.getTime())).toMatchObject({ clickable: true });
    expect(await at(dueDate.getTime() + 1)).toBeUndefined();
    expect(await at(startDate.getTime(), school.tokens.faculty)).toBeUndefined();
    await createAttemptRow(t, {
      institutionId: school.institution.id,
      assessmentId: exam.id,
      studentId: school.accounts.student.entityId,
      submittedAt: startDate,
    });
    expect(await at(startDate.getTime())).toBeUndefined();
  });

  it('counts every item and marks those changed since the panel was read', async () => {
    t.clock.set(START);
    const first = await bell(school.tokens.student);
    expect(first.count).toBe(first.items.length);
    expect(first.unseen_count).toBe(first.items.length);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/notifications/seen',
      headers: bearer(school.tokens.student),
      payload: { seen_up_to: first.as_of },
    });
    expect(read.statusCode).toBe(200);
    // Rows made by the factories carry the machine's time as their change, which may be later.
    const unseenLater = (await bell(school.tokens.student)).items.filter(
      (item: { kind: string; unseen: boolean }) => item.unseen && item.kind === 'announcement',
    );
    expect(unseenLater).toEqual([]);
    const baseline = (await bell(school.tokens.student)).unseen_count;
    t.clock.advance(MINUTE);
    await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: bearer(school.tokens.moderator),
      payload: { title: 'New', description: 'One more', audience: 'institution' },
    });
    const after = await bell(school.tokens.student);
    expect(after.count).toBe(first.count + 1);
    expect(after.unseen_count).toBe(baseline + 1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/notifications/seen',
      headers: bearer(school.tokens.student),
      payload: { seen_up_to: 'yesterday' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
