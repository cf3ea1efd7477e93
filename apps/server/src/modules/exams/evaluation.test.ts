import { execFileSync } from 'node:child_process';
import { EXAM_GRACE_MS, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, examAttempts, students } from '../../db/schema/index.js';
import { createAssessmentRow } from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, uploadAnswerSheet } from '../../test/factories/exams.js';
import { enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
type Exam = Awaited<ReturnType<typeof createLiveExam>>;

let school: School;
let other: School;
let maths: Taught;
let history: Taught;
let theirs: Taught;

const START = new Date('2026-11-20T10:00:00Z');
const DUE = new Date('2026-11-20T11:00:00Z');
const CLOSED_AT = new Date(DUE.getTime() + EXAM_GRACE_MS + 60_000);
const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

const newExam = (taught: Taught = maths) =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: taught.batchSubject.id,
    start: START,
    due: DUE,
  });

async function newStudent(name: string, options: { uploadNotAllowed?: boolean } = {}) {
  const account = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  await t.db
    .update(students)
    .set({ name, uploadAssessmentNotAllowed: options.uploadNotAllowed ?? false })
    .where(eq(students.id, account.entityId));
  await enrolStudents(t, maths.batchSubject.id, [account.entityId]);
  await enrolStudents(t, history.batchSubject.id, [account.entityId]);
  return { ...account, token: await t.login(account.username) };
}

/** Starts, saves the answers of `right` (all right) or wrong ones, and optionally submits. */
async function sit(
  exam: Exam,
  token: string,
  options: { right: boolean; submit?: boolean; sheet?: boolean },
) {
  t.clock.set(START);
  const started = await call('POST', '/api/assessment-attempts', token, {
    assessment_id: exam.assessment.id,
  });
  const attemptId = started.json().data.attempt._id as string;
  const pick = (options_: { id: string; correct: boolean }[]) =>
    options_.filter((option) => option.correct === options.right).map((option) => option.id);
  const saves: [string, object][] = [
    [exam.single.question.id, { submitted_answer_ids: pick(exam.single.options).slice(0, 1) }],
    [exam.multiple.question.id, { submitted_answer_ids: pick(exam.multiple.options) }],
    [exam.boolean.question.id, { submitted_answer_ids: pick(exam.boolean.options) }],
    [exam.text.question.id, { submitted_answer_text: options.right ? 'Chlorophyll' : 'Sand' }],
  ];
  if (options.sheet)
    saves.push([exam.upload.question.id, { file_urls: [await uploadAnswerSheet(t, token)] }]);
  for (const [questionId, body] of saves) {
    const response = await call(
      'PUT',
      `/api/assessment-attempts/${attemptId}/answers/${questionId}`,
      token,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  if (options.submit !== false) {
    const submitted = await call('POST', '/api/assessment-submissions', token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: exam.assessment.batchSubjectId,
      submissions: [],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  }
  return attemptId;
}

const submissionOf = async (exam: Exam, studentId: string, token = school.tokens.faculty) =>
  call('GET', `/api/assessment-submissions/assessment/${exam.assessment.id}/student/${studentId}`, token);

/** Marks every unassessed answer of a submission: TEXT as `correct`, UPLOAD with `marks`. */
async function markAll(exam: Exam, studentId: string, marks: { correct: boolean; upload: number | null }) {
  const submission = (await submissionOf(exam, studentId)).json().data.submission;
  return call('POST', '/api/assessment-submissions/assess', school.tokens.faculty, {
    assessment_id: exam.assessment.id,
    batch_subject_id: exam.assessment.batchSubjectId,
    submissions: submission.answers.map((answer: { _id: string; question_type: string }) => ({
      submission_id: answer._id,
      correct: marks.correct,
      scored_point: answer.question_type === 'UPLOAD' ? marks.upload : null,
    })),
  });
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
  });
  history = await createTaughtSubject(t, { institutionId, batchId: school.batch.id });
  theirs = await createTaughtSubject(t, {
    institutionId: other.institution.id,
    batchId: other.batch.id,
    facultyIds: [other.accounts.faculty.entityId],
  });
});
afterAll(() => t.close());

