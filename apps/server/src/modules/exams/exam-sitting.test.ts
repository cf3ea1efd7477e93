import { LEAVES_PER_MINUTE, MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, enrolledStudent } from '../../test/factories/exams.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * While the exam is sat: review marks saved with the answers, and leaving the exam page recorded
 * against the attempt (owned, rate-limited, only while open), shown to the evaluator per
 * submission and never to the student.
 */
let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
let maths: Awaited<ReturnType<typeof createTaughtSubject>>;
type Exam = Awaited<ReturnType<typeof createLiveExam>>;
type Student = Awaited<ReturnType<typeof newStudent>>;

const at = (time: string) => new Date(`2026-11-20T${time}Z`);
const START = at('10:00:00');
const DUE = at('11:00:00');
const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const leave = (student: Student, attemptId: string, event: string) =>
  call('POST', `/api/assessment-attempts/${attemptId}/leaves`, student.token, { event });

const newStudent = () => enrolledStudent(t, school, maths.batchSubject.id);

const newExam = () =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due: DUE,
  });

async function startedAttempt(student: Student, exam: Exam) {
  t.clock.set(START);
  const response = await call('POST', '/api/assessment-attempts', student.token, {
    assessment_id: exam.assessment.id,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.attempt._id as string;
}

const submit = (student: Student, exam: Exam) =>
  call('POST', '/api/assessment-submissions', student.token, {
    assessment_id: exam.assessment.id,
    batch_subject_id: maths.batchSubject.id,
  });

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
});
afterAll(() => t.close());

describe('mark for review', () => {
  it('is saved with the answer, kept when a save leaves it out, and read back on reload', async () => {
    const exam = await newExam();
    const student = await newStudent();
    const attemptId = await startedAttempt(student, exam);
    const url = `/api/assessment-attempts/${attemptId}/answers/${exam.text.question.id}`;
    const marked = await call('PUT', url, student.token, {
      submitted_answer_text: '',
      marked_for_review: true,
    });
    expect(marked.json().data.answer).toMatchObject({ marked_for_review: true, submitted_answer_text: null });
    const typed = await call('PUT', url, student.token, { submitted_answer_text: 'Because.' });
    expect(typed.json().data.answer).toMatchObject({
      marked_for_review: true,
      submitted_answer_text: 'Because.',
    });
    const sheet = await call('GET', `/api/assessment-attempts/${attemptId}`, student.token);
    expect(sheet.json().data.answers).toEqual([
      expect.objectContaining({ question_id: exam.text.question.id, marked_for_review: true }),
    ]);
    const unmarked = await call('PUT', url, student.token, {
      submitted_answer_text: 'Because.',
      marked_for_review: false,
    });
    expect(unmarked.json().data.answer.marked_for_review).toBe(false);
    expect((await call('PUT', url, student.token, { marked_for_review: 'yes' })).statusCode).toBe(400);
  });
});

describe('leaving the exam page', () => {
  it('is recorded with the server’s times and shown to the evaluator, not to the student', async () => {
    const exam = await newExam();
    const student = await newStudent();
    const attemptId = await startedAttempt(student, exam);
    t.clock.set(at('10:10:00'));
    expect((await leave(student, attemptId, 'left')).json().data).toEqual({ recorded: true });
    // Blur and hide both fire: a second "left" while away changes nothing.
    t.clock.set(at('10:10:01'));
    expect((await leave(student, attemptId, 'left')).json().data).toEqual({ recorded: false });
    t.clock.set(at('10:12:00'));
    expect((await leave(student, attemptId, 'back')).json().data).toEqual({ recorded: true });
    expect((await leave(student, attemptId, 'back')).json().data).toEqual({ recorded: false });
    t.clock.set(at('10:30:00'));
    await leave(student, attemptId, 'left');
    // Never came back: counted until the submission.
    t.clock.set(at('10:31:30'));
    expect((await submit(student, exam)).statusCode).toBe(201);
    const url = `/api/assessment-submissions/assessment/${exam.assessment.id}/student/${student.entityId}`;
    const seen = await call('GET', url, school.tokens.faculty);
    expect(seen.json().data.submission.leaves).toEqual({
      count: 2,
      minutes: 3.5,
      leaves: [
        { left_at: at('10:10:00').toISOString(), back_at: at('10:12:00').toISOString() },
        { left_at: at('10:30:00').toISOString(), back_at: null },
      ],
    });
    // After the submit, nothing more is taken.
    const late = await leave(student, attemptId, 'back');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.alreadySubmitted);
    // The student's own result (once evaluated) does not carry it.
    t.clock.set(at('11:05:00'));
    await call('POST', '/api/assessment-submissions/assess', school.tokens.faculty, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
      submissions: seen
        .json()
        .data.submission.answers.filter((row: { assessed: boolean }) => !row.assessed)
        .map((row: { _id: string }) => ({ submission_id: row._id, correct: false, scored_point: 0 })),
    });
    const evaluated = await call(
      'PATCH',
      `/api/assessments/${exam.assessment.id}/status`,
      school.tokens.faculty,
      {
        status: 'EVOLUTED',
        force: true,
      },
    );
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    const own = await call('GET', url, student.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.submission.leaves).toBeNull();
  });

  it('is limited to a few absences a minute (429)', async () => {
    const exam = await newExam();
    const student = await newStudent();
    const attemptId = await startedAttempt(student, exam);
    t.clock.set(at('10:20:00'));
    for (let index = 0; index < LEAVES_PER_MINUTE; index++) {
      expect((await leave(student, attemptId, 'left')).json().data.recorded).toBe(true);
      expect((await leave(student, attemptId, 'back')).json().data.recorded).toBe(true);
    }
    const flood = await leave(student, attemptId, 'left');
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.message).toBe(MESSAGES.leavesTooMany);
    expect(flood.headers['retry-after']).toBe('60');
    t.clock.set(at('10:21:01'));
    expect((await leave(student, attemptId, 'left')).json().data.recorded).toBe(true);
  });

  it('belongs to the attempt’s student (404 for anyone else’s) and ends with the attempt’s time (409)', async () => {
    const exam = await newExam();
    const [owner, classmate] = [await newStudent(), await newStudent()];
    const attemptId = await startedAttempt(owner, exam);
    t.clock.set(at('10:20:00'));
    expect((await leave(classmate, attemptId, 'left')).statusCode).toBe(404);
    const stranger = { ...other.accounts.student, token: other.tokens.student };
    expect((await leave(stranger, attemptId, 'left')).statusCode).toBe(404);
    expect((await leave(owner, ID, 'left')).statusCode).toBe(404);
    t.clock.set(at('11:01:01'));
    const late = await leave(owner, attemptId, 'left');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.examTimeOver);
  });

  it('answers 401 without a token, 403 to everyone but students, 400 to a bad event', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/assessment-attempts/${ID}/leaves`, payload: { event: 'left' } },
      ['student'],
    );
    const exam = await newExam();
    const student = await newStudent();
    const attemptId = await startedAttempt(student, exam);
    for (const body of [{}, { event: 'away' }, { event: 1 }]) {
      const response = await call(
        'POST',
        `/api/assessment-attempts/${attemptId}/leaves`,
        student.token,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await leave(student, 'not-an-id', 'left')).statusCode).toBe(400);
  });
});
