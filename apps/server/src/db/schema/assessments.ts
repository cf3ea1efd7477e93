import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timeOrderedId, updatedAt } from './columns.js';
import { batchSubjects, topics } from './content.js';
import { institutions } from './institutions.js';
import { students } from './people.js';
import { users } from './users.js';

const institutionId = () =>
  uuid('institution_id')
    .notNull()
    .references(() => institutions.id);

/** Marks and scores: at most 1000 a question, kept to two decimals. */
const marks = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

// The question types of decision 18 (QUESTION_TYPES in @portal/shared, which drizzle-kit cannot load).
const QUESTION_TYPE_VALUES = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN', 'TEXT', 'UPLOAD'] as const;

/**
 * An examination of a batch subject. `status` holds what is decided by someone or something
 * (DRAFTED until it has questions, LIVE once it has, EVOLUTED after "Marks Evaluated", CANCELED);
 * CLOSED is derived when read, from `due_date` (decision 19), so no job has to run at the deadline.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: id(),
    institutionId: institutionId(),
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    /** The account that created it (a faculty member's or a moderator's). */
    authorUserId: uuid('author_user_id').references(() => users.id),
    authorName: text('author_name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    /** The question paper's `/files/…` link; null is the spec's `noFiles`. */
    paperUrl: text('paper_url'),
    status: text('status', { enum: ['DRAFTED', 'LIVE', 'EVOLUTED', 'CANCELED'] })
      .notNull()
      .default('DRAFTED'),
    // The examination's settings (decision 39), frozen once a student has started: each student's
    // clock runs for `durationMinutes` from their own start (never past their due date); the
    // paper is shuffled and/or drawn per attempt from the attempt's seed; `oneAtATime` shows one
    // question at a time.
    durationMinutes: integer('duration_minutes'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Questions drawn per student from the paper (null: all of them). */
    drawCount: integer('draw_count'),
    oneAtATime: boolean('one_at_a_time').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'assessments_duration_positive',
      sql`${table.durationMinutes} is null or ${table.durationMinutes} > 0`,
    ),
    check('assessments_draw_positive', sql`${table.drawCount} is null or ${table.drawCount} > 0`),
    index('assessments_institution_due_idx').on(table.institutionId, table.dueDate, table.id),
    index('assessments_batch_subject_due_idx').on(table.batchSubjectId, table.dueDate, table.id),
  ],
);

/**
 * A question of an assessment or of a topic's self assessment: one table, owned by exactly one
 * of them, so both import, present and score through the same code; a self assessment belongs to
 * the topic (shared by every batch that studies its subject), not to a batch subject.
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    institutionId: institutionId(),
    assessmentId: uuid('assessment_id').references(() => assessments.id),
    topicId: uuid('topic_id').references(() => topics.id),
    position: integer('position').notNull(),
    /** Plain text or HTML sanitised to the allow-list of decision 27. */
    title: text('title').notNull(),
    type: text('type', { enum: QUESTION_TYPE_VALUES }).notNull(),
    weightage: marks('weightage').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('questions_one_owner', sql`num_nonnulls(${table.assessmentId}, ${table.topicId}) = 1`),
    index('questions_assessment_idx')
      .on(table.assessmentId, table.position)
      .where(sql`${table.assessmentId} is not null`),
    index('questions_topic_idx').on(table.topicId, table.position).where(sql`${table.topicId} is not null`),
  ],
);

/** An answer option of a choice or BOOLEAN question, lettered A, B, C… by position. */
export const questionOptions = pgTable(
  'question_options',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    correct: boolean('correct').notNull(),
  },
  (table) => [uniqueIndex('question_options_position_key').on(table.questionId, table.position)],
);

/**
 * One kept attempt at a topic's self assessment (every attempt is kept). `answers` is the attempt
 * as it was scored: per question its title, type, weightage, options, the right option ids and the
 * student's, so a result reads the same after the topic's questions are replaced.
 */
export const selfAssessmentResults = pgTable(
  'self_assessment_results',
  {
    id: id(),
    institutionId: institutionId(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id),
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    scoredPoint: marks('scored_point').notNull(),
    totalPoint: marks('total_point').notNull(),
    questionsCount: integer('questions_count').notNull(),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('self_assessment_results_student_idx').on(table.studentId, table.createdAt, table.id),
    index('self_assessment_results_topic_idx').on(table.topicId, table.createdAt),
  ],
);

