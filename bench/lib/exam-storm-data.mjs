// The examination storm's data: a copy of the scale data (bench/.data/exam-storm) in which the
// 5,000 scale students form ONE batch, an examination of that batch reset before every run, the
// students' tokens, and the SQL checks afterwards.
//
// Why a copy: a student belongs to one batch, and an examination is open only to the students of
// its batch (the eligibility rules the API enforces). Moving the 5,000 into one batch of the
// scale data itself would change every other scenario's school; the copy keeps the school's
// tables at scale (a million views, 90,000 past sittings, …) and changes only who is in which batch.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DATA, ROOT } from './options.mjs';
import { SCALE_DIR } from './scale-data.mjs';

export const STORM_DIR = path.join(DATA, 'exam-storm');
const MARKER = path.join(STORM_DIR, 'copied-from.json');
// The server's own database client and token library, so tokens are signed as its sign-in signs them.
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = serverRequire('pg');
const { createSigner } = serverRequire('fast-jwt');

export const STORM_BATCH = 'Examination Hall';
export const STORM_EXAM = 'Science Term Examination';
export const PAPER_QUESTIONS = 20;

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code})`))));
  });
}

/** bench/.data/exam-storm, copied from the scale data when missing or when that was seeded again. */
export async function ensureStormCopy(scale) {
  const marker = await fs
    .readFile(MARKER, 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  if (marker && marker.seededOn === scale.seededOn && marker.seconds === scale.seconds) return;
  const started = performance.now();
  console.log('Exam storm: copying the scale data to bench/.data/exam-storm …');
  await fs.rm(STORM_DIR, { recursive: true, force: true });
  // -a keeps the cluster's owner (the postgres user when run as root) and modes.
  await run('cp', ['-a', SCALE_DIR, STORM_DIR]);
  await fs.rm(path.join(STORM_DIR, 'postgres', 'postmaster.pid'), { force: true });
  await fs.writeFile(MARKER, JSON.stringify(scale));
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
 * Once per copy: the "Examination Hall" batch with one batch subject (a scale subject, taught by
 * the first scale faculty member), and every scale student moved into it and enrolled in it.
 */
async function ensureStormBatch(db) {
  const { rows } = await db.query(
    `select id, academic_year from institutions where title = 'Scale Public School'`,
  );
  const institution = rows[0];
  if (!institution) throw new Error('the exam storm needs the scale institution (npm run seed:scale)');
  await db.query('begin');
  try {
    await db.query(
      `insert into batches (institution_id, title, academic_year, display_order)
       select $1, $2, $3, 100 where not exists (
         select 1 from batches where institution_id = $1 and title = $2 and deleted_at is null)`,
      [institution.id, STORM_BATCH, institution.academic_year],
    );
    const batchId = (
      await db.query(
        'select id from batches where institution_id = $1 and title = $2 and deleted_at is null',
        [institution.id, STORM_BATCH],
      )
    ).rows[0].id;
    await db.query(
      `insert into batch_subjects (institution_id, batch_id, subject_id)
       select $1, $2, (select id from subjects where institution_id = $1 and deleted_at is null order by code, id limit 1)
       where not exists (select 1 from batch_subjects where batch_id = $2 and deleted_at is null)`,
      [institution.id, batchId],
    );
    const batchSubjectId = (
      await db.query('select id from batch_subjects where batch_id = $1 and deleted_at is null', [batchId])
    ).rows[0].id;
    await db.query(
      `insert into batch_subject_faculties (batch_subject_id, faculty_id)
       select $1, f.id from faculties f join users u on u.id = f.user_id where u.username = 'scale-faculty-001'
       on conflict do nothing`,
      [batchSubjectId],
    );
    const moved = await db.query(
      `update students set batch_id = $2, updated_at = now() where institution_id = $1 and batch_id is distinct from $2`,
      [institution.id, batchId],
    );
    await db.query(
      `insert into batch_subject_students (batch_subject_id, student_id)
       select $2, id from students where institution_id = $1 and archived_at is null
       on conflict do nothing`,
      [institution.id, batchSubjectId],
    );
    await db.query('commit');
    if (moved.rowCount) {
      // Fresh statistics for the moved rows, as autovacuum would gather them.
      await db.query('analyze students, batch_subject_students');
      console.log(`Exam storm: ${moved.rowCount} scale students moved into the batch "${STORM_BATCH}"`);
    }
    return { institutionId: institution.id, batchId, batchSubjectId };
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * The paper: 20 questions of a realistic mix (8 single choice, 4 multiple choice, 4 true/false,
 * 4 written answers), 1-3 marks each. Upload questions are left out: their answers are files
 * uploaded through the storage, which the storm does not exercise.
 */
const paper = Array.from({ length: PAPER_QUESTIONS }, (_, index) => {
  const type = index < 8 ? 'SINGLE_CHOICE' : index < 12 ? 'MULTIPLE_CHOICE' : index < 16 ? 'BOOLEAN' : 'TEXT';
  const weightage = type === 'TEXT' ? 3 : type === 'MULTIPLE_CHOICE' ? 2 : 1;
  return { position: index + 1, type, weightage, title: `Question ${index + 1}: ${titleOf(type)}` };
});

function titleOf(type) {
  switch (type) {
    case 'SINGLE_CHOICE':
      return 'Which of these statements about the chapter is correct?';
    case 'MULTIPLE_CHOICE':
      return 'Select every example that fits the definition.';
    case 'BOOLEAN':
      return 'The rule from the lesson also holds for the special case.';
    default:
      return 'Explain the main idea in your own words.';
  }
}

/**
 * The storm's examination, made afresh: earlier storm examinations go (with their attempts and
 * answers), and a LIVE one opens at `start` and is due at `due`. Answers its id, its batch
 * subject and the 5,000 students (user id, student id, token version).
 */
export async function resetStormExam(db, { start, due }) {
  const storm = await ensureStormBatch(db);
  await db.query('begin');
  try {
    const old = `select id from assessments where batch_subject_id = $1`;
    await db.query(
      `delete from exam_answers where attempt_id in (select id from exam_attempts where assessment_id in (${old}))`,
      [storm.batchSubjectId],
    );
    await db.query(`delete from exam_attempts where assessment_id in (${old})`, [storm.batchSubjectId]);
    await db.query(`delete from questions where assessment_id in (${old})`, [storm.batchSubjectId]);
    await db.query('delete from assessments where batch_subject_id = $1', [storm.batchSubjectId]);
    const assessmentId = (
      await db.query(
        `insert into assessments (institution_id, batch_subject_id, author_user_id, author_name, title, description,
           start_date, due_date, status)
         select $1, $2, u.id, f.name, $3, 'Answer every question; your answers are saved as you go.', $4, $5, 'LIVE'
         from users u join faculties f on f.user_id = u.id where u.username = 'scale-faculty-001'
         returning id`,
        [storm.institutionId, storm.batchSubjectId, STORM_EXAM, start, due],
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
      [storm.institutionId, assessmentId, JSON.stringify(paper)],
    );
    await db.query('commit');
    const students = (
      await db.query(
        `select u.id as user_id, s.id as student_id, u.token_version, u.username
         from students s join users u on u.id = s.user_id
         join batch_subject_students e on e.student_id = s.id and e.batch_subject_id = $1
         where s.archived_at is null order by u.username`,
        [storm.batchSubjectId],
      )
    ).rows;
    return { assessmentId, batchSubjectId: storm.batchSubjectId, students };
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

/** A uuid[] as node-postgres hands it over: an array, or its text form when it has no parser for it. */
const uuids = (value) =>
  Array.isArray(value) ? value : String(value).replace(/[{}]/g, '').split(',').filter(Boolean);

/**
 * What the database holds after the storm, against what the clients were told: `acknowledged`
 * maps `${studentId}/${questionId}` to the last value a 2xx answered for. Answers the counts of
 * stored, missing and different answers, and of students submitted once, never, or more.
 */
export async function verifyStorm(db, { assessmentId, acknowledged, submittedStudents }) {
  const answers = (
    await db.query(
      `select ea.student_id, x.question_id, x.option_ids, x.answer_text
       from exam_attempts ea join exam_answers x on x.attempt_id = ea.id
       where ea.assessment_id = $1`,
      [assessmentId],
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
      [...uuids(row.option_ids)].sort().join(',') === [...value.optionIds].sort().join(',') &&
      (row.answer_text ?? null) === (value.text ?? null);
    if (same) kept += 1;
    else different.push(key);
  }
  const attempts = (
    await db.query(
      `select student_id, count(*)::int as attempts, count(submitted_at)::int as submitted
       from exam_attempts where assessment_id = $1 group by student_id`,
      [assessmentId],
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
  return {
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
