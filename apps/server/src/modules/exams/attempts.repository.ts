import { EXAM_GRACE_MS, type Question } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isDataError } from '../../lib/db-errors.js';
import { executePrepared, fixedStatement } from '../../lib/prepared.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { type WriteGroups, writeGroups } from '../../lib/write-groups.js';
import { loadQuestions } from '../assessments/questions.repository.js';
import { attemptDeadline, deadlineJoins, studentView } from './deadline.js';

/**
 * An examination as its student sits it, with their attempt when there is one: their own due date
 * (`due_date`, a later one when given them) and deadline, and their (drawn) paper's size and total.
 */
export interface StudentExamRow extends Record<string, unknown> {
  id: string;
  batch_subject_id: string;
  subject_title: string;
  title: string;
  description: string;
  start_date: Date;
  due_date: Date;
  /** When the student's clock ends (decision 38); before their start, their due date. */
  deadline: Date;
  /** How long the student's clock runs: the duration with their extra time; null without a duration. */
  own_seconds: number | null;
  paper_url: string | null;
  status: 'LIVE' | 'EVOLUTED';
  questions_count: number;
  total_marks: number;
  has_upload_questions: boolean;
  duration_minutes: number | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
  one_at_a_time: boolean;
  /** The student's `uploadAssessmentNotAllowed`. */
  upload_not_allowed: boolean;
  attempt_id: string | null;
  started_at: Date | null;
  submitted_at: Date | null;
  auto_submitted: boolean | null;
  /** The attempt's seed (its own paper, decision 39). */
  seed: number | null;
}

/** A row of `selectStudentExam`; its `deadline` and `own_seconds` are worked out from the rest. */
interface StudentExamSource extends StudentExamRow {
  weights: number[];
  extra_time_percent: number;
  acc_extra_minutes: number | null;
  acc_extra_percent: number | null;
  acc_due_date: Date | null;
}

function asStudentExam(row: StudentExamSource): StudentExamRow {
  const { weights, extra_time_percent, acc_extra_minutes, acc_extra_percent, acc_due_date, ...exam } = row;
  const accommodation =
    acc_extra_minutes === null
      ? undefined
      : { extraMinutes: acc_extra_minutes, extraPercent: acc_extra_percent, dueDate: acc_due_date };
  return {
    ...exam,
    ...studentView(
      { ...exam, weights },
      { standingPercent: extra_time_percent, accommodation },
      exam.started_at,
    ),
  };
}

/**
 * LIVE (or CLOSED) and EVOLUTED assessments of a live batch subject the student is enrolled in
 * with their own batch: what they may sit or read. Anything else is as if it did not exist.
 */
function selectStudentExam(studentId: string, where: SQL): SQL {
  return sql`
    select a.id, a.batch_subject_id, s.title as subject_title, a.title, a.description, a.start_date,
      a.due_date, a.paper_url, a.status, q.questions_count, q.total_marks, q.has_upload_questions,
      q.weights, a.duration_minutes, a.shuffle_questions, a.shuffle_options, a.draw_count, a.one_at_a_time,
      me.upload_assessment_not_allowed as upload_not_allowed, me.extra_time_percent::float8 as extra_time_percent,
      acc.extra_minutes as acc_extra_minutes, acc.extra_percent::float8 as acc_extra_percent,
      acc.due_date as acc_due_date,
      ea.id as attempt_id, ea.started_at, ea.submitted_at, ea.auto_submitted, ea.seed
    from assessments a
    join batch_subjects bs on bs.id = a.batch_subject_id and bs.deleted_at is null
    join batches b on b.id = bs.batch_id and b.deleted_at is null
    join subjects s on s.id = bs.subject_id and s.deleted_at is null
    join batch_subject_students bss on bss.batch_subject_id = a.batch_subject_id and bss.student_id = ${studentId}
    join students me on me.id = bss.student_id and me.batch_id = bs.batch_id and me.archived_at is null
    left join exam_attempts ea on ea.assessment_id = a.id and ea.student_id = me.id
    left join exam_accommodations acc on acc.assessment_id = a.id and acc.student_id = me.id
    cross join lateral (
      select count(*)::int as questions_count, coalesce(sum(qq.weightage), 0)::float8 as total_marks,
        coalesce(bool_or(qq.type = 'UPLOAD'), false) as has_upload_questions,
        coalesce(array_agg(qq.weightage::float8 order by qq.position), '{}') as weights
      from questions qq where qq.assessment_id = a.id) q
    where a.status in ('LIVE', 'EVOLUTED') and ${where}`;
}

