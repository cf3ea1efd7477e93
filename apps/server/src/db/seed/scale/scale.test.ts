import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../lib/storage.js';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { ScaleAlreadySeeded, seedScale } from './scale.js';
import { SCALE_PASSWORD, type ScaleSize, scaleUsernames } from './scale-size.js';

/** A small school with every proportion of the real one. */
const SMALL: ScaleSize = {
  batches: 4,
  sectionsPerGrade: 2,
  studentsPerBatch: 5,
  faculty: 4,
  subjectsPerBatch: 3,
  chaptersPerSubject: 3,
  topicsPerChapter: 4,
  planDays: 5,
  viewsPerStudent: 6,
  doubtsPerStudent: 2,
  notesPerStudent: 3,
  assessments: 20,
};
const STUDENTS = SMALL.batches * SMALL.studentsPerBatch;

let t: TestApp;
let institutionId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ institutionId } = await seedScale(t.db, createStorage(t.config), { now: t.clock.now(), size: SMALL }));
});
afterAll(() => t.close());

async function countOf(table: string): Promise<number> {
  const { rows } = await t.db.$client.query<{ count: number }>(
    `select count(*)::int as count from ${table} where institution_id = $1`,
    [institutionId],
  );
  return rows[0]!.count;
}

describe('seedScale', () => {
  it('loads every table in the proportions of its size', async () => {
    const subjects = 2 * SMALL.subjectsPerBatch;
    expect(await countOf('users')).toBe(1 + SMALL.faculty + STUDENTS);
    expect(await countOf('students')).toBe(STUDENTS);
    expect(await countOf('faculties')).toBe(SMALL.faculty);
    expect(await countOf('batches')).toBe(SMALL.batches);
    expect(await countOf('subjects')).toBe(subjects);
    expect(await countOf('batch_subjects')).toBe(SMALL.batches * SMALL.subjectsPerBatch);
    expect(await countOf('chapters')).toBe(subjects * SMALL.chaptersPerSubject);
    expect(await countOf('topics')).toBe(subjects * SMALL.chaptersPerSubject * SMALL.topicsPerChapter);
    expect(await countOf('study_plans')).toBe(SMALL.batches * SMALL.subjectsPerBatch * SMALL.planDays);
    expect(await countOf('impressions')).toBe(STUDENTS * SMALL.viewsPerStudent);
    expect(await countOf('time_spent')).toBe(STUDENTS * SMALL.viewsPerStudent);
    expect(await countOf('doubts')).toBe(STUDENTS * SMALL.doubtsPerStudent);
    expect(await countOf('doubt_responses')).toBe((STUDENTS * SMALL.doubtsPerStudent * 8) / 5);
    expect(await countOf('notes')).toBe(STUDENTS * SMALL.notesPerStudent);
    // Assessments: 2 in 10 are drafts (no questions); 6 in 10 past ones, sat by their batch.
    expect(await countOf('assessments')).toBe(SMALL.assessments);
    const papers = SMALL.assessments - SMALL.assessments / 10;
    const selfQuestions = 3 * subjects;
    expect(await countOf('questions')).toBe(papers * 5 + selfQuestions);
    const sittings = ((SMALL.assessments * 6) / 10) * SMALL.studentsPerBatch;
    expect(await countOf('exam_attempts')).toBe(sittings);
    const { rows } = await t.db.$client.query(
      `select count(*)::int as answers, (count(*) filter (where not assessed))::int as unmarked
       from exam_answers x join exam_attempts ea on ea.id = x.attempt_id where ea.institution_id = $1`,
      [institutionId],
    );
    // Choice answers are scored on submission; TEXT and UPLOAD wait in the closed (not evaluated) half.
    expect(rows[0]).toEqual({ answers: sittings * 5, unmarked: (sittings / 2) * 2 });
    expect(await countOf('self_assessment_results')).toBe(STUDENTS);
  });

  it('enrols every student in each subject of their batch and gives each batch subject a teacher', async () => {
    const { rows } = await t.db.$client.query(
      `select
         (select count(*)::int from batch_subject_students bss join students st on st.id = bss.student_id
          join batch_subjects bs on bs.id = bss.batch_subject_id and bs.batch_id = st.batch_id
          where st.institution_id = $1) as enrolled,
         (select count(*)::int from batch_subjects bs where bs.institution_id = $1 and not exists (
            select 1 from batch_subject_faculties bsf where bsf.batch_subject_id = bs.id)) as untaught`,
      [institutionId],
    );
    expect(rows[0]).toEqual({ enrolled: STUDENTS * SMALL.subjectsPerBatch, untaught: 0 });
  });

  it('dates activity from the start of the academic year to yesterday, plans up to today, in the institution zone', async () => {
    const { rows } = await t.db.$client.query(
      `select min(view_date) as first_view, max(view_date) as last_view,
         bool_and((first_viewed_at at time zone 'Asia/Kolkata')::date = view_date) as same_day,
         (select max(date) from study_plans where institution_id = $1) as last_plan,
         (select count(*)::int from doubts d join impressions i on i.student_id = d.student_id
            and i.topic_id = d.topic_id where d.institution_id = $1) as doubts_on_viewed,
         (select count(*)::int from doubt_responses where institution_id = $1 and created_at > $2) as future_replies
       from impressions where institution_id = $1`,
      [institutionId, t.clock.now()],
    );
    // The test clock is 2026-11-20 09:00 UTC: 14:30 in Kolkata, academic year 2026-27.
    expect(rows[0]).toEqual({
      first_view: '2026-06-01',
      last_view: '2026-11-19',
      same_day: true,
      last_plan: '2026-11-20',
      doubts_on_viewed: STUDENTS * SMALL.doubtsPerStudent,
      future_replies: 0,
    });
  });

  it('lets every kind of account sign in with the scale password, without a forced change', async () => {
    for (const username of [
      scaleUsernames.moderator,
      scaleUsernames.faculty(SMALL.faculty),
      scaleUsernames.student(1),
      scaleUsernames.student(STUDENTS),
    ]) {
      const token = await t.login(username, SCALE_PASSWORD);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode, username).toBe(200);
    }
  });

  it('answers the student and moderator reads from the seeded rows (response schemas hold)', async () => {
    const student = bearer(await t.login(scaleUsernames.student(3), SCALE_PASSWORD));
    const get = (url: string, headers = student) => t.app.inject({ method: 'GET', url, headers });
    const subjects = (await get('/api/users/me/batch-subjects')).json().data.batch_subjects;
    expect(subjects).toHaveLength(SMALL.subjectsPerBatch);
    const chapters = await get(`/api/users/me/chapters/batch-subject/${subjects[0]._id}`);
    expect(chapters.statusCode).toBe(200);
    // The last chapter of each subject is hidden from students.
    expect(chapters.json().data.chapters).toHaveLength(SMALL.chaptersPerSubject - 1);
    for (const url of ['/api/users/me/pending-items', '/api/users/me/last-visited', '/api/users/me/doubts']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
    }
    expect((await get('/api/users/me/last-visited')).json().data.last_visited_topics.length).toBeGreaterThan(
      0,
    );

    const moderator = bearer(await t.login(scaleUsernames.moderator, SCALE_PASSWORD));
    const doubts = await get('/api/doubts', moderator);
    expect(doubts.statusCode).toBe(200);
  });

  it('serves the assessments and self assessments through the API (response schemas hold)', async () => {
    const moderator = bearer(await t.login(scaleUsernames.moderator, SCALE_PASSWORD));
    const get = async (url: string, headers: { authorization: string }) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url} ${response.body.slice(0, 300)}`).toBe(200);
      return response.json().data;
    };
    const previous = await get('/api/assessments?when=previous', moderator);
    const statuses = new Set(previous.assessments.map((assessment: { status: string }) => assessment.status));
    expect(statuses).toEqual(new Set(['CLOSED', 'EVOLUTED', 'CANCELED']));
    const closed = previous.assessments.find(
      (assessment: { status: string }) => assessment.status === 'CLOSED',
    );
    expect(closed).toMatchObject({
      questions_count: 5,
      total_marks: 12,
      has_upload_questions: true,
      submissions_received: SMALL.studentsPerBatch,
      submissions_evoluted: 0,
      student_count: SMALL.studentsPerBatch,
    });
    const evaluated = previous.assessments.find(
      (assessment: { status: string }) => assessment.status === 'EVOLUTED',
    );
    expect(evaluated.submissions_evoluted).toBe(SMALL.studentsPerBatch);
    const { questions } = await get(`/api/assessment-questions/${closed._id}/assessment-id`, moderator);
    expect(questions.map((question: { type: string }) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'BOOLEAN',
      'TEXT',
      'UPLOAD',
    ]);
    const upcoming = await get('/api/assessments?when=upcoming', moderator);
    expect(new Set(upcoming.assessments.map((assessment: { status: string }) => assessment.status))).toEqual(
      new Set(['LIVE', 'DRAFTED']),
    );

    const student = bearer(await t.login(scaleUsernames.student(2), SCALE_PASSWORD));
    const exams = await get('/api/users/me/assessments?when=previous', student);
    expect(exams.assessments.length).toBeGreaterThan(0);
    expect(exams.assessments.every((exam: { has_taken: boolean }) => exam.has_taken)).toBe(true);
    const { results } = await get('/api/users/me/self-assessments', student);
    expect(results).toHaveLength(1);
    const { result } = await get(`/api/self-assessments/${results[0]._id}`, student);
    // Student 2 (s = 1): the single choice right, the multiple choice half right, true/false right.
    expect(result.questions.map((question: { scored_point: number }) => question.scored_point)).toEqual([
      1, 0, 1,
    ]);
    expect(result.scored_point).toBe(2);
    const taking = await get(`/api/self-assessments/topic-id/${results[0].topic_id}`, student);
    expect(taking.questions).toHaveLength(3);
    expect(taking.batch_subject_id).toBe(results[0].batch_subject_id);
  });

  it('refuses to seed a second scale institution', async () => {
    await expect(
      seedScale(t.db, createStorage(t.config), { now: t.clock.now(), size: SMALL }),
    ).rejects.toBeInstanceOf(ScaleAlreadySeeded);
  });
});