describe('guards', () => {
  it('refuse callers without a token (401) and roles the route is not for (403)', async () => {
    const teachers = ['moderator', 'faculty'] as const;
    await expectGuarded(t, school, { method: 'GET', url: '/api/assessment-evaluations' }, teachers);
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/assessment-submissions/assessment/${ID}` },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/assessment-submissions/assessment/${ID}/question/${ID}` },
      teachers,
    );
    await expectGuarded(
      t,
      school,
      { method: 'GET', url: `/api/assessment-submissions/assessment/${ID}/student/${ID}` },
      ['moderator', 'faculty', 'student'],
    );
    await expectGuarded(
      t,
      school,
      {
        method: 'POST',
        url: '/api/assessment-submissions/assess',
        payload: {
          assessment_id: ID,
          batch_subject_id: ID,
          submissions: [{ submission_id: ID, correct: true }],
        },
      },
      teachers,
    );
    for (const suffix of ['', '/pdf', '/csv']) {
      await expectGuarded(
        t,
        school,
        { method: 'GET', url: `/api/assessment-submissions/marks/${ID}${suffix}` },
        teachers,
      );
    }
  });

  it('answers 401 before a bad body, 400 for a bad one', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/assessment-submissions/assess',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const token = school.tokens.faculty;
    expect(
      (await call('POST', '/api/assessment-submissions/assess', token, { assessment_id: ID })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/assessment-evaluations?tab=later', token)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/assessment-submissions/assessment/${ID}?state=some`, token)).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/assessment-submissions/marks/nope', token)).statusCode).toBe(400);
  });

  it('answers 404 for another institution’s assessment and 403 for a faculty member who does not teach it', async () => {
    const theirExam = await createLiveExam(t, {
      institutionId: other.institution.id,
      batchSubjectId: theirs.batchSubject.id,
      start: START,
      due: DUE,
    });
    const untaught = await newExam(history);
    t.clock.set(CLOSED_AT);
    for (const path of [
      `/api/assessment-submissions/assessment/{id}`,
      `/api/assessment-submissions/assessment/{id}/student/${school.accounts.student.entityId}`,
      `/api/assessment-submissions/marks/{id}`,
      `/api/assessment-submissions/marks/{id}/csv`,
    ]) {
      expect(
        (await call('GET', path.replace('{id}', theirExam.assessment.id), school.tokens.moderator))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', path.replace('{id}', untaught.assessment.id), school.tokens.faculty)).statusCode,
      ).toBe(403);
    }
  });
});

