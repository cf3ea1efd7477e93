import { EXAM_GRACE_MS, MESSAGES } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, examAttempts, students, timeSpent } from '../../db/schema/index.js';
import { createAssessmentRow } from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, uploadAnswerSheet } from '../../test/factories/exams.js';
import { uploadFile } from '../../test/factories/students.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries, queryTexts } from '../../test/query-count.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
type Exam = Awaited<ReturnType<typeof createLiveExam>>;

let school: School;
let other: School;
let maths: Taught;
let theirs: Taught;

const START = new Date('2026-11-20T10:00:00Z');
const DUE = new Date('2026-11-20T11:00:00Z');
const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const start = (token: string, assessmentId: string) =>
  call('POST', '/api/assessment-attempts', token, { assessment_id: assessmentId });
const save = (token: string, attemptId: string, questionId: string, body: object) =>
  call('PUT', `/api/assessment-attempts/${attemptId}/answers/${questionId}`, token, body);
const submit = (token: string, exam: Exam, submissions: object[] = []) =>
  call('POST', '/api/assessment-submissions', token, {
    assessment_id: exam.assessment.id,
    batch_subject_id: maths.batchSubject.id,
    submissions,
  });

/** A LIVE exam of maths from START to DUE. */
const newExam = () =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due: DUE,
  });

/** Another student of the school's batch enrolled in maths, signed in. */
async function newStudent(options: { uploadNotAllowed?: boolean } = {}) {
  const account = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  await enrolStudents(t, maths.batchSubject.id, [account.entityId]);
  if (options.uploadNotAllowed) {
    await t.db
      .update(students)
      .set({ uploadAssessmentNotAllowed: true })
      .where(eq(students.id, account.entityId));
  }
  return { ...account, token: await t.login(account.username) };
}

/** Starts at the exam's start and answers the attempt id. */
async function started(token: string, exam: Exam) {
  t.clock.set(START);
  const response = await start(token, exam.assessment.id);
  expect(response.statusCode).toBe(201);
  return response.json().data.attempt._id as string;
}

const answersOf = (attemptId: string) =>
  t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
  await enrolStudents(t, maths.batchSubject.id, [school.accounts.student.entityId]);
  theirs = await createTaughtSubject(t, { institutionId: other.institution.id, batchId: other.batch.id });
  await enrolStudents(t, theirs.batchSubject.id, [other.accounts.student.entityId]);
});
afterAll(() => t.close());

