import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, examAttempts } from '../../db/schema/index.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import type { QuestionSpec } from '../../test/factories/assessments.js';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, enrolledStudent } from '../../test/factories/exams.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Shuffled and drawn papers (decision 39): each student's order is derived from their attempt's
 * seed, stable across reloads and tabs and different across students; drawn papers are worth the
 * same; only the student's own questions may be answered.
 */
let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let maths: Awaited<ReturnType<typeof createTaughtSubject>>;
type Exam = Awaited<ReturnType<typeof createLiveExam>>;
type Student = Awaited<ReturnType<typeof newStudent>>;
interface SheetQuestion {
  _id: string;
  weightage: number;
  answers: { _id: string; position: number }[];
}

const START = new Date('2026-11-20T10:00:00Z');
const DUE = new Date('2026-11-20T11:00:00Z');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

const newStudent = () => enrolledStudent(t, school, maths.batchSubject.id);

/** Eight single-choice questions of 1 mark and four of 2 marks, four options each (the first right). */
const PAPER: QuestionSpec[] = [...Array(12).keys()].map((index) => ({
  type: 'SINGLE_CHOICE',
  marks: index < 8 ? 1 : 2,
  options: [
    ['Right', true],
    ['Wrong 1', false],
    ['Wrong 2', false],
    ['Wrong 3', false],
  ],
}));

const newExam = (settings: { shuffleQuestions?: boolean; shuffleOptions?: boolean; drawCount?: number }) =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due: DUE,
    settings,
    questions: PAPER,
  });

async function startOf(student: Student, exam: Exam) {
  t.clock.set(START);
  const response = await call('POST', '/api/assessment-attempts', student.token, {
    assessment_id: exam.assessment.id,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as { attempt: { _id: string }; questions: SheetQuestion[]; assessment: object };
}

/** The order a sheet shows: question ids, each with its option ids. */
const orderOf = (questions: SheetQuestion[]) =>
  questions.map((question) => [question._id, ...question.answers.map((option) => option._id)].join(':'));

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
    facultyIds: [school.accounts.faculty.entityId],
  });
});
afterAll(() => t.close());