/** The examination with the student's attempt, if they may sit or read it. */
export async function findStudentExam(
  db: Database,
  institutionId: string,
  studentId: string,
  assessmentId: string,
): Promise<StudentExamRow | undefined> {
  const where = sql`a.id = ${assessmentId} and a.institution_id = ${institutionId}`;
  const result = await executePrepared<StudentExamSource>(db, selectStudentExam(studentId, where));
  return result.rows[0] && asStudentExam(result.rows[0]);
}

/** The examination of one of the student's own attempts. */
export async function findAttemptExam(
  db: Database,
  institutionId: string,
  studentId: string,
  attemptId: string,
): Promise<(StudentExamRow & { attempt_id: string }) | undefined> {
  const where = sql`ea.id = ${attemptId} and a.institution_id = ${institutionId}`;
  const result = await executePrepared<StudentExamSource>(db, selectStudentExam(studentId, where));
  return result.rows[0] && (asStudentExam(result.rows[0]) as StudentExamRow & { attempt_id: string });
}

export interface StartValues {
  institutionId: string;
  assessmentId: string;
  studentId: string;
  now: Date;
}

export interface StartedAttempt {
  id: string;
  /** False when the student already had the attempt (another tab, or the same start twice). */
  created: boolean;
  startedAt: Date;
  seed: number;
}

interface AttemptKeyRow extends Record<string, unknown> {
  id: string;
  assessment_id: string;
  student_id: string;
  started_at: Date;
  seed: number;
}

const attemptKey = (assessmentId: string, studentId: string) => `${assessmentId} ${studentId}`;

/**
 * The attempts of several starts in one statement, created when missing: the unique index makes a
 * second or parallel start find the same row (decision 26). Answers each start's attempt in the
 * starts' order; a student twice among them is created once. The rows are inserted in the
 * unique index's order, so two such statements under way at once wait for each other's rows in
 * the same order and cannot deadlock.
 */
export async function insertAttempts(
  db: Database | Transaction,
  starts: StartValues[],
): Promise<StartedAttempt[]> {
  const firstOfKey = new Map<string, StartValues>();
  for (const start of starts) {
    const key = attemptKey(start.assessmentId, start.studentId);
    if (!firstOfKey.has(key)) firstOfKey.set(key, start);
  }
  const distinct = [...firstOfKey.values()];
  const column = <Key extends keyof StartValues>(key: Key) => sql.param(distinct.map((start) => start[key]));
  const inserted = await executePrepared<AttemptKeyRow>(
    db,
    sql`
    insert into exam_attempts (institution_id, assessment_id, student_id, started_at, created_at, updated_at)
    select institution_id, assessment_id, student_id, started_at, started_at, started_at
    from unnest(${column('institutionId')}::uuid[], ${column('assessmentId')}::uuid[],
      ${column('studentId')}::uuid[], ${column('now')}::timestamptz[])
      as start(institution_id, assessment_id, student_id, started_at)
    order by assessment_id, student_id
    on conflict (assessment_id, student_id) do nothing
    returning id, assessment_id, student_id, started_at, seed`,
  );
  const createdRows = new Map(
    inserted.rows.map((row) => [attemptKey(row.assessment_id, row.student_id), row]),
  );
  const missing = distinct.filter(
    (start) => !createdRows.has(attemptKey(start.assessmentId, start.studentId)),
  );
  const found = missing.length === 0 ? [] : (await existingAttempts(db, missing)).rows;
  const theirs = new Map(found.map((row) => [attemptKey(row.assessment_id, row.student_id), row]));
  const claimed = new Set<string>();
  return starts.map((start) => {
    const key = attemptKey(start.assessmentId, start.studentId);
    const createdRow = createdRows.get(key);
    // Only the first start of a key created it; a repeat in the same group finds it.
    const created = createdRow !== undefined && !claimed.has(key);
    claimed.add(key);
    const row = (createdRow ?? theirs.get(key))!;
    return { id: row.id, created, startedAt: new Date(row.started_at), seed: row.seed };
  });
}

