import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impressions, institutions, timeSpent } from '../../db/schema/index.js';
import { busOf } from '../../lib/instance-bus.js';
import { forgetAllReads, readCacheSize } from '../../lib/read-cache.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createChapter, createTopicRow } from '../../test/factories/chapters.js';
import { createImpression, createOnlineSession, createReadableTopic } from '../../test/factories/learning.js';
import { createPlanEntry } from '../../test/factories/study-plans.js';
import { createBatchSubject, enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
import { TimeSpentBuffer } from './time-spent-buffer.js';
import { viewedTopicIds } from './viewed-topics.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
let school: School;
let other: School;
let reading: Awaited<ReturnType<typeof createReadableTopic>>;
let theirs: Awaited<ReturnType<typeof createReadableTopic>>;
/** A batch subject of the same institution taught to another batch. */
let otherBatchSubject: Awaited<ReturnType<typeof createBatchSubject>>;
let otherBatchTopicId: string;

const TODAY = '2026-11-20';

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  reading = await createReadableTopic(t, school);
  theirs = await createReadableTopic(t, other);
  const secondBatch = await t.createBatch(school.institution.id);
  otherBatchSubject = await createBatchSubject(t, school.institution.id, secondBatch.id);
  const chapter = await createChapter(t, school.institution.id, otherBatchSubject.subjectId);
  otherBatchTopicId = (await createTopicRow(t, school.institution.id, chapter.id)).id;
});
afterAll(() => t.close());