describe('guards', () => {
  it('refuse callers without a token (401) and every role but students (403)', async () => {
    const student = ['student'] as const;
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: '/api/assessment-attempts', payload: { assessment_id: ID } },
      student,
    );
    await expectGuarded(t, school, { method: 'GET', url: `/api/assessment-attempts/${ID}` }, student);
    await expectGuarded(
      t,
      school,
      { method: 'PUT', url: `/api/assessment-attempts/${ID}/answers/${ID}`, payload: {} },
      student,
    );
    await expectGuarded(
      t,
      school,
      {
        method: 'POST',
        url: '/api/assessment-submissions',
        payload: { assessment_id: ID, batch_subject_id: ID },
      },
      student,
    );
  });

  it('answers 401 before looking at a bad body, and 400 for a bad one', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/assessment-submissions',
      payload: { x: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = school.tokens.student;
    expect((await start(token, 'not-an-id')).statusCode).toBe(400);
    expect((await call('POST', '/api/assessment-submissions', token, { assessment_id: ID })).statusCode).toBe(
      400,
    );
    expect((await save(token, ID, 'x', {})).statusCode).toBe(400);
    const tooMany = await save(token, ID, ID, {
      file_urls: Array.from({ length: 21 }, () => '/files/a.pdf'),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('starting an attempt', () => {
  it('follows the window at its edges: before start, at start, at due, in the grace, after', async () => {
    const exam = await newExam();
    const [a, b, c, d] = [await newStudent(), await newStudent(), await newStudent(), await newStudent()];
    t.clock.set(new Date(START.getTime() - 1));
    const early = await start(a.token, exam.assessment.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.examNotStarted);

    t.clock.set(START);
    const first = await start(a.token, exam.assessment.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.attempt.time_left_ms).toBe(3_600_000);
    const again = await start(a.token, exam.assessment.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.attempt._id).toBe(first.json().data.attempt._id);

    t.clock.set(DUE);
    const atDue = await start(b.token, exam.assessment.id);
    expect(atDue.statusCode).toBe(201);
    expect(atDue.json().data.attempt.time_left_ms).toBe(0);

    t.clock.set(new Date(DUE.getTime() + 1));
    const inGrace = await start(c.token, exam.assessment.id);
    expect(inGrace.statusCode).toBe(409);
    expect(inGrace.json().error.message).toBe(MESSAGES.examTimeOver);
    t.clock.set(new Date(DUE.getTime() + EXAM_GRACE_MS + 1));
    expect((await start(d.token, exam.assessment.id)).statusCode).toBe(409);
    // A started attempt is still found after the time (the page then sends the student away).
    const resumed = await start(a.token, exam.assessment.id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.attempt.time_left_ms).toBe(0);
    const attempts = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, exam.assessment.id));
    expect(attempts).toHaveLength(2);
  });

  it('answers 404 for another institution’s exam, one not enrolled in, a draft or a canceled one', async () => {
    t.clock.set(START);
    const theirExam = await createLiveExam(t, {
      institutionId: other.institution.id,
      batchSubjectId: theirs.batchSubject.id,
      start: START,
      due: DUE,
    });
    expect((await start(school.tokens.student, theirExam.assessment.id)).statusCode).toBe(404);
    const unenrolled = await createTaughtSubject(t, {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const notMine = await createLiveExam(t, {
      institutionId: school.institution.id,
      batchSubjectId: unenrolled.batchSubject.id,
      start: START,
      due: DUE,
    });
    expect((await start(school.tokens.student, notMine.assessment.id)).statusCode).toBe(404);
    for (const status of ['DRAFTED', 'CANCELED'] as const) {
      const row = await createAssessmentRow(t, {
        institutionId: school.institution.id,
        batchSubjectId: maths.batchSubject.id,
        startDate: START,
        dueDate: DUE,
        status,
      });
      expect((await start(school.tokens.student, row.id)).statusCode).toBe(404);
    }
    expect((await start(school.tokens.student, ID)).statusCode).toBe(404);
  });

  it('writes a class starting together in a few statements, each student one attempt, a double start once', async () => {
    const exam = await newExam();
    const classmates = await Promise.all(Array.from({ length: 12 }, () => newStudent()));
    t.clock.set(START);
    // Their tabs are open (the sign-in's account and the cards read), as at an exam's opening.
    for (const student of classmates) await call('GET', '/api/users/me/assessments', student.token);
    let answers: Awaited<ReturnType<typeof start>>[] = [];
    // Every student starts twice at the same moment (two tabs).
    const texts = await queryTexts(async () => {
      answers = await Promise.all(
        classmates.flatMap((student) => [
          start(student.token, exam.assessment.id),
          start(student.token, exam.assessment.id),
        ]),
      );
    });
    const attemptWrites = texts.filter((text) => text.includes('insert into exam_attempts'));
    expect(attemptWrites.length).toBeGreaterThan(0);
    expect(attemptWrites.length).toBeLessThan(classmates.length / 2);
    const rows = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, exam.assessment.id));
    expect(rows).toHaveLength(classmates.length);
    classmates.forEach((student, index) => {
      const [one, two] = [answers[2 * index]!, answers[2 * index + 1]!];
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
      const attempt = one.json().data.attempt;
      expect(two.json().data.attempt._id).toBe(attempt._id);
      expect(rows.find((row) => row.id === attempt._id)).toMatchObject({
        studentId: student.entityId,
        startedAt: START,
      });
    });
  });

  it('refuses a LIVE exam without questions (409)', async () => {
    t.clock.set(START);
    const row = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      startDate: START,
      dueDate: DUE,
      status: 'LIVE',
    });
    expect((await start(school.tokens.student, row.id)).statusCode).toBe(409);
  });
});

