import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChapter, createTopicRow } from '../../test/factories/chapters.js';
import {
  createDoubtRow,
  createNoteRow,
  createResponseRow,
  createTaughtSubject,
} from '../../test/factories/doubts.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { askModel } from './auto-answer/model.js';

type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;

const PHOTOSYNTHESIS =
  'Green plants make glucose from carbon dioxide and water. The chlorophyll pigment inside chloroplasts captures sunlight. Oxygen is released as a by-product.';
const RESPIRATION =
  'Cells break glucose down to release energy. Mitochondria are the powerhouse of the cell.';
// One unusual word, in a topic of each institution: answers must never cross institutions.
const OURS_QUOKKABERRY = 'The quokkaberry grows in shallow marshes near the coast.';
const THEIRS_QUOKKABERRY = 'The quokkaberry is poisonous to goats, wrote the other school.';

/** Biology taught to the school's batch, with everything an answer may and may not draw on. */
async function createWorld(t: TestApp) {
  const school = await t.createSchool();
  const other = await t.createSchool();
  const institutionId = school.institution.id;
  const biology = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
    topics: [
      { title: 'Photosynthesis', text: PHOTOSYNTHESIS },
      { title: 'Respiration', text: RESPIRATION },
      { title: 'Marsh plants', text: OURS_QUOKKABERRY },
      { title: 'Draft topic', text: 'The zephyrine enzyme is still being written up.', visibility: false },
    ],
  });
  const hiddenChapter = await createChapter(t, institutionId, biology.subjectId, { visibility: false });
  await createTopicRow(t, institutionId, hiddenChapter.id, { descriptionText: 'Glowfungus lives in caves.' });
  const chemistry = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    topics: [{ title: 'Aromatic rings', text: 'A benzenoid ring has six carbon atoms.' }],
  });
  const secondBatch = await t.createBatch(institutionId);
  const outsider = await t.createAccount('faculty', { institutionId });
  const physics = await createTaughtSubject(t, {
    institutionId,
    batchId: secondBatch.id,
    facultyIds: [outsider.entityId],
    topics: [{ title: 'Optics', text: 'Lenses bend light.' }],
  });
  const awayStudent = await t.createAccount('student', { institutionId, batchId: secondBatch.id });
  const classmate = await t.createAccount('student', { institutionId, batchId: school.batch.id });
  const theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    topics: [
      { title: 'Their marsh plants', text: THEIRS_QUOKKABERRY },
      { title: 'Their secrets', text: 'Moonlichen only grows in the other school.' },
    ],
  });

  const [photosynthesis, respiration] = biology.topics;
  await createNoteRow(t, {
    institutionId,
    studentId: school.accounts.student.entityId,
    topicId: respiration!.id,
    batchSubjectId: biology.batchSubject.id,
    noteText: 'My mnemonic: the krebswheel turns pyruvate into energy.',
  });
  await createNoteRow(t, {
    institutionId,
    studentId: classmate.entityId,
    topicId: respiration!.id,
    batchSubjectId: biology.batchSubject.id,
    noteText: 'Private: the snorkelbee trick helps me remember.',
  });
  const answered = await createDoubtRow(t, {
    institutionId,
    studentId: classmate.entityId,
    topicId: photosynthesis!.id,
    batchSubjectId: biology.batchSubject.id,
    doubtText: 'Why are leaves orange in autumn?',
  });
  await createResponseRow(t, {
    institutionId,
    doubtId: answered.id,
    authorUserId: school.accounts.faculty.user.id,
    authorRole: 'faculty',
    authorName: 'Teacher',
    responseText: 'In autumn chlorophyll breaks down, so the carotenoid colours show through.',
  });
  // Only a student's follow-up: not an answered doubt.
  const unanswered = await createDoubtRow(t, {
    institutionId,
    studentId: classmate.entityId,
    topicId: photosynthesis!.id,
    batchSubjectId: biology.batchSubject.id,
    doubtText: 'Do glimmerfish photosynthesise?',
  });
  await createResponseRow(t, {
    institutionId,
    doubtId: unanswered.id,
    authorUserId: classmate.user.id,
    authorRole: 'student',
    authorName: 'Classmate',
    responseText: 'Glimmerfish seem to glow in the dark.',
  });

  return {
    school,
    other,
    biology,
    chemistry,
    physics,
    theirs,
    outsiderToken: await t.login(outsider.username),
    awayStudentToken: await t.login(awayStudent.username),
    classmateToken: await t.login(classmate.username),
  };
}

type World = Awaited<ReturnType<typeof createWorld>>;

