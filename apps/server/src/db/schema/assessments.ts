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
import { createdAt, id, updatedAt } from './columns.js';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
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
 * and student; the deadline is the assessment's due date. Submitted once (decision 21).
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
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
 * choice answers are scored on submit, TEXT and UPLOAD answers by a teacher (decisions 20 and 28).
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: id(),
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
  },
  (table) => [
    uniqueIndex('exam_answers_attempt_question_key').on(table.attemptId, table.questionId),
    index('exam_answers_question_idx').on(table.questionId),
    // The answers still to mark: a card's "evaluated" count asks, per submission, whether any is
    // left, and this index holds only those (few once marking is done), not every answer.
    index('exam_answers_unassessed_idx').on(table.attemptId).where(sql`not ${table.assessed}`),
  ],
);