const studentGet = (url: string, token = school.tokens.student) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const studentPost = (url: string, payload: object, token = school.tokens.student) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('POST /api/impressions', () => {
  it('is for students only', async () => {
    await expectGuarded(
      t,
      school,
      {
        method: 'POST',
        url: '/api/impressions',
        payload: { topic_id: reading.topic.id, batch_subject_id: reading.batchSubject.id },
      },
      ['student'],
    );
  });

  it('refuses a bad body', async () => {
    const missing = await studentPost('/api/impressions', { batch_subject_id: reading.batchSubject.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.topic_id).toBeTruthy();
    const malformed = await studentPost('/api/impressions', { topic_id: 'x', batch_subject_id: 'y' });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 for another institution’s topic and 403 for another batch’s subject', async () => {
    const foreign = await studentPost('/api/impressions', {
      topic_id: theirs.topic.id,
      batch_subject_id: theirs.batchSubject.id,
    });
    expect(foreign.statusCode).toBe(404);
    const otherBatch = await studentPost('/api/impressions', {
      topic_id: otherBatchTopicId,
      batch_subject_id: otherBatchSubject.id,
    });
    expect(otherBatch.statusCode).toBe(403);
    // A topic of another subject cannot be read through this batch subject.
    const mismatched = await studentPost('/api/impressions', {
      topic_id: otherBatchTopicId,
      batch_subject_id: reading.batchSubject.id,
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it('answers 404 for a hidden topic', async () => {
    const hidden = await createTopicRow(t, school.institution.id, reading.chapter.id, { visibility: false });
    const response = await studentPost('/api/impressions', {
      topic_id: hidden.id,
      batch_subject_id: reading.batchSubject.id,
    });
    expect(response.statusCode).toBe(404);
  });

  it('records one row per student, topic and day, counting repeat views', async () => {
    const body = { topic_id: reading.topic.id, batch_subject_id: reading.batchSubject.id };
    const first = await studentPost('/api/impressions', body);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.impression).toEqual({
      topic_id: reading.topic.id,
      viewed_at: t.clock.now().toISOString(),
    });
    await studentPost('/api/impressions', body);
    const rows = await t.db
      .select()
      .from(impressions)
      .where(
        and(
          eq(impressions.studentId, school.accounts.student.entityId),
          eq(impressions.topicId, reading.topic.id),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ viewDate: TODAY, viewCount: 2 });
  });

  it('counts the day in the institution’s time zone', async () => {
    const school2 = await t.createSchool();
    await t.db
      .update(institutions)
      .set({ timeZone: 'Asia/Kolkata' })
      .where(eq(institutions.id, school2.institution.id));
    const topic = await createReadableTopic(t, school2);
    const before = t.clock.now();
    t.clock.set(new Date('2026-11-20T19:00:00Z')); // 00:30 on the 21st in Kolkata
    try {
      const response = await studentPost(
        '/api/impressions',
        { topic_id: topic.topic.id, batch_subject_id: topic.batchSubject.id },
        school2.tokens.student,
      );
      expect(response.statusCode).toBe(201);
    } finally {
      t.clock.set(before);
    }
    const [row] = await t.db.select().from(impressions).where(eq(impressions.topicId, topic.topic.id));
    expect(row!.viewDate).toBe('2026-11-21');
  });
});

describe('POST /api/time-spent', () => {
  const beat = (overrides: object = {}) => ({
    content_id: reading.topic.id,
    content_type: 'topics',
    time_spent: 0.5,
    batch_subject_id: reading.batchSubject.id,
    ...overrides,
  });

  it('is for students only', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/time-spent', payload: beat() }, ['student']);
  });

  it('refuses a bad body with a message per field', async () => {
    for (const [payload, field] of [
      [beat({ time_spent: 0 }), 'time_spent'],
      [beat({ time_spent: 6 }), 'time_spent'],
      [beat({ time_spent: 'a' }), 'time_spent'],
      [beat({ content_type: 'video' }), 'content_type'],
      [beat({ content_id: 'nope' }), 'content_id'],
    ] as const) {
      const response = await studentPost('/api/time-spent', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBeTruthy();
    }
  });

  it('answers 404 across institutions, 403 across batches', async () => {
    const foreign = await studentPost(
      '/api/time-spent',
      beat({ content_id: theirs.topic.id, batch_subject_id: theirs.batchSubject.id }),
    );
    expect(foreign.statusCode).toBe(404);
    const otherBatch = await studentPost(
      '/api/time-spent',
      beat({ content_id: otherBatchTopicId, batch_subject_id: otherBatchSubject.id }),
    );
    expect(otherBatch.statusCode).toBe(403);
    const assessment = await studentPost('/api/time-spent', beat({ content_type: 'assessment' }));
    expect(assessment.statusCode).toBe(404);
  });

  it('adds heartbeats up per content and day, written together within a second', async () => {
    const topic = await createTopicRow(t, school.institution.id, reading.chapter.id);
    const first = await studentPost('/api/time-spent', beat({ content_id: topic.id, time_spent: 0.5 }));
    expect(first.statusCode).toBe(201);
    const second = await studentPost('/api/time-spent', beat({ content_id: topic.id, time_spent: 0.1 }));
    expect(second.json().data.time_spent).toEqual({
      content_id: topic.id,
      content_type: 'topics',
      time_spent: 0.1,
      date: TODAY,
    });
    await t.app.flushTimeSpent();
    const rows = await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, topic.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.minutes).toBeCloseTo(0.6);
    // A later heartbeat adds to the written total.
    await studentPost('/api/time-spent', beat({ content_id: topic.id, time_spent: 1 }));
    await t.app.flushTimeSpent();
    const [after] = await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, topic.id));
    expect(after!.minutes).toBeCloseTo(1.6);
  });

  it('writes pending heartbeats on its own within a second', async () => {
    const topic = await createTopicRow(t, school.institution.id, reading.chapter.id);
    await studentPost('/api/time-spent', beat({ content_id: topic.id, time_spent: 2 }));
    const written = async () =>
      (await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, topic.id)))[0];
    for (let tries = 0; tries < 30 && !(await written()); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await written())?.minutes).toBe(2);
  });

  it('writes what is pending when closed, and keeps minutes it could not write for the next try', async () => {
    const topic = await createTopicRow(t, school.institution.id, reading.chapter.id);
    const { deps } = t.app;
    let failures = 1;
    const flakyPool = {
      query: (...args: Parameters<typeof deps.pool.query>) =>
        failures-- > 0 ? Promise.reject(new Error('connection lost')) : deps.pool.query(...args),
    } as unknown as typeof deps.pool;
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const buffer = new TimeSpentBuffer({ ...deps, pool: flakyPool }, log);
    const entry = {
      institutionId: school.institution.id,
      studentId: school.accounts.student.entityId,
      contentType: 'topics',
      contentId: topic.id,
      batchSubjectId: reading.batchSubject.id,
      day: TODAY,
      minutes: 0.5,
      at: t.clock.now(),
    };
    buffer.add(entry);
    await buffer.flush(); // fails: kept
    expect(warnings).toHaveLength(1);
    buffer.add({ ...entry, minutes: 0.25 });
    await buffer.close();
    const [row] = await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, topic.id));
    expect(row!.minutes).toBeCloseTo(0.75);
  });

  it('logs time in a live session of the student’s batch', async () => {
    // A batch session is open to the batch's students enrolled in its subject (decision 29).
    await enrolStudents(t, reading.batchSubject.id, [school.accounts.student.entityId]);
    const session = await createOnlineSession(t, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
      batchSubjectId: reading.batchSubject.id,
    });
    const response = await studentPost(
      '/api/time-spent',
      beat({ content_type: 'online', content_id: session.id, time_spent: 1 }),
    );
    expect(response.statusCode).toBe(201);
    const custom = await createOnlineSession(t, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
      batchSubjectId: reading.batchSubject.id,
      isCustom: true,
    });
    const uninvited = await studentPost(
      '/api/time-spent',
      beat({ content_type: 'online', content_id: custom.id, time_spent: 1 }),
    );
    expect(uninvited.statusCode).toBe(403);
  });
});

