/**
 * Representative rows of a school as each migration left the schema, for the upgrade test
 * (`upgrades.test.ts`): a database is built migration by migration with each stage's rows written
 * in that stage's schema, then migrated to the latest. Every migration has an entry here, so each
 * new one is held to it: its tables get rows, and whatever it changes in older rows is checked.
 *
 * `sql` runs right after the migration `tag` (`:password_hash` becomes a real hash of the test
 * password); `reads` are API reads that must show the rows once the database is at the latest.
 */
export interface UpgradeFixture {
  tag: string;
  sql: string;
  reads: { as: 'owner' | 'moderator' | 'faculty' | 'student'; url: string; shows: string[] }[];
}

/** Fixed ids, so later stages and the checks can name earlier rows. */
export const UP = {
  institution: 'a0000000-0000-4000-8000-000000000001',
  batch: 'a0000000-0000-4000-8000-000000000002',
  demoInstitution: 'a0000000-0000-4000-8000-000000000003',
  owner: 'a0000000-0000-4000-8000-000000000010',
  moderator: 'a0000000-0000-4000-8000-000000000011',
  facultyUser: 'a0000000-0000-4000-8000-000000000012',
  studentUser: 'a0000000-0000-4000-8000-000000000013',
  faculty: 'a0000000-0000-4000-8000-000000000020',
  student: 'a0000000-0000-4000-8000-000000000021',
  subject: 'a0000000-0000-4000-8000-000000000030',
  batchSubject: 'a0000000-0000-4000-8000-000000000031',
  chapter: 'a0000000-0000-4000-8000-000000000032',
  topic: 'a0000000-0000-4000-8000-000000000033',
  plan: 'a0000000-0000-4000-8000-000000000034',
  contentUpload: 'a0000000-0000-4000-8000-000000000035',
  csvUpload: 'a0000000-0000-4000-8000-000000000036',
  logoUpload: 'a0000000-0000-4000-8000-000000000037',
  doubt: 'a0000000-0000-4000-8000-000000000040',
  reply: 'a0000000-0000-4000-8000-000000000041',
  note: 'a0000000-0000-4000-8000-000000000042',
  session: 'a0000000-0000-4000-8000-000000000043',
  sessionNote: 'a0000000-0000-4000-8000-000000000044',
  assessment: 'a0000000-0000-4000-8000-000000000050',
  choice: 'a0000000-0000-4000-8000-000000000051',
  rightOption: 'a0000000-0000-4000-8000-000000000052',
  wrongOption: 'a0000000-0000-4000-8000-000000000053',
  written: 'a0000000-0000-4000-8000-000000000054',
  attempt: 'a0000000-0000-4000-8000-000000000055',
  choiceAnswer: 'a0000000-0000-4000-8000-000000000056',
  writtenAnswer: 'a0000000-0000-4000-8000-000000000057',
  selfQuestion: 'a0000000-0000-4000-8000-000000000058',
  selfOption: 'a0000000-0000-4000-8000-000000000059',
  selfResult: 'a0000000-0000-4000-8000-00000000005a',
  announcement: 'a0000000-0000-4000-8000-000000000060',
  export: 'a0000000-0000-4000-8000-000000000070',
  accommodation: 'a0000000-0000-4000-8000-000000000080',
  regrade: 'a0000000-0000-4000-8000-000000000081',
  termAssessment: 'a0000000-0000-4000-8000-000000000090',
  termQuestion: 'a0000000-0000-4000-8000-000000000091',
} as const;

const LOGO = '/files/portal/a1b2c3-upgrade-logo.png';
const PENDULUM = '/files/portal/demo/d4e5f6-pendulum.mp4';