describe('the paper and autosave', () => {
  it('shows the questions without right answers, and resumes with every saved answer and the time left', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    t.clock.set(new Date(START.getTime() + 10 * 60_000));
    const sheet = await call('GET', `/api/assessment-attempts/${attemptId}`, me.token);
    expect(sheet.statusCode).toBe(200);
    const data = sheet.json().data;
    expect(data.questions).toHaveLength(5);
    expect(JSON.stringify(data.questions)).not.toMatch(/correct|CORRECT/);
    expect(data.attempt.time_left_ms).toBe(50 * 60_000);
    expect(data.upload_allowed).toBe(true);

    const sheetUrl = await uploadAnswerSheet(t, me.token);
    const saves = [
      [exam.single.question.id, { submitted_answer_ids: [exam.single.options[1]!.id] }],
      [
        exam.multiple.question.id,
        { submitted_answer_ids: [exam.multiple.options[0]!.id, exam.multiple.options[1]!.id] },
      ],
      [exam.boolean.question.id, { submitted_answer_ids: [exam.boolean.options[1]!.id] }],
      [exam.text.question.id, { submitted_answer_text: 'Photosynthesis' }],
      [exam.upload.question.id, { file_urls: [sheetUrl] }],
    ] as const;
    for (const [questionId, body] of saves) {
      const response = await save(me.token, attemptId, questionId, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.time_left_ms).toBe(50 * 60_000);
    }
    // A change replaces the saved answer.
    await save(me.token, attemptId, exam.text.question.id, { submitted_answer_text: 'Respiration' });

    t.clock.advance(60_000);
    const reloaded = (await call('GET', `/api/assessment-attempts/${attemptId}`, me.token)).json().data;
    expect(reloaded.attempt.time_left_ms).toBe(49 * 60_000);
    const byQuestion = new Map(
      reloaded.answers.map((answer: { question_id: string }) => [answer.question_id, answer]),
    );
    expect(byQuestion.size).toBe(5);
    expect(byQuestion.get(exam.text.question.id)).toMatchObject({ submitted_answer_text: 'Respiration' });
    expect(byQuestion.get(exam.upload.question.id)).toMatchObject({ file_urls: [sheetUrl] });
    expect(byQuestion.get(exam.multiple.question.id)).toMatchObject({
      submitted_answer_ids: expect.arrayContaining([
        exam.multiple.options[0]!.id,
        exam.multiple.options[1]!.id,
      ]),
    });
    // A start again (a reload, another tab) answers the same sheet in one request.
    const again = await start(me.token, exam.assessment.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(reloaded);
  });

  it('starts in one request: the start answers the paper without right answers and no saved answers', async () => {
    const exam = await newExam();
    const me = await newStudent();
    t.clock.set(START);
    const first = await start(me.token, exam.assessment.id);
    expect(first.statusCode).toBe(201);
    const data = first.json().data;
    expect(data.attempt).toMatchObject({ assessment_id: exam.assessment.id, submitted_at: null });
    expect(data.questions.map((question: { _id: string }) => question._id)).toEqual(
      [exam.single, exam.multiple, exam.boolean, exam.text, exam.upload].map((made) => made.question.id),
    );
    expect(JSON.stringify(data.questions)).not.toMatch(/correct|CORRECT/);
    expect(data.answers).toEqual([]);
    expect(data.assessment._id).toBe(exam.assessment.id);
    const sheet = await call('GET', `/api/assessment-attempts/${data.attempt._id}`, me.token);
    expect(sheet.json().data).toEqual(data);
  });

  it('refuses answers that do not fit the question (400), another student’s attempt (404)', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const someoneElse = await newStudent();
    const attemptId = await started(me.token, exam);
    const refused = [
      [
        exam.single.question.id,
        { submitted_answer_ids: [exam.single.options[0]!.id, exam.single.options[1]!.id] },
      ],
      [exam.single.question.id, { submitted_answer_ids: [exam.multiple.options[0]!.id] }],
      [exam.boolean.question.id, { submitted_answer_text: 'True' }],
      [exam.text.question.id, { submitted_answer_ids: [exam.single.options[0]!.id] }],
      [exam.text.question.id, { file_urls: ['/files/x.pdf'] }],
      [ID, { submitted_answer_ids: [] }],
    ] as const;
    for (const [questionId, body] of refused) {
      const response = await save(me.token, attemptId, questionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await save(someoneElse.token, attemptId, exam.text.question.id, { submitted_answer_text: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/assessment-attempts/${attemptId}`, someoneElse.token)).statusCode).toBe(
      404,
    );
    expect(await answersOf(attemptId)).toHaveLength(0);
  });

  it('takes only the student’s own answer sheets, and none from a student not allowed to upload', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const classmate = await newStudent();
    const barred = await newStudent({ uploadNotAllowed: true });
    const attemptId = await started(me.token, exam);
    const theirSheet = await uploadAnswerSheet(t, classmate.token);
    const importFile = await uploadFile(t, me.token, 'answers.csv', 'a,b\n1,2\n');
    for (const url of [theirSheet, importFile, 'https://example.com/sheet.pdf', '/files/nothing.pdf']) {
      const response = await save(me.token, attemptId, exam.upload.question.id, { file_urls: [url] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.answerSheetNotOwnFile);
    }

    const barredAttempt = await started(barred.token, exam);
    const sheet = await uploadAnswerSheet(t, barred.token);
    const refused = await save(barred.token, barredAttempt, exam.upload.question.id, { file_urls: [sheet] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.submitAnswerSheetInSchool);
    const viaSubmit = await submit(barred.token, exam, [
      { question_id: exam.upload.question.id, file_urls: [sheet] },
    ]);
    expect(viaSubmit.statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assessment-attempts/${barredAttempt}`, barred.token)).json().data
        .upload_allowed,
    ).toBe(false);
    expect(await answersOf(barredAttempt)).toHaveLength(0);
  });

  it('accepts saves in the grace, and refuses them after it (409) changing nothing', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    t.clock.set(new Date(DUE.getTime() + EXAM_GRACE_MS));
    const inGrace = await save(me.token, attemptId, exam.text.question.id, {
      submitted_answer_text: 'last words',
    });
    expect(inGrace.statusCode, inGrace.body).toBe(200);
    expect(inGrace.json().data.time_left_ms).toBe(0);
    t.clock.advance(1);
    const late = await save(me.token, attemptId, exam.text.question.id, {
      submitted_answer_text: 'too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.examTimeOver);
    const [stored] = await answersOf(attemptId);
    expect(stored!.answerText).toBe('last words');
  });
});

describe('POST /api/assessment-submissions', () => {
  it('stores the payload’s answers over the saved ones, keeps the rest, scores choices, and refuses later saves', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    await save(me.token, attemptId, exam.text.question.id, { submitted_answer_text: 'saved text' });
    await save(me.token, attemptId, exam.single.question.id, {
      submitted_answer_ids: [exam.single.options[0]!.id],
    });
    await save(me.token, attemptId, exam.boolean.question.id, {
      submitted_answer_ids: [exam.boolean.options[0]!.id],
    });
    const response = await submit(me.token, exam, [
      {
        question_id: exam.single.question.id,
        question_title: 'Question 1',
        question_type: 'SINGLE_CHOICE',
        submitted_answer_ids: [exam.single.options[1]!.id],
        submitted_answer_text: '',
      },
      { question_id: exam.multiple.question.id, submitted_answer_ids: [exam.multiple.options[0]!.id] },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.attempt.submitted_at).toBe(START.toISOString());
    expect(response.json().data.attempt.auto_submitted).toBe(false);

    const stored = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(stored.size).toBe(5);
    expect(stored.get(exam.single.question.id)).toMatchObject({
      optionIds: [exam.single.options[1]!.id],
      correct: true,
      scoredPoint: 1,
    });
    expect(stored.get(exam.multiple.question.id)).toMatchObject({ correct: false, scoredPoint: 0 });
    expect(stored.get(exam.boolean.question.id)).toMatchObject({ correct: true, scoredPoint: 1 });
    expect(stored.get(exam.text.question.id)).toMatchObject({
      answerText: 'saved text',
      correct: null,
      assessed: false,
    });
    expect(stored.get(exam.upload.question.id)).toMatchObject({ fileUrls: [], scoredPoint: null });

    const again = await submit(me.token, exam, [
      { question_id: exam.single.question.id, submitted_answer_ids: [] },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.alreadySubmitted);
    const late = await save(me.token, attemptId, exam.text.question.id, { submitted_answer_text: 'changed' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.alreadySubmitted);
    const after = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(after.get(exam.text.question.id)!.answerText).toBe('saved text');
    expect(after.get(exam.single.question.id)!.optionIds).toEqual([exam.single.options[1]!.id]);

    const list = (await call('GET', '/api/users/me/assessments', me.token)).json().data.assessments;
    expect(list.find((row: { _id: string }) => row._id === exam.assessment.id).has_taken).toBe(true);
  });

  it('never lets a submit from a stale tab overwrite a newer save of another tab', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    const [yes, no] = exam.boolean.options;
    const savedBy = async (optionId: string) =>
      (await save(me.token, attemptId, exam.boolean.question.id, { submitted_answer_ids: [optionId] })).json()
        .data.answer.updated_at as string;
    // Tab 1 saves True; tab 2 saves False a second later; tab 1, still showing True, submits.
    const tabOneSaw = await savedBy(yes!.id);
    t.clock.set(new Date(START.getTime() + 1000));
    const tabTwoSaved = await savedBy(no!.id);
    // A text no tab had seen saved (null) is kept as the saved one when there is one.
    await save(me.token, attemptId, exam.text.question.id, { submitted_answer_text: 'from tab 2' });
    t.clock.set(new Date(START.getTime() + 2000));
    const response = await submit(me.token, exam, [
      { question_id: exam.boolean.question.id, submitted_answer_ids: [yes!.id], saved_at: tabOneSaw },
      { question_id: exam.text.question.id, submitted_answer_text: 'stale', saved_at: null },
      // Made from the newest save: it replaces it, as does an answer without `saved_at`.
      {
        question_id: exam.single.question.id,
        submitted_answer_ids: [exam.single.options[1]!.id],
        saved_at: null,
      },
      { question_id: exam.multiple.question.id, submitted_answer_ids: [exam.multiple.options[0]!.id] },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const stored = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(stored.get(exam.boolean.question.id)).toMatchObject({ optionIds: [no!.id] });
    expect(stored.get(exam.boolean.question.id)!.updatedAt.toISOString()).toBe(tabTwoSaved);
    expect(stored.get(exam.text.question.id)!.answerText).toBe('from tab 2');
    expect(stored.get(exam.single.question.id)!.optionIds).toEqual([exam.single.options[1]!.id]);
    expect(stored.get(exam.multiple.question.id)!.optionIds).toEqual([exam.multiple.options[0]!.id]);
    // Scored as stored: False is the boolean's answer now.
    expect(stored.get(exam.boolean.question.id)!.correct).toBe(!yes!.correct);
  });

  it('writes a submitted answer again only when it differs from the stored one, and scores both', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    const right = exam.single.options.find((option) => option.correct)!;
    const savedAt = async (questionId: string, body: object) =>
      (await save(me.token, attemptId, questionId, body)).json().data.answer.updated_at as string;
    const singleSaved = await savedAt(exam.single.question.id, { submitted_answer_ids: [right.id] });
    const textSaved = await savedAt(exam.text.question.id, { submitted_answer_text: 'kept' });
    // Saved and left out of the submission: scored as stored.
    const wrong = exam.boolean.options.find((option) => !option.correct)!;
    await savedAt(exam.boolean.question.id, { submitted_answer_ids: [wrong.id] });
    t.clock.set(new Date(START.getTime() + 60_000));
    const response = await submit(me.token, exam, [
      // What autosave stored, sent again with its save's time: left as it is.
      { question_id: exam.single.question.id, submitted_answer_ids: [right.id], saved_at: singleSaved },
      // Changed since its save: written, at the submit's time.
      { question_id: exam.text.question.id, submitted_answer_text: 'changed', saved_at: textSaved },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const stored = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(stored.get(exam.single.question.id)).toMatchObject({
      optionIds: [right.id],
      correct: true,
      assessed: true,
    });
    expect(stored.get(exam.single.question.id)!.updatedAt.toISOString()).toBe(singleSaved);
    expect(stored.get(exam.text.question.id)).toMatchObject({ answerText: 'changed', assessed: false });
    expect(stored.get(exam.boolean.question.id)).toMatchObject({
      optionIds: [wrong.id],
      assessed: true,
      correct: false,
      scoredPoint: 0,
    });
    expect(stored.get(exam.text.question.id)!.updatedAt.getTime()).toBe(START.getTime() + 60_000);
  });

  it('scores a choice answer as it is saved; a submit writes it again only when the key changed since', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    const right = exam.single.options.find((option) => option.correct)!;
    const wrong = exam.boolean.options.find((option) => !option.correct)!;
    const savedAt = async (questionId: string, body: object) =>
      (await save(me.token, attemptId, questionId, body)).json().data.answer.updated_at as string;
    const singleSaved = await savedAt(exam.single.question.id, { submitted_answer_ids: [right.id] });
    await savedAt(exam.boolean.question.id, { submitted_answer_ids: [wrong.id] });
    await savedAt(exam.text.question.id, { submitted_answer_text: 'mine' });
    const saved = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(saved.get(exam.single.question.id)).toMatchObject({
      assessed: true,
      correct: true,
      scoredPoint: 1,
    });
    expect(saved.get(exam.boolean.question.id)).toMatchObject({
      assessed: true,
      correct: false,
      scoredPoint: 0,
    });
    expect(saved.get(exam.text.question.id)).toMatchObject({
      assessed: false,
      correct: null,
      scoredPoint: null,
    });

    // Another student has submitted; a teacher regrades the boolean while this one still sits.
    const first = await newStudent();
    await started(first.token, exam);
    expect((await submit(first.token, exam)).statusCode).toBe(201);
    const regraded = await call(
      'POST',
      `/api/assessments/${exam.assessment.id}/questions/${exam.boolean.question.id}/regrade`,
      school.tokens.faculty,
      { right_option_ids: [wrong.id] },
    );
    expect(regraded.statusCode, regraded.body).toBe(200);

    const versions = async () => {
      const result = await t.db.execute<{ question_id: string; version: string }>(
        sql`select question_id, xmin::text as version from exam_answers where attempt_id = ${attemptId}`,
      );
      return new Map(result.rows.map((row) => [row.question_id, row.version]));
    };
    const before = await versions();
    const response = await submit(me.token, exam, [
      { question_id: exam.single.question.id, submitted_answer_ids: [right.id], saved_at: singleSaved },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const after = await versions();
    // Kept and scored by the key stored now: not written again.
    expect(after.get(exam.single.question.id)).toBe(before.get(exam.single.question.id));
    expect(after.get(exam.text.question.id)).toBe(before.get(exam.text.question.id));
    // Scored at its save by the old key: written again, by the new one.
    expect(after.get(exam.boolean.question.id)).not.toBe(before.get(exam.boolean.question.id));
    const stored = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(stored.get(exam.boolean.question.id)).toMatchObject({ correct: true, scoredPoint: 1 });
    expect(stored.get(exam.single.question.id)).toMatchObject({ correct: true, scoredPoint: 1 });
    expect(stored.get(exam.multiple.question.id)).toMatchObject({
      assessed: true,
      correct: false,
      scoredPoint: 0,
    });
    expect(stored.size).toBe(5);
  });

  it('refuses a submission answering one question twice (400), submitting nothing', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const attemptId = await started(me.token, exam);
    const response = await submit(me.token, exam, [
      { question_id: exam.text.question.id, submitted_answer_text: 'first' },
      { question_id: exam.text.question.id, submitted_answer_text: 'second' },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.examQuestionAnsweredTwice);
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt!.submittedAt).toBeNull();
    expect(await answersOf(attemptId)).toHaveLength(0);
  });

  it('refuses a saved_at that is not a date (400)', async () => {
    const exam = await newExam();
    const me = await newStudent();
    await started(me.token, exam);
    const response = await submit(me.token, exam, [
      { question_id: exam.single.question.id, submitted_answer_ids: [], saved_at: 'yesterday' },
    ]);
    expect(response.statusCode).toBe(400);
  });

  it('answers the attempt as a reload reads it: a repeat start, the submit, a submit without a start', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const sheetOf = async (token: string, attemptId: string) =>
      (await call('GET', `/api/assessment-attempts/${attemptId}`, token)).json().data.attempt;
    const attemptId = await started(me.token, exam);
    t.clock.set(new Date(START.getTime() + 5 * 60_000));
    const again = await start(me.token, exam.assessment.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.attempt).toEqual(await sheetOf(me.token, attemptId));
    expect(again.json().data.attempt).toMatchObject({ _id: attemptId, started_at: START.toISOString() });

    t.clock.set(new Date(START.getTime() + 10 * 60_000));
    const submitted = await submit(me.token, exam);
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json().data.attempt).toEqual(await sheetOf(me.token, attemptId));
    // Unanswered questions are stored empty: choice ones scored 0, the others left to the teacher.
    const stored = new Map((await answersOf(attemptId)).map((row) => [row.questionId, row]));
    expect(stored.get(exam.single.question.id)).toMatchObject({
      optionIds: [],
      correct: false,
      scoredPoint: 0,
    });
    expect(stored.get(exam.multiple.question.id)).toMatchObject({ correct: false, scoredPoint: 0 });
    expect(stored.get(exam.text.question.id)).toMatchObject({ correct: null, scoredPoint: null });

    const late = await newStudent();
    t.clock.set(new Date(DUE.getTime() + 30_000));
    const direct = await submit(late.token, exam);
    expect(direct.statusCode).toBe(201);
    const attempt = direct.json().data.attempt;
    expect(attempt).toMatchObject({
      auto_submitted: true,
      started_at: new Date(DUE.getTime() + 30_000).toISOString(),
    });
    expect(attempt).toEqual(await sheetOf(late.token, attempt._id));
  });

  it('leaves the school’s cached reads alone: a start, saves and the submit change only what the student reads', async () => {
    const exam = await newExam();
    const me = await newStudent();
    const classmateReads = () => call('GET', '/api/users/me/batch-subjects', school.tokens.student);
    await classmateReads();
    const cached = await countQueries(classmateReads);
    const attemptId = await started(me.token, exam);
    expect(
      (await save(me.token, attemptId, exam.text.question.id, { submitted_answer_text: 'x' })).statusCode,
    ).toBe(200);
    expect((await submit(me.token, exam)).statusCode).toBe(201);
    expect(await countQueries(classmateReads)).toBe(cached);
  });

  it('accepts exactly one of 20 parallel submits of one student', async () => {
    const exam = await newExam();
    const me = await newStudent();
    await started(me.token, exam);
    t.clock.set(new Date(START.getTime() + 60_000));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submit(me.token, exam, [
          { question_id: exam.text.question.id, submitted_answer_text: `try ${index}` },
        ]),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(MESSAGES.alreadySubmitted);
    }
    const attempts = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, exam.assessment.id));
    expect(attempts).toHaveLength(1);
    expect(await answersOf(attempts[0]!.id)).toHaveLength(5);
  });

  it('keeps and scores every save acknowledged while a submit of the same student runs', async () => {
    const exam = await newExam();
    const sitters = await Promise.all(Array.from({ length: 6 }, () => newStudent()));
    const attemptIds: string[] = [];
    for (const sitter of sitters) attemptIds.push(await started(sitter.token, exam));
    t.clock.set(new Date(START.getTime() + 60_000));
    const right = exam.boolean.options.find((option) => option.correct)!;
    // Each student's tab saves two answers while another of their tabs submits.
    const raced = await Promise.all(
      sitters.map((sitter, index) =>
        Promise.all([
          save(sitter.token, attemptIds[index]!, exam.boolean.question.id, {
            submitted_answer_ids: [right.id],
          }),
          save(sitter.token, attemptIds[index]!, exam.text.question.id, {
            submitted_answer_text: `raced ${index}`,
          }),
          submit(sitter.token, exam),
        ]),
      ),
    );
    for (const [index, [choice, text, submitted]] of raced.entries()) {
      expect(submitted.statusCode, submitted.body).toBe(201);
      expect([200, 409]).toContain(choice.statusCode);
      expect([200, 409]).toContain(text.statusCode);
      const stored = new Map((await answersOf(attemptIds[index]!)).map((row) => [row.questionId, row]));
      expect(stored.size).toBe(5);
      // A save answered 200 is in the submission, scored; one answered 409 left nothing behind.
      expect(stored.get(exam.boolean.question.id)).toMatchObject(
        choice.statusCode === 200
          ? { optionIds: [right.id], assessed: true, correct: true, scoredPoint: 1 }
          : { optionIds: [], assessed: true, correct: false, scoredPoint: 0 },
      );
      expect(stored.get(exam.text.question.id)).toMatchObject({
        answerText: text.statusCode === 200 ? `raced ${index}` : null,
        assessed: false,
      });
    }
  });

  it('follows the window: before start 409, in the grace accepted as auto-submitted, after it 409', async () => {
    const exam = await newExam();
    const [early, graceful, late] = [await newStudent(), await newStudent(), await newStudent()];
    t.clock.set(new Date(START.getTime() - 1));
    const before = await submit(early.token, exam);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.message).toBe(MESSAGES.examNotStarted);
    t.clock.set(new Date(DUE.getTime() + EXAM_GRACE_MS));
    const inGrace = await submit(graceful.token, exam);
    expect(inGrace.statusCode).toBe(201);
    expect(inGrace.json().data.attempt.auto_submitted).toBe(true);
    t.clock.advance(1);
    const after = await submit(late.token, exam);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(MESSAGES.examTimeOver);
    const attempts = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, exam.assessment.id));
    expect(attempts).toHaveLength(1);
  });

  it('answers 404 for another batch subject or institution, 400 for a question of another exam', async () => {
    const exam = await newExam();
    const me = await newStudent();
    t.clock.set(START);
    const wrongSubject = await call('POST', '/api/assessment-submissions', me.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: theirs.batchSubject.id,
      submissions: [],
    });
    expect(wrongSubject.statusCode).toBe(404);
    const theirExam = await createLiveExam(t, {
      institutionId: other.institution.id,
      batchSubjectId: theirs.batchSubject.id,
      start: START,
      due: DUE,
    });
    const foreign = await call('POST', '/api/assessment-submissions', me.token, {
      assessment_id: theirExam.assessment.id,
      batch_subject_id: theirs.batchSubject.id,
      submissions: [],
    });
    expect(foreign.statusCode).toBe(404);
    const otherExam = await newExam();
    const mixed = await submit(me.token, exam, [
      { question_id: otherExam.text.question.id, submitted_answer_text: 'x' },
    ]);
    expect(mixed.statusCode).toBe(400);
    const attempts = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, exam.assessment.id));
    expect(attempts).toHaveLength(0);
  });
});

