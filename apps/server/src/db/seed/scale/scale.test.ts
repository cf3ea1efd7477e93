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
  sessions: 30,
  announcements: 30,
};
const STUDENTS = SMALL.batches * SMALL.studentsPerBatch;

let t: TestApp;
let institutionId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ institutionId } = await seedScale(t.db, createStorage(t.config), { now: t.clock.now(), size: SMALL }));
});
afterAll(() => t.close());

async function countOf(table: string, where = 'true'): Promise<number> {
  const { rows } = await t.db.$client.query<{ count: number }>(
    `select count(*)::int as count from ${table} where institution_id = $1 and ${where}`,
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
    expect(await countOf(`time_spent`, `content_type = 'topics'`)).toBe(STUDENTS * SMALL.viewsPerStudent);
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

  it('holds the live sessions: past ones over the year, one a batch on the last plan day, two a batch next week', async () => {
    const { rows } = await t.db.$client.query(
      `select count(*) filter (where day < '2026-11-20')::int as past,
         count(*) filter (where day = '2026-11-20')::int as today,
         count(distinct batch_id) filter (where day = '2026-11-20')::int as batches_today,
         count(*) filter (where day > '2026-11-20')::int as upcoming,
         min(day)::text as first_day, max(day)::text as last_day,
         count(*) filter (where is_custom)::int as custom,
         (select count(*)::int from online_session_students oss
          join online_sessions o on o.id = oss.session_id where o.institution_id = $1) as selected
       from online_sessions, lateral (select (start_time at time zone 'Asia/Kolkata')::date as day) d
       where institution_id = $1`,
      [institutionId],
    );
    // Every tenth session is custom, for one student in five of the batch (here: one).
    expect(rows[0]).toEqual({
      past: SMALL.sessions - 3 * SMALL.batches,
      today: SMALL.batches,
      batches_today: SMALL.batches,
      upcoming: 2 * SMALL.batches,
      first_day: '2026-06-02',
      last_day: '2026-11-27',
      custom: SMALL.sessions / 10,
      selected: SMALL.sessions / 10,
    });
  });

  it('writes sessions, selections, attendance and time in the room as the online-sessions module does', async () => {
    const now = t.clock.now();
    const invited = (student: string) => `case when os.is_custom
        then exists (select 1 from online_session_students oss where oss.session_id = os.id and oss.student_id = ${student})
        else exists (select 1 from batch_subject_students bss join students s0 on s0.id = bss.student_id
          and s0.batch_id = os.batch_id where bss.batch_subject_id = os.batch_subject_id and bss.student_id = ${student}) end`;
    const { rows } = await t.db.$client.query(
      `select
         (select count(*)::int from online_sessions os join batch_subjects bs on bs.id = os.batch_subject_id
          where os.institution_id = $1 and (bs.batch_id <> os.batch_id or os.end_time <= os.start_time
            or os.created_at > least(os.start_time, $2) or (os.author_seen_at is null) <> (os.start_time > $2)
            or not exists (select 1 from batch_subject_faculties bsf
              where bsf.batch_subject_id = os.batch_subject_id and bsf.faculty_id = os.author_id))) as bad_sessions,
         (select count(*)::int from online_session_students oss join online_sessions os on os.id = oss.session_id
          where os.institution_id = $1 and not (os.is_custom and exists (select 1 from students st
            join batch_subject_students bss on bss.student_id = st.id and bss.batch_subject_id = os.batch_subject_id
            where st.id = oss.student_id and st.batch_id = os.batch_id))) as bad_selections,
         (select count(*)::int from online_session_attendance a join online_sessions os on os.id = a.session_id
          where a.institution_id = $1 and (not ${invited('a.student_id')}
            or a.first_join_at < os.start_time - interval '5 minutes' or a.first_join_at > $2
            or a.last_seen_at < a.first_join_at or a.last_seen_at > least(os.end_time, $2)
            or a.seconds_present > extract(epoch from a.last_seen_at - a.first_join_at)
            or a.last_added_seconds > 15)) as bad_attendance,
         (select count(*)::int from online_session_attendance a join online_sessions os on os.id = a.session_id
          left join time_spent ts on ts.student_id = a.student_id and ts.content_type = 'online'
            and ts.content_id = a.session_id
          where a.institution_id = $1 and a.seconds_present > 0 and (ts.student_id is null
            or ts.batch_subject_id <> os.batch_subject_id
            or ts.day <> (os.start_time at time zone 'Asia/Kolkata')::date
            or abs(ts.minutes * 60 - a.seconds_present) > 0.001)) as present_without_time,
         (select count(*)::int from time_spent where institution_id = $1 and content_type = 'online') as online_time,
         (select count(*)::int from online_session_attendance where institution_id = $1 and seconds_present > 0)
           as present,
         (select count(*)::int from online_sessions os, lateral (select st.id from students st
            where st.institution_id = $1 and ${invited('st.id')}) i
          where os.institution_id = $1 and os.end_time <= $2) as invited_to_ended,
         (select count(*)::int from online_session_attendance a join online_sessions os on os.id = a.session_id
          where os.institution_id = $1 and os.end_time <= $2) as attended_ended`,
      [institutionId, now],
    );
    const found = rows[0];
    expect(found).toMatchObject({
      bad_sessions: 0,
      bad_selections: 0,
      bad_attendance: 0,
      present_without_time: 0,
    });
    expect(found.online_time).toBe(found.present);
    // Most invited students came.
    const share = found.attended_ended / found.invited_to_ended;
    expect(share, JSON.stringify(found)).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.95);
  });

  it('holds the announcements, the events of the last three days and the bell marks', async () => {
    const { rows } = await t.db.$client.query(
      `select count(*)::int as announcements,
         count(*) filter (where cardinality(batch_ids) = 0)::int as to_everyone,
         count(*) filter (where created_at > $2::timestamptz - interval '3 days')::int as recent,
         count(*) filter (where updated_at > $2::timestamptz - interval '3 days' and updated_at > created_at)::int
           as recently_edited,
         bool_and(created_at <= updated_at and updated_at <= $2) as dated,
         (select count(*)::int from events e where e.institution_id = $1 and e.kind = 'announcement.created'
            and exists (select 1 from announcements x where x.id = (e.payload ->> 'announcement_id')::uuid
              and x.created_at = e.created_at)) as created_events,
         (select count(*)::int from events e where e.institution_id = $1 and e.kind = 'announcement.changed')
           as changed_events,
         (select count(*)::int from events e where e.institution_id = $1 and e.kind = 'session.created'
            and exists (select 1 from online_sessions os where os.id = (e.payload ->> 'session_id')::uuid
              and os.created_at = e.created_at)) as session_events,
         (select count(*)::int from online_sessions where institution_id = $1
            and created_at > $2::timestamptz - interval '3 days') as recent_sessions,
         (select count(*)::int from events where institution_id = $1 and created_at <= $2::timestamptz - interval '3 days')
           as stale_events,
         (select bool_and(created_at >= previous) from (select created_at, lag(created_at) over (order by id) as previous
            from events where institution_id = $1) e) as events_in_order,
         (select count(*)::int from notification_reads r join users u on u.id = r.user_id
            where u.institution_id = $1 and r.seen_up_to <= $2) as bell_marks
       from announcements where institution_id = $1`,
      [institutionId, t.clock.now()],
    );
    const found = rows[0];
    expect(found).toMatchObject({
      announcements: SMALL.announcements,
      to_everyone: SMALL.announcements / 3,
      recent: 6,
      dated: true,
      stale_events: 0,
      events_in_order: true,
      bell_marks: 1 + SMALL.faculty + (STUDENTS * 4) / 5,
    });
    expect(found.created_events).toBe(found.recent);
    expect(found.changed_events).toBe(found.recently_edited);
    expect(found.session_events).toBe(found.recent_sessions);
    expect(found.recent_sessions).toBeGreaterThan(0);
  });

  it('shows a student their sessions, bell and announcements, a teacher theirs, the moderator the live-class report', async () => {
    const get = async (url: string, headers: { authorization: string }) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url} ${response.body.slice(0, 300)}`).toBe(200);
      return response.json().data;
    };
    const student = bearer(await t.login(scaleUsernames.student(3), SCALE_PASSWORD));
    const batchId = (await get('/api/users/me/batch-subjects', student)).batch_subjects[0].batch_id;
    const upcoming = await get('/api/users/me/online-sessions', student);
    expect(upcoming.counts.upcoming).toBeGreaterThanOrEqual(2);
    expect(upcoming.counts.previous).toBeGreaterThan(0);
    const previous = await get('/api/users/me/online-sessions?when=previous', student);
    const sessions = [...upcoming.sessions, ...previous.sessions];
    expect(sessions.every((session: { batch_id: string }) => session.batch_id === batchId)).toBe(true);

    const bell = (await get('/api/users/me/notifications', student)).notifications;
    const kinds = new Set(bell.items.map((item: { kind: string }) => item.kind));
    // (This student's batch has no examination open now: the bell's assessments come from the assessments step.)
    expect(kinds).toEqual(new Set(['session', 'announcement']));
    expect(bell.unseen_count).toBeGreaterThan(0);
    const { rows } = await t.db.$client.query(
      `select count(*)::int as total from announcements
       where institution_id = $1 and (cardinality(batch_ids) = 0 or $2 = any(batch_ids))`,
      [institutionId, batchId],
    );
    const announcements = await get('/api/announcements', student);
    expect(announcements.page.total).toBe(rows[0].total);
    expect(rows[0].total).toBeGreaterThan(SMALL.announcements / 3);

    const teacher = bearer(await t.login(scaleUsernames.faculty(1), SCALE_PASSWORD));
    const own = await get('/api/users/me/online-sessions', teacher);
    const authored = await t.db.$client.query(
      `select count(*)::int as total from online_sessions os join faculties f on f.id = os.author_id
       join users u on u.id = f.user_id where u.username = $1`,
      [scaleUsernames.faculty(1)],
    );
    expect(own.counts.upcoming + own.counts.previous).toBe(authored.rows[0].total);
    expect(authored.rows[0].total).toBeGreaterThan(0);

    const moderator = bearer(await t.login(scaleUsernames.moderator, SCALE_PASSWORD));
    const report = await get('/api/cwx/get-daily-json-report-online/date/2026-11-20', moderator);
    expect(report.result).toHaveLength(SMALL.batches);
    const ended = report.result.filter(
      (session: { end_time: string }) => Date.parse(session.end_time) <= t.clock.now().getTime(),
    );
    expect(ended.length).toBeGreaterThan(0);
    expect(
      ended.reduce((sum: number, session: { attended: number }) => sum + session.attended, 0),
    ).toBeGreaterThan(0);
    const oneBatch = await get(
      `/api/cwx/get-daily-json-report-online/date/2026-11-20?batch_id=${batchId}`,
      moderator,
    );
    expect(oneBatch.result).toHaveLength(1);
  });

  it('refuses to seed a second scale institution', async () => {
    await expect(
      seedScale(t.db, createStorage(t.config), { now: t.clock.now(), size: SMALL }),
    ).rejects.toBeInstanceOf(ScaleAlreadySeeded);
  });
});
