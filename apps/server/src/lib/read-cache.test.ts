import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { chapters } from '../db/schema/index.js';
import { createPlannableSubject } from '../test/factories/study-plans.js';
import { createSubject } from '../test/factories/subjects.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import {
  cachedRead,
  cachedReadMany,
  forgetAllReads,
  forgetInstitutionReads,
  READ_CACHE_MAX_BYTES,
  readCacheSize,
  STEADY_TTL_MS,
} from './read-cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('cachedRead', () => {
  const db = {} as Database;

  it('shares one load among concurrent callers and keeps its answer for two seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cachedRead(db, 'i1', 'k', load), cachedRead(db, 'i1', 'k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1999);
    expect(await cachedRead(db, 'i1', 'k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cachedRead(db, 'i1', 'k', load)).toBe(2);
  });

  it('loads the keys it does not keep in one call, and keeps each answer on its own', async () => {
    const calls: string[][] = [];
    const loadMissing = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, `value of ${key}`]));
    };
    expect(await cachedReadMany(db, 'many', ['a', 'b', 'a'], loadMissing)).toEqual([
      'value of a',
      'value of b',
      'value of a',
    ]);
    expect(await cachedReadMany(db, 'many', ['b', 'c', 'gone'], loadMissing)).toEqual([
      'value of b',
      'value of c',
      null,
    ]);
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
    // Every key kept and loaded: answered from the kept answers, in the keys' order.
    expect(await cachedReadMany(db, 'many', ['b', 'gone', 'a'], loadMissing)).toEqual([
      'value of b',
      null,
      'value of a',
    ]);
    expect(calls).toHaveLength(2);
    expect(await cachedRead(db, 'many', 'c', async () => 'reloaded')).toBe('value of c');
    forgetInstitutionReads(db, 'many');
    await cachedReadMany(db, 'many', ['a'], loadMissing);
    expect(calls.at(-1)).toEqual(['a']);
  });

  it('does not keep a failed load', async () => {
    await expect(cachedRead(db, 'i2', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedRead(db, 'i2', 'k', async () => 'up')).toBe('up');
  });

  it('forgets one institution’s reads, in-flight ones included; an owner’s write forgets all', async () => {
    let release: (value: string) => void = () => {};
    const inFlight = cachedRead(db, 'i3', 'k', () => new Promise<string>((resolve) => (release = resolve)));
    await cachedRead(db, 'i4', 'k', async () => 'kept');
    forgetInstitutionReads(db, 'i3');
    expect(await cachedRead(db, 'i3', 'k', async () => 'after the write')).toBe('after the write');
    release('before the write');
    expect(await inFlight).toBe('before the write');
    expect(await cachedRead(db, 'i3', 'k', async () => 'again')).toBe('after the write');
    expect(await cachedRead(db, 'i4', 'k', async () => 'reloaded')).toBe('kept');
    forgetAllReads(db);
    expect(await cachedRead(db, 'i4', 'k', async () => 'reloaded')).toBe('reloaded');
  });
});