/**
 * A student's sitting of an examination, owned by the server (decision 26): one per assessment
 * and student; its deadline is the student's own (decision 38: `ownDeadline` in exams.policy.ts,
 * `attemptDeadline` in SQL), worked out when needed from the start, the settings and the
 * accommodations, never stored. Submitted once (decision 21).
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: timeOrderedId(),
    institutionId: institutionId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Submitted by the deadline rather than by the student (auto-submit at zero, or overdue). */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    /**
     * Drawn by the database at the start: the student's shuffled and drawn paper is derived from
     * it (decision 39), so a reload, another tab and the evaluator see the same order, and no copy
     * of the paper is kept.
     */
    seed: integer('seed').notNull().default(sql`(floor(random() * 2147483647))::int`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('exam_attempts_assessment_student_key').on(table.assessmentId, table.studentId),
    index('exam_attempts_student_idx').on(table.studentId, table.startedAt),
  ],
);

/**
 * A saved answer of an attempt, one per question (autosave overwrites it), and its evaluation:
 * choice answers are scored when saved and checked on submit, TEXT and UPLOAD answers by a teacher
 * (decisions 20 and 28); an attempt's scores count in its results once it is submitted.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: timeOrderedId(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    optionIds: uuid('option_ids').array().notNull().default(sql`'{}'::uuid[]`),
    answerText: text('answer_text'),
    /** Uploaded answer sheets (several per question), `/files/…` links of `answer_sheet` uploads. */
    fileUrls: text('file_urls').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    assessed: boolean('assessed').notNull().default(false),
    correct: boolean('correct'),
    scoredPoint: marks('scored_point'),
    assessorUserId: uuid('assessor_user_id').references(() => users.id),
    assessedAt: timestamp('assessed_at', { withTimezone: true }),
    /** The student's "mark for review", saved with the answer (the palette shows it). */
    markedForReview: boolean('marked_for_review').notNull().default(false),
  },
  (table) => [
    uniqueIndex('exam_answers_attempt_question_key').on(table.attemptId, table.questionId),
    index('exam_answers_question_idx').on(table.questionId),
    // The answers still to mark: a card's "evaluated" count asks, per submission, whether any is
    // left, and this index holds only those (few once marking is done), not every answer.
    index('exam_answers_unassessed_idx').on(table.attemptId).where(sql`not ${table.assessed}`),
  ],
);

/**
 * A student's accommodation for one examination (decision 38), given by a moderator or a teacher
 * of the batch subject: extra minutes, a percentage of the duration (replacing the student's
 * standing `extra_time_percent` for this examination) and/or a later due date. Staff-only data.
 */
export const examAccommodations = pgTable(
  'exam_accommodations',
  {
    id: id(),
    institutionId: institutionId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    extraPercent: numeric('extra_percent', { precision: 5, scale: 2, mode: 'number' }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('exam_accommodations_assessment_student_key').on(table.assessmentId, table.studentId),
    index('exam_accommodations_student_idx').on(table.studentId),
  ],
);

/**
 * Each time the exam page was hidden or lost focus (`left_at`) and came back (`back_at`, null while
 * away), by the server's clock, against the attempt: the evaluator sees them per submission.
 */
export const examLeaves = pgTable(
  'exam_leaves',
  {
    id: id(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    backAt: timestamp('back_at', { withTimezone: true }),
  },
  (table) => [
    index('exam_leaves_attempt_idx').on(table.attemptId, table.leftAt),
    // At most one absence open per attempt: a second "left" while away changes nothing.
    uniqueIndex('exam_leaves_away_key').on(table.attemptId).where(sql`${table.backAt} is null`),
  ],
);

/**
 * A regrade after the exam (decision 39): a question's right options or marks corrected, every
 * submission rescored in one statement; kept as the assessment's history (who, when, before and
 * after, and how many scores changed).
 */
export const assessmentRegrades = pgTable(
  'assessment_regrades',
  {
    id: id(),
    institutionId: institutionId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    scoresChanged: integer('scores_changed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('assessment_regrades_assessment_idx').on(table.assessmentId, table.createdAt)],
);
