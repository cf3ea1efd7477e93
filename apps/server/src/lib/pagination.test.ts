import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../db/seed/scale/scale.js';
import { SCALE_PASSWORD, type ScaleSize, scaleUsernames } from '../db/seed/scale/scale-size.js';
import { createDoubtRow, createTaughtSubject } from '../test/factories/doubts.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import { cursorOf } from './pagination.js';
import { forgetInstitutionReads } from './read-cache.js';
import { createStorage } from './storage.js';

// Keyset pages of every list that grows with the school, over a small scale institution and a
// second school: each walk through the pages must give every item once, in the order of one
// big page, and nothing of the other institution.

const SMALL: ScaleSize = {
  batches: 2,
  sectionsPerGrade: 2,
  studentsPerBatch: 9,
  faculty: 3,
  subjectsPerBatch: 3,
  chaptersPerSubject: 3,
  topicsPerChapter: 4,
  planDays: 6,
  viewsPerStudent: 6,
  doubtsPerStudent: 3,
  notesPerStudent: 5,
  assessments: 30,
  sessions: 20,
  announcements: 12,
};

let t: TestApp;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
let theirDoubtId: string;
const tokens: Record<string, string> = {};

interface Page {
  limit: number;
  next_cursor: string | null;
  total: number | null;
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Every page of `url` at `limit` a page: the pages' info and the items' ids, in order. */
async function walk(
  url: string,
  token: string,
  list: string,
  limit: number,
  idOf = (item: { _id: string }) => item._id,
) {
  const pages: Page[] = [];
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await get(withQuery(url, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`), token);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const page = data.page as Page;
    pages.push(page);
    ids.push(...(data[list] as { _id: string }[]).map(idOf));
    expect((data[list] as unknown[]).length).toBeLessThanOrEqual(limit);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return { pages, ids };
}

/** The ids of one page big enough for the whole list. */
async function whole(url: string, token: string, list: string, idOf = (item: { _id: string }) => item._id) {
  const response = await get(withQuery(url, 'limit=200'), token);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json();
  expect(data.page.next_cursor).toBeNull();
  return { ids: (data[list] as { _id: string }[]).map(idOf), total: data.page.total as number | null };
}

/** Walks `url` at several page sizes: same items, same order as one page; total only on the first. */
async function expectPagesAgree(
  url: string,
  token: string,
  list: string,
  options: { counted?: boolean; idOf?: (item: { _id: string }) => string } = {},
) {
  const { ids: all, total } = await whole(url, token, list, options.idOf);
  expect(all.length).toBeGreaterThanOrEqual(3);
  expect(new Set(all).size).toBe(all.length);
  if (options.counted !== false) expect(total).toBe(all.length);
  for (const limit of new Set([1, 2, all.length - 1, all.length])) {
    const { pages, ids } = await walk(url, token, list, limit, options.idOf);
    expect(ids).toEqual(all);
    expect(pages.length).toBe(Math.ceil(all.length / limit));
    expect(pages.at(-1)?.next_cursor).toBeNull();
    expect(pages.slice(1).every((page) => page.total === null)).toBe(true);
    if (options.counted !== false) expect(pages[0]?.total).toBe(all.length);
  }
  return all;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedScale(t.db, createStorage(t.config), { now: t.clock.now(), size: SMALL });
  for (const username of [
    scaleUsernames.moderator,
    scaleUsernames.faculty(1),
    scaleUsernames.student(1),
    scaleUsernames.student(2),
  ]) {
    tokens[username] = await t.login(username, SCALE_PASSWORD);
  }
  other = await t.createSchool();
  const theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
  theirDoubtId = (
    await createDoubtRow(t, {
      institutionId: other.institution.id,
      studentId: other.accounts.student.entityId,
      topicId: theirs.topics[0]!.id,
      batchSubjectId: theirs.batchSubject.id,
    })
  ).id;
});
afterAll(() => t.close());

const moderator = () => tokens[scaleUsernames.moderator]!;
const faculty = () => tokens[scaleUsernames.faculty(1)]!;
const student = () => tokens[scaleUsernames.student(1)]!;

describe('keyset pages', () => {
  it('walk the moderator’s doubt list: every doubt once, newest first, only their institution’s', async () => {
    const ids = await expectPagesAgree('/api/doubts', moderator(), 'doubts');
    expect(ids).toHaveLength(SMALL.batches * SMALL.studentsPerBatch * SMALL.doubtsPerStudent);
    expect(ids).not.toContain(theirDoubtId);
    // The other school sees its own doubt only.
    expect((await whole('/api/doubts', other.tokens.moderator, 'doubts')).ids).toEqual([theirDoubtId]);
  });

  it('filter before they page: a faculty member’s doubts, by status, and a student’s own', async () => {
    const taught = await expectPagesAgree('/api/users/me/doubts', faculty(), 'doubts');
    const everyone = (await whole('/api/doubts', moderator(), 'doubts')).ids;
    expect(taught.length).toBeLessThan(everyone.length);
    const answered = await expectPagesAgree('/api/users/me/doubts?status=replied', faculty(), 'doubts');
    expect(answered.every((id) => taught.includes(id))).toBe(true);
    const own = (await whole('/api/users/me/doubts', student(), 'doubts')).ids;
    expect(own).toHaveLength(SMALL.doubtsPerStudent);
  });

  it('keep their order when a doubt is written between two pages', async () => {
    const first = await get('/api/doubts?limit=4', moderator());
    const firstIds = first.json().data.doubts.map((doubt: { _id: string }) => doubt._id);
    const [doubt] = first.json().data.doubts;
    const { rows } = await t.db.$client.query('select institution_id, student_id from doubts where id = $1', [
      doubt._id,
    ]);
    await createDoubtRow(t, {
      institutionId: rows[0].institution_id,
      studentId: rows[0].student_id,
      topicId: doubt.topic_id,
      batchSubjectId: doubt.batch_subject_id,
    });
    // Written straight into the table: the cached reads are dropped as an API write drops them.
    forgetInstitutionReads(t.db, rows[0].institution_id);
    const second = await get(`/api/doubts?limit=4&cursor=${first.json().data.page.next_cursor}`, moderator());
    const secondIds = second.json().data.doubts.map((one: { _id: string }) => one._id);
    expect(secondIds).toHaveLength(4);
    expect(secondIds.some((id: string) => firstIds.includes(id))).toBe(false);
    // The new doubt is on a new first page.
    const again = await get('/api/doubts?limit=4', moderator());
    expect(again.json().data.doubts[1]._id).toBe(firstIds[0]);
  });

  it('give an empty page for another institution’s row as cursor, and 400 for a malformed one', async () => {
    const foreign = await get(`/api/doubts?cursor=${cursorOf([theirDoubtId])}`, moderator());
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toEqual({ doubts: [], page: { limit: 50, next_cursor: null, total: null } });
    for (const query of [
      'cursor=nope',
      `cursor=${cursorOf(['a', 'b'])}`,
      'limit=0',
      'limit=201',
      'limit=x',
    ]) {
      const response = await get(`/api/doubts?${query}`, moderator());
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
    }
  });

  it('page a doubt’s replies, oldest first, with the first ones folded into the list', async () => {
    const { rows } = await t.db.$client.query<{ doubt_id: string }>(
      `select doubt_id from doubt_responses group by doubt_id having count(*) = 3 limit 1`,
    );
    const doubtId = rows[0]!.doubt_id;
    const url = `/api/doubts/${doubtId}/responses`;
    await expectPagesAgree(url, moderator(), 'responses');
    const folded = (await get(`/api/doubts/${doubtId}`, moderator())).json().data.doubt;
    expect(folded.responses_total).toBe(3);
    expect(folded.responses.map((reply: { _id: string }) => reply._id)).toEqual(
      (await whole(url, moderator(), 'responses')).ids,
    );
    expect((await get(`/api/doubts/${doubtId}/responses`, other.tokens.moderator)).statusCode).toBe(404);
  });

  it('walk a student’s notes and their home lists', async () => {
    await expectPagesAgree('/api/users/me/notes', student(), 'notes');
    const topicKey = (item: { _id?: string; topic_id?: string; batch_subject_id?: string }) =>
      `${item.batch_subject_id}/${item.topic_id}`;
    const pending = await expectPagesAgree('/api/users/me/pending-items', student(), 'pending_items', {
      counted: false,
      idOf: topicKey as (item: { _id: string }) => string,
    });
    const visited = await expectPagesAgree('/api/users/me/last-visited', student(), 'last_visited_topics', {
      counted: false,
      idOf: topicKey as (item: { _id: string }) => string,
    });
    expect(pending.some((key) => visited.includes(key))).toBe(false);
    expect((await get('/api/users/me/pending-items?cursor=nope', student())).statusCode).toBe(400);
  });

  it('walk both tabs of the assessments, a faculty member’s and a student’s, with both tabs counted', async () => {
    const upcoming = await expectPagesAgree('/api/assessments?when=upcoming', moderator(), 'assessments');
    const previous = await expectPagesAgree('/api/assessments?when=previous', moderator(), 'assessments');
    expect(upcoming.length + previous.length).toBe(SMALL.assessments);
    const counts = (await get('/api/assessments', moderator())).json().data.counts;
    expect(counts).toEqual({ upcoming: upcoming.length, previous: previous.length });
    const taught = await expectPagesAgree('/api/assessments?when=previous', faculty(), 'assessments');
    expect(taught.every((id) => previous.includes(id))).toBe(true);
    expect(taught.length).toBeLessThan(previous.length);
    const sat = await expectPagesAgree('/api/users/me/assessments?when=previous', student(), 'assessments');
    expect(sat.every((id) => previous.includes(id))).toBe(true);
    expect((await whole('/api/assessments', other.tokens.moderator, 'assessments')).ids).toEqual([]);
  });

  it('walk both tabs of the live sessions and the announcements, each reader’s own, of their institution only', async () => {
    const upcoming = await expectPagesAgree(
      '/api/users/me/online-sessions?when=upcoming',
      moderator(),
      'sessions',
    );
    const previous = await expectPagesAgree(
      '/api/users/me/online-sessions?when=previous',
      moderator(),
      'sessions',
    );
    expect(upcoming.length + previous.length).toBe(SMALL.sessions);
    const counts = (await get('/api/users/me/online-sessions', moderator())).json().data.counts;
    expect(counts).toEqual({ upcoming: upcoming.length, previous: previous.length });
    const soonest = await expectPagesAgree(
      '/api/users/me/online-sessions?when=upcoming&order=soonest',
      moderator(),
      'sessions',
    );
    expect(soonest).toEqual([...upcoming].reverse());
    const invited = await expectPagesAgree(
      '/api/users/me/online-sessions?when=previous',
      student(),
      'sessions',
    );
    expect(invited.every((id) => previous.includes(id))).toBe(true);
    expect(invited.length).toBeLessThan(previous.length);
    const authored = (await whole('/api/users/me/online-sessions?when=previous', faculty(), 'sessions')).ids;
    expect(authored.every((id) => previous.includes(id))).toBe(true);
    expect((await whole('/api/users/me/online-sessions', other.tokens.moderator, 'sessions')).ids).toEqual(
      [],
    );

    const all = await expectPagesAgree('/api/announcements', moderator(), 'announcements');
    expect(all).toHaveLength(SMALL.announcements);
    const addressed = await expectPagesAgree('/api/announcements', student(), 'announcements');
    expect(addressed.every((id) => all.includes(id))).toBe(true);
    expect(addressed.length).toBeLessThan(all.length);
    expect((await whole('/api/announcements', other.tokens.moderator, 'announcements')).ids).toEqual([]);
  });

  it('walk the people lists and the batch subjects, each of the caller’s institution only', async () => {
    const batches = (
      await whole(
        '/api/batch-subjects',
        moderator(),
        'batch_subjects',
        (item) => (item as unknown as { batch_id: string }).batch_id,
      )
    ).ids;
    const batchId = batches[0]!;
    const students = await expectPagesAgree(`/api/batches/${batchId}/students`, moderator(), 'students');
    expect(students).toHaveLength(SMALL.studentsPerBatch);
    expect((await get(`/api/batches/${batchId}/students`, other.tokens.moderator)).statusCode).toBe(404);
    await expectPagesAgree('/api/users/me/students', faculty(), 'students');
    const subjects = await expectPagesAgree('/api/batch-subjects', moderator(), 'batch_subjects');
    expect(subjects).toHaveLength(SMALL.batches * SMALL.subjectsPerBatch);
    const staff = await expectPagesAgree('/api/faculties', moderator(), 'faculties');
    expect(staff).toHaveLength(SMALL.faculty);
    expect((await whole('/api/faculties', other.tokens.moderator, 'faculties')).ids).not.toContain(staff[0]);
  });

  it('count one subject’s doubts or notes with a one-row page: the subjects’ totals add up to the whole', async () => {
    const totalOf = async (url: string, token: string) => {
      const response = await get(withQuery(url, 'limit=1'), token);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      expect(data.page.total).not.toBeNull();
      return data.page.total as number;
    };
    const cases = [
      {
        token: student(),
        all: '/api/doubts',
        ofSubject: (id: string) => `/api/doubts?batch_subject_id=${id}`,
      },
      {
        token: faculty(),
        all: '/api/doubts',
        ofSubject: (id: string) => `/api/doubts?batch_subject_id=${id}`,
      },
      {
        token: student(),
        all: '/api/users/me/notes',
        ofSubject: (id: string) => `/api/notes/batch-subject/${id}`,
        list: 'note',
      },
    ];
    for (const { token, all, ofSubject, list = 'doubts' } of cases) {
      const subjects = (await whole('/api/users/me/batch-subjects', token, 'batch_subjects')).ids;
      let sum = 0;
      for (const id of subjects) {
        const total = await totalOf(ofSubject(id), token);
        expect(total).toBe((await whole(ofSubject(id), token, list)).ids.length);
        sum += total;
      }
      expect(sum, all).toBe(await totalOf(all, token));
      expect(sum, all).toBeGreaterThan(0);
    }
  });

  it('count every subject’s doubts or notes in one answer, the same as each subject’s list', async () => {
    const cases = [
      {
        token: student(),
        counts: '/api/doubts/counts',
        ofSubject: (id: string) => `/api/doubts?batch_subject_id=${id}`,
      },
      {
        token: faculty(),
        counts: '/api/doubts/counts',
        ofSubject: (id: string) => `/api/doubts?batch_subject_id=${id}`,
      },
      {
        token: moderator(),
        counts: '/api/doubts/counts',
        ofSubject: (id: string) => `/api/doubts?batch_subject_id=${id}`,
      },
      {
        token: student(),
        counts: '/api/users/me/notes/counts',
        ofSubject: (id: string) => `/api/notes/batch-subject/${id}`,
        list: 'note',
      },
    ];
    for (const { token, counts, ofSubject, list = 'doubts' } of cases) {
      const response = await get(counts, token);
      expect(response.statusCode, response.body).toBe(200);
      const rows: { batch_subject_id: string; total: number }[] = response.json().data.counts;
      expect(rows.length, counts).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.total, counts).toBe(
          (await whole(ofSubject(row.batch_subject_id), token, list)).ids.length,
        );
      }
    }
    // Only the caller's institution: the other school's subjects never appear.
    const mine = (await get('/api/doubts/counts', moderator())).json().data.counts;
    const theirs = (await get('/api/doubts/counts', other.tokens.moderator)).json().data.counts;
    const ours = new Set(mine.map((row: { batch_subject_id: string }) => row.batch_subject_id));
    expect(theirs.some((row: { batch_subject_id: string }) => ours.has(row.batch_subject_id))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/doubts/counts' })).statusCode).toBe(401);
    expect((await get('/api/users/me/notes/counts', faculty())).statusCode).toBe(403);
  });
});