export const UPGRADE_FIXTURES: UpgradeFixture[] = [
  {
    tag: '0000_foundation',
    sql: `
      insert into institutions (id, title, nav_logo, academic_year, time_zone, demo_videos) values
        ('${UP.institution}', 'Upgrade School', '${LOGO}', '2026-27', 'Asia/Kolkata', '{}'),
        ('${UP.demoInstitution}', 'Upgrade Demo School', '', '2026-27', null,
          '{"student": "${PENDULUM}", "faculty": "${PENDULUM}"}');
      insert into batches (id, institution_id, title, academic_year) values
        ('${UP.batch}', '${UP.institution}', 'Upgrade Batch', '2026-27');
      insert into users (id, username, password_hash, permission, institution_id, email) values
        ('${UP.owner}', 'up-owner', :password_hash, 'owner', null, 'owner@upgrade.test'),
        ('${UP.moderator}', 'up-moderator', :password_hash, 'moderator', '${UP.institution}', 'mod@upgrade.test'),
        ('${UP.facultyUser}', 'up-faculty', :password_hash, 'faculty', '${UP.institution}', null),
        ('${UP.studentUser}', 'up-student', :password_hash, 'student', '${UP.institution}', null);
      insert into faculties (id, institution_id, user_id, name, gender, email) values
        ('${UP.faculty}', '${UP.institution}', '${UP.facultyUser}', 'Upgrade Teacher', 'female', '{teacher@upgrade.test}');
      insert into students (id, institution_id, user_id, batch_id, name, gender, date_of_birth, email, created_at) values
        ('${UP.student}', '${UP.institution}', '${UP.studentUser}', '${UP.batch}', 'Upgrade Student', 'male',
          '2011-04-05', '{student@upgrade.test}', '2026-06-01T04:00:00Z');`,
    reads: [
      { as: 'owner', url: '/api/institutions', shows: ['Upgrade School'] },
      { as: 'moderator', url: '/api/batches', shows: ['Upgrade Batch'] },
      { as: 'moderator', url: `/api/batches/${UP.batch}/students`, shows: ['Upgrade Student'] },
      { as: 'moderator', url: '/api/faculties', shows: ['Upgrade Teacher'] },
    ],
  },
  {
    tag: '0001_content',
    sql: `
      insert into subjects (id, institution_id, title, code) values
        ('${UP.subject}', '${UP.institution}', 'Upgrade Physics', 'UP-PHY');
      insert into batch_subjects (id, institution_id, batch_id, subject_id) values
        ('${UP.batchSubject}', '${UP.institution}', '${UP.batch}', '${UP.subject}');
      insert into batch_subject_faculties (batch_subject_id, faculty_id) values ('${UP.batchSubject}', '${UP.faculty}');
      insert into batch_subject_students (batch_subject_id, student_id) values ('${UP.batchSubject}', '${UP.student}');
      insert into chapters (id, institution_id, subject_id, title) values
        ('${UP.chapter}', '${UP.institution}', '${UP.subject}', 'Upgrade Chapter');
      insert into topics (id, institution_id, chapter_id, title, type, content_uri, description_text, author_id, author_name) values
        ('${UP.topic}', '${UP.institution}', '${UP.chapter}', 'Upgrade Topic', 'image', '/files/${UP.institution}/a-lever.png',
          'Levers and pulleys',
          '${UP.faculty}', 'Upgrade Teacher');
      insert into study_plans (id, institution_id, batch_subject_id, topic_id, date) values
        ('${UP.plan}', '${UP.institution}', '${UP.batchSubject}', '${UP.topic}', '2026-11-20');
      insert into uploads (id, institution_id, uploaded_by, storage_key, public_url, filename, content_type, size) values
        ('${UP.contentUpload}', '${UP.institution}', '${UP.facultyUser}', '${UP.institution}/a-notes.pdf',
          '/files/${UP.institution}/a-notes.pdf', 'notes.pdf', 'application/pdf', 10),
        ('${UP.csvUpload}', '${UP.institution}', '${UP.moderator}', '${UP.institution}/b-students.csv',
          '/files/${UP.institution}/b-students.csv', 'students.csv', 'text/csv', 10),
        ('${UP.logoUpload}', null, '${UP.owner}', 'portal/a1b2c3-upgrade-logo.png', '${LOGO}', 'logo.png', 'image/png', 10);`,
    reads: [
      { as: 'student', url: '/api/users/me/batch-subjects', shows: ['Upgrade Physics'] },
      {
        as: 'student',
        url: `/api/users/me/chapters/batch-subject/${UP.batchSubject}`,
        shows: ['Upgrade Chapter'],
      },
      { as: 'student', url: `/api/users/me/topics/chapter-id/${UP.chapter}`, shows: ['Upgrade Topic'] },
      { as: 'student', url: '/api/users/me/studyplans/daily/2026-11-20', shows: ['Upgrade Topic'] },
      { as: 'faculty', url: '/api/users/me/batch-subjects', shows: ['Upgrade Physics'] },
    ],
  },
  {
    tag: '0002_learning',
    sql: `
      insert into doubts (id, institution_id, student_id, topic_id, batch_subject_id, doubt_text) values
        ('${UP.doubt}', '${UP.institution}', '${UP.student}', '${UP.topic}', '${UP.batchSubject}', 'Upgrade doubt: why levers?');
      insert into doubt_responses (id, institution_id, doubt_id, author_user_id, author_role, author_name, response_text) values
        ('${UP.reply}', '${UP.institution}', '${UP.doubt}', '${UP.facultyUser}', 'faculty', 'Upgrade Teacher', 'Upgrade reply: effort');
      insert into notes (id, institution_id, student_id, topic_id, batch_subject_id, note_text) values
        ('${UP.note}', '${UP.institution}', '${UP.student}', '${UP.topic}', '${UP.batchSubject}', 'Upgrade note on levers');
      insert into impressions (institution_id, student_id, topic_id, batch_subject_id, view_date, first_viewed_at, last_viewed_at) values
        ('${UP.institution}', '${UP.student}', '${UP.topic}', '${UP.batchSubject}', '2026-11-19',
          '2026-11-19T05:00:00Z', '2026-11-19T05:10:00Z');
      insert into time_spent (institution_id, student_id, content_type, content_id, batch_subject_id, day, minutes) values
        ('${UP.institution}', '${UP.student}', 'topic', '${UP.topic}', '${UP.batchSubject}', '2026-11-19', 12.5);
      insert into online_sessions (id, institution_id, batch_id, batch_subject_id, title, start_time, end_time, author_id, author_name) values
        ('${UP.session}', '${UP.institution}', '${UP.batch}', '${UP.batchSubject}', 'Upgrade Session',
          '2026-11-19T04:30:00Z', '2026-11-19T05:15:00Z', '${UP.faculty}', 'Upgrade Teacher');
      insert into session_notes (id, institution_id, student_id, session_id, note_text) values
        ('${UP.sessionNote}', '${UP.institution}', '${UP.student}', '${UP.session}', 'Upgrade session note');`,
    reads: [
      {
        as: 'student',
        url: '/api/users/me/doubts',
        shows: ['Upgrade doubt: why levers?', 'Upgrade reply: effort'],
      },
      { as: 'student', url: '/api/users/me/notes', shows: ['Upgrade note on levers'] },
      { as: 'moderator', url: `/api/online-sessions/${UP.session}`, shows: ['Upgrade Session'] },
      { as: 'student', url: '/api/users/me/last-visited', shows: ['Upgrade Topic'] },
    ],
  },
  // Data only: owners' logo uploads go to their institution, CSV uploads become private imports.
  { tag: '0003_file_access', sql: '', reads: [] },
  {
    tag: '0004_attempt_counters',
    sql: `insert into attempt_counters (key, attempts, window_ends_at) values ('upgrade:key', 1, '2026-11-20T09:10:00Z');`,
    reads: [],
  },
  // Data only: the demo's pendulum clip as every role's video gives way to the shipped recordings.
  { tag: '0005_default_demo_videos', sql: '', reads: [] },
  // Indexes only.
  { tag: '0006_scale_indexes', sql: '', reads: [] },
  {
    tag: '0007_assessments',
    sql: `
      insert into assessments (id, institution_id, batch_subject_id, author_user_id, author_name, title, description, start_date, due_date, status) values
        ('${UP.assessment}', '${UP.institution}', '${UP.batchSubject}', '${UP.facultyUser}', 'Upgrade Teacher',
          'Upgrade Test', 'Levers', '2026-11-18T04:00:00Z', '2026-11-18T05:00:00Z', 'LIVE');
      insert into questions (id, institution_id, assessment_id, topic_id, position, title, type, weightage) values
        ('${UP.choice}', '${UP.institution}', '${UP.assessment}', null, 1, 'Which is a lever?', 'SINGLE_CHOICE', 2),
        ('${UP.written}', '${UP.institution}', '${UP.assessment}', null, 2, 'Explain a pulley.', 'TEXT', 3),
        ('${UP.selfQuestion}', '${UP.institution}', null, '${UP.topic}', 1, 'Is a see-saw a lever?', 'BOOLEAN', 1);
      insert into question_options (id, question_id, position, title, correct) values
        ('${UP.rightOption}', '${UP.choice}', 1, 'A crowbar', true),
        ('${UP.wrongOption}', '${UP.choice}', 2, 'A cloud', false),
        ('${UP.selfOption}', '${UP.selfQuestion}', 1, 'True', true);
      insert into exam_attempts (id, institution_id, assessment_id, student_id, started_at, submitted_at) values
        ('${UP.attempt}', '${UP.institution}', '${UP.assessment}', '${UP.student}', '2026-11-18T04:05:00Z', '2026-11-18T04:40:00Z');
      insert into exam_answers (id, attempt_id, question_id, option_ids, answer_text, updated_at, correct, scored_point) values
        ('${UP.choiceAnswer}', '${UP.attempt}', '${UP.choice}', '{${UP.rightOption}}', null, '2026-11-18T04:40:00Z', true, 2),
        ('${UP.writtenAnswer}', '${UP.attempt}', '${UP.written}', '{}', 'Upgrade answer: a wheel', '2026-11-18T04:40:00Z', null, null);
      update topics set self_assessment = true where id = '${UP.topic}';
      insert into self_assessment_results (id, institution_id, student_id, topic_id, batch_subject_id, scored_point, total_point, questions_count, answers) values
        ('${UP.selfResult}', '${UP.institution}', '${UP.student}', '${UP.topic}', '${UP.batchSubject}', 1, 1, 1, '[]');`,
    reads: [
      { as: 'moderator', url: `/api/assessments/${UP.assessment}`, shows: ['Upgrade Test'] },
      {
        as: 'faculty',
        url: `/api/assessment-submissions/assessment/${UP.assessment}/student/${UP.student}`,
        shows: ['Upgrade answer: a wheel', 'Which is a lever?'],
      },
      { as: 'student', url: '/api/users/me/self-assessments', shows: ['Upgrade Topic'] },
    ],
  },
  // Empty (a snapshot-only migration).
  { tag: '0008_unassessed_answers', sql: '', reads: [] },
  {
    tag: '0009_online_sessions',
    sql: `
      insert into online_session_attendance (session_id, student_id, institution_id, first_join_at, last_seen_at, seconds_present) values
        ('${UP.session}', '${UP.student}', '${UP.institution}', '2026-11-19T04:31:00Z', '2026-11-19T05:10:00Z', 2340);`,
    reads: [
      { as: 'moderator', url: `/api/online-sessions/${UP.session}/report`, shows: ['Upgrade Student'] },
    ],
  },
  {
    tag: '0010_announcements_events',
    sql: `
      insert into announcements (id, institution_id, title, description, author_id, author_name, created_at, updated_at) values
        ('${UP.announcement}', '${UP.institution}', 'Upgrade Notice', 'The lab opens on Monday.', '${UP.moderator}',
          'up-moderator', '2026-11-19T06:00:00Z', '2026-11-19T06:00:00Z');
      insert into events (institution_id, kind, audience, payload, created_at) values
        ('${UP.institution}', 'announcement.created', '{"roles": ["student"]}', '{"announcement_id": "${UP.announcement}"}',
          '2026-11-19T06:00:00Z');
      insert into notification_reads (user_id, seen_up_to) values ('${UP.studentUser}', '2026-11-19T06:30:00Z');`,
    reads: [{ as: 'student', url: '/api/announcements', shows: ['Upgrade Notice'] }],
  },
  {
    tag: '0011_reports',
    sql: `update students set batch_joined_at = '2026-06-02T04:00:00Z' where id = '${UP.student}';`,
    reads: [],
  },
  // Data only: choice answers of submitted attempts become assessed.
  { tag: '0012_portal_scored_answers', sql: '', reads: [] },
  {
    // A sign-in ended by signing out; every instance refuses its token until it would have expired.
    tag: '0013_ended_sign_ins',
    sql: `
      insert into ended_sign_ins (sign_in, user_id, expires_at) values
        ('upgrade-ended-sign-in', '${UP.studentUser}', '2099-01-01T00:00:00Z');`,
    reads: [],
  },
  {
    tag: '0014_institution_exports',
    sql: `
      insert into institution_exports (id, institution_id, requested_by, status, steps_done, steps_total, created_at, finished_at, error) values
        ('${UP.export}', '${UP.institution}', '${UP.moderator}', 'failed', 3, 24, '2026-11-19T07:00:00Z', '2026-11-19T07:01:00Z', 'disk full');`,
    reads: [{ as: 'moderator', url: `/api/institutions/${UP.institution}/exports`, shows: [UP.export] }],
  },
  {
    // Fair examinations: an accommodation, a regrade in the history and a leave of the old attempt;
    // the old assessment keeps its fixed order and the old attempt gets a seed of its own.
    tag: '0015_fair_exams',
    sql: `
      insert into exam_accommodations (id, institution_id, assessment_id, student_id, extra_minutes, updated_by) values
        ('${UP.accommodation}', '${UP.institution}', '${UP.assessment}', '${UP.student}', 25, '${UP.moderator}');
      insert into assessment_regrades (id, institution_id, assessment_id, question_id, user_id, user_name, before, after, scores_changed) values
        ('${UP.regrade}', '${UP.institution}', '${UP.assessment}', '${UP.choice}', '${UP.facultyUser}', 'Upgrade Teacher',
          '{"right_option_ids": ["${UP.wrongOption}"], "weightage": 2}',
          '{"right_option_ids": ["${UP.rightOption}"], "weightage": 2}', 1);
      insert into exam_leaves (attempt_id, left_at, back_at) values
        ('${UP.attempt}', '2026-11-18T04:10:00Z', '2026-11-18T04:11:00Z');`,
    reads: [
      { as: 'moderator', url: `/api/assessments/${UP.assessment}/accommodations`, shows: [UP.student, '25'] },
      { as: 'faculty', url: `/api/assessments/${UP.assessment}/history`, shows: ['Upgrade Teacher'] },
    ],
  },
  {
    // Accounts made before it read the portal in English, as they did; the institution's default
    // and a person's own choice are kept.
    tag: '0016_languages',
    sql: `
      update institutions set default_language = 'ta' where id = '${UP.institution}';
      update users set language = 'hi' where id = '${UP.studentUser}';`,
    reads: [
      { as: 'student', url: '/api/auth/me', shows: ['"language":"hi"'] },
      { as: 'moderator', url: '/api/auth/me', shows: ['"language":"en"'] },
      { as: 'owner', url: '/api/institutions', shows: ['"default_language":"ta"'] },
    ],
  },
  {
    // Time spent keyed by its day first: a student's minutes on a topic on two days stay two rows,
    // and the topic's report sums them.
    tag: '0017_time_spent_day_first',
    sql: `
      insert into time_spent (institution_id, student_id, content_type, content_id, batch_subject_id, day, minutes) values
        ('${UP.institution}', '${UP.student}', 'topics', '${UP.topic}', '${UP.batchSubject}', '2026-11-20', 7.25),
        ('${UP.institution}', '${UP.student}', 'topics', '${UP.topic}', '${UP.batchSubject}', '2026-11-21', 3.5);`,
    reads: [
      { as: 'moderator', url: `/api/cwx/get-json-report/topic/${UP.topic}`, shows: ['"time_spent":10.75'] },
    ],
  },
  {
    // Attempts and answers keyed by time: rows written without a key get one of version 7, next to
    // the older rows' random ones, and read as before.
    tag: '0018_exam_keys_time_ordered',
    sql: `
      insert into assessments (id, institution_id, batch_subject_id, author_user_id, author_name, title, description, start_date, due_date, status) values
        ('${UP.termAssessment}', '${UP.institution}', '${UP.batchSubject}', '${UP.facultyUser}', 'Upgrade Teacher',
          'Upgrade Term', 'Lenses', '2026-11-25T04:00:00Z', '2026-11-25T05:00:00Z', 'LIVE');
      insert into questions (id, institution_id, assessment_id, topic_id, position, title, type, weightage) values
        ('${UP.termQuestion}', '${UP.institution}', '${UP.termAssessment}', null, 1, 'What does a lens do?', 'TEXT', 3);
      insert into exam_attempts (institution_id, assessment_id, student_id, started_at, submitted_at) values
        ('${UP.institution}', '${UP.termAssessment}', '${UP.student}', '2026-11-25T04:05:00Z', '2026-11-25T04:40:00Z');
      insert into exam_answers (attempt_id, question_id, option_ids, answer_text, updated_at)
        select id, '${UP.termQuestion}', '{}', 'Upgrade answer: it bends light', '2026-11-25T04:40:00Z'
        from exam_attempts where assessment_id = '${UP.termAssessment}' and id::text like '________-____-7___-%';`,
    reads: [
      {
        as: 'faculty',
        url: `/api/assessment-submissions/assessment/${UP.termAssessment}/student/${UP.student}`,
        shows: ['Upgrade answer: it bends light', 'What does a lens do?'],
      },
    ],
  },
];
