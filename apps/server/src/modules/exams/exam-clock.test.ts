import type { Bell } from '@portal/shared';
import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaughtSubject } from '../../test/factories/doubts.js';
import { createLiveExam, enrolledStudent } from '../../test/factories/exams.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * A student's own deadline (decision 38): the duration inside the window, extra time and a later
 * due date for one student (their window edges, grace, card and auto-submit; the others
 * unchanged), the settings frozen once a student starts, and the accommodations' guards. Every
 * time is the injected clock's.
 */
let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Taught = Awaited<ReturnType<typeof createTaughtSubject>>;
type Exam = Awaited<ReturnType<typeof createLiveExam>>;
type Student = Awaited<ReturnType<typeof newStudent>>;

let school: School;
let other: School;
let maths: Taught;

const at = (time: string) => new Date(`2026-11-20T${time}Z`);
const START = at('10:00:00');
const DUE = at('12:00:00');
const ID = '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const start = (student: Student, exam: Exam) =>
  call('POST', '/api/assessment-attempts', student.token, { assessment_id: exam.assessment.id });
const save = (student: Student, attemptId: string, exam: Exam) =>
  call('PUT', `/api/assessment-attempts/${attemptId}/answers/${exam.single.question.id}`, student.token, {
    submitted_answer_ids: [exam.single.options[1]!.id],
  });
const submit = (student: Student, exam: Exam) =>
  call('POST', '/api/assessment-submissions', student.token, {
    assessment_id: exam.assessment.id,
    batch_subject_id: maths.batchSubject.id,
    submissions: [],
  });
const accommodate = (exam: Exam, student: Student, body: object, token = school.tokens.faculty) =>
  call('PUT', `/api/assessments/${exam.assessment.id}/accommodations/${student.entityId}`, token, body);

/** The student's card of the exam in their Examinations tab (upcoming or previous). */
async function cardOf(student: Student, exam: Exam) {
  for (const when of ['upcoming', 'previous']) {
    const response = await call('GET', `/api/users/me/assessments?when=${when}`, student.token);
    const card = response
      .json()
      .data.assessments.find((row: { _id: string }) => row._id === exam.assessment.id);
    if (card) return { ...card, tab: when };
  }
  throw new Error('no card');
}

/** The exam's item in the student's bell, or undefined. */
async function bellItemOf(student: Student, exam: Exam) {
  const response = await call('GET', '/api/users/me/notifications', student.token);
  expect(response.statusCode).toBe(200);
  const bell: Bell = response.json().data.notifications;
  return bell.items.find((item) => item._id === exam.assessment.id);
}

const newStudent = () => enrolledStudent(t, school, maths.batchSubject.id);

/** Starts at `time`; answers the attempt. */
async function startedAt(student: Student, exam: Exam, time: Date) {
  t.clock.set(time);
  const response = await start(student, exam);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.attempt as {
    _id: string;
    deadline: string;
    due_date: string;
    time_left_ms: number;
  };
}

const newExam = (settings: { durationMinutes?: number | null } = {}, due = DUE) =>
  createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due,
    settings,
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

