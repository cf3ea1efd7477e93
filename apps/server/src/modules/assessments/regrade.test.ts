import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, enrolledStudent } from '../../test/factories/exams.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Regrading a wrong key (decision 39): a question's right options or marks corrected after the
 * exam, every submission rescored in one statement, the change kept in the history; refused
 * before anyone sat it and once the marks are evaluated; every 401/403/404/400.
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

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const regrade = (exam: Exam, questionId: string, body: object, token = school.tokens.faculty) =>
  call('POST', `/api/assessments/${exam.assessment.id}/questions/${questionId}/regrade`, token, body);

const newStudent = () => enrolledStudent(t, school, maths.batchSubject.id);

const newExam = () =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due: DUE,
  });

/** The student sits the exam, choosing `option` of the single-choice question and typing an answer. */
async function sit(student: Student, exam: Exam, option: number) {
  t.clock.set(START);
  await call('POST', '/api/assessment-attempts', student.token, { assessment_id: exam.assessment.id });
  const submitted = await call('POST', '/api/assessment-submissions', student.token, {
    assessment_id: exam.assessment.id,
    batch_subject_id: maths.batchSubject.id,
    submissions: [
      { question_id: exam.single.question.id, submitted_answer_ids: [exam.single.options[option]!.id] },
      { question_id: exam.text.question.id, submitted_answer_text: 'My answer' },
    ],
  });
  expect(submitted.statusCode).toBe(201);
}

/** Each student's score of a question. */
async function scores(questionId: string) {
  const rows = await t.db.select().from(examAnswers).where(eq(examAnswers.questionId, questionId));
  return rows.map((row) => row.scoredPoint).sort();
}

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