describe('evaluation lists', () => {
  it('shows CLOSED and DRAFTED as Pending, EVOLUTED as Evaluated, a faculty member only their batch subjects', async () => {
    const closed = await newExam();
    const live = await createLiveExam(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      start: START,
      due: new Date('2026-12-20T11:00:00Z'),
    });
    const draft = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      startDate: START,
      dueDate: DUE,
    });
    const evaluated = await createAssessmentRow(t, {
      institutionId: school.institution.id,
      batchSubjectId: maths.batchSubject.id,
      startDate: START,
      dueDate: DUE,
      status: 'EVOLUTED',
    });
    const untaught = await newExam(history);
    t.clock.set(CLOSED_AT);
    const ids = async (token: string, tab: string) =>
      (await call('GET', `/api/assessment-evaluations?tab=${tab}&limit=200`, token))
        .json()
        .data.assessments.map((row: { _id: string }) => row._id);
    const pending = await ids(school.tokens.faculty, 'pending');
    expect(pending).toEqual(expect.arrayContaining([closed.assessment.id, draft.id]));
    expect(pending).not.toContain(live.assessment.id);
    expect(pending).not.toContain(untaught.assessment.id);
    expect(await ids(school.tokens.faculty, 'evaluated')).toEqual([evaluated.id]);
    expect(await ids(school.tokens.moderator, 'pending')).toContain(untaught.assessment.id);
    const filtered = await call(
      'GET',
      `/api/assessment-evaluations?batch_subject_id=${history.batchSubject.id}`,
      school.tokens.faculty,
    );
    expect(filtered.statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assessment-evaluations?batch_id=${other.batch.id}`, school.tokens.faculty))
        .statusCode,
    ).toBe(404);
  });
});

describe('overdue attempts', () => {
  it('are submitted with their saved answers, in one go, the first time anyone reads the submissions', async () => {
    const exam = await newExam();
    const student = await newStudent('Dev Overdue');
    const attemptId = await sit(exam, student.token, { right: true, submit: false });
    // Within the grace nothing is submitted yet: the device may still send its auto-submit.
    t.clock.set(new Date(DUE.getTime() + EXAM_GRACE_MS));
    await call('GET', `/api/assessment-submissions/assessment/${exam.assessment.id}`, school.tokens.faculty);
    const [waiting] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(waiting!.submittedAt).toBeNull();

    t.clock.set(CLOSED_AT);
    const list = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}`,
      school.tokens.faculty,
    );
    expect(list.statusCode).toBe(200);
    const row = list
      .json()
      .data.students.find((s: { student_id: string }) => s.student_id === student.entityId);
    expect(row).toMatchObject({
      submitted: true,
      submitted_at: DUE.toISOString(),
      evaluated: false,
      scored_marks: 4,
    });
    expect(list.json().data.assessment.submissions_received).toBe(1);
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt).toMatchObject({ autoSubmitted: true, submittedAt: DUE });
    const answers = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId));
    expect(answers).toHaveLength(5);
    const text = answers.find((answer) => answer.questionId === exam.text.question.id);
    expect(text!.answerText).toBe('Chlorophyll');
    const single = answers.find((answer) => answer.questionId === exam.single.question.id);
    expect(single).toMatchObject({ correct: true, scoredPoint: 1 });
    const upload = answers.find((answer) => answer.questionId === exam.upload.question.id);
    expect(upload).toMatchObject({ fileUrls: [], scoredPoint: null, correct: null });
  });

  it('are submitted before the marks report and before "Marks Evaluated"', async () => {
    const exam = await newExam();
    const student = await newStudent('Ema Late');
    await sit(exam, student.token, { right: false, submit: false });
    t.clock.set(CLOSED_AT);
    const report = await call(
      'GET',
      `/api/assessment-submissions/marks/${exam.assessment.id}`,
      school.tokens.moderator,
    );
    expect(report.json().data.participant_count).toBe(1);

    const second = await newExam();
    const late = await newStudent('Fay Later');
    await sit(second, late.token, { right: true, submit: false });
    t.clock.set(CLOSED_AT);
    const evolved = await call(
      'PATCH',
      `/api/assessments/${second.assessment.id}/status`,
      school.tokens.faculty,
      {
        status: 'EVOLUTED',
        force: true,
      },
    );
    expect(evolved.statusCode).toBe(200);
    expect(evolved.json().data.assessment.submissions_received).toBe(1);
  });
});