const existingAttempts = (db: Database | Transaction, starts: StartValues[]) =>
  executePrepared<AttemptKeyRow>(
    db,
    sql`select id, assessment_id, student_id, started_at, seed from exam_attempts
      where (assessment_id, student_id) in (
        select * from unnest(${sql.param(starts.map((start) => start.assessmentId))}::uuid[],
          ${sql.param(starts.map((start) => start.studentId))}::uuid[]))`,
  );

// The starts of an exam's opening arrive together: each pool's starts are written in groups
// (writeGroups), one statement and one commit for the starts that came while others were written.
const startGroups = new WeakMap<Database, WriteGroups<StartValues, StartedAttempt>>();

/** The caller's attempt, created when they have none; written with the starts that come with it. */
export function startAttempt(db: Database, start: StartValues): Promise<StartedAttempt> {
  let groups = startGroups.get(db);
  if (!groups) {
    groups = writeGroups({
      writeAll: (starts) => insertAttempts(db, starts),
      // A start refused for its own row (a student or paper deleted meanwhile) fails alone.
      retryAlone: isDataError,
      inFlight: 2,
      maxGroup: 200,
    });
    startGroups.set(db, groups);
  }
  return groups.write(start);
}

// An assessment's questions cannot change once someone has started it (assessmentQuestionsFrozen),
// and only started attempts read them here: every student of an exam shares one load.
const examQuestionsCache = ttlCache<Question[]>({ ttlMs: 60_000, maxEntries: 2_000 });

/** The questions of an assessment with started attempts, in order, with their options. */
export function examQuestions(db: Database, assessmentId: string): Promise<Question[]> {
  return examQuestionsCache.get(db, assessmentId, () => loadQuestions(db, { assessmentId }));
}

/** After a regrade: this process reads the questions again (others within the cache's minute). */
export const forgetExamQuestions = (db: Database, assessmentId: string) =>
  examQuestionsCache.forget(db, assessmentId);

export interface SavedAnswerRow extends Record<string, unknown> {
  question_id: string;
  option_ids: string[];
  answer_text: string | null;
  file_urls: string[];
  marked_for_review: boolean;
  updated_at: Date;
}

export async function savedAnswers(db: Database, attemptId: string): Promise<SavedAnswerRow[]> {
  const result = await executePrepared<SavedAnswerRow>(
    db,
    sql`select question_id, option_ids, answer_text, file_urls, marked_for_review, updated_at
      from exam_answers where attempt_id = ${attemptId}`,
  );
  return result.rows;
}

export interface AnswerValues {
  questionId: string;
  optionIds: string[];
  answerText: string | null;
  fileUrls: string[];
  /** "Mark for review"; undefined keeps the saved mark. */
  markedForReview?: boolean;
}

/**
 * Autosaves one answer in ONE statement, only while the attempt is unsubmitted and the grace after
 * the student's own deadline has not run out: the attempt row is read FOR SHARE, so a submit
 * (whose update of that row waits for the share lock) either waits for this save or is seen by it.
 * A choice answer is scored as it is saved, so the submit need not write it again (it checks the
 * score against the key stored then). Answers the stored row, or undefined when refused.
 */
export async function saveAnswer(
  db: Database,
  attemptId: string,
  answer: AnswerValues,
  now: Date,
): Promise<SavedAnswerRow | undefined> {
  const result = await saveStatement<SavedAnswerRow>(db, {
    attemptId,
    questionId: answer.questionId,
    optionIds: answer.optionIds,
    answerText: answer.answerText,
    fileUrls: answer.fileUrls,
    marked: answer.markedForReview ?? null,
    now,
  });
  return result.rows[0];
}

const saveStatement = fixedStatement<
  'attemptId' | 'questionId' | 'optionIds' | 'answerText' | 'fileUrls' | 'marked' | 'now'
