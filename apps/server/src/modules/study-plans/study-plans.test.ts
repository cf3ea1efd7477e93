import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyPlans, topics } from '../../db/schema/index.js';
import { createPlanEntry, createPlannableSubject } from '../../test/factories/study-plans.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
let school: School;
let other: School;
let maths: Awaited<ReturnType<typeof createPlannableSubject>>;
let science: Awaited<ReturnType<typeof createPlannableSubject>>;
let theirs: Awaited<ReturnType<typeof createPlannableSubject>>;
let secondBatchId: string;
let secondBatchSubject: Awaited<ReturnType<typeof createPlannableSubject>>;

const DAY = '2026-11-20';
const as = (token: string) => bearer(token);

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  maths = await createPlannableSubject(t.db, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    topicCount: 3,
    facultyId: school.accounts.faculty.entityId,
  });
  science = await createPlannableSubject(t.db, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    chapterVisible: false,
  });
  secondBatchId = (await t.createBatch(school.institution.id)).id;
  secondBatchSubject = await createPlannableSubject(t.db, {
    institutionId: school.institution.id,
    batchId: secondBatchId,
  });
  theirs = await createPlannableSubject(t.db, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
  });

  const entry = (plan: typeof maths, topicIndex: number, date = DAY, institutionId = school.institution.id) =>
    createPlanEntry(t.db, {
      institutionId,
      batchSubjectId: plan.batchSubject.id,
      topicId: plan.topics[topicIndex]!.id,
      date,
    });
  await entry(maths, 0);
  await entry(maths, 1, '2026-11-19');
  await entry(science, 0);
  await entry(secondBatchSubject, 0);
  await entry(theirs, 0, DAY, other.institution.id);
});
afterAll(() => t.close());

const titles = (response: { json(): { data: { study_plans: { topic_title: string }[] } } }) =>
  response.json().data.study_plans.map((plan) => plan.topic_title);

describe('GET /api/study-plans/daily/{date}', () => {
  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/study-plans/daily/${DAY}` }, ['moderator']);
  });

  it('lists the institution’s entries of the day with subject, chapter and topic', async () => {
    const response = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}`,
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    const plans = response.json().data.study_plans;
    expect(plans).toHaveLength(3);
    expect(plans.find((plan: { topic_id: string }) => plan.topic_id === maths.topics[0]!.id)).toEqual({
      _id: expect.any(String),
      topic_id: maths.topics[0]!.id,
      date: DAY,
      batch_subject_id: maths.batchSubject.id,
      batch_id: school.batch.id,
      subject_title: maths.subject.title,
      chapter_id: maths.chapter.id,
      chapter_title: maths.chapter.title,
      topic_title: maths.topics[0]!.title,
      visibility: true,
      start_time: null,
      end_time: null,
      subject_logo_url: null,
      // An image topic without a logo shows its image (the fixture's content).
      topic_logo_url: '/files/demo/topic.png',
    });
    // A topic of a hidden chapter is planned but not visible to students.
    expect(
      plans.find((plan: { topic_id: string }) => plan.topic_id === science.topics[0]!.id).visibility,
    ).toBe(false);
  });

  it('narrows to one batch', async () => {
    const response = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}?batch_id=${secondBatchId}`,
      headers: as(school.tokens.moderator),
    });
    expect(titles(response)).toEqual([secondBatchSubject.topics[0]!.title]);
    const theirBatch = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}?batch_id=${other.batch.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(theirBatch.json().data.study_plans).toEqual([]);
  });

  it.each(['2026-13-01', '20-11-2026', 'today'])('refuses the date %s', async (date) => {
    const response = await t.app.inject({
      url: `/api/study-plans/daily/${date}`,
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.date).toBeDefined();
  });

  it('refuses a malformed batch id', async () => {
    const response = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}?batch_id=nope`,
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.batch_id).toBe(MESSAGES.invalidId);
  });
});

