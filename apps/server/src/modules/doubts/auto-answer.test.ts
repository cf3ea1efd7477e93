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
import {
  COURSE,
  type CourseSubject,
  type CourseTopic,
  OFF_COURSE_QUESTIONS,
  ON_COURSE_QUESTIONS,
  REWORDED_QUESTIONS,
} from '../../test/fixtures/school-course.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { askModel, NOT_COVERED_REPLY } from './auto-answer/model.js';

type School = Awaited<ReturnType<TestApp['createSchool']>>;

/** The honest answer when the course material does not cover the question. */
const NOT_COVERED = {
  answer: MESSAGES.autoAnswerNotFound,
  found: false,
  generated_by: 'search',
  calculation: null,
  lead: null,
  passages: [],
  sources: [],
};
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
    const lead = {
      kind: 'topic',
      topic_id: biology.topics[0]!.id,
      topic_title: 'Photosynthesis',
      text: 'The chlorophyll pigment inside chloroplasts captures sunlight.',
    };
    expect(answer).toEqual({
      answer: 'Photosynthesis: The chlorophyll pigment inside chloroplasts captures sunlight.',
      found: true,
      generated_by: 'search',
      calculation: null,
      lead,
      passages: [],
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
    expect(theirsOnly.json().data.answer).toEqual(NOT_COVERED);
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

  it('uses a passage only when it holds enough of the question’s meaningful words', async () => {
    // Three of four words: a student's own wording adds one the topic does not have.
    const most = await ask(
      t,
      school.tokens.student,
      question('Which pigment in our leaves captures sunlight?'),
    );
    expect(most.json().data.answer).toMatchObject({
      found: true,
      sources: [expect.objectContaining({ topic_id: biology.topics[0]!.id })],
    });
    // One of two, or two of five, is not enough: the passages are about something else.
    for (const text of ['pigment xylofrobnicate', 'Which pigment colours the xylofrob’s shell orange?']) {
      const response = await ask(t, school.tokens.student, question(text));
      expect(response.json().data.answer, text).toEqual(NOT_COVERED);
    }
  });

  it('never answers with passages that share only the words of asking ("explain", "how … works")', async () => {
    // The student's note and a teacher's reply say "explain" and "works"; neither is an answer.
    await createNoteRow(t, {
      institutionId: school.institution.id,
      studentId: school.accounts.student.entityId,
      topicId: biology.topics[1]!.id,
      batchSubjectId: biology.batchSubject.id,
      noteText: 'Ask the teacher to explain again how this works.',
    });
    for (const text of [
      'Can you explain how the French Revolution works?',
      'Please explain how it works',
      'Explain',
    ]) {
      const response = await ask(t, school.tokens.student, question(text));
      expect(response.json().data.answer, text).toEqual(NOT_COVERED);
    }
    const onCourse = await ask(
      t,
      school.tokens.student,
      question('Can you explain how photosynthesis works?'),
    );
    expect(onCourse.json().data.answer.sources).toEqual([
      expect.objectContaining({ topic_id: biology.topics[0]!.id }),
    ]);
  });

  it('answers not found for a question of stop words only', async () => {
    const response = await ask(t, school.tokens.student, question('what is the'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.answer).toEqual(NOT_COVERED);
  });

  it('leads with the single most relevant sentence, then the supporting passages', async () => {
    const response = await ask(t, school.tokens.student, question('How do green plants make glucose?'));
    const answer = response.json().data.answer;
    // Both topics mention glucose; only Photosynthesis holds all three words.
    expect(answer.lead).toEqual({
      kind: 'topic',
      topic_id: biology.topics[0]!.id,
      topic_title: 'Photosynthesis',
      text: 'Green plants make glucose from carbon dioxide and water.',
    });
    expect(answer.sources.map((source: { topic_id: string }) => source.topic_id)).toEqual([
      biology.topics[0]!.id,
    ]);
    expect(answer.answer.split('\n\n')[0]).toBe(
      'Photosynthesis: Green plants make glucose from carbon dioxide and water.',
    );
  });

  it('works out a simple formula of the material with the question’s numbers', async () => {
    const ohm = await createTaughtSubject(t, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
      topics: [
        {
          title: 'Ohm’s law',
          text: 'Ohm’s law links voltage, current and resistance. The voltage across a resistor is V = I x R. Voltage is measured in volts.',
        },
      ],
    });
    const asked = (text: string) =>
      ask(t, school.tokens.student, { question: text, batch_subject_id: ohm.batchSubject.id });
    const voltage = (await asked('what is the voltage across 10 ohm at 2 A?')).json().data.answer;
    expect(voltage).toMatchObject({
      found: true,
      calculation: 'Worked out with V = I × R from Ohm’s law: V = 2 A × 10 Ω = 20 V.',
      lead: expect.objectContaining({ text: 'The voltage across a resistor is V = I x R.' }),
    });
    expect(voltage.answer.startsWith(voltage.calculation)).toBe(true);
    const current = (await asked('What current flows through a 4 kΩ resistor at 12 V?')).json().data.answer;
    expect(current.calculation).toBe(
      'Worked out with V = I × R from Ohm’s law: I = 12 V ÷ 4000 Ω = 0.003 A.',
    );
    // Not the numbers the formula needs, or not asked for its third quantity: the relevant passage only.
    for (const text of [
      'What is the voltage across a resistor?',
      'What is the voltage across a resistor at 2 A and 3 V?',
    ]) {
      const answer = (await asked(text)).json().data.answer;
      expect(answer, text).toMatchObject({ found: true, calculation: null });
      expect(answer.lead.text, text).toBe('The voltage across a resistor is V = I x R.');
    }
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

const MODEL_ANSWER = ' Chlorophyll captures the sunlight, said the model. ';

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/** A tiny server speaking the OpenAI chat-completions protocol, recording what it was sent. */
async function startModelServer() {
  const requests: { url: string; authorization: string | undefined; body: ChatRequest }[] = [];
  let mode: 'answer' | 'fail' | 'slow' = 'answer';
  let content = MODEL_ANSWER;
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
                  content,
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
    setReply: (next: string) => {
      content = next;
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
    const response = await ask(t, world.school.tokens.student, question('Where does glucose come from?'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.answer).toEqual({
      answer: 'Chlorophyll captures the sunlight, said the model.',
      found: true,
      generated_by: 'model',
      calculation: null,
      lead: null,
      passages: expect.arrayContaining([
        expect.objectContaining({ kind: 'topic', topic_id: world.biology.topics[0]!.id }),
        expect.objectContaining({ kind: 'topic', topic_id: world.biology.topics[1]!.id }),
      ]),
      sources: expect.arrayContaining([
        expect.objectContaining({ topic_id: world.biology.topics[0]!.id, topic_title: 'Photosynthesis' }),
        expect.objectContaining({ topic_id: world.biology.topics[1]!.id, topic_title: 'Respiration' }),
      ]),
    });
    expect(model.requests).toHaveLength(before + 1);
    const sent = model.requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe('tiny-test-model');
    expect(sent.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    const instructions = sent.body.messages[0]!.content;
    expect(instructions).toContain('answer only from them');
    expect(instructions).toContain(`reply with exactly ${NOT_COVERED_REPLY}`);
    const prompt = sent.body.messages[1]!.content;
    expect(prompt).toContain(PHOTOSYNTHESIS);
    expect(prompt).toContain(RESPIRATION);
    expect(prompt).not.toContain(OURS_QUOKKABERRY);
    expect(prompt).toContain('Where does glucose come from?');
    expect(JSON.stringify(sent.body)).not.toContain('poisonous');
  });

  it.each([
    ['its marker', NOT_COVERED_REPLY],
    ['its marker with punctuation', `"${NOT_COVERED_REPLY}."`],
    ['words', 'The passages do not contain the answer to this question.'],
  ])(
    'shows the not-covered state when the model says the passages do not answer (%s)',
    async (_label, reply) => {
      model.setReply(reply);
      const before = model.requests.length;
      const response = await ask(t, world.school.tokens.student, question('What is glucose?'));
      expect(model.requests).toHaveLength(before + 1);
      expect(response.json().data.answer).toEqual({ ...NOT_COVERED, generated_by: 'model' });
      model.setReply(MODEL_ANSWER);
    },
  );

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
      lead: expect.objectContaining({
        text: 'The chlorophyll pigment inside chloroplasts captures sunlight.',
      }),
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
      matched: 1,
      wanted: 1,
      score: 1,
      sentences: [],
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

describe('POST /api/doubts/auto-answer (a school course: on-course and off-course questions)', () => {
  let t: TestApp;
  let school: School;
  const subjects = {} as Record<CourseSubject, { batchSubjectId: string; topicIds: Map<string, string> }>;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTO_ANSWERS_PER_MINUTE: '1000' } });
    school = await t.createSchool();
    const institutionId = school.institution.id;
    for (const [subject, topics] of Object.entries(COURSE) as [CourseSubject, CourseTopic[]][]) {
      const taught = await createTaughtSubject(t, {
        institutionId,
        batchId: school.batch.id,
        facultyIds: [school.accounts.faculty.entityId],
        topics,
      });
      subjects[subject] = {
        batchSubjectId: taught.batchSubject.id,
        topicIds: new Map(taught.topics.map((topic) => [topic.title, topic.id])),
      };
    }
    // A note and an answered doubt full of the words of asking ("explain", "work"): the passages
    // the off-course questions were once answered with.
    const maths = subjects.mathematics;
    const pythagoras = maths.topicIds.get('Pythagoras theorem')!;
    await createNoteRow(t, {
      institutionId,
      studentId: school.accounts.student.entityId,
      topicId: pythagoras,
      batchSubjectId: maths.batchSubjectId,
      noteText: 'I need to practise how this works before the test. Ask the teacher to explain it again.',
    });
    const doubt = await createDoubtRow(t, {
      institutionId,
      studentId: school.accounts.student.entityId,
      topicId: pythagoras,
      batchSubjectId: maths.batchSubjectId,
      doubtText: 'Can you explain how this works?',
    });
    await createResponseRow(t, {
      institutionId,
      doubtId: doubt.id,
      authorUserId: school.accounts.faculty.user.id,
      authorRole: 'faculty',
      authorName: 'Teacher',
      responseText: 'Let me explain: work through each step and check how the answer works out.',
    });
  });
  afterAll(() => t.close());

  /** Asked from a topic page of the subject: another topic than the answer's, when one is given. */
  const askCourse = async (subject: CourseSubject, question: string, avoidTopic?: string) => {
    const { batchSubjectId, topicIds } = subjects[subject];
    const fromTopic = [...topicIds.entries()].find(([title]) => title !== avoidTopic)![1];
    const response = await ask(t, school.tokens.student, {
      question,
      batch_subject_id: batchSubjectId,
      topic_id: fromTopic,
    });
    expect(response.statusCode, question).toBe(200);
    return response.json().data.answer;
  };

  it('answers on-course questions from their topic and refuses off-course ones, and counts them', async () => {
    const missed: string[] = [];
    let answeredRight = 0;
    for (const { subject, question, topic } of ON_COURSE_QUESTIONS) {
      const answer = await askCourse(subject, question, topic);
      const expected = subjects[subject].topicIds.get(topic);
      if (answer.found && answer.sources[0]?.topic_id === expected && answer.lead?.topic_id === expected) {
        answeredRight++;
      } else {
        missed.push(`${question} -> ${answer.found ? answer.sources[0]?.topic_title : 'not found'}`);
      }
    }
    // Reworded: the right topic or an honest refusal, never another topic.
    let rewordedRight = 0;
    let rewordedRefused = 0;
    for (const { subject, question, topic } of REWORDED_QUESTIONS) {
      const answer = await askCourse(subject, question, topic);
      const expected = subjects[subject].topicIds.get(topic);
      if (!answer.found) rewordedRefused++;
      else if (answer.sources[0]?.topic_id === expected && answer.lead?.topic_id === expected)
        rewordedRight++;
      else missed.push(`${question} (reworded) -> ${answer.sources[0]?.topic_title}`);
    }
    let refused = 0;
    for (const { subject, question, kind } of OFF_COURSE_QUESTIONS) {
      const answer = await askCourse(subject, question);
      if (!answer.found && answer.sources.length === 0 && answer.answer === MESSAGES.autoAnswerNotFound) {
        refused++;
      } else {
        missed.push(
          `${question} (${kind}) -> ${answer.sources.map((s: { topic_title: string }) => s.topic_title)}`,
        );
      }
    }
    console.log(
      [
        `automated answers: on-course answered with the right topic ${answeredRight}/${ON_COURSE_QUESTIONS.length};`,
        `off-course refused ${refused}/${OFF_COURSE_QUESTIONS.length};`,
        `reworded on-course answered with the right topic ${rewordedRight}/${REWORDED_QUESTIONS.length},`,
        `refused ${rewordedRefused}, another topic ${REWORDED_QUESTIONS.length - rewordedRight - rewordedRefused}`,
      ].join(' '),
    );
    expect(ON_COURSE_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    expect(OFF_COURSE_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    expect(missed).toEqual([]);
    expect(answeredRight).toBe(ON_COURSE_QUESTIONS.length);
    expect(refused).toBe(OFF_COURSE_QUESTIONS.length);
  });
});
