import { MESSAGES, type SelfAssessment, type SelfAssessmentResult } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, selfAssessmentResults, topics } from '../../db/schema/index.js';
import { createQuestionRows } from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { uploadFile } from '../../test/factories/students.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
type Made = Awaited<ReturnType<typeof createQuestionRows>>;

let school: School;
let other: School;
/** Taught to the school's batch by its faculty member: a visible topic with a self assessment, a hidden one. */
let maths: Taught;
/** Taught to the school's batch by nobody the tests sign in as, with a self assessment. */
let history: Taught;
/** Taught to a second batch of the school. */
let science: Taught;
let theirs: Taught;
let made: Made;
let otherBatchToken: string;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const resultCount = async () =>
  (await t.db.select({ id: selfAssessmentResults.id }).from(selfAssessmentResults)).length;

/** Ids of the options with these titles, of the made question at `index`. */
const pick = (index: number, ...titles: string[]) =>
  made[index]!.options.filter((option) => titles.includes(option.title)).map((option) => option.id);

/** A submission for the maths topic: single choice, multiple choice, BOOLEAN, in that order. */
const submission = (answers: string[][], overrides: Record<string, unknown> = {}) => ({
  topic_id: maths.topics[0]!.id,
  batch_subject_id: maths.batchSubject.id,
  answers: answers.map((ids, index) => ({ qid: made[index]!.question.id, submitted_answer_ids: ids })),
  ...overrides,
});

async function attachQuestions(topicId: string, institutionId = school.institution.id) {
  const rows = await createQuestionRows(t, { institutionId, topicId }, [
    { type: 'SINGLE_CHOICE', marks: 2 },
    { type: 'MULTIPLE_CHOICE', marks: 3 },
    { type: 'BOOLEAN', marks: 1 },
  ]);
  await t.db.update(topics).set({ selfAssessment: true }).where(eq(topics.id, topicId));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  const institutionId = school.institution.id;
  maths = await createTaughtSubject(t, {
    institutionId,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
    topics: [{ title: 'Fractions' }, { title: 'Hidden', visibility: false }, { title: 'No questions' }],
  });
  history = await createTaughtSubject(t, { institutionId, batchId: school.batch.id });
  const secondBatch = await t.createBatch(institutionId);
  science = await createTaughtSubject(t, { institutionId, batchId: secondBatch.id });
  theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
  made = await attachQuestions(maths.topics[0]!.id);
  await attachQuestions(maths.topics[1]!.id);
  await attachQuestions(history.topics[0]!.id);
  await attachQuestions(science.topics[0]!.id);
  await attachQuestions(theirs.topics[0]!.id, other.institution.id);
  const away = await t.createAccount('student', { institutionId, batchId: secondBatch.id });
  otherBatchToken = await t.login(away.username);
});
afterAll(() => t.close());