describe('regrade', () => {
  it('corrects the right option and rescores every submission, keeping the change in the history', async () => {
    const exam = await newExam();
    // Two chose "Three" (option A), one chose "Four" (option B, the key's right one).
    for (const option of [0, 0, 1]) await sit(await newStudent(), exam, option);
    expect(await scores(exam.single.question.id)).toEqual([0, 0, 1]);
    t.clock.set(at('11:30:00'));
    const response = await regrade(exam, exam.single.question.id, {
      right_option_ids: [exam.single.options[0]!.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ rescored: 3, regrade: { scores_changed: 3, question_position: 1 } });
    expect(data.regrade.before).toEqual({ right_option_ids: [exam.single.options[1]!.id], weightage: 1 });
    expect(data.regrade.after).toEqual({ right_option_ids: [exam.single.options[0]!.id], weightage: 1 });
    expect(data.question.answers.map((option: { correct: boolean }) => option.correct)).toEqual([
      true,
      false,
      false,
    ]);
    expect(await scores(exam.single.question.id)).toEqual([0, 1, 1]);
    // The marks too: only the right answers' scores change.
    t.clock.set(at('11:31:00'));
    const marks = await regrade(exam, exam.single.question.id, { weightage: 2 });
    expect(marks.json().data).toMatchObject({ rescored: 3, regrade: { scores_changed: 2 } });
    expect(await scores(exam.single.question.id)).toEqual([0, 2, 2]);
    // The history, latest first, with who and when.
    const history = await call(
      'GET',
      `/api/assessments/${exam.assessment.id}/history`,
      school.tokens.moderator,
    );
    expect(history.json().data.regrades).toEqual([
      expect.objectContaining({ scores_changed: 2, created_at: at('11:31:00').toISOString() }),
      expect.objectContaining({ scores_changed: 3, created_at: at('11:30:00').toISOString() }),
    ]);
    expect(history.json().data.regrades[0].user_name).toBeTruthy();
    // Submissions read the new scores.
    const list = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}`,
      school.tokens.faculty,
    );
    expect(
      list
        .json()
        .data.students.map((row: { scored_marks: number | null }) => row.scored_marks)
        .sort(),
    ).toEqual([0, 2, 2]);
  });

  it('follows a text question’s marks for the answers marked Correct, and clamps upload marks', async () => {
    const exam = await newExam();
    const student = await newStudent();
    await sit(student, exam, 1);
    t.clock.set(at('11:10:00'));
    const submission = (
      await call(
        'GET',
        `/api/assessment-submissions/assessment/${exam.assessment.id}/student/${student.entityId}`,
        school.tokens.faculty,
      )
    ).json().data.submission;
    const answerTo = (questionId: string) =>
      submission.answers.find((row: { question_id: string }) => row.question_id === questionId)._id;
    await call('POST', '/api/assessment-submissions/assess', school.tokens.faculty, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
      submissions: [
        { submission_id: answerTo(exam.text.question.id), correct: true },
        { submission_id: answerTo(exam.upload.question.id), correct: true, scored_point: 4 },
      ],
    });
    const text = await regrade(exam, exam.text.question.id, { weightage: 4 });
    expect(text.json().data.regrade.scores_changed).toBe(1);
    expect(await scores(exam.text.question.id)).toEqual([4]);
    await regrade(exam, exam.upload.question.id, { weightage: 2.5 });
    expect(await scores(exam.upload.question.id)).toEqual([2.5]);
  });

  it('is refused before anyone sat the assessment and once its marks are evaluated (409)', async () => {
    const unsat = await newExam();
    t.clock.set(START);
    const early = await regrade(unsat, unsat.single.question.id, { weightage: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.regradeNotStarted);
    const exam = await newExam();
    await sit(await newStudent(), exam, 0);
    t.clock.set(at('11:30:00'));
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
    const late = await regrade(exam, exam.single.question.id, { weightage: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.evaluationFrozen);
  });

  it('answers 400 to a key that does not fit the question', async () => {
    const exam = await newExam();
    await sit(await newStudent(), exam, 0);
    t.clock.set(at('11:30:00'));
    const cases: [string, object, string][] = [
      [exam.text.question.id, { right_option_ids: [exam.single.options[0]!.id] }, MESSAGES.regradeNotChoice],
      [
        exam.single.question.id,
        { right_option_ids: [exam.multiple.options[0]!.id] },
        MESSAGES.regradeUnknownOption,
      ],
      [
        exam.single.question.id,
        { right_option_ids: exam.single.options.slice(0, 2).map((option) => option.id) },
        MESSAGES.regradeOneRightOption,
      ],
      [exam.single.question.id, { right_option_ids: [exam.single.options[1]!.id] }, MESSAGES.regradeNothing],
      [exam.single.question.id, {}, MESSAGES.regradeNothing],
      [exam.single.question.id, { weightage: 0 }, MESSAGES.regradeMarksInvalid],
      [exam.single.question.id, { right_option_ids: [] }, MESSAGES.regradeNoRightOption],
    ];
    for (const [questionId, body, message] of cases) {
      const response = await regrade(exam, questionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    // Several right options for a multiple-choice question are fine.
    const multiple = await regrade(exam, exam.multiple.question.id, {
      right_option_ids: exam.multiple.options.map((option) => option.id),
    });
    expect(multiple.statusCode).toBe(200);
  });

  it('is for the batch subject’s teachers and moderators: 401, 403 and 404', async () => {
    const staff = ['moderator', 'faculty'] as const;
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/assessments/${ID}/questions/${ID}/regrade`, payload: { weightage: 2 } },
      staff,
    );
    await expectGuarded(t, school, { method: 'GET', url: `/api/assessments/${ID}/history` }, staff);
    const exam = await newExam();
    await sit(await newStudent(), exam, 0);
    t.clock.set(at('11:30:00'));
    const stranger = await t.createAccount('faculty', { institutionId: school.institution.id });
    const strangerToken = await t.login(stranger.username);
    expect((await regrade(exam, exam.single.question.id, { weightage: 2 }, strangerToken)).statusCode).toBe(
      403,
    );
    expect(
      (await regrade(exam, exam.single.question.id, { weightage: 2 }, other.tokens.moderator)).statusCode,
    ).toBe(404);
    const elsewhere = await newExam();
    expect((await regrade(exam, elsewhere.single.question.id, { weightage: 2 })).statusCode).toBe(404);
    expect((await regrade(exam, 'nope', { weightage: 2 })).statusCode).toBe(400);
  });
});