describe('evaluating', () => {
  it('lists the students with their state, flags ineligible ones, and filters evaluated / notEvaluated', async () => {
    const exam = await newExam();
    const done = await newStudent('Anu Done');
    const waiting = await newStudent('Bala Waiting');
    await newStudent('Chitra Barred', { uploadNotAllowed: true });
    await sit(exam, done.token, { right: true, sheet: true });
    await sit(exam, waiting.token, { right: false });
    t.clock.set(CLOSED_AT);
    expect((await markAll(exam, done.entityId, { correct: true, upload: 4 })).statusCode).toBe(200);
    const url = `/api/assessment-submissions/assessment/${exam.assessment.id}`;
    const all = (await call('GET', url, school.tokens.faculty)).json().data.students;
    const byName = new Map(all.map((row: { student_name: string }) => [row.student_name, row]));
    expect(byName.get('Anu Done')).toMatchObject({
      submitted: true,
      evaluated: true,
      eligible: true,
      scored_marks: 11,
    });
    expect(byName.get('Bala Waiting')).toMatchObject({ submitted: true, evaluated: false });
    expect(byName.get('Chitra Barred')).toMatchObject({
      submitted: false,
      eligible: false,
      attempt_id: null,
    });
    const names = async (state: string) =>
      (await call('GET', `${url}?state=${state}`, school.tokens.faculty))
        .json()
        .data.students.map((row: { student_name: string }) => row.student_name);
    expect(await names('evaluated')).toEqual(['Anu Done']);
    expect(await names('notEvaluated')).toEqual(['Bala Waiting']);
  });

  it('scores per decision 20: choice auto-scored, TEXT Correct/Wrong, UPLOAD marks blank 0 and never above the weightage', async () => {
    const exam = await newExam();
    const high = await newStudent('Hari High');
    const blank = await newStudent('Ila Blank');
    await sit(exam, high.token, { right: true, sheet: true });
    await sit(exam, blank.token, { right: false, sheet: true });
    t.clock.set(CLOSED_AT);
    expect((await markAll(exam, high.entityId, { correct: true, upload: 99 })).statusCode).toBe(200);
    expect((await markAll(exam, blank.entityId, { correct: false, upload: null })).statusCode).toBe(200);
    const highResult = (await submissionOf(exam, high.entityId)).json().data.submission;
    const points = (submission: { answers: { question_type: string; scored_point: number }[] }) =>
      Object.fromEntries(submission.answers.map((answer) => [answer.question_type, answer.scored_point]));
    expect(points(highResult)).toEqual({
      SINGLE_CHOICE: 1,
      MULTIPLE_CHOICE: 2,
      BOOLEAN: 1,
      TEXT: 3,
      UPLOAD: 5,
    });
    expect(highResult).toMatchObject({
      scored_marks: 12,
      total_marks: 12,
      evaluated: true,
      number_file_submited: 1,
    });
    expect(highResult.assessor_name).toBeTruthy();
    const blankResult = (await submissionOf(exam, blank.entityId)).json().data.submission;
    expect(points(blankResult)).toEqual({
      SINGLE_CHOICE: 0,
      MULTIPLE_CHOICE: 0,
      BOOLEAN: 0,
      TEXT: 0,
      UPLOAD: 0,
    });
    // Marking "Correct" never turns a wrong choice answer right.
    expect(
      blankResult.answers.find((a: { question_type: string }) => a.question_type === 'SINGLE_CHOICE').correct,
    ).toBe(false);
  });

  it('refuses an evaluation that leaves an answer unmarked (400) and changes nothing', async () => {
    const exam = await newExam();
    const student = await newStudent('Jai Partial');
    await sit(exam, student.token, { right: true });
    t.clock.set(CLOSED_AT);
    const submission = (await submissionOf(exam, student.entityId)).json().data.submission;
    const text = submission.answers.find((a: { question_type: string }) => a.question_type === 'TEXT');
    const upload = submission.answers.find((a: { question_type: string }) => a.question_type === 'UPLOAD');
    const body = (submissions: object[]) => ({
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
      submissions,
    });
    for (const submissions of [
      [{ submission_id: text._id, correct: true }],
      [
        { submission_id: text._id, correct: true },
        { submission_id: upload._id, scored_point: 2 },
      ],
    ]) {
      const refused = await call(
        'POST',
        '/api/assessment-submissions/assess',
        school.tokens.faculty,
        body(submissions),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(MESSAGES.evaluateAllAnswers);
    }
    const foreign = await call(
      'POST',
      '/api/assessment-submissions/assess',
      school.tokens.faculty,
      body([{ submission_id: ID, correct: true }]),
    );
    expect(foreign.statusCode).toBe(400);
    const answers = await t.db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, submission.attempt_id));
    // Nothing the teacher marks was written; the choice answers were assessed by the portal on submit.
    const byHand = answers.filter((answer) => answer.correct === null);
    expect(byHand.length).toBeGreaterThan(0);
    expect(byHand.every((answer) => !answer.assessed)).toBe(true);
  });

  it('completes every submission graded question by question, and every count agrees', async () => {
    const exam = await newExam();
    const first = await newStudent('Oviya First');
    const second = await newStudent('Pari Second');
    await sit(exam, first.token, { right: true, sheet: true });
    await sit(exam, second.token, { right: false });
    t.clock.set(CLOSED_AT);
    const studentsUrl = `/api/assessment-submissions/assessment/${exam.assessment.id}`;
    const listed = async (state: string) =>
      (await call('GET', `${studentsUrl}?state=${state}`, school.tokens.faculty)).json().data;
    expect((await listed('notEvaluated')).students).toHaveLength(2);
    // Only the answers a teacher marks wait: text and upload, never the portal's scored choices.
    const pending = (await submissionOf(exam, first.entityId)).json().data.submission.answers;
    expect(
      pending
        .filter((answer: { assessed: boolean }) => !answer.assessed)
        .map((a: { question_type: string }) => a.question_type)
        .sort(),
    ).toEqual(['TEXT', 'UPLOAD']);

    for (const question of [exam.text.question, exam.upload.question]) {
      const url = `${studentsUrl}/question/${question.id}`;
      const column = (await call('GET', url, school.tokens.faculty)).json().data.answers;
      const marked = await call('POST', '/api/assessment-submissions/assess', school.tokens.faculty, {
        assessment_id: exam.assessment.id,
        batch_subject_id: maths.batchSubject.id,
        question_id: question.id,
        submissions: column.map((answer: { _id: string }) => ({
          submission_id: answer._id,
          correct: true,
          scored_point: question.id === exam.upload.question.id ? 1 : null,
        })),
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }

    const evaluated = await listed('evaluated');
    expect(evaluated.students.map((s: { student_name: string }) => s.student_name)).toEqual([
      'Oviya First',
      'Pari Second',
    ]);
    expect((await listed('notEvaluated')).students).toEqual([]);
    expect(evaluated.assessment).toMatchObject({ submissions_received: 2, submissions_evoluted: 2 });
    const card = (await call('GET', '/api/assessment-evaluations?tab=pending', school.tokens.faculty))
      .json()
      .data.assessments.find((a: { _id: string }) => a._id === exam.assessment.id);
    expect(card).toMatchObject({ submissions_received: 2, submissions_evoluted: 2 });
    const submission = (await submissionOf(exam, second.entityId)).json().data.submission;
    expect(submission.evaluated).toBe(true);
  });

  it('grades one question across all submissions (decision 28)', async () => {
    const exam = await newExam();
    const first = await newStudent('Kavi One');
    const second = await newStudent('Lata Two');
    await sit(exam, first.token, { right: true });
    await sit(exam, second.token, { right: false });
    t.clock.set(CLOSED_AT);
    const url = `/api/assessment-submissions/assessment/${exam.assessment.id}/question/${exam.text.question.id}`;
    const column = (await call('GET', url, school.tokens.faculty)).json().data;
    expect(column.question.type).toBe('TEXT');
    expect(column.answers.map((a: { student_name: string }) => a.student_name)).toEqual([
      'Kavi One',
      'Lata Two',
    ]);
    const assess = (submissions: object[]) =>
      call('POST', '/api/assessment-submissions/assess', school.tokens.faculty, {
        assessment_id: exam.assessment.id,
        batch_subject_id: maths.batchSubject.id,
        question_id: exam.text.question.id,
        submissions,
      });
    const [kavi, lata] = column.answers;
    expect((await assess([{ submission_id: kavi._id, correct: true }])).statusCode).toBe(400);
    const done = await assess([
      { submission_id: kavi._id, correct: true },
      { submission_id: lata._id, correct: false },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.assessed).toBe(2);
    const after = (await call('GET', url, school.tokens.faculty)).json().data.answers;
    expect(
      after.map((a: { scored_point: number; assessed: boolean }) => [a.assessed, a.scored_point]),
    ).toEqual([
      [true, 3],
      [true, 0],
    ]);
  });

  it('marks as evaluated only when CLOSED, then freezes the marks (409) and shows the student their results', async () => {
    const exam = await newExam();
    const student = await newStudent('Mani Result');
    const classmate = await newStudent('Nila Other');
    await sit(exam, student.token, { right: true, sheet: true });
    t.clock.set(new Date(DUE.getTime() - 1));
    const tooEarly = await call(
      'PATCH',
      `/api/assessments/${exam.assessment.id}/status`,
      school.tokens.faculty,
      {
        status: 'EVOLUTED',
        force: true,
      },
    );
    expect(tooEarly.statusCode).toBe(409);
    t.clock.set(CLOSED_AT);
    const notYet = await submissionOf(exam, student.entityId, student.token);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toBe(MESSAGES.examResultsNotYet);
    expect((await markAll(exam, student.entityId, { correct: true, upload: 2.5 })).statusCode).toBe(200);
    const evolved = await call(
      'PATCH',
      `/api/assessments/${exam.assessment.id}/status`,
      school.tokens.faculty,
      {
        status: 'EVOLUTED',
        force: true,
      },
    );
    expect(evolved.statusCode).toBe(200);
    expect(evolved.json().data.assessment).toMatchObject({
      status: 'EVOLUTED',
      submissions_received: 1,
      submissions_evoluted: 1,
    });

    const frozen = await markAll(exam, student.entityId, { correct: false, upload: 0 });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe(MESSAGES.evaluationFrozen);

    const results = await submissionOf(exam, student.entityId, student.token);
    expect(results.statusCode).toBe(200);
    const submission = results.json().data.submission;
    expect(submission).toMatchObject({ scored_marks: 9.5, total_marks: 12, evaluated: true });
    const single = submission.answers.find(
      (a: { question_type: string }) => a.question_type === 'SINGLE_CHOICE',
    );
    expect(single.options.find((o: { correct: boolean }) => o.correct)._id).toBe(exam.single.options[1]!.id);
    expect(single.submitted_answer_ids).toEqual([exam.single.options[1]!.id]);
    expect((await submissionOf(exam, classmate.entityId, student.token)).statusCode).toBe(403);
    expect((await submissionOf(exam, classmate.entityId)).statusCode).toBe(404);
  });
});

describe('answer sheets', () => {
  it('are read by the faculty of the batch subject, not by other faculty', async () => {
    const exam = await newExam();
    const student = await newStudent('Oviya Sheet');
    await sit(exam, student.token, { right: true, sheet: true });
    const [answer] = await t.db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.questionId, exam.upload.question.id));
    const url = answer!.fileUrls[0]!;
    const fetchAs = async (token: string) => t.app.inject({ url, headers: await t.fileCookie(token) });
    expect((await fetchAs(school.tokens.faculty)).statusCode).toBe(200);
    expect((await fetchAs(school.tokens.moderator)).statusCode).toBe(200);
    const stranger = await t.createAccount('faculty', { institutionId: school.institution.id });
    expect((await fetchAs(await t.login(stranger.username))).statusCode).toBe(404);
    expect((await fetchAs(other.tokens.faculty)).statusCode).toBe(404);
  });
});