describe('guards', () => {
  it('refuse callers without a token (401) and roles the route is not for (403)', async () => {
    const id = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';
    const topicId = maths.topics[0]!.id;
    const authors = ['moderator', 'faculty'] as const;
    await expectGuarded(t, school, { method: 'GET', url: `/api/self-assessments/topic-id/${topicId}` }, [
      'moderator',
      'faculty',
      'student',
    ]);
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/self-assessments', payload: submission([]) },
      ['student'],
    );
    await expectGuarded(t, school, { method: 'GET', url: `/api/self-assessments/${id}` }, ['student']);
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/self-assessments' }, ['student']);
    await expectGuarded(t, school, { method: 'GET', url: `/api/topics/${topicId}/self-assessment` }, authors);
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/topics/${id}/self-assessment` }, authors);
    const file = { csv_url: '/files/x.csv' };
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/topics/${id}/self-assessment`, payload: file },
      authors,
    );
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/topics/${id}/self-assessment/preview`, payload: file },
      authors,
    );
  });
});

describe('GET /api/self-assessments/topic-id/{topicId}', () => {
  it('gives a student the questions without any hint of the right answers', async () => {
    const response = await get(
      `/api/self-assessments/topic-id/${maths.topics[0]!.id}`,
      school.tokens.student,
    );
    expect(response.statusCode).toBe(200);
    const data: SelfAssessment = response.json().data;
    expect(data).toMatchObject({
      topic_id: maths.topics[0]!.id,
      topic_title: 'Fractions',
      batch_subject_id: maths.batchSubject.id,
      total_point: 6,
    });
    expect(data.questions.map((question) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'BOOLEAN',
    ]);
    expect(Object.keys(data.questions[0]!.answers[0]!).sort()).toEqual(['_id', 'position', 'title']);
    expect(response.body).not.toContain('CORRECT');
    expect(response.body).not.toContain('correct');
  });

  it('answers 404 for a hidden topic or another institution’s, 403 for a subject of another batch', async () => {
    expect(
      (await get(`/api/self-assessments/topic-id/${maths.topics[1]!.id}`, school.tokens.student)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/self-assessments/topic-id/${theirs.topics[0]!.id}`, school.tokens.student)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/self-assessments/topic-id/${maths.topics[0]!.id}`, otherBatchToken)).statusCode,
    ).toBe(403);
    expect((await get('/api/self-assessments/topic-id/nope', school.tokens.student)).statusCode).toBe(400);
  });

  it('lets the subject’s teachers read it (no batch subject), not other faculty', async () => {
    const teacher = await get(`/api/self-assessments/topic-id/${maths.topics[1]!.id}`, school.tokens.faculty);
    expect(teacher.statusCode).toBe(200);
    expect(teacher.json().data.batch_subject_id).toBeNull();
    expect(
      (await get(`/api/self-assessments/topic-id/${history.topics[0]!.id}`, school.tokens.faculty))
        .statusCode,
    ).toBe(403);
  });

  it('has no questions for a topic without a self assessment', async () => {
    const response = await get(
      `/api/self-assessments/topic-id/${maths.topics[2]!.id}`,
      school.tokens.student,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ questions: [], total_point: 0 });
  });
});

describe('POST /api/self-assessments', () => {
  it('scores all right answers with the full marks and shows the right and chosen options', async () => {
    const response = await send(
      'POST',
      '/api/self-assessments',
      school.tokens.student,
      submission([pick(0, 'Four'), pick(1, 'Two', 'Three'), pick(2, 'True')]),
    );
    expect(response.statusCode).toBe(201);
    const result: SelfAssessmentResult = response.json().data.result;
    expect(result).toMatchObject({
      scored_point: 6,
      total_point: 6,
      questions_count: 3,
      topic_title: 'Fractions',
    });
    expect(result.questions.map((question) => [question.scored_point, question.correct])).toEqual([
      [2, true],
      [3, true],
      [1, true],
    ]);
    expect(result.questions[1]!.correct_answer_ids.sort()).toEqual(pick(1, 'Two', 'Three').sort());
  });

  it('scores a partly right multiple choice and a wrong BOOLEAN as 0 (decision 20)', async () => {
    const response = await send(
      'POST',
      '/api/self-assessments',
      school.tokens.student,
      submission([pick(0, 'Four'), pick(1, 'Two'), pick(2, 'False')]),
    );
    expect(response.statusCode).toBe(201);
    const result: SelfAssessmentResult = response.json().data.result;
    expect(result.scored_point).toBe(2);
    expect(result.questions.map((question) => question.scored_point)).toEqual([2, 0, 0]);
    expect(result.questions[2]).toMatchObject({
      submitted_answer_ids: pick(2, 'False'),
      correct_answer_ids: pick(2, 'True'),
      correct: false,
    });
  });

  it('refuses gaps, foreign options and two answers to a single choice with 400, writing nothing', async () => {
    const before = await resultCount();
    const cases: [object, string][] = [
      [submission([pick(0, 'Four'), pick(1, 'Two')]), MESSAGES.answerAllQuestions],
      [submission([pick(0, 'Four'), [], pick(2, 'True')]), MESSAGES.answerAllQuestions],
      [
        submission([pick(0, 'Four', 'Five'), pick(1, 'Two'), pick(2, 'True')]),
        'Please choose one answer for question 1.',
      ],
      [
        submission([pick(1, 'Two'), pick(1, 'Two'), pick(2, 'True')]),
        'Please choose the answers among the options of question 1.',
      ],
      [{ ...submission([]), answers: 'all of them' }, MESSAGES.answerAllQuestions],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/self-assessments', school.tokens.student, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const repeated = submission([pick(0, 'Four'), pick(1, 'Two'), pick(2, 'True')]);
    repeated.answers[1] = repeated.answers[0]!;
    expect((await send('POST', '/api/self-assessments', school.tokens.student, repeated)).statusCode).toBe(
      400,
    );
    expect(await resultCount()).toBe(before);
  });

  it('answers 409 for a question the topic no longer has', async () => {
    const body = submission([pick(0, 'Four'), pick(1, 'Two'), pick(2, 'True')]);
    body.answers[2] = { qid: '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90', submitted_answer_ids: pick(2, 'True') };
    const response = await send('POST', '/api/self-assessments', school.tokens.student, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.selfAssessmentChanged);
  });

  it('answers 403 for another batch’s batch subject, 404 for hidden, bare or foreign topics', async () => {
    const answers = [pick(0, 'Four'), pick(1, 'Two'), pick(2, 'True')];
    const before = await resultCount();
    const asOtherBatch = await send('POST', '/api/self-assessments', otherBatchToken, submission(answers));
    expect(asOtherBatch.statusCode).toBe(403);
    const otherBatchSubject = submission(answers, { batch_subject_id: science.batchSubject.id });
    expect(
      (await send('POST', '/api/self-assessments', school.tokens.student, otherBatchSubject)).statusCode,
    ).toBe(403);
    for (const topicId of [maths.topics[1]!.id, maths.topics[2]!.id]) {
      const response = await send(
        'POST',
        '/api/self-assessments',
        school.tokens.student,
        submission(answers, { topic_id: topicId }),
      );
      expect(response.statusCode, topicId).toBe(404);
    }
    const foreign = submission(answers, {
      topic_id: theirs.topics[0]!.id,
      batch_subject_id: theirs.batchSubject.id,
    });
    expect((await send('POST', '/api/self-assessments', school.tokens.student, foreign)).statusCode).toBe(
      404,
    );
    expect(await resultCount()).toBe(before);
  });
});

describe('results', () => {
  it('keeps every attempt, newest first, a page at a time, each student only their own', async () => {
    const local = await t.createSchool();
    const subject = await createTaughtSubject(t, {
      institutionId: local.institution.id,
      batchId: local.batch.id,
      topics: [{ title: 'Magnets' }, { title: 'Light' }],
    });
    const byTopic = [
      await attachQuestions(subject.topics[0]!.id, local.institution.id),
      await attachQuestions(subject.topics[1]!.id, local.institution.id),
    ];
    /** Answers the topic's every question with the option called `single`, else its first. */
    const take = async (topicIndex: number, single: string) => {
      t.clock.advance(60_000);
      const response = await send('POST', '/api/self-assessments', local.tokens.student, {
        topic_id: subject.topics[topicIndex]!.id,
        batch_subject_id: subject.batchSubject.id,
        answers: byTopic[topicIndex]!.map((entry) => ({
          qid: entry.question.id,
          submitted_answer_ids: [
            (entry.options.find((option) => option.title === single) ?? entry.options[0]!).id,
          ],
        })),
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.result as SelfAssessmentResult;
    };
    // 'Four' is right in the single choice (2), wrong in the multiple (0), True in the BOOLEAN (1): 3.
    // 'Three' is wrong in both choices, True again: 1.
    const first = await take(0, 'Four');
    const second = await take(0, 'Three');
    const third = await take(1, 'Four');

    const list = await get('/api/users/me/self-assessments?limit=2', local.tokens.student);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page.results.map((result: { _id: string }) => result._id)).toEqual([third._id, second._id]);
    expect(page.page.total).toBe(3);
    const next = await get(
      `/api/users/me/self-assessments?limit=2&cursor=${page.page.next_cursor}`,
      local.tokens.student,
    );
    expect(next.json().data.results.map((result: { _id: string }) => result._id)).toEqual([first._id]);
    expect(next.json().data.page).toEqual({ limit: 2, next_cursor: null, total: null });

    const ofTopic = await get(
      `/api/users/me/self-assessments?topic_id=${subject.topics[0]!.id}`,
      local.tokens.student,
    );
    expect(
      ofTopic.json().data.results.map((result: { scored_point: number }) => result.scored_point),
    ).toEqual([1, 3]);

    const one = await get(`/api/self-assessments/${first._id}`, local.tokens.student);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.result.questions).toHaveLength(3);
    expect((await get(`/api/self-assessments/${first._id}`, school.tokens.student)).statusCode).toBe(404);
    expect(
      (await get('/api/users/me/self-assessments', school.tokens.student)).json().data.results,
    ).not.toContainEqual(expect.objectContaining({ _id: first._id }));
  });
});

describe('a topic’s self assessment for its authors', () => {
  it('shows the questions with the right options to the subject’s teachers; 403 to others, 404 elsewhere', async () => {
    const response = await get(`/api/topics/${maths.topics[0]!.id}/self-assessment`, school.tokens.faculty);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.self_assessment).toBe(true);
    expect(
      response.json().data.questions[0].answers.map((option: { correct: boolean }) => option.correct),
    ).toEqual([false, true, false]);
    expect(
      (await get(`/api/topics/${history.topics[0]!.id}/self-assessment`, school.tokens.faculty)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/topics/${theirs.topics[0]!.id}/self-assessment`, school.tokens.moderator)).statusCode,
    ).toBe(404);
  });

  it('refuses a file that is not the caller’s upload to the portal, writing nothing', async () => {
    const theirFile = await uploadFile(
      t,
      other.tokens.moderator,
      'theirs.csv',
      'question,type,marks,options,correct\n',
    );
    const moderatorsFile = await uploadFile(t, school.tokens.moderator, 'private.csv', 'x');
    for (const csv_url of [
      'https://example.com/q.csv',
      theirFile,
      moderatorsFile,
      '/files/nothing-here.csv',
    ]) {
      for (const path of ['self-assessment', 'self-assessment/preview']) {
        const response = await send(
          'POST',
          `/api/topics/${maths.topics[0]!.id}/${path}`,
          school.tokens.faculty,
          {
            csv_url,
          },
        );
        expect(response.statusCode, `${path} ${csv_url}`).toBe(400);
        expect(response.json().error.fields.csv_url).toBe(MESSAGES.questionFileNotOwnFile);
      }
    }
    const empty = await send(
      'POST',
      `/api/topics/${maths.topics[0]!.id}/self-assessment`,
      school.tokens.faculty,
      {
        csv_url: ' ',
      },
    );
    expect(empty.json().error.fields.csv_url).toBe(MESSAGES.fillTheUrl);
    const stored = await t.db.select().from(questions).where(eq(questions.topicId, maths.topics[0]!.id));
    expect(stored).toHaveLength(3);
  });

  it('removes the questions and the flag, keeping results already taken', async () => {
    const local = await t.createSchool();
    const subject = await createTaughtSubject(t, {
      institutionId: local.institution.id,
      batchId: local.batch.id,
      facultyIds: [local.accounts.faculty.entityId],
    });
    const topicId = subject.topics[0]!.id;
    const rows = await attachQuestions(topicId, local.institution.id);
    const taken = await send('POST', '/api/self-assessments', local.tokens.student, {
      topic_id: topicId,
      batch_subject_id: subject.batchSubject.id,
      answers: rows.map((entry) => ({
        qid: entry.question.id,
        submitted_answer_ids: [entry.options[0]!.id],
      })),
    });
    expect(taken.statusCode).toBe(201);
    const removed = await send('DELETE', `/api/topics/${topicId}/self-assessment`, local.tokens.faculty);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ topic_id: topicId, self_assessment: false, questions: [] });
    const result = await get(`/api/self-assessments/${taken.json().data.result._id}`, local.tokens.student);
    expect(result.json().data.result.questions).toHaveLength(3);
    const student = await get(`/api/self-assessments/topic-id/${topicId}`, local.tokens.student);
    expect(student.json().data.questions).toEqual([]);
  });
});