const ask = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/doubts/auto-answer', headers: bearer(token), payload: body });

describe('POST /api/doubts/auto-answer (search)', () => {
  let t: TestApp;
  let world: World;
  let school: School;
  let biology: Taught;
  const question = (text: string, overrides: Record<string, unknown> = {}) => ({
    question: text,
    batch_subject_id: biology.batchSubject.id,
    ...overrides,
  });

  beforeAll(async () => {
    // These tests ask many questions in a row; the per-user limit has its own test below.
    t = await createTestApp({ env: { AUTO_ANSWERS_PER_MINUTE: '1000' } });
    world = await createWorld(t);
    ({ school, biology } = world);
  });
  afterAll(() => t.close());

  it('needs a student, faculty member or moderator of an institution', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/doubts/auto-answer', payload: question('What is glucose?') },
      ['student', 'faculty', 'moderator'],
    );
  });

  it('draws the answer from the right topic for a question whose words appear only there', async () => {
    const response = await ask(t, school.tokens.student, question('Which pigment captures sunlight?'));
    expect(response.statusCode).toBe(200);
    const answer = response.json().data.answer;
    expect(answer).toEqual({
      answer: 'Photosynthesis: The chlorophyll pigment inside chloroplasts captures sunlight.',
      found: true,
      generated_by: 'search',
      sources: [
        {
          topic_id: biology.topics[0]!.id,
          topic_title: 'Photosynthesis',
          chapter_id: biology.chapter.id,
          chapter_title: biology.chapter.title,
        },
      ],
    });
    const other = await ask(t, school.tokens.student, question('What are mitochondria?'));
    expect(other.json().data.answer.sources.map((source: { topic_id: string }) => source.topic_id)).toEqual([
      biology.topics[1]!.id,
    ]);
    expect(other.json().data.answer.answer).toContain('Mitochondria are the powerhouse of the cell.');
  });

  it('never uses another institution’s content, even for the same word', async () => {
    const response = await ask(t, school.tokens.student, question('Where does the quokkaberry grow?'));
    const answer = response.json().data.answer;
    expect(answer.found).toBe(true);
    expect(answer.sources.map((source: { topic_id: string }) => source.topic_id)).toEqual([
      biology.topics[2]!.id,
    ]);
    expect(response.body).not.toContain('poisonous');
    expect(response.body).not.toContain(world.theirs.topics[0]!.id);
    const theirsOnly = await ask(t, school.tokens.student, question('moonlichen'));
    expect(theirsOnly.json().data.answer).toEqual({
      answer: MESSAGES.autoAnswerNotFound,
      found: false,
      generated_by: 'search',
      sources: [],
    });
  });

  it('never uses another subject’s topics, hidden topics or hidden chapters', async () => {
    for (const text of ['benzenoid ring', 'zephyrine enzyme', 'glowfungus caves', 'lenses bend light']) {
      const response = await ask(t, school.tokens.student, question(text));
      expect(response.json().data.answer.found, text).toBe(false);
    }
  });

  it('uses the student’s own notes, never another student’s', async () => {
    const own = await ask(t, school.tokens.student, question('krebswheel'));
    expect(own.json().data.answer).toMatchObject({
      found: true,
      answer: 'From your notes on Respiration: My mnemonic: the krebswheel turns pyruvate into energy.',
      sources: [expect.objectContaining({ topic_id: biology.topics[1]!.id })],
    });
    const notMine = await ask(t, school.tokens.student, question('snorkelbee'));
    expect(notMine.json().data.answer.found).toBe(false);
    const theirs = await ask(t, world.classmateToken, question('snorkelbee'));
    expect(theirs.json().data.answer.found).toBe(true);
  });

  it('uses doubts of the batch subject a teacher answered, quoting the teacher', async () => {
    const response = await ask(t, school.tokens.student, question('Why do leaves turn orange in autumn?'));
    const answer = response.json().data.answer;
    expect(answer.found).toBe(true);
    expect(answer.answer).toContain(
      'A teacher answered a similar doubt on Photosynthesis: In autumn chlorophyll breaks down, so the carotenoid colours show through.',
    );
    const unanswered = await ask(t, school.tokens.student, question('glimmerfish'));
    expect(unanswered.json().data.answer.found).toBe(false);
  });

  it('falls back to any word of the question when no passage has them all', async () => {
    const response = await ask(t, school.tokens.student, question('pigment xylofrobnicate'));
    expect(response.json().data.answer).toMatchObject({
      found: true,
      sources: [expect.objectContaining({ topic_id: biology.topics[0]!.id })],
    });
  });

  it('answers not found for a question of stop words only', async () => {
    const response = await ask(t, school.tokens.student, question('what is the'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.answer.found).toBe(false);
  });

  it('answers faculty teaching the batch subject and moderators', async () => {
    for (const token of [school.tokens.faculty, school.tokens.moderator]) {
      const response = await ask(t, token, question('mitochondria powerhouse'));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.answer.found).toBe(true);
    }
    // A teacher has no notes of their own: students' notes stay private.
    const notes = await ask(t, school.tokens.faculty, question('krebswheel'));
    expect(notes.json().data.answer.found).toBe(false);
  });

  it('refuses batch subjects that are not the caller’s (403) and other institutions’ (404)', async () => {
    expect((await ask(t, world.awayStudentToken, question('glucose'))).statusCode).toBe(403);
    expect((await ask(t, world.outsiderToken, question('glucose'))).statusCode).toBe(403);
    const physics = { batch_subject_id: world.physics.batchSubject.id };
    expect((await ask(t, school.tokens.student, question('lenses', physics))).statusCode).toBe(403);
    const theirs = { batch_subject_id: world.theirs.batchSubject.id };
    expect((await ask(t, school.tokens.student, question('quokkaberry', theirs))).statusCode).toBe(404);
    expect((await ask(t, school.tokens.moderator, question('quokkaberry', theirs))).statusCode).toBe(404);
  });

  it('checks the topic asked from', async () => {
    const own = await ask(t, school.tokens.student, question('glucose', { topic_id: biology.topics[1]!.id }));
    // Both topics mention glucose; the one asked from comes first.
    expect(own.json().data.answer.sources[0].topic_id).toBe(biology.topics[1]!.id);
    const otherSubject = await ask(
      t,
      school.tokens.student,
      question('glucose', { topic_id: world.chemistry.topics[0]!.id }),
    );
    expect(otherSubject.statusCode).toBe(400);
    expect(otherSubject.json().error.fields.topic_id).toBe(MESSAGES.topicNotInSubject);
    const hidden = await ask(
      t,
      school.tokens.student,
      question('glucose', { topic_id: biology.topics[3]!.id }),
    );
    expect(hidden.statusCode).toBe(404);
    const theirs = await ask(
      t,
      school.tokens.student,
      question('glucose', { topic_id: world.theirs.topics[0]!.id }),
    );
    expect(theirs.statusCode).toBe(404);
  });

  it.each([
    ['an empty question', { question: '  ' }, 'question', MESSAGES.fillTheForm],
    ['a missing question', { question: undefined }, 'question', MESSAGES.fillTheForm],
    [
      'a question over 1000 characters',
      { question: 'why '.repeat(251) },
      'question',
      'At most 1000 characters.',
    ],
    ['a malformed batch subject', { batch_subject_id: 'nope' }, 'batch_subject_id', MESSAGES.invalidId],
    ['a malformed topic', { topic_id: 'nope' }, 'topic_id', MESSAGES.invalidId],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const response = await ask(t, school.tokens.student, question('glucose', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('matches topics with the expression of their full-text index, so the planner can use it', async () => {
    // The retrieval statement the route really runs is captured and explained: its topic filter
    // must be the GIN index's expression exactly (which index wins is the planner's choice).
    const { pool } = t.app.deps;
    const original = pool.query;
    let captured: { text: string; values: unknown[] } | undefined;
    pool.query = ((...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[]?];
      const text = typeof config === 'string' ? config : config.text;
      if (text.includes('websearch_to_tsquery')) {
        captured = { text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) };
      }
      return (original as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof original;
    try {
      await ask(t, school.tokens.student, question('Which pigment captures sunlight?'));
    } finally {
      pool.query = original;
    }
    expect(captured).toBeDefined();
    const index = await pool.query<{ def: string }>(
      "select pg_get_indexdef('topics_search_idx'::regclass) as def",
    );
    const expression = /USING gin \((.*)\)$/.exec(index.rows[0]!.def)![1]!;
    expect(expression).toContain('to_tsvector');
    const plan = await pool.query(`explain ${captured!.text}`, captured!.values);
    const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
    expect(lines).toContain(`${expression} @@`);
  });
});

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/** A tiny server speaking the OpenAI chat-completions protocol, recording what it was sent. */
async function startModelServer() {
  const requests: { url: string; authorization: string | undefined; body: ChatRequest }[] = [];
  let mode: 'answer' | 'fail' | 'slow' = 'answer';
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      requests.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(raw),
      });
      const reply = () => {
        if (mode === 'fail') {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: {
                  role: 'assistant',
                  content: ' Chlorophyll captures the sunlight, said the model. ',
                },
              },
            ],
          }),
        );
      };
      if (mode === 'slow') setTimeout(reply, 1500);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/`,
    requests,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('POST /api/doubts/auto-answer (with a model)', () => {
  const API_KEY = 'sk-test-key-123';
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let world: World;
  const question = (text: string) => ({ question: text, batch_subject_id: world.biology.batchSubject.id });

  beforeAll(async () => {
    model = await startModelServer();
    t = await createTestApp({
      env: {
        AI_BASE_URL: model.url,
        AI_MODEL: 'tiny-test-model',
        AI_API_KEY: API_KEY,
        AI_TIMEOUT_MS: '500',
        AUTO_ANSWERS_PER_MINUTE: '1000',
      },
    });
    world = await createWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('has the model write the answer from the retrieved passages only', async () => {
    model.setMode('answer');
    const before = model.requests.length;
    const response = await ask(
      t,
      world.school.tokens.student,
      question('Which pigment captures sunlight in a quokkaberry?'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.answer).toEqual({
      answer: 'Chlorophyll captures the sunlight, said the model.',
      found: true,
      generated_by: 'model',
      sources: expect.arrayContaining([
        expect.objectContaining({ topic_id: world.biology.topics[0]!.id, topic_title: 'Photosynthesis' }),
        expect.objectContaining({ topic_id: world.biology.topics[2]!.id, topic_title: 'Marsh plants' }),
      ]),
    });
    expect(model.requests).toHaveLength(before + 1);
    const sent = model.requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe('tiny-test-model');
    expect(sent.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    const prompt = sent.body.messages[1]!.content;
    expect(prompt).toContain(PHOTOSYNTHESIS);
    expect(prompt).toContain(OURS_QUOKKABERRY);
    expect(prompt).toContain('Which pigment captures sunlight in a quokkaberry?');
    expect(JSON.stringify(sent.body)).not.toContain('poisonous');
  });

  it('does not call the model when nothing was retrieved', async () => {
    model.setMode('answer');
    const before = model.requests.length;
    const response = await ask(t, world.school.tokens.student, question('moonlichen'));
    expect(response.json().data.answer).toMatchObject({ found: false, generated_by: 'search' });
    expect(model.requests).toHaveLength(before);
  });

  it.each(['fail', 'slow'] as const)('falls back to the search answer when the model is %s', async (mode) => {
    model.setMode(mode);
    const before = model.requests.length;
    const response = await ask(t, world.school.tokens.student, question('Which pigment captures sunlight?'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.answer).toMatchObject({
      answer: 'Photosynthesis: The chlorophyll pigment inside chloroplasts captures sunlight.',
      found: true,
      generated_by: 'search',
    });
    expect(model.requests).toHaveLength(before + 1);
    model.setMode('answer');
  });

  it('warns without the key when the model fails', async () => {
    model.setMode('fail');
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const passage = {
      kind: 'topic' as const,
      topic_id: world.biology.topics[0]!.id,
      topic_title: 'Photosynthesis',
      chapter_id: world.biology.chapter.id,
      chapter_title: 'Plants',
      body: PHOTOSYNTHESIS,
      excerpt: null,
      score: 1,
    };
    const settings = {
      baseUrl: model.url.replace(/\/$/, ''),
      model: 'tiny-test-model',
      apiKey: API_KEY,
      timeoutMs: 500,
    };
    expect(await askModel(settings, 'pigment?', [passage], log)).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toContain('HTTP 500');
    expect(JSON.stringify(warnings)).not.toContain(API_KEY);
    model.setMode('answer');
  });
});

describe('POST /api/doubts/auto-answer (limits)', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t);
  });
  afterAll(() => t.close());

  it('limits each user, not each address, to a number of answers a minute', async () => {
    const AUTO_ANSWERS_PER_MINUTE = t.config.AUTO_ANSWERS_PER_MINUTE;
    expect(AUTO_ANSWERS_PER_MINUTE).toBe(20);
    const payload = { question: 'What is glucose?', batch_subject_id: world.biology.batchSubject.id };
    for (let index = 0; index < AUTO_ANSWERS_PER_MINUTE; index++) {
      expect((await ask(t, world.school.tokens.student, payload)).statusCode).toBe(200);
    }
    const limited = await ask(t, world.school.tokens.student, payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(MESSAGES.rateLimited);
    // The teacher, asking from the same address, is not held back by the student's use.
    expect((await ask(t, world.school.tokens.faculty, payload)).statusCode).toBe(200);
  });
});