describe('chapter and topic progress', () => {
  let fixture: Awaited<ReturnType<typeof createReadableTopic>>;
  let full: Awaited<ReturnType<typeof createChapter>>;
  let empty: Awaited<ReturnType<typeof createChapter>>;
  let fullTopics: string[];

  beforeAll(async () => {
    fixture = await createReadableTopic(t, school);
    const institutionId = school.institution.id;
    // fixture.chapter: 1 visible topic (unread). full: 3 visible + 1 hidden, 2 read. empty: none.
    full = await createChapter(t, institutionId, fixture.subject.id);
    fullTopics = [];
    for (let index = 0; index < 3; index++) {
      fullTopics.push((await createTopicRow(t, institutionId, full.id)).id);
    }
    const hidden = await createTopicRow(t, institutionId, full.id, { visibility: false });
    empty = await createChapter(t, institutionId, fixture.subject.id);
    await createChapter(t, institutionId, fixture.subject.id, { visibility: false });
    const view = (topicId: string, studentId = school.accounts.student.entityId) =>
      createImpression(t, {
        institutionId,
        studentId,
        topicId,
        batchSubjectId: fixture.batchSubject.id,
        viewDate: '2026-11-19',
      });
    await view(fullTopics[0]!);
    await view(fullTopics[1]!);
    // Twice on two days still counts once; another student's views never count.
    await createImpression(t, {
      institutionId,
      studentId: school.accounts.student.entityId,
      topicId: fullTopics[1]!,
      batchSubjectId: fixture.batchSubject.id,
      viewDate: '2026-11-18',
    });
    const classmate = await t.createAccount('student', { institutionId, batchId: school.batch.id });
    await view(fullTopics[2]!, classmate.entityId);
    await view(hidden.id, classmate.entityId);
  });

  it('guards both routes', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/users/me/chapters/batch-subject/${fixture.batchSubject.id}` },
      ['student'],
    );
    await expectGuarded(t, school, { method: 'GET', url: `/api/users/me/topics/chapter-id/${full.id}` }, [
      'student',
    ]);
  });

  it('lists visible chapters with hand-computed counts and rounded percents', async () => {
    const response = await studentGet(`/api/users/me/chapters/batch-subject/${fixture.batchSubject.id}`);
    expect(response.statusCode).toBe(200);
    const chapters = response.json().data.chapters as Array<Record<string, unknown>>;
    expect(chapters.map((chapter) => chapter._id)).toEqual([fixture.chapter.id, full.id, empty.id]);
    expect(chapters[0]).toMatchObject({
      topic_count: 1,
      visible_topic_count: 1,
      read_topic_count: 0,
      progress: 0,
    });
    // 2 read of 4 in total (one hidden) = 50%.
    expect(chapters[1]).toMatchObject({
      topic_count: 4,
      visible_topic_count: 3,
      read_topic_count: 2,
      progress: 50,
    });
    expect(chapters[2]).toMatchObject({
      topic_count: 0,
      visible_topic_count: 0,
      read_topic_count: 0,
      progress: 0,
    });
  });

  it('moves as the student reads, rounding to whole percents', async () => {
    const institutionId = school.institution.id;
    const thirds = await createChapter(t, institutionId, fixture.subject.id);
    const topicIds: string[] = [];
    for (let index = 0; index < 3; index++)
      topicIds.push((await createTopicRow(t, institutionId, thirds.id)).id);
    const progressOf = async () => {
      const response = await studentGet(`/api/users/me/topics/chapter-id/${thirds.id}`);
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    expect((await progressOf()).chapter.progress).toBe(0);
    await studentPost('/api/impressions', {
      topic_id: topicIds[0],
      batch_subject_id: fixture.batchSubject.id,
    });
    const afterOne = await progressOf();
    expect(afterOne.chapter).toMatchObject({ read_topic_count: 1, progress: 33 });
    expect(afterOne.topics.map((topic: { viewed: boolean }) => topic.viewed)).toEqual([true, false, false]);
    await studentPost('/api/impressions', {
      topic_id: topicIds[1],
      batch_subject_id: fixture.batchSubject.id,
    });
    expect((await progressOf()).chapter.progress).toBe(67);
  });

  it('lists a chapter’s visible topics with read marks', async () => {
    const response = await studentGet(`/api/users/me/topics/chapter-id/${full.id}`);
    const { topics, chapter } = response.json().data;
    expect(topics.map((topic: { _id: string }) => topic._id)).toEqual(fullTopics);
    expect(topics.map((topic: { viewed: boolean }) => topic.viewed)).toEqual([true, true, false]);
    expect(topics[0]).toEqual({
      _id: fullTopics[0],
      title: expect.any(String),
      type: 'image',
      // An image topic without a logo shows its image (the fixture's content).
      topic_logo_url: '/files/x.png',
      self_assessment: false,
      viewed: true,
    });
    expect(chapter).toMatchObject({ _id: full.id, read_topic_count: 2, progress: 50 });
  });

  it('refuses other institutions (404), other batches (403) and hidden chapters (404)', async () => {
    expect(
      (await studentGet(`/api/users/me/chapters/batch-subject/${theirs.batchSubject.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await studentGet(`/api/users/me/chapters/batch-subject/${otherBatchSubject.id}`)).statusCode,
    ).toBe(403);
    expect((await studentGet(`/api/users/me/topics/chapter-id/${theirs.chapter.id}`)).statusCode).toBe(404);
    const foreignBatchChapter = await createChapter(t, school.institution.id, otherBatchSubject.subjectId);
    expect((await studentGet(`/api/users/me/topics/chapter-id/${foreignBatchChapter.id}`)).statusCode).toBe(
      403,
    );
    const hidden = await createChapter(t, school.institution.id, fixture.subject.id, { visibility: false });
    expect((await studentGet(`/api/users/me/topics/chapter-id/${hidden.id}`)).statusCode).toBe(404);
    expect((await studentGet('/api/users/me/topics/chapter-id/not-an-id')).statusCode).toBe(400);
    expect((await studentGet('/api/users/me/chapters/batch-subject/not-an-id')).statusCode).toBe(400);
  });

  it('answers each list in a fixed number of statements, however many chapters and topics', async () => {
    // Each count starts from an empty read cache, so it counts every statement the list needs
    // (and a slow machine letting two-second entries expire between calls changes nothing). The
    // drop is sent to other instances 200 ms later; waiting for that keeps its statement out.
    const uncached = async (url: string) => {
      forgetAllReads(t.app.deps.db);
      await busOf(t.app.deps.db)?.sent();
      return countQueries(() => studentGet(url));
    };
    const url = `/api/users/me/chapters/batch-subject/${fixture.batchSubject.id}`;
    const before = await uncached(url);
    const chapter = await createChapter(t, school.institution.id, fixture.subject.id);
    for (let index = 0; index < 5; index++) await createTopicRow(t, school.institution.id, chapter.id);
    expect(await uncached(url)).toBe(before);
    const topicsUrl = `/api/users/me/topics/chapter-id/${chapter.id}`;
    const topicQueries = await uncached(topicsUrl);
    await createTopicRow(t, school.institution.id, chapter.id);
    expect(await uncached(topicsUrl)).toBe(topicQueries);
  });

  it('keeps a student’s opened topics in a few bytes each, so every active student’s fit the read cache', async () => {
    const institutionId = school.institution.id;
    const reader = await t.createAccount('student', { institutionId, batchId: school.batch.id });
    const chapter = await createChapter(t, institutionId, fixture.subject.id);
    const opened: string[] = [];
    for (let index = 0; index < 40; index++) {
      const topicId = (await createTopicRow(t, institutionId, chapter.id)).id;
      opened.push(topicId);
      await createImpression(t, {
        institutionId,
        studentId: reader.entityId,
        topicId,
        batchSubjectId: fixture.batchSubject.id,
        viewDate: '2026-11-19',
      });
    }
    const user = { userId: reader.user.id, entityId: reader.entityId, institutionId } as AuthUser;
    const before = readCacheSize(t.app.deps.db).bytes;
    const viewed = await viewedTopicIds(t.app.deps, user, [...opened, fullTopics[0]!]);
    expect(viewed).toEqual(new Set(opened));
    // As UUID strings 40 topics take some 1,600 bytes; as numbers under 10 bytes each.
    expect(readCacheSize(t.app.deps.db).bytes - before).toBeLessThan(40 * 10);
  });
});