describe('a duration inside the window', () => {
  it('runs each student’s clock from their own start, ending no later than the due date', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const [early, late] = [await newStudent(), await newStudent()];
    const first = await startedAt(early, exam, START);
    expect(first.deadline).toBe(at('11:00:00').toISOString());
    expect(first.time_left_ms).toBe(3_600_000);
    const second = await startedAt(late, exam, at('11:30:00'));
    // min(11:30 + 60 min, 12:00)
    expect(second.deadline).toBe(DUE.toISOString());
    expect(second.time_left_ms).toBe(30 * 60_000);
    // Both cards show the real duration.
    expect((await cardOf(early, exam)).duration_minutes).toBe(60);
  });

  it('keeps the 60-second grace after the student’s own deadline, then refuses and auto-submits', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const [student, idle] = [await newStudent(), await newStudent()];
    const attempt = await startedAt(student, exam, START);
    await startedAt(idle, exam, START);
    t.clock.set(at('11:00:30'));
    expect((await save(student, attempt._id, exam)).statusCode).toBe(200);
    expect((await cardOf(student, exam)).exam_state).toBe('missed');
    t.clock.set(at('11:01:01'));
    const late = await save(student, attempt._id, exam);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MESSAGES.examTimeOver);
    expect((await submit(student, exam)).statusCode).toBe(409);
    // Past the grace the card counts the attempt as submitted, though the exam is open till 12:00.
    expect((await cardOf(student, exam)).exam_state).toBe('submitted');
    // The evaluator's first read submits it as at the student's deadline.
    const list = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}`,
      school.tokens.faculty,
    );
    const rows = list.json().data.students;
    expect(rows.find((row: { student_id: string }) => row.student_id === idle.entityId).submitted_at).toBe(
      at('11:00:00').toISOString(),
    );
  });

  it('takes a submit within the grace as the auto-submit at zero', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    await startedAt(student, exam, START);
    t.clock.set(at('11:00:59'));
    const response = await submit(student, exam);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attempt.auto_submitted).toBe(true);
  });

  it('counts to the due date without a duration, as before', async () => {
    const exam = await newExam({ durationMinutes: null });
    const student = await newStudent();
    const attempt = await startedAt(student, exam, at('11:00:00'));
    expect(attempt.deadline).toBe(DUE.toISOString());
    expect((await cardOf(student, exam)).duration_minutes).toBeNull();
  });
});

describe('extra time for one student', () => {
  it('gives them their own longer clock, grace and auto-submit; the others are unchanged', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const [helped, classmate] = [await newStudent(), await newStudent()];
    t.clock.set(at('09:00:00'));
    expect((await accommodate(exam, helped, { extra_percent: 50, extra_minutes: 5 })).statusCode).toBe(200);
    expect((await cardOf(helped, exam)).duration_minutes).toBe(95);
    expect((await cardOf(classmate, exam)).duration_minutes).toBe(60);
    const theirs = await startedAt(helped, exam, START);
    const mine = await startedAt(classmate, exam, START);
    expect(theirs.deadline).toBe(at('11:35:00').toISOString());
    expect(mine.deadline).toBe(at('11:00:00').toISOString());
    // Past the classmate's deadline and grace: the classmate is refused, the helped student saves.
    t.clock.set(at('11:20:00'));
    expect((await save(classmate, mine._id, exam)).statusCode).toBe(409);
    expect((await save(helped, theirs._id, exam)).statusCode).toBe(200);
    expect((await cardOf(helped, exam)).exam_state).toBe('start');
    expect((await cardOf(classmate, exam)).exam_state).toBe('submitted');
    // Their own grace, then their own auto-submit.
    t.clock.set(at('11:35:45'));
    expect((await save(helped, theirs._id, exam)).statusCode).toBe(200);
    t.clock.set(at('11:36:01'));
    expect((await save(helped, theirs._id, exam)).statusCode).toBe(409);
    const list = await call(
      'GET',
      `/api/assessment-submissions/assessment/${exam.assessment.id}`,
      school.tokens.faculty,
    );
    const submittedAt = (student: Student) =>
      list.json().data.students.find((row: { student_id: string }) => row.student_id === student.entityId)
        .submitted_at;
    expect(submittedAt(helped)).toBe(at('11:35:00').toISOString());
    expect(submittedAt(classmate)).toBe(at('11:00:00').toISOString());
  });

  it('applies the standing percentage of Edit Student to every examination with a duration', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    t.clock.set(at('09:00:00'));
    const edit = await call('PATCH', `/api/students/${student.entityId}`, school.tokens.moderator, {
      extra_time_percent: 33.33,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.student.extra_time_percent).toBe(33.33);
    // 20 minutes an hour: 3600 s + round(3600 × 33.33 %) = 4800 s (19 min 59.88 s, rounded).
    const attempt = await startedAt(student, exam, START);
    const deadline = START.getTime() + 4800_000;
    expect(attempt.deadline).toBe(new Date(deadline).toISOString());
    // The database works out the same deadline, to the millisecond: the grace's last moment saves.
    t.clock.set(new Date(deadline + 60_000));
    expect((await save(student, attempt._id, exam)).statusCode).toBe(200);
    t.clock.set(new Date(deadline + 60_001));
    expect((await save(student, attempt._id, exam)).statusCode).toBe(409);
    // An examination's own percentage replaces the standing one.
    t.clock.set(at('09:00:00'));
    const next = await newExam({ durationMinutes: 60 });
    await accommodate(next, student, { extra_percent: 10 });
    expect((await startedAt(student, next, START)).deadline).toBe(at('11:06:00').toISOString());
  });

  it('lets a student with a later due date start and sit after the others’ due date', async () => {
    const exam = await newExam({ durationMinutes: null }, at('11:00:00'));
    const [late, classmate] = [await newStudent(), await newStudent()];
    t.clock.set(at('09:00:00'));
    expect((await accommodate(exam, late, { due_date: at('14:00:00').toISOString() })).statusCode).toBe(200);
    t.clock.set(at('12:00:00'));
    const refused = await start(classmate, exam);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.examTimeOver);
    expect((await cardOf(classmate, exam)).exam_state).toBe('missed');
    const card = await cardOf(late, exam);
    expect(card).toMatchObject({ exam_state: 'start', tab: 'upcoming', status: 'LIVE' });
    expect(card.due_date).toBe(at('14:00:00').toISOString());
    // Their bell still asks them to sit it, by their own due date; the classmate's no longer does.
    expect(await bellItemOf(late, exam)).toMatchObject({ due_date: at('14:00:00').toISOString() });
    expect(await bellItemOf(classmate, exam)).toBeUndefined();
    const attempt = await startedAt(late, exam, at('12:00:00'));
    expect(attempt.due_date).toBe(at('14:00:00').toISOString());
    // Marks Evaluated waits for them.
    t.clock.set(at('13:00:00'));
    const early = await call(
      'PATCH',
      `/api/assessments/${exam.assessment.id}/status`,
      school.tokens.faculty,
      {
        status: 'EVOLUTED',
        force: true,
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MESSAGES.laterDueStillOpen);
    t.clock.set(at('14:00:45'));
    expect((await save(late, attempt._id, exam)).statusCode).toBe(200);
    t.clock.set(at('14:01:01'));
    expect((await save(late, attempt._id, exam)).statusCode).toBe(409);
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
  });

  it('caps extra time at the due date unless a later one is given', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    t.clock.set(at('09:00:00'));
    await accommodate(exam, student, { extra_minutes: 30 });
    expect((await startedAt(student, exam, at('11:15:00'))).deadline).toBe(DUE.toISOString());
  });
});

describe('settings', () => {
  it('change until the first student starts, then 409 (other fields still change)', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const url = `/api/assessments/${exam.assessment.id}`;
    t.clock.set(at('09:00:00'));
    const before = await call('PATCH', url, school.tokens.faculty, {
      duration_minutes: 45,
      shuffle_questions: true,
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.assessment).toMatchObject({
      duration_minutes: 45,
      shuffle_questions: true,
      settings_frozen: false,
    });
    await startedAt(await newStudent(), exam, START);
    const after = await call('PATCH', url, school.tokens.faculty, { duration_minutes: 90 });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(MESSAGES.assessmentSettingsFrozen);
    // Sending the same values is no change.
    expect((await call('PATCH', url, school.tokens.faculty, { duration_minutes: 45 })).statusCode).toBe(200);
    const title = await call('PATCH', url, school.tokens.faculty, { title: 'Renamed' });
    expect(title.json().data.assessment).toMatchObject({ title: 'Renamed', settings_frozen: true });
  });

  it('are given on Add Assessment and checked (400)', async () => {
    t.clock.set(at('09:00:00'));
    const body = {
      title: 'Timed',
      description: 'With settings',
      batch_subject_id: maths.batchSubject.id,
      start_date: START.toISOString(),
      due_date: DUE.toISOString(),
    };
    const made = await call('POST', '/api/assessments', school.tokens.faculty, {
      ...body,
      duration_minutes: 40,
      shuffle_options: true,
      draw_count: 3,
      one_at_a_time: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.assessment).toMatchObject({
      duration_minutes: 40,
      shuffle_questions: false,
      shuffle_options: true,
      draw_count: 3,
      one_at_a_time: true,
    });
    for (const bad of [
      { duration_minutes: 0 },
      { duration_minutes: 1.5 },
      { draw_count: 0 },
      { duration_minutes: 'x' },
    ]) {
      const response = await call('POST', '/api/assessments', school.tokens.faculty, { ...body, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A draw larger than the paper (five questions).
    const exam = await newExam();
    const tooMany = await call('PATCH', `/api/assessments/${exam.assessment.id}`, school.tokens.faculty, {
      draw_count: 6,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.draw_count).toBe(
      MESSAGES.examDrawMoreThanPaper.replace('{count}', '5'),
    );
  });
});

describe('accommodations', () => {
  it('are listed for the staff with the students who may be given one', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    t.clock.set(at('09:00:00'));
    await accommodate(exam, student, { extra_minutes: 10, due_date: at('13:00:00').toISOString() });
    const list = await call(
      'GET',
      `/api/assessments/${exam.assessment.id}/accommodations`,
      school.tokens.moderator,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.accommodations).toEqual([
      expect.objectContaining({
        student_id: student.entityId,
        extra_minutes: 10,
        extra_percent: null,
        due_date: at('13:00:00').toISOString(),
      }),
    ]);
    expect(list.json().data.students.map((row: { _id: string }) => row._id)).toContain(student.entityId);
    const removed = await call(
      'DELETE',
      `/api/assessments/${exam.assessment.id}/accommodations/${student.entityId}`,
      school.tokens.faculty,
    );
    expect(removed.json().data.accommodations).toEqual([]);
    const again = await call(
      'DELETE',
      `/api/assessments/${exam.assessment.id}/accommodations/${student.entityId}`,
      school.tokens.faculty,
    );
    expect(again.statusCode).toBe(404);
  });

  it('are staff-only: 401 without a token, 403 for students and the owner', async () => {
    const url = `/api/assessments/${ID}/accommodations`;
    const staff = ['moderator', 'faculty'] as const;
    await expectGuarded(t, school, { method: 'GET', url }, staff);
    await expectGuarded(
      t,
      school,
      { method: 'PUT', url: `${url}/${ID}`, payload: { extra_minutes: 5 } },
      staff,
    );
    await expectGuarded(t, school, { method: 'DELETE', url: `${url}/${ID}` }, staff);
  });

  it('answer 403 to a teacher of another subject, 404 for another institution or a student not sitting it', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    t.clock.set(at('09:00:00'));
    const stranger = await t.createAccount('faculty', { institutionId: school.institution.id });
    const strangerToken = await t.login(stranger.username);
    expect((await accommodate(exam, student, { extra_minutes: 5 }, strangerToken)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/assessments/${exam.assessment.id}/accommodations`, strangerToken)).statusCode,
    ).toBe(403);
    expect((await accommodate(exam, student, { extra_minutes: 5 }, other.tokens.moderator)).statusCode).toBe(
      404,
    );
    const outsider = { ...other.accounts.student, token: other.tokens.student };
    expect((await accommodate(exam, outsider, { extra_minutes: 5 })).statusCode).toBe(404);
    const notEnrolled = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    expect((await accommodate(exam, { ...notEnrolled, token: '' }, { extra_minutes: 5 })).statusCode).toBe(
      404,
    );
  });

  it('answer 400 to a bad body and 409 once evaluated', async () => {
    const exam = await newExam({ durationMinutes: 60 });
    const student = await newStudent();
    t.clock.set(at('09:00:00'));
    for (const bad of [
      {},
      { extra_minutes: 0 },
      { extra_minutes: -5 },
      { extra_minutes: 2.5 },
      { extra_percent: 250 },
      { extra_percent: 12.345 },
      { due_date: 'soon' },
      { due_date: at('11:00:00').toISOString() },
    ]) {
      const response = await accommodate(exam, student, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    t.clock.set(at('12:05:00'));
    await call('PATCH', `/api/assessments/${exam.assessment.id}/status`, school.tokens.faculty, {
      status: 'EVOLUTED',
      force: true,
    });
    expect((await accommodate(exam, student, { extra_minutes: 5 })).statusCode).toBe(409);
  });
});
