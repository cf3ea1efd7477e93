import { formatMessage, MAX_JSON_DEPTH, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, doubts, notes, topics } from '../db/schema/index.js';
import { createReadableTopic } from '../test/factories/learning.js';
import { doc } from '../test/factories/topics.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let readable: Awaited<ReturnType<typeof createReadableTopic>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  readable = await createReadableTopic(t, school);
});
afterAll(() => t.close());

/** Sends `json` (raw JSON text, so keys and escapes arrive exactly as written). */
function send(method: 'POST' | 'PATCH' | 'GET', url: string, json?: string, token?: string) {
  return t.app.inject({
    method,
    url,
    ...(json === undefined ? {} : { payload: json, headers: { 'content-type': 'application/json' } }),
    ...(token ? { headers: { 'content-type': 'application/json', ...bearer(token) } } : {}),
  });
}

function expectRefused(response: Awaited<ReturnType<typeof send>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toEqual({ code: 'VALIDATION', message, fields: { [field]: message } });
}

const countRows = async (table: typeof notes | typeof doubts | typeof batches | typeof topics) =>
  (await t.db.select().from(table)).length;

describe('text PostgreSQL cannot store', () => {
  const nul = String.raw`\u0000`;

  it('refuses a NUL character in a value with 400 naming the field, and stores nothing', async () => {
    const before = {
      notes: await countRows(notes),
      doubts: await countRows(doubts),
      batches: await countRows(batches),
      topics: await countRows(topics),
    };
    const ids = `"topic_id":"${readable.topic.id}","batch_subject_id":"${readable.batchSubject.id}"`;
    const cases: [string, string, string, string | undefined][] = [
      ['/api/auth/login', `{"username":"a${nul}b","password":"x"}`, 'username', undefined],
      ['/api/auth/forgot-password', `{"username":"${nul}"}`, 'username', undefined],
      ['/api/auth/verify-otp', `{"username":"someone","otp":"12${nul}"}`, 'otp', undefined],
      ['/api/notes', `{"note_text":"my ${nul} note",${ids}}`, 'note_text', school.tokens.student],
      ['/api/doubts', `{"doubt_text":"why${nul}",${ids}}`, 'doubt_text', school.tokens.student],
      [
        '/api/batches',
        `{"title":"Class ${nul}","academic_year":"2026-27"}`,
        'title',
        school.tokens.moderator,
      ],
      [
        '/api/topics',
        JSON.stringify({
          title: 'Light',
          type: 'image',
          content_uri: '/files/x.png',
          chapter_id: readable.chapter.id,
          author_id: school.accounts.faculty.entityId,
          wysiwyg_state: doc('About light'),
          notes: ['/files/a.pdf', 'PLACEHOLDER'],
        }).replace('PLACEHOLDER', `/files/b${nul}.pdf`),
        'notes.1',
        school.tokens.moderator,
      ],
    ];
    for (const [url, json, field, token] of cases) {
      expectRefused(await send('POST', url, json, token), field, MESSAGES.unstorableText);
    }
    expect({
      notes: await countRows(notes),
      doubts: await countRows(doubts),
      batches: await countRows(batches),
      topics: await countRows(topics),
    }).toEqual(before);
  });

  it('refuses a NUL character in a key, at any depth', async () => {
    expectRefused(
      await send('POST', '/api/auth/login', `{"username":"someone","password":"x","a${nul}":1}`),
      '_',
      MESSAGES.unstorableFieldName,
    );
    expectRefused(
      await send(
        'POST',
        '/api/batches',
        `{"title":"A","academic_year":"2026-27","x":{"${nul}":1}}`,
        school.tokens.moderator,
      ),
      'x',
      MESSAGES.unstorableFieldName,
    );
  });

  it('refuses half a surrogate pair and keeps a whole one', async () => {
    const url = `/api/batches/${school.batch.id}`;
    const { title } = (await t.db.select().from(batches).where(eq(batches.id, school.batch.id)))[0]!;
    for (const broken of [String.raw`\ud83d`, String.raw`\ude00 x`, String.raw`x\ud83d\ud83d`]) {
      expectRefused(
        await send('PATCH', url, `{"title":"Class ${broken}"}`, school.tokens.moderator),
        'title',
        MESSAGES.unstorableText,
      );
    }
    const [unchanged] = await t.db.select().from(batches).where(eq(batches.id, school.batch.id));
    expect(unchanged!.title).toBe(title);

    const whole = await send(
      'PATCH',
      url,
      String.raw`{"title":"Class \ud83d\ude00"}`,
      school.tokens.moderator,
    );
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data.batch.title).toBe('Class 😀');
  });

  it('refuses them in the query string and the path too', async () => {
    expectRefused(
      await send('GET', '/api/doubts?status=new%00', undefined, school.tokens.moderator),
      'status',
      MESSAGES.unstorableText,
    );
    expectRefused(
      await send(
        'GET',
        `/api/topics/author-id?author_ids=${readable.topic.id}%00`,
        undefined,
        school.tokens.moderator,
      ),
      'author_ids',
      MESSAGES.unstorableText,
    );
    expectRefused(
      await send('GET', `/api/notes/topic/${readable.topic.id}%00`, undefined, school.tokens.student),
      'topicId',
      MESSAGES.unstorableText,
    );
  });
});

describe('nesting', () => {
  const tooDeep = formatMessage(MESSAGES.nestedTooDeeply, { max: String(MAX_JSON_DEPTH) });
  const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels, naming the field`, async () => {
    const body = (levels: number) => `{"title":"A","academic_year":"2026-27","extra":${nested(levels)}}`;
    // The body object is the first level.
    const within = await send('POST', '/api/batches', body(MAX_JSON_DEPTH - 1), school.tokens.moderator);
    expect(within.statusCode, within.body).toBe(201);
    expectRefused(
      await send('POST', '/api/batches', body(MAX_JSON_DEPTH), school.tokens.moderator),
      'extra',
      tooDeep,
    );
    expectRefused(
      await send('POST', '/api/batches', body(100_000), school.tokens.moderator),
      'extra',
      tooDeep,
    );
    // A list body: the field is its first item.
    expectRefused(await send('POST', '/api/auth/login', nested(50_000)), '0', tooDeep);
  });
});