describe('the marks report', () => {
  it('shows every submission with answers, right answers, scored, % to 2 decimals, assessor and files; as PDF and CSV', async () => {
    const exam = await newExam();
    const good = await newStudent('Pavi Good');
    const poor = await newStudent('Ravi Poor');
    await sit(exam, good.token, { right: true, sheet: true });
    await sit(exam, poor.token, { right: false });
    t.clock.set(CLOSED_AT);
    await markAll(exam, good.entityId, { correct: true, upload: 4 });
    await markAll(exam, poor.entityId, { correct: false, upload: null });
    const response = await call(
      'GET',
      `/api/assessment-submissions/marks/${exam.assessment.id}`,
      school.tokens.moderator,
    );
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.questions.map((q: { correct_answer: string }) => q.correct_answer)).toEqual([
      'B',
      'A|B',
      'A',
      '',
      '',
    ]);
    expect(report).toMatchObject({ participant_count: 2, total_marks: 12, average_percentage: 45.83 });
    expect(report.student_count).toBeGreaterThanOrEqual(2);
    const [pavi, ravi] = report.rows;
    expect(pavi).toMatchObject({
      sl_no: 1,
      name: 'Pavi Good',
      scored: 11,
      percentage: 91.67,
      number_of_files: 1,
    });
    expect(pavi.assessor).toBeTruthy();
    expect(pavi.cells.map((cell: { answer: string }) => cell.answer)).toEqual([
      'B',
      'A|B',
      'A',
      'Chlorophyll',
      '',
    ]);
    expect(ravi).toMatchObject({ sl_no: 2, scored: 0, percentage: 0 });
    expect(ravi.cells[0]).toMatchObject({ answer: 'A', correct: false });

    const pdf = await call(
      'GET',
      `/api/assessment-submissions/marks/${exam.assessment.id}/pdf`,
      school.tokens.moderator,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Marks are people's data: no cache between the portal and the browser keeps them.
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      school.institution.title,
      school.batch.title,
      exam.assessment.title,
      'Questions: 5',
      'Participated: 2',
      'Total marks: 12',
      '45.83%',
      'Pavi Good',
      '91.67',
      'Start date: 20-11-2026 | 10:00 AM',
    ]) {
      expect(text).toContain(expected);
    }

    const csv = await call(
      'GET',
      `/api/assessment-submissions/marks/${exam.assessment.id}/csv`,
      school.tokens.faculty,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Sl No,Name,Q1,Q2,Q3,Q4,Q5,Scored,%,Assessor,No. Files');
    expect(lines[1]).toBe(',Correct answers,B,A|B,A,,,,,,');
    expect(lines[2]).toMatch(/^1,Pavi Good,B,A\|B,A,Chlorophyll,4,11,91\.67,.+,1$/);
  });

  it('says No Submission in the PDF when nobody submitted', async () => {
    const exam = await newExam();
    t.clock.set(CLOSED_AT);
    const pdf = await call(
      'GET',
      `/api/assessment-submissions/marks/${exam.assessment.id}/pdf`,
      school.tokens.moderator,
    );
    expect(pdfText(pdf.rawPayload)).toContain(MESSAGES.noSubmission);
  });
});