describe('POST /api/study-plans', () => {
  const body = () => ({
    date: '2026-11-25',
    topic_ids: [maths.topics[1]!.id, maths.topics[2]!.id],
    batch_subject_id: maths.batchSubject.id,
  });

  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/study-plans', payload: body() }, [
      'moderator',
    ]);
  });

  it('plans the topics and never duplicates an entry', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: body(),
      headers: as(school.tokens.moderator),
    });
    expect(first.statusCode).toBe(201);
    const created = first.json().data.study_plans;
    expect(created.map((plan: { topic_id: string }) => plan.topic_id)).toEqual(body().topic_ids);
    expect(created[0]).toMatchObject({ date: '2026-11-25', batch_subject_id: maths.batchSubject.id });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { ...body(), topic_ids: [maths.topics[2]!.id, maths.topics[2]!.id] },
      headers: as(school.tokens.moderator),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.study_plans).toEqual([created[1]]);
    const rows = await t.db.select().from(studyPlans).where(eq(studyPlans.date, '2026-11-25'));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 for another institution’s batch subject', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { ...body(), batch_subject_id: theirs.batchSubject.id, topic_ids: [theirs.topics[1]!.id] },
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['of another subject', () => science.topics[1]!.id],
    ['of another institution', () => theirs.topics[1]!.id],
  ])('refuses a topic %s with a field message', async (_, topicId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { ...body(), topic_ids: [maths.topics[0]!.id, topicId()] },
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.topic_ids).toBe(MESSAGES.topicNotInSubject);
    const rows = await t.db.select().from(studyPlans).where(eq(studyPlans.topicId, maths.topics[0]!.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a deleted topic', async () => {
    const extra = await createPlannableSubject(t.db, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    await t.db.update(topics).set({ deletedAt: new Date() }).where(eq(topics.id, extra.topics[0]!.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { ...body(), batch_subject_id: extra.batchSubject.id, topic_ids: [extra.topics[0]!.id] },
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ date: undefined }, 'date', MESSAGES.fillInTheForm],
    [{ date: '25/11/2026' }, 'date', MESSAGES.fillInTheForm],
    [{ date: '2026-02-30' }, 'date', 'Please pick a valid date.'],
    [{ topic_ids: undefined }, 'topic_ids', MESSAGES.fillInTheForm],
    [{ topic_ids: [] }, 'topic_ids', MESSAGES.fillInTheForm],
    [{ topic_ids: ['x'] }, 'topic_ids.0', MESSAGES.invalidId],
    [{ batch_subject_id: undefined }, 'batch_subject_id', MESSAGES.fillInTheForm],
    [{ batch_subject_id: '' }, 'batch_subject_id', MESSAGES.fillInTheForm],
    [{ batch_subject_id: 'x' }, 'batch_subject_id', MESSAGES.invalidId],
  ])('refuses %j with a message on %s', async (change, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/study-plans',
      payload: { ...body(), ...change },
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('DELETE /api/study-plans/{id}', () => {
  it('is for moderators only', async () => {
    const entry = await createPlanEntry(t.db, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      topicId: maths.topics[2]!.id,
      date: '2026-10-01',
    });
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/study-plans/${entry.id}` }, ['moderator']);
  });

  it('soft-deletes an entry, which leaves the lists; a second delete is 404', async () => {
    const entry = await createPlanEntry(t.db, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      topicId: maths.topics[2]!.id,
      date: '2026-10-02',
    });
    const url = `/api/study-plans/${entry.id}`;
    const removed = await t.app.inject({ method: 'DELETE', url, headers: as(school.tokens.moderator) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { deleted: true } });
    const [row] = await t.db.select().from(studyPlans).where(eq(studyPlans.id, entry.id));
    expect(row!.deletedAt).toEqual(t.clock.now());
    const list = await t.app.inject({
      url: '/api/study-plans/daily/2026-10-02',
      headers: as(school.tokens.moderator),
    });
    expect(list.json().data.study_plans).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url, headers: as(school.tokens.moderator) });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another institution’s entry and keeps it', async () => {
    const [theirEntry] = await t.db
      .select()
      .from(studyPlans)
      .where(eq(studyPlans.topicId, theirs.topics[0]!.id));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/study-plans/${theirEntry!.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}`,
      headers: as(other.tokens.moderator),
    });
    expect(titles(list)).toEqual([theirs.topics[0]!.title]);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/study-plans/not-a-uuid',
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/study-plans/topic/{id}', () => {
  it('is for moderators and faculty', async () => {
    const url = `/api/study-plans/topic/${maths.topics[0]!.id}`;
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator', 'faculty']);
  });

  it('lists the topic’s entries; an unplanned topic has none', async () => {
    const response = await t.app.inject({
      url: `/api/study-plans/topic/${maths.topics[1]!.id}`,
      headers: as(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.study_plans.map((plan: { date: string }) => plan.date)).toEqual([
      '2026-11-19',
      '2026-11-25',
    ]);
    const unplanned = await createPlannableSubject(t.db, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const empty = await t.app.inject({
      url: `/api/study-plans/topic/${unplanned.topics[0]!.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.study_plans).toEqual([]);
  });

  it('answers 404 for another institution’s topic', async () => {
    const response = await t.app.inject({
      url: `/api/study-plans/topic/${theirs.topics[0]!.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/study-plans/chapter-id/{chapterId}/batch-subject-id/{batchSubjectId}', () => {
  const url = (chapterId: string, batchSubjectId: string) =>
    `/api/study-plans/chapter-id/${chapterId}/batch-subject-id/${batchSubjectId}`;

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url(maths.chapter.id, maths.batchSubject.id) }, [
      'moderator',
      'faculty',
    ]);
  });

  it('lists the chapter’s entries for the batch subject, to its faculty', async () => {
    for (const token of [school.tokens.moderator, school.tokens.faculty]) {
      const response = await t.app.inject({
        url: url(maths.chapter.id, maths.batchSubject.id),
        headers: as(token),
      });
      expect(response.statusCode).toBe(200);
      const plans = response.json().data.study_plans as {
        topic_id: string;
        date: string;
        chapter_id: string;
      }[];
      expect(plans.every((plan) => plan.chapter_id === maths.chapter.id)).toBe(true);
      expect(plans.map((plan) => plan.date)).toEqual([...plans.map((plan) => plan.date)].sort());
      expect(plans).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ topic_id: maths.topics[1]!.id, date: '2026-11-19' }),
          expect.objectContaining({ topic_id: maths.topics[0]!.id, date: DAY }),
        ]),
      );
    }
  });

  it('refuses faculty who do not teach the batch subject', async () => {
    const response = await t.app.inject({
      url: url(science.chapter.id, science.batchSubject.id),
      headers: as(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for another institution’s ids or a chapter of another subject', async () => {
    for (const [chapterId, batchSubjectId] of [
      [theirs.chapter.id, theirs.batchSubject.id],
      [maths.chapter.id, theirs.batchSubject.id],
      [science.chapter.id, maths.batchSubject.id],
    ] as const) {
      const response = await t.app.inject({
        url: url(chapterId, batchSubjectId),
        headers: as(school.tokens.moderator),
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 400 for malformed ids', async () => {
    const response = await t.app.inject({ url: url('x', 'y'), headers: as(school.tokens.moderator) });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['chapterId', 'batchSubjectId']);
  });
});

describe('GET /api/users/me/studyplans/daily/{date}', () => {
  it('is for students only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/users/me/studyplans/daily/${DAY}` }, [
      'student',
    ]);
  });

  it('lists the visible entries of the student’s own batch', async () => {
    const response = await t.app.inject({
      url: `/api/users/me/studyplans/daily/${DAY}`,
      headers: as(school.tokens.student),
    });
    expect(response.statusCode).toBe(200);
    // Not the other batch's entry, nor the topic of the hidden chapter.
    expect(titles(response)).toEqual([maths.topics[0]!.title]);
    // Each entry is the staff's entry with the student's mark (not yet opened).
    const [own] = response.json().data.study_plans;
    const staff = await t.app.inject({
      url: `/api/study-plans/daily/${DAY}`,
      headers: as(school.tokens.moderator),
    });
    const same = staff.json().data.study_plans.find((entry: { _id: string }) => entry._id === own._id);
    expect(own).toEqual({ ...same, viewed: false });
  });

  it('is empty for a student without a batch, and refuses a bad date', async () => {
    const loner = await t.createAccount('student', { institutionId: school.institution.id });
    const token = await t.login(loner.username);
    const response = await t.app.inject({ url: `/api/users/me/studyplans/daily/${DAY}`, headers: as(token) });
    expect(response.json().data.study_plans).toEqual([]);
    const bad = await t.app.inject({ url: '/api/users/me/studyplans/daily/2026-1-1', headers: as(token) });
    expect(bad.statusCode).toBe(400);
  });
});