describe('shuffled papers', () => {
  it('keep each student’s order across reloads and a second tab, and give students different orders', async () => {
    const exam = await newExam({ shuffleQuestions: true, shuffleOptions: true });
    const [one, two] = [await newStudent(), await newStudent()];
    const first = await startOf(one, exam);
    const canonical = exam.questions.map((made) => made.question.id);
    expect(first.questions.map((question) => question._id).sort()).toEqual([...canonical].sort());
    // The letters are the student's: positions 1..4 in the order shown.
    for (const question of first.questions) {
      expect(question.answers.map((option) => option.position)).toEqual([1, 2, 3, 4]);
    }
    const reload = await call('GET', `/api/assessment-attempts/${first.attempt._id}`, one.token);
    expect(orderOf(reload.json().data.questions)).toEqual(orderOf(first.questions));
    const secondTab = await startOf(one, exam);
    expect(orderOf(secondTab.questions)).toEqual(orderOf(first.questions));
    // Another student: another seed, another order (seeds fixed here so the test cannot be unlucky).
    const theirs = await startOf(two, exam);
    await t.db.update(examAttempts).set({ seed: 1 }).where(eq(examAttempts.id, first.attempt._id));
    await t.db.update(examAttempts).set({ seed: 2 }).where(eq(examAttempts.id, theirs.attempt._id));
    forgetInstitutionReads(t.db, school.institution.id);
    const mine = await call('GET', `/api/assessment-attempts/${first.attempt._id}`, one.token);
    const yours = await call('GET', `/api/assessment-attempts/${theirs.attempt._id}`, two.token);
    expect(orderOf(mine.json().data.questions)).not.toEqual(orderOf(yours.json().data.questions));
    expect(mine.json().data.questions.map((question: SheetQuestion) => question._id)).not.toEqual(canonical);
  });

  it('scores the option chosen, whatever letter the student saw it under', async () => {
    const exam = await newExam({ shuffleOptions: true });
    const student = await newStudent();
    const sheet = await startOf(student, exam);
    const right = new Set(exam.questions.map((made) => made.options[0]!.id));
    const question = sheet.questions[0]!;
    const chosen = question.answers.find((option) => right.has(option._id))!;
    const saved = await call(
      'PUT',
      `/api/assessment-attempts/${sheet.attempt._id}/answers/${question._id}`,
      student.token,
      { submitted_answer_ids: [chosen._id] },
    );
    expect(saved.statusCode).toBe(200);
    const submitted = await call('POST', '/api/assessment-submissions', student.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(submitted.statusCode).toBe(201);
    const [answer] = await t.db.select().from(examAnswers).where(eq(examAnswers.questionId, question._id));
    expect(answer).toMatchObject({ correct: true, scoredPoint: 1 });
  });
});

describe('drawn papers', () => {
  it('give every student the same number of questions worth the same total, drawn differently', async () => {
    const exam = await newExam({ drawCount: 6, shuffleQuestions: true });
    const drawnSets = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const student = await newStudent();
      const sheet = await startOf(student, exam);
      expect(sheet.questions).toHaveLength(6);
      // 8 × 1 mark and 4 × 2 marks, 6 drawn: 4 of 1 mark and 2 of 2 marks = 8 marks.
      expect(sheet.questions.reduce((sum, question) => sum + question.weightage, 0)).toBe(8);
      expect(sheet.assessment).toMatchObject({ questions_count: 6, total_marks: 8 });
      drawnSets.add(
        sheet.questions
          .map((question) => question._id)
          .sort()
          .join(),
      );
    }
    expect(drawnSets.size).toBeGreaterThan(1);
  });

  it('refuses an answer to a question the student was not given, and submits only their paper', async () => {
    const exam = await newExam({ drawCount: 3 });
    const student = await newStudent();
    const sheet = await startOf(student, exam);
    const mine = new Set(sheet.questions.map((question) => question._id));
    const notMine = exam.questions.find((made) => !mine.has(made.question.id))!;
    const refused = await call(
      'PUT',
      `/api/assessment-attempts/${sheet.attempt._id}/answers/${notMine.question.id}`,
      student.token,
      { submitted_answer_ids: [notMine.options[0]!.id] },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.examQuestionUnknown);
    const inPayload = await call('POST', '/api/assessment-submissions', student.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
      submissions: [{ question_id: notMine.question.id, submitted_answer_ids: [] }],
    });
    expect(inPayload.statusCode).toBe(400);
    const submitted = await call('POST', '/api/assessment-submissions', student.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
    });
    expect(submitted.statusCode).toBe(201);
    const rows = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, sheet.attempt._id));
    expect(rows.map((row) => row.questionId).sort()).toEqual([...mine].sort());
  });

  it('submits an overdue drawn paper with its own questions only', async () => {
    const exam = await newExam({ drawCount: 4 });
    const student = await newStudent();
    const sheet = await startOf(student, exam);
    t.clock.set(new Date(DUE.getTime() + 61_000));
    const list = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}`,
      school.tokens.faculty,
    );
    expect(list.statusCode).toBe(200);
    const rows = await t.db.select().from(examAnswers).where(eq(examAnswers.attemptId, sheet.attempt._id));
    expect(rows.map((row) => row.questionId).sort()).toEqual(
      sheet.questions.map((question) => question._id).sort(),
    );
  });

  it('shows the student’s card with their paper’s size and total', async () => {
    const exam = await newExam({ drawCount: 6 });
    const student = await newStudent();
    t.clock.set(START);
    const list = await call('GET', '/api/users/me/assessments', student.token);
    const card = list.json().data.assessments.find((row: { _id: string }) => row._id === exam.assessment.id);
    expect(card).toMatchObject({ questions_count: 6, total_marks: 8, draw_count: 6 });
    // The staff see the whole paper.
    const staff = await call('GET', `/api/assessments/${exam.assessment.id}`, school.tokens.faculty);
    expect(staff.json().data.assessment).toMatchObject({
      questions_count: 12,
      total_marks: 16,
      draw_count: 6,
    });
  });
});

describe('staff screens in the paper’s order', () => {
  it('show each answer in canonical order, noting the student’s question numbers and letters', async () => {
    const exam = await newExam({ shuffleQuestions: true, shuffleOptions: true });
    const student = await newStudent();
    const sheet = await startOf(student, exam);
    // The student answers their own first question with the option they saw as C.
    const first = sheet.questions[0]!;
    const theirC = first.answers.find((option) => option.position === 3)!;
    await call('PUT', `/api/assessment-attempts/${sheet.attempt._id}/answers/${first._id}`, student.token, {
      submitted_answer_ids: [theirC._id],
    });
    await call('POST', '/api/assessment-submissions', student.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
    });
    const url = `/api/assessment-submissions/assessment/${exam.assessment.id}/student/${student.entityId}`;
    const rows = (await call('GET', url, school.tokens.faculty)).json().data.submission.answers as {
      question_id: string;
      position: number;
      shown_as: number;
      options: { _id: string; position: number; shown_position: number }[];
    }[];
    expect(rows.map((row) => row.position)).toEqual([...Array(12).keys()].map((index) => index + 1));
    // Each question's number on the student's paper, and each option's letter there.
    for (const row of rows) {
      const shownAt = sheet.questions.findIndex((question) => question._id === row.question_id);
      expect(row.shown_as).toBe(shownAt + 1);
      for (const option of row.options) {
        const seen = sheet.questions[shownAt]!.answers.find((candidate) => candidate._id === option._id)!;
        expect(option.shown_position).toBe(seen.position);
      }
    }
    // Grade by question says the same.
    const byQuestion = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}/question/${first._id}`,
      school.tokens.faculty,
    );
    expect(byQuestion.json().data.answers[0].shown_as).toBe(1);
    // The marks report keeps Q1..Qn and notes the student's letter beside the paper's.
    const report = (
      await call('GET', `/api/assessment-submissions/marks/${exam.assessment.id}`, school.tokens.faculty)
    ).json().data;
    expect(report.questions.map((question: { label: string }) => question.label)).toEqual(
      [...Array(12).keys()].map((index) => `Q${index + 1}`),
    );
    const column = exam.questions.findIndex((made) => made.question.id === first._id);
    const paperLetter = String.fromCharCode(
      64 + exam.questions[column]!.options.findIndex((o) => o.id === theirC._id) + 1,
    );
    const cell = report.rows[0].cells[column].answer as string;
    expect(cell).toBe(paperLetter === 'C' ? 'C' : `${paperLetter} (their C)`);
  });

  it('count a drawn paper’s total in the report and the submission', async () => {
    const exam = await newExam({ drawCount: 6 });
    const student = await newStudent();
    await startOf(student, exam);
    await call('POST', '/api/assessment-submissions', student.token, {
      assessment_id: exam.assessment.id,
      batch_subject_id: maths.batchSubject.id,
    });
    const submission = (
      await call(
        'GET',
        `/api/assessment-submissions/assessment/${exam.assessment.id}/student/${student.entityId}`,
        school.tokens.faculty,
      )
    ).json().data.submission;
    expect(submission.total_marks).toBe(8);
    expect(submission.answers).toHaveLength(6);
    const report = (
      await call('GET', `/api/assessment-submissions/marks/${exam.assessment.id}`, school.tokens.faculty)
    ).json().data;
    expect(report.total_marks).toBe(8);
    expect(report.questions).toHaveLength(12);
  });
});