>(
  () => sql`with open_attempt as (
      select ea.id from exam_attempts ea
      join assessments a on a.id = ea.assessment_id
      ${deadlineJoins}
      where ea.id = ${sql.placeholder('attemptId')} and ea.submitted_at is null
        and ${sql.placeholder('now')}::timestamptz <= ${attemptDeadline} + make_interval(secs => ${EXAM_GRACE_MS / 1000})
      for share of ea)
    insert into exam_answers (attempt_id, question_id, option_ids, answer_text, file_urls, marked_for_review,
      updated_at, assessed, correct, scored_point)
    select oa.id, q.id, ${sql.placeholder('optionIds')}::uuid[], ${sql.placeholder('answerText')},
      ${sql.placeholder('fileUrls')}::text[], coalesce(${sql.placeholder('marked')}::boolean, false), ${sql.placeholder('now')},
      ${scoredColumns}
    from open_attempt oa
    join questions q on q.id = ${sql.placeholder('questionId')}
    cross join lateral ${choiceScore(sql`${sql.placeholder('optionIds')}::uuid[]`)}
    on conflict (attempt_id, question_id) do update set option_ids = excluded.option_ids,
      answer_text = excluded.answer_text, file_urls = excluded.file_urls, updated_at = excluded.updated_at,
      marked_for_review = coalesce(${sql.placeholder('marked')}::boolean, exam_answers.marked_for_review),
      assessed = excluded.assessed, correct = excluded.correct, scored_point = excluded.scored_point
    returning question_id, option_ids, answer_text, file_urls, marked_for_review, updated_at`,
);

/** A submitted answer, with the saved answer it was made from when the sender said (else undefined). */
export interface SubmittedAnswer extends AnswerValues {
  /** The saved answer's `updated_at` the sender knew (null: none); undefined: replace whatever is saved. */
  savedAt?: Date | null;
}

/**
 * Submits the started attempt in ONE statement (decisions 20, 21 and 26): marks it submitted,
 * writes the submitted answers over the saved ones, gives every other question of the student's
 * paper an empty answer and scores the choice answers, each row written once. Answers the
 * attempt's id and start, or undefined when it was already submitted (nothing is written then).
 *
 * - The attempt's update is the lock: it waits for saves in flight (they read the attempt FOR
 *   SHARE) and then sees whether another submit got there first; a save arriving later finds it
 *   submitted.
 * - An answer made from an older save than the stored one (another tab saved since) leaves the
 *   stored one; the check reads the stored row as it is now (`on conflict`), not as it was when
 *   the statement began. An answer equal to the stored one keeps its save's time.
 * - Choice answers are scored by the key stored now (question_options), like a regrade. A saved
 *   answer that stays, scored at its save by that same key, is not written again: the saves of an
 *   exam day scored them, so a submit mostly writes only the empty answers.
 */
export async function submitAttempt(
  db: Database | Transaction,
  values: {
    attemptId: string;
    assessmentId: string;
    now: Date;
    auto: boolean;
    answers: SubmittedAnswer[];
    /** A drawn paper's questions (the others are not the student's); null: the whole paper. */
    paper: string[] | null;
  },
): Promise<{ id: string; started_at: Date } | undefined> {
  const { attemptId, assessmentId, now, auto, answers, paper } = values;
  const given = JSON.stringify(
    answers.map((answer) => ({
      question_id: answer.questionId,
      option_ids: answer.optionIds,
      answer_text: answer.answerText,
      file_urls: answer.fileUrls,
      checked: answer.savedAt !== undefined,
      saved_at: answer.savedAt?.toISOString() ?? null,
    })),
  );
  const result = await submitStatement<{ id: string; started_at: Date }>(db, {
    attemptId,
    assessmentId,
    now,
    auto,
    given,
    wholePaper: paper === null,
    paper: paper ?? [],
  });
  const row = result.rows[0];
  return row && { id: row.id, started_at: new Date(row.started_at) };
}

const submitStatement = fixedStatement<
  'attemptId' | 'assessmentId' | 'now' | 'auto' | 'given' | 'wholePaper' | 'paper'
