// The examination storm's data: a copy of the scale data (bench/.data/exam-storm) on which the
// school sits its exam day as it really does: each of the first k batches (250 students each)
// sits its own examination of one of its subjects, a paper of every question type set by that
// subject's teacher. The examinations are made afresh before every run; the students' tokens are
// signed as the portal's sign-in signs them; afterwards SQL checks what the database holds.
//
// Why a copy: a storm writes thousands of attempts and answers; the copy keeps the scale data the
// other scenarios measure as it was seeded.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DATA, ROOT } from './options.mjs';
import { SCALE_DIR } from './scale-data.mjs';

export const STORM_DIR = path.join(DATA, 'exam-storm');
const MARKER = path.join(STORM_DIR, 'copied-from.json');
/** The copy's layout: a copy made by an earlier version of the storm (one batch of 5,000) is made again. */
const LAYOUT = 'school-day-1';
// The server's own database client and token library, so tokens are signed as its sign-in signs them.
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = serverRequire('pg');
const { createSigner } = serverRequire('fast-jwt');

export const STORM_EXAM = 'Term Examination';
export const PAPER_QUESTIONS = 20;
export const STUDENTS_PER_BATCH = 250;
/** A fair paper's draw (each student's paper: 15 of the 20, every one worth the same) and extra time. */
export const FAIR_DRAW = 15;
export const FAIR_EXTRA_PERCENT = 25;
/** Every this many students of a batch holds extra time. */
export const FAIR_EXTRA_EVERY = 10;

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code})`))));
  });
}

/** bench/.data/exam-storm, copied from the scale data when missing, outdated or seeded again since. */
export async function ensureStormCopy(scale) {
  const marker = await fs
    .readFile(MARKER, 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  const current = marker?.seededOn === scale.seededOn && marker?.seconds === scale.seconds;
  if (current && marker.layout === LAYOUT) return;
  const started = performance.now();
  console.log('Exam storm: copying the scale data to bench/.data/exam-storm …');
  await fs.rm(STORM_DIR, { recursive: true, force: true });
  // -a keeps the cluster's owner (the postgres user when run as root) and modes.
  await run('cp', ['-a', SCALE_DIR, STORM_DIR]);
  await fs.rm(path.join(STORM_DIR, 'postgres', 'postmaster.pid'), { force: true });
  await fs.writeFile(MARKER, JSON.stringify({ ...scale, layout: LAYOUT }));
  console.log(`  copied in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A client of the embedded PostgreSQL the portal runs on `dataDir` (started by the portal): its
 * port from the cluster's postmaster.pid (4th line), its password from the folder's secrets.
 */
export async function connectStormDatabase(dataDir = STORM_DIR) {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'portal',
    password: secrets.postgres_password,
    database: 'portal',
  });
  await client.connect();
  return client;
}

/**
 * A paper of 20 questions of every type (7 single choice, 4 multiple choice, 4 true/false, 4
 * written answers, 1 answer sheet to upload), 1-5 marks each, worded for its batch and subject.
 */
function paperFor(batchTitle, subjectTitle) {
  return Array.from({ length: PAPER_QUESTIONS }, (_, index) => {
    const type =
      index < 7
        ? 'SINGLE_CHOICE'
        : index < 11
          ? 'MULTIPLE_CHOICE'
          : index < 15
            ? 'BOOLEAN'
            : index < 19
              ? 'TEXT'
              : 'UPLOAD';
    const weightage = { TEXT: 3, MULTIPLE_CHOICE: 2, UPLOAD: 5 }[type] ?? 1;
    return {
      position: index + 1,
      type,
      weightage,
      title: `${subjectTitle}, ${batchTitle}, question ${index + 1}: ${titleOf(type)}`,
    };
  });
}

function titleOf(type) {
  switch (type) {
    case 'SINGLE_CHOICE':
      return 'Which of these statements about the chapter is correct?';
    case 'MULTIPLE_CHOICE':
      return 'Select every example that fits the definition.';
    case 'BOOLEAN':
      return 'The rule from the lesson also holds for the special case.';
    case 'UPLOAD':
      return 'Draw the labelled diagram on paper and upload a photograph of it.';
    default:
      return 'Explain the main idea in your own words.';
  }
}