describe('the read cache’s size', () => {
  it('keeps at most READ_CACHE_MAX_BYTES of answers, dropping the oldest first', async () => {
    const db = {} as Database;
    const answer = 'x'.repeat(1024 * 1024);
    const count = Math.ceil((READ_CACHE_MAX_BYTES * 2) / answer.length);
    for (let index = 0; index < count; index += 1) {
      await cachedRead(db, 'big', `k${index}`, async () => answer);
    }
    const size = readCacheSize(db);
    expect(size.bytes).toBeLessThanOrEqual(READ_CACHE_MAX_BYTES);
    expect(size.bytes).toBeGreaterThan(READ_CACHE_MAX_BYTES / 2);
    // The newest answer is still kept, the oldest one was dropped and loads again.
    expect(await cachedRead(db, 'big', `k${count - 1}`, async () => 'reloaded')).toBe(answer);
    expect(await cachedRead(db, 'big', 'k0', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps an answer read all along while a stream of others fills it (least recently used goes first)', async () => {
    const db = {} as Database;
    const answer = 'x'.repeat(256 * 1024);
    let sharedLoads = 0;
    const shared = () => cachedRead(db, 'lru', 'shared', async () => `shared ${++sharedLoads}`);
    expect(await shared()).toBe('shared 1');
    // Four times the budget goes through, the shared answer read after each.
    const count = Math.ceil((READ_CACHE_MAX_BYTES * 4) / answer.length);
    for (let index = 0; index < count; index += 1) {
      await cachedRead(db, 'lru', `k${index}`, async () => answer);
      expect(await shared()).toBe('shared 1');
    }
    expect(sharedLoads).toBe(1);
    expect(readCacheSize(db).bytes).toBeLessThanOrEqual(READ_CACHE_MAX_BYTES);
    // What was read once and not since is gone.
    expect(await cachedRead(db, 'lru', 'k0', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps a many-key answer read all along the same way', async () => {
    const db = {} as Database;
    const answer = 'x'.repeat(256 * 1024);
    const loaded: string[] = [];
    const cards = () =>
      cachedReadMany(db, 'lru-many', ['card'], async (keys) => {
        loaded.push(...keys);
        return new Map(keys.map((key) => [key, 'a card']));
      });
    await cards();
    const count = Math.ceil((READ_CACHE_MAX_BYTES * 4) / answer.length);
    for (let index = 0; index < count; index += 1) {
      await cachedRead(db, 'lru-many', `k${index}`, async () => answer);
      expect(await cards()).toEqual(['a card']);
    }
    expect(loaded).toEqual(['card']);
  });

  it('does not keep one answer larger than a tenth of the budget', async () => {
    const db = {} as Database;
    const huge = 'x'.repeat(READ_CACHE_MAX_BYTES / 10 + 1);
    expect(await cachedRead(db, 'huge', 'k', async () => huge)).toBe(huge);
    expect(readCacheSize(db)).toEqual({ entries: 0, bytes: 0 });
    expect(await cachedRead(db, 'huge', 'k', async () => 'loaded again')).toBe('loaded again');
  });
});

describe('cached student reads through the API', () => {
  let t: TestApp;
  let school: Awaited<ReturnType<TestApp['createSchool']>>;
  let other: Awaited<ReturnType<TestApp['createSchool']>>;
  let content: Awaited<ReturnType<typeof createPlannableSubject>>;
  /** A student of another batch of the same school. */
  let outsiderToken: string;
  const date = '2026-11-20';

  beforeAll(async () => {
    t = await createTestApp();
    school = await t.createSchool();
    other = await t.createSchool();
    content = await createPlannableSubject(t.db, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const batch2 = await t.createBatch(school.institution.id);
    const outsider = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: batch2.id,
    });
    outsiderToken = await t.login(outsider.username);
  });
  afterAll(() => t.close());

  const get = async (url: string, token = school.tokens.student) => {
    const response = await t.app.inject({ url, headers: bearer(token) });
    return { status: response.statusCode, data: response.statusCode === 200 ? response.json().data : null };
  };
  const write = async (
    method: 'POST' | 'PATCH',
    url: string,
    payload: object,
    token = school.tokens.moderator,
  ) => {
    const response = await t.app.inject({ method, url, payload, headers: bearer(token) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data;
  };
  const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);
  const chaptersUrl = () => `/api/chapters/subject-id/${content.subject.id}`;
  const topicsUrl = () => `/api/topics/chapter-id/${content.chapter.id}`;
  const planUrl = `/api/users/me/studyplans/daily/${date}`;

  it('shows a write by a user of the institution at once', async () => {
    expect(ids((await get(chaptersUrl())).data.chapters)).toEqual([content.chapter.id]);
    const created = (
      await write('POST', '/api/chapters', {
        subject_id: content.subject.id,
        title: 'New',
        description: 'New one',
      })
    ).chapter;
    expect(ids((await get(chaptersUrl())).data.chapters)).toEqual([content.chapter.id, created._id]);

    expect((await get(topicsUrl())).data.topics).toHaveLength(2);
    await write('PATCH', `/api/chapters/${content.chapter.id}`, { visibility: false });
    expect(ids((await get(chaptersUrl())).data.chapters)).toEqual([created._id]);
    expect((await get(topicsUrl())).status).toBe(404);
    await write('PATCH', `/api/chapters/${content.chapter.id}`, { visibility: true });

    expect((await get(planUrl)).data.study_plans).toEqual([]);
    await write('POST', '/api/study-plans', {
      batch_subject_id: content.batchSubject.id,
      topic_ids: [content.topics[0]!.id],
      date,
    });
    expect(
      (await get(planUrl)).data.study_plans.map((entry: { topic_id: string }) => entry.topic_id),
    ).toEqual([content.topics[0]!.id]);

    const before = (await get('/api/batch-subjects')).data.batch_subjects;
    const subject = await createSubject(t, school.institution.id);
    await write('POST', '/api/batch-subjects', { batch_id: school.batch.id, subject_ids: [subject.id] });
    expect((await get('/api/batch-subjects')).data.batch_subjects).toHaveLength(before.length + 1);
  });

  it('still checks every reader’s own access when the shared answer is cached', async () => {
    expect((await get(chaptersUrl())).status).toBe(200);
    expect((await get(topicsUrl())).status).toBe(200);
    expect((await get(chaptersUrl(), outsiderToken)).status).toBe(403);
    expect((await get(topicsUrl(), outsiderToken)).status).toBe(404);
    expect((await get('/api/batch-subjects', outsiderToken)).data.batch_subjects).toEqual([]);
    expect((await get(planUrl, outsiderToken)).data.study_plans).toEqual([]);
    expect((await get(chaptersUrl(), other.tokens.student)).status).toBe(404);
    expect((await get(topicsUrl(), other.tokens.student)).status).toBe(404);
  });

  it('keeps a change made outside the API (another process) for a minute at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const listed = ids((await get(chaptersUrl())).data.chapters);
    const [added] = await t.db
      .insert(chapters)
      .values({ institutionId: school.institution.id, subjectId: content.subject.id, title: 'Direct' })
      .returning();
    // Another institution's write leaves this institution's reads as they are.
    const theirs = await createSubject(t, other.institution.id);
    await write(
      'POST',
      '/api/chapters',
      { subject_id: theirs.id, title: 'x', description: 'x' },
      other.tokens.moderator,
    );
    expect(ids((await get(chaptersUrl())).data.chapters)).toEqual(listed);
    // A subject's chapters change only through the API, whose writes drop them: they are kept a
    // minute (STEADY_TTL_MS), so a change made outside it shows within that.
    vi.advanceTimersByTime(STEADY_TTL_MS);
    expect(ids((await get(chaptersUrl())).data.chapters)).toEqual([...listed, added!.id]);
  });
});