describe('home lists', () => {
  let home: Awaited<ReturnType<typeof createReadableTopic>>;
  let pupil: { token: string; entityId: string };
  let planned: string[];

  beforeAll(async () => {
    // A school of its own, so other tests' plans and views stay out of these lists.
    const homeSchool = await t.createSchool();
    home = await createReadableTopic(t, homeSchool);
    const institutionId = homeSchool.institution.id;
    pupil = { token: homeSchool.tokens.student, entityId: homeSchool.accounts.student.entityId };
    planned = [home.topic.id];
    for (let index = 0; index < 3; index++) {
      planned.push((await createTopicRow(t, institutionId, home.chapter.id)).id);
    }
    const plan = (topicId: string, date: string) =>
      createPlanEntry(t.db, { institutionId, batchSubjectId: home.batchSubject.id, topicId, date });
    await plan(planned[0]!, '2026-11-18'); // pending
    await plan(planned[0]!, '2026-11-17'); // same topic again: listed once
    await plan(planned[1]!, '2026-11-19'); // viewed: not pending
    await plan(planned[2]!, TODAY); // today's: New, not pending
    await plan(planned[3]!, '2026-11-21'); // tomorrow
    const view = (topicId: string, viewDate: string) =>
      createImpression(t, {
        institutionId,
        studentId: pupil.entityId,
        topicId,
        batchSubjectId: home.batchSubject.id,
        viewDate,
      });
    await view(planned[1]!, '2026-11-19');
    await view(planned[3]!, '2026-11-16');
  });

  const ids = (list: Array<{ topic_id: string }>) => list.map((item) => item.topic_id);

  it('guards the routes', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/pending-items' }, ['student']);
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/last-visited' }, ['student']);
  });

  it('lists pending topics: planned before the day and never opened', async () => {
    const today = await studentGet('/api/users/me/pending-items', pupil.token);
    expect(today.statusCode).toBe(200);
    expect(ids(today.json().data.pending_items)).toEqual([planned[0]]);
    expect(today.json().data.pending_items[0]).toMatchObject({
      date: '2026-11-18',
      viewed_at: null,
      batch_subject_id: home.batchSubject.id,
      chapter_id: home.chapter.id,
    });
    const tomorrow = await studentGet('/api/users/me/pending-items?date=2026-11-21', pupil.token);
    expect(ids(tomorrow.json().data.pending_items)).toEqual([planned[2], planned[0]]);
    expect((await studentGet('/api/users/me/pending-items?date=21-11-2026', pupil.token)).statusCode).toBe(
      400,
    );
  });

  it('lists last visited topics, most recent first, up to the chosen day', async () => {
    const today = await studentGet('/api/users/me/last-visited', pupil.token);
    expect(ids(today.json().data.last_visited_topics)).toEqual([planned[1], planned[3]]);
    expect(today.json().data.last_visited_topics[0].viewed_at).toBe('2026-11-19T10:00:00.000Z');
    const earlier = await studentGet('/api/users/me/last-visited?date=2026-11-17', pupil.token);
    expect(ids(earlier.json().data.last_visited_topics)).toEqual([planned[3]]);
    // Another student has seen nothing.
    const fresh = await studentGet('/api/users/me/last-visited', other.tokens.student);
    expect(fresh.json().data.last_visited_topics).toEqual([]);
  });

  it('marks the day’s plan entries the student has read', async () => {
    const response = await studentGet(`/api/users/me/studyplans/daily/2026-11-19`, pupil.token);
    const entries = response.json().data.study_plans as Array<{ topic_id: string; viewed: boolean }>;
    expect(entries.map((entry) => [entry.topic_id, entry.viewed])).toEqual([[planned[1], true]]);
    const todays = await studentGet(`/api/users/me/studyplans/daily/${TODAY}`, pupil.token);
    expect(todays.json().data.study_plans.map((entry: { viewed: boolean }) => entry.viewed)).toEqual([false]);
  });
});