>(() => {
  const now = sql.placeholder('now');
  // The given answer replaces the stored row `x` when the sender had seen x's save (or said nothing).
  const replaces = sql`exists (select 1 from given g where g.question_id = x.question_id
    and (not g.checked or (g.saved_at is not null and x.updated_at <= g.saved_at)))`;
  const kept = (column: string) =>
    sql`case when ${replaces} then excluded.${sql.raw(column)} else x.${sql.raw(column)} end`;
  const changed = sql`(x.option_ids, x.answer_text, x.file_urls)
    is distinct from (excluded.option_ids, excluded.answer_text, excluded.file_urls)`;
  // The proposed row's score holds when its choices are the ones that stay.
  const scoredAsGiven = sql`(${replaces} or x.option_ids = excluded.option_ids)`;
  return sql`
    with submitted as (
      update exam_attempts set submitted_at = ${now}, auto_submitted = ${sql.placeholder('auto')}, updated_at = ${now}
      where id = ${sql.placeholder('attemptId')} and submitted_at is null
      returning id, started_at),
    given as (
      select g.question_id, array(select jsonb_array_elements_text(g.option_ids))::uuid[] as option_ids,
        g.answer_text, array(select jsonb_array_elements_text(g.file_urls)) as file_urls, g.checked, g.saved_at
      from jsonb_to_recordset(${sql.placeholder('given')}::jsonb) as g(question_id uuid, option_ids jsonb,
        answer_text text, file_urls jsonb, checked boolean, saved_at timestamptz)),
    written as (
      insert into exam_answers as x (attempt_id, question_id, option_ids, answer_text, file_urls, updated_at,
        assessed, correct, scored_point)
      select s.id, q.id, coalesce(g.option_ids, '{}'), g.answer_text, coalesce(g.file_urls, '{}'), ${now},
        ${scoredColumns}
      from submitted s
      join questions q on q.assessment_id = ${sql.placeholder('assessmentId')}
        and (${sql.placeholder('wholePaper')}::boolean or q.id = any(${sql.placeholder('paper')}::uuid[]))
      left join given g on g.question_id = q.id
      cross join lateral ${choiceScore(sql`coalesce(g.option_ids, '{}')`)}
      on conflict (attempt_id, question_id) do update set option_ids = ${kept('option_ids')},
        answer_text = ${kept('answer_text')}, file_urls = ${kept('file_urls')},
        updated_at = case when ${replaces} and ${changed} then excluded.updated_at else x.updated_at end,
        assessed = excluded.assessed,
        correct = case when ${scoredAsGiven} then excluded.correct else ${storedScore(correctOf)} end,
        scored_point = case when ${scoredAsGiven} then excluded.scored_point else ${storedScore(pointsOf)} end
      -- An answer left as it is, already scored by the key stored now (saves score their choices),
      -- needs no new row version.
      where (${replaces} and ${changed}) or not ${scoredByKeyNow})
    select id, started_at from submitted`;
});

/**
 * Decision 20 for the choices `optionIds` of a question `q`, as `scored.ok`: right when every
 * option's right flag equals whether it was chosen (the chosen set equals the right set) and the
 * question has a right option; no choice is never right (the options are not read then). Chosen
 * ids were checked to be the question's options when given. An aggregate, so PostgreSQL works it
 * out once per row however many columns read `scored.ok`.
 */
const choiceScore = (optionIds: SQL) => sql`(
  select coalesce(bool_and(o.correct = (o.id = any(${optionIds}))) and bool_or(o.correct), false) as ok
  from question_options o where o.question_id = q.id and cardinality(${optionIds}) > 0) scored`;

const isChoiceOf = (alias: string) =>
  sql`${sql.raw(alias)}.type in ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN')`;
const isChoice = isChoiceOf('q');
/** How a choice answer to `q` scored by `choiceScore` scores: the full weightage when right, else 0; null for the others. */
const correctOf = sql`case when ${isChoice} then scored.ok end`;
const pointsOf = sql`case when ${isChoice} then case when scored.ok then q.weightage else 0 end end`;
/** (assessed, correct, scored_point): the portal assesses choice answers; the others wait for a teacher. */
const scoredColumns = sql`${isChoice}, ${correctOf}, ${pointsOf}`;
/** The stored answer `x`'s question `q` with `scored`, its own choices scored by the key stored now. */
const ownChoicesScored = sql`questions q cross join lateral ${choiceScore(sql`x.option_ids`)}
  where q.id = x.question_id`;