describe('time spent in an examination', () => {
  it('logs a record of content type assessment on entering, only for the student’s own exam', async () => {
    const exam = await newExam();
    const me = await newStudent();
    t.clock.set(START);
    const beat = (batchSubjectId: string) =>
      call('POST', '/api/time-spent', me.token, {
        content_id: exam.assessment.id,
        content_type: 'assessment',
        time_spent: 0.1,
        batch_subject_id: batchSubjectId,
      });
    expect((await beat(theirs.batchSubject.id)).statusCode).toBe(404);
    const logged = await beat(maths.batchSubject.id);
    expect(logged.statusCode, logged.body).toBe(201);
    await t.app.flushTimeSpent();
    const rows = await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, exam.assessment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contentType).toBe('assessment');
    const outsider = await call('POST', '/api/time-spent', other.tokens.student, {
      content_id: exam.assessment.id,
      content_type: 'assessment',
      time_spent: 0.1,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('logs the entry with the start the exam page makes on entering (and each resume), not after submitting', async () => {
    const exam = await newExam();
    const me = await newStudent();
    t.clock.set(START);
    const minutes = async () => {
      await t.app.flushTimeSpent();
      const rows = await t.db.select().from(timeSpent).where(eq(timeSpent.contentId, exam.assessment.id));
      return rows.map((row) => [row.contentType, row.batchSubjectId, Number(row.minutes)]);
    };
    const enter = () =>
      call('POST', '/api/assessment-attempts', me.token, { assessment_id: exam.assessment.id });
    expect((await enter()).statusCode).toBe(201);
    expect(await minutes()).toEqual([['assessment', maths.batchSubject.id, 0.1]]);
    // A reload is a second entry, as the page's own log was.
    expect((await enter()).statusCode).toBe(200);
    expect(await minutes()).toEqual([['assessment', maths.batchSubject.id, 0.2]]);
    expect((await submit(me.token, exam)).statusCode).toBe(201);
    expect((await enter()).statusCode).toBe(200);
    expect(await minutes()).toEqual([['assessment', maths.batchSubject.id, 0.2]]);
  });
});

describe('GET /api/users/me/assessments', () => {
  it('gives each card its state by the server’s clock, and the pending ones for the home carousel', async () => {
    const taken = await newExam();
    const missed = await newExam();
    const abandoned = await newExam();
    const me = await newStudent();
    const list = async (query = '') => {
      const response = await call('GET', `/api/users/me/assessments?limit=200${query}`, me.token);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().data.assessments as { _id: string; exam_state: string }[];
      return new Map(rows.map((row) => [row._id, row.exam_state]));
    };
    t.clock.set(new Date(START.getTime() - 1));
    expect((await list()).get(taken.assessment.id)).toBe('not_started');
    t.clock.set(START);
    expect((await list()).get(taken.assessment.id)).toBe('start');
    await start(me.token, abandoned.assessment.id);
    expect((await submit(me.token, taken)).statusCode).toBe(201);
    const now = await list();
    expect(now.get(taken.assessment.id)).toBe('submitted');
    const pending = await list('&pending=true');
    expect(pending.has(taken.assessment.id)).toBe(false);
    expect(pending.has(missed.assessment.id)).toBe(true);

    t.clock.set(new Date(DUE.getTime() + EXAM_GRACE_MS + 1));
    const previous = await list('&when=previous');
    expect(previous.get(missed.assessment.id)).toBe('missed');
    expect(previous.get(taken.assessment.id)).toBe('submitted');
    // Started and left: the deadline submits it with its saved answers.
    expect(previous.get(abandoned.assessment.id)).toBe('submitted');
    expect((await list('&pending=true')).size).toBe(0);
    expect((await call('GET', '/api/users/me/assessments?pending=maybe', me.token)).statusCode).toBe(400);
  });
});