/**
 * The storm's examinations, made afresh for the first `batchCount` batches: earlier storm
 * examinations go (with their attempts, answers, accommodations and leave records), and each batch
 * gets one LIVE examination of its first subject, set by that subject's first teacher, opening at
 * `start` and due at `due`. With `fair` (`{ durationMinutes }`), each paper shuffles questions and
 * options, draws FAIR_DRAW questions per student and runs each student's clock for the duration,
 * and every FAIR_EXTRA_EVERY-th student of a batch holds FAIR_EXTRA_PERCENT % extra time.
 * Answers each examination with its batch subject and students (user id, student id, token version).
 */
export async function resetStormExams(db, { start, due, batchCount, fair = null }) {
  const institution = (await db.query(`select id from institutions where title = 'Scale Public School'`))
    .rows[0];
  if (!institution) throw new Error('the exam storm needs the scale institution (npm run seed:scale)');
  await db.query('begin');
  try {
    const old = `select id from assessments where institution_id = $1 and title like $2`;
    const oldParams = [institution.id, `${STORM_EXAM} %`];
    await db.query(
      `delete from exam_answers where attempt_id in
         (select id from exam_attempts where assessment_id in (${old}))`,
      oldParams,
    );
    await db.query(
      `delete from exam_leaves where attempt_id in
         (select id from exam_attempts where assessment_id in (${old}))`,
      oldParams,
    );
    await db.query(`delete from exam_accommodations where assessment_id in (${old})`, oldParams);
    await db.query(`delete from exam_attempts where assessment_id in (${old})`, oldParams);
    await db.query(`delete from questions where assessment_id in (${old})`, oldParams);
    await db.query(`delete from assessments where id in (${old})`, oldParams);
    const setters = (
      await db.query(
        `select distinct on (b.title) b.id as batch_id, b.title as batch_title, bs.id as batch_subject_id,
           s.title as subject_title, u.id as author_user_id, f.name as author_name
         from batches b
         join batch_subjects bs on bs.batch_id = b.id and bs.deleted_at is null
         join subjects s on s.id = bs.subject_id and s.deleted_at is null
         join batch_subject_faculties bf on bf.batch_subject_id = bs.id
         join faculties f on f.id = bf.faculty_id join users u on u.id = f.user_id
         where b.institution_id = $1 and b.deleted_at is null
         order by b.title, s.code, f.name`,
        [institution.id],
      )
    ).rows.slice(0, batchCount);
    const exams = [];
    for (const setter of setters) {
      const assessmentId = (
        await db.query(
          `insert into assessments (institution_id, batch_subject_id, author_user_id, author_name, title,
             description, start_date, due_date, status, duration_minutes, shuffle_questions, shuffle_options,
             draw_count)
           values ($1, $2, $3, $4, $5, 'Answer every question; your answers are saved as you go.', $6, $7, 'LIVE',
             $8, $9, $9, $10)
           returning id`,
          [
            institution.id,
            setter.batch_subject_id,
            setter.author_user_id,
            setter.author_name,
            `${STORM_EXAM} ${setter.batch_title}`,
            start,
            due,
            fair?.durationMinutes ?? null,
            fair !== null,
            fair ? FAIR_DRAW : null,
          ],
        )
      ).rows[0].id;
      await db.query(
        `with given as (
           select * from jsonb_to_recordset($3::jsonb) as q(position int, type text, weightage numeric, title text)),
         made as (
           insert into questions (institution_id, assessment_id, position, title, type, weightage)
           select $1, $2, position, title, type, weightage from given
           returning id, type)
         insert into question_options (question_id, position, title, correct)
         select made.id, o, case when made.type = 'BOOLEAN' then (array['True', 'False'])[o]
             else (array['The first statement', 'The second statement', 'The third statement', 'The fourth statement'])[o] end,
           case made.type when 'SINGLE_CHOICE' then o = 2 when 'MULTIPLE_CHOICE' then o in (1, 3) else o = 1 end
         from made, generate_series(1, 4) o
         where made.type in ('SINGLE_CHOICE', 'MULTIPLE_CHOICE') or (made.type = 'BOOLEAN' and o <= 2)`,
        [institution.id, assessmentId, JSON.stringify(paperFor(setter.batch_title, setter.subject_title))],
      );
      const students = (
        await db.query(
          `select u.id as user_id, s.id as student_id, u.token_version, u.username
           from students s join users u on u.id = s.user_id
           join batch_subject_students e on e.student_id = s.id and e.batch_subject_id = $1
           where s.batch_id = $2 and s.archived_at is null order by u.username`,
          [setter.batch_subject_id, setter.batch_id],
        )
      ).rows;
      if (fair) {
        await db.query(
          `insert into exam_accommodations (institution_id, assessment_id, student_id, extra_percent)
           select $1, $2, student_id, $3 from unnest($4::uuid[]) as student_id`,
          [
            institution.id,
            assessmentId,
            FAIR_EXTRA_PERCENT,
            students
              .filter((_, index) => index % FAIR_EXTRA_EVERY === 0)
              .map((student) => student.student_id),
          ],
        );
      }
      exams.push({
        assessmentId,
        batchSubjectId: setter.batch_subject_id,
        batch: setter.batch_title,
        students,
      });
    }
    // Every student may upload answer sheets in this storm.
    await db.query(
      `update students set upload_assessment_not_allowed = false where institution_id = $1
         and upload_assessment_not_allowed`,
      [institution.id],
    );
    await db.query('commit');
    // The previous storm's rows, deleted just now, are vacuumed before the measured portal starts,
    // as a school's database has long done before its exam; else autovacuum runs into the phases.
    await db.query(
      'vacuum analyze exam_answers, exam_leaves, exam_accommodations, exam_attempts, questions, assessments, time_spent',
    );
    return exams;
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Tokens for `students`, signed exactly as the portal's sign-in signs them (`{ sub, tv }`, HS256
 * with the data folder's secret, 12 h): the students signed in earlier in the day. Every request
 * of the storm still goes through the portal's own check (signature, expiry, account, token version).
 */
export async function tokensFor(students, dataDir = STORM_DIR) {
  const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
  const sign = createSigner({ key: process.env.JWT_SECRET || secrets.jwt_secret, expiresIn: 12 * 3_600_000 });
  return students.map((student) => sign({ sub: student.user_id, tv: student.token_version }));
}

/** A uuid[] or text[] as node-postgres hands it over: an array, or its text form without a parser. */
const list = (value) =>
  Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',').filter(Boolean);

/**
 * What the database holds after the storm, against what the clients were told: `acknowledged`
 * maps `${studentId}/${questionId}` to the last value a 2xx answered for. Answers the counts of
 * stored, missing and different answers, and of students submitted once, never, or more.
 */
export async function verifyStorm(db, { assessmentIds, acknowledged, submittedStudents }) {
  const answers = (
    await db.query(
      `select ea.student_id, x.question_id, x.option_ids, x.answer_text, x.file_urls
       from exam_attempts ea join exam_answers x on x.attempt_id = ea.id
       where ea.assessment_id = any($1::uuid[])`,
      [assessmentIds],
    )
  ).rows;
  const stored = new Map(answers.map((row) => [`${row.student_id}/${row.question_id}`, row]));
  let kept = 0;
  const missing = [];
  const different = [];
  for (const [key, value] of acknowledged) {
    const row = stored.get(key);
    if (!row) {
      missing.push(key);
      continue;
    }
    const same =
      [...list(row.option_ids)].sort().join(',') === [...value.optionIds].sort().join(',') &&
      (row.answer_text ?? null) === (value.text ?? null) &&
      [...list(row.file_urls)].join(',') === (value.fileUrls ?? []).join(',');
    if (same) kept += 1;
    else different.push(key);
  }
  const attempts = (
    await db.query(
      `select student_id, count(*)::int as attempts, count(submitted_at)::int as submitted
       from exam_attempts where assessment_id = any($1::uuid[]) group by student_id`,
      [assessmentIds],
    )
  ).rows;
  const byStudent = new Map(attempts.map((row) => [row.student_id, row]));
  let submittedOnce = 0;
  const notSubmitted = [];
  for (const studentId of submittedStudents) {
    const row = byStudent.get(studentId);
    if (row && row.attempts === 1 && row.submitted === 1) submittedOnce += 1;
    else notSubmitted.push(studentId);
  }
  const duplicated = attempts.filter((row) => row.attempts > 1 || row.submitted > 1).length;
  // Each start logs the student's entry (time spent, written within a second).
  const [{ entered }] = (
    await db.query(
      `select count(distinct student_id)::int as entered from time_spent
       where content_type = 'assessment' and content_id = any($1::uuid[])`,
      [assessmentIds],
    )
  ).rows;
  return {
    entered,
    acknowledged: acknowledged.size,
    kept,
    missing: missing.length,
    different: different.length,
    submissions: submittedStudents.size,
    submittedOnce,
    notSubmitted: notSubmitted.length,
    duplicated,
  };
}