/** `correctOf` or `pointsOf` of the stored answer `x`'s own choices. */
const storedScore = (part: SQL) => sql`(select ${part} from ${ownChoicesScored})`;
/** The stored answer `x` carries the score its own choices get by the key stored now. */
const scoredByKeyNow = sql`exists (select 1 from ${ownChoicesScored}
  and (x.assessed, x.correct, x.scored_point) is not distinct from (${scoredColumns}))`;

/**
 * Decision 20 in SQL, for a choice answer `exam_answers x` joined to its `questions q`: scores its
 * stored choices and marks it assessed (only text and upload answers wait for a teacher).
 */
export const scoreChoiceSet = sql`(assessed, correct, scored_point) = (
  select ${scoredColumns} from ${choiceScore(sql`x.option_ids`)})`;

/** Past the student's own deadline and its grace, unsubmitted (over `ea`, `a` and `deadlineJoins`). */
const overdueAt = (now: Date) => sql`ea.submitted_at is null
  and ${attemptDeadline} + make_interval(secs => ${EXAM_GRACE_MS / 1000}) < ${now}::timestamptz`;

/** An overdue attempt with its seed (a drawn paper is worked out from it). */
export interface OverdueAttempt extends Record<string, unknown> {
  id: string;
  seed: number;
}

/**
 * Submits, with their saved answers, every attempt of the assessment started but not submitted by
 * its student's own deadline + grace (decisions 26 and 38), as at that deadline: ONE statement,
 * run before anyone reads its results, evaluations or marks, so no scheduler is needed. The
 * unanswered questions of each student's paper get empty answers (`papers`: each drawn paper's
 * questions by attempt; null: every attempt has the whole paper), choice answers their score.
 */
export async function submitOverdueAttempts(
  db: Database | Transaction,
  assessmentId: string,
  now: Date,
  papers: Map<string, string[]> | null = null,
): Promise<void> {
  const drawn = papers
    ? [...papers].flatMap(([attemptId, questionIds]) =>
        questionIds.map((questionId) => ({ attempt_id: attemptId, question_id: questionId })),
      )
    : [];
  await executePrepared(
    db,
    sql`
    with overdue as (
      update exam_attempts x set submitted_at = d.deadline, auto_submitted = true, updated_at = ${now}
      from (select ea.id, ${attemptDeadline} as deadline from exam_attempts ea
        join assessments a on a.id = ea.assessment_id ${deadlineJoins}
        where ea.assessment_id = ${assessmentId} and ${overdueAt(now)}) d
      where x.id = d.id and x.submitted_at is null
        and (${papers === null}::boolean or x.id = any(${sql.param(papers ? [...papers.keys()] : [])}::uuid[]))
      returning x.id),
    paper as (
      select o.id as attempt_id, q.id as question_id, q.type from overdue o
      join questions q on q.assessment_id = ${assessmentId}
      where ${papers === null}::boolean or exists (select 1
        from jsonb_to_recordset(${JSON.stringify(drawn)}::jsonb) as d(attempt_id uuid, question_id uuid)
        where d.attempt_id = o.id and d.question_id = q.id)),
    unanswered as (
      insert into exam_answers (attempt_id, question_id, updated_at, assessed, correct, scored_point)
      select p.attempt_id, p.question_id, ${now}, ${isChoiceOf('p')}, case when ${isChoiceOf('p')} then false end,
        case when ${isChoiceOf('p')} then 0 end
      from paper p
      on conflict (attempt_id, question_id) do nothing)
    update exam_answers x set ${scoreChoiceSet}
    from overdue o, questions q
    where x.attempt_id = o.id and q.id = x.question_id and ${isChoice} and not ${scoredByKeyNow}`,
  );
}

/**
 * The attempts of the assessment waiting for `submitOverdueAttempts` (a cheap indexed probe; most
 * reads find none), with their seeds.
 */
export async function overdueAttempts(
  db: Database | Transaction,
  assessmentId: string,
  now: Date,
): Promise<OverdueAttempt[]> {
  const result = await executePrepared<OverdueAttempt>(
    db,
    sql`select ea.id, ea.seed from exam_attempts ea join assessments a on a.id = ea.assessment_id
      ${deadlineJoins}
      where ea.assessment_id = ${assessmentId} and ${overdueAt(now)}`,
  );
  return result.rows;
}
