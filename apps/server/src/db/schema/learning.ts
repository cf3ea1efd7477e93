import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { batches } from './batches.js';
import { createdAt, deletedAt, id, updatedAt } from './columns.js';
import { batchSubjects, topics } from './content.js';
import { institutions } from './institutions.js';
import { faculties, students } from './people.js';
import { users } from './users.js';

const institutionId = () =>
  uuid('institution_id')
    .notNull()
    .references(() => institutions.id);

/** A student's own note on a topic, read in the batch subject it was written in. */
export const notes = pgTable(
  'notes',
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
    noteText: text('note_text').notNull(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notes_student_topic_idx').on(table.studentId, table.topicId),
    index('notes_student_batch_subject_idx').on(table.studentId, table.batchSubjectId),
  ],
);

/**
 * A live class of a batch subject. A custom session is open only to the students listed in
 * `online_session_students`; the others to the whole batch. The teacher's presence is a heartbeat
 * (`author_seen_at`), so a closed tab cannot leave the room 'joined' (decision 24).
 */
export const onlineSessions = pgTable(
  'online_sessions',
  {
    id: id(),
    institutionId: institutionId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    title: text('title').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => faculties.id),
    authorName: text('author_name'),
    authorSeenAt: timestamp('author_seen_at', { withTimezone: true }),
    isCustom: boolean('is_custom').notNull().default(false),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('online_sessions_institution_start_idx').on(table.institutionId, table.startTime),
    index('online_sessions_batch_subject_idx').on(table.batchSubjectId, table.startTime),
    index('online_sessions_author_idx').on(table.authorId, table.startTime),
  ],
);

export const onlineSessionStudents = pgTable(
  'online_session_students',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => onlineSessions.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.studentId] }),
    index('online_session_students_student_idx').on(table.studentId),
  ],
);

/**
 * A student's attendance of a live session, one row per (session, student) whatever the reloads
 * (decision 30): the first and the latest heartbeat, and the seconds present, the sum of the gaps
 * between heartbeats no longer than the presence timeout (a longer gap is time away).
 * `last_added_seconds` is what the latest heartbeat added, which the same statement adds to the
 * student's time spent in the room.
 */
export const onlineSessionAttendance = pgTable(
  'online_session_attendance',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => onlineSessions.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    institutionId: institutionId(),
    firstJoinAt: timestamp('first_join_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    secondsPresent: doublePrecision('seconds_present').notNull().default(0),
    lastAddedSeconds: doublePrecision('last_added_seconds').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.studentId] }),
    index('online_session_attendance_student_idx').on(table.studentId),
  ],
);

/** A student's note on a live session. */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: id(),
    institutionId: institutionId(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => onlineSessions.id),
    noteText: text('note_text').notNull(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('session_notes_student_session_idx').on(table.studentId, table.sessionId)],
);

/** A student's question on a topic, answered by the batch subject's teachers. */
export const doubts = pgTable(
  'doubts',
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
    doubtText: text('doubt_text').notNull(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The moderator's doubt list pages through the institution's doubts, newest first.
    index('doubts_institution_created_idx').on(table.institutionId, table.createdAt, table.id),
    // Counting a list's doubts reads this (index-only), not the table.
    index('doubts_live_idx')
      .on(table.institutionId, table.batchSubjectId, table.topicId)
      .where(sql`${table.deletedAt} is null`),
    index('doubts_batch_subject_idx').on(table.batchSubjectId, table.createdAt),
    index('doubts_topic_idx').on(table.topicId, table.createdAt),
    index('doubts_student_idx').on(table.studentId, table.createdAt),
  ],
);

/** A reply to a doubt: a teacher's answer or the student's follow-up. */
export const doubtResponses = pgTable(
  'doubt_responses',
  {
    id: id(),
    institutionId: institutionId(),
    doubtId: uuid('doubt_id')
      .notNull()
      .references(() => doubts.id),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role', { enum: ['owner', 'moderator', 'faculty', 'student'] }).notNull(),
    authorName: text('author_name').notNull(),
    responseText: text('response_text').notNull(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('doubt_responses_doubt_idx').on(table.doubtId, table.createdAt)],
);

/**
 * Topic views, one row per student, topic and day (in the institution's time zone): a topic is
 * Viewed once a row exists (decision 14), and a day with a row counts as present (decision 16).
 */
export const impressions = pgTable(
  'impressions',
  {
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
    viewDate: date('view_date').notNull(),
    viewCount: integer('view_count').notNull().default(1),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.topicId, table.viewDate] }),
    // Covers a student's views newest first (Last Visited walks it without reading the table).
    index('impressions_student_last_viewed_idx').on(
      table.studentId,
      table.lastViewedAt,
      table.topicId,
      table.batchSubjectId,
      table.viewDate,
    ),
    // Attendance reports: who was active on a day of the institution, read from the index alone.
    index('impressions_institution_date_student_idx').on(
      table.institutionId,
      table.viewDate,
      table.studentId,
      table.batchSubjectId,
    ),
    index('impressions_topic_idx').on(table.topicId),
  ],
);

/** Minutes a student spent on a topic, assessment or live session, summed per day (decision 14). */
export const timeSpent = pgTable(
  'time_spent',
  {
    institutionId: institutionId(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    contentType: text('content_type', { enum: ['topics', 'assessment', 'online'] }).notNull(),
    contentId: uuid('content_id').notNull(),
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    day: date('day').notNull(),
    minutes: doublePrecision('minutes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    // The day first: each day's rows are new keys at the index's end, so the entries an exam's
    // opening logs for thousands of students fall on the few pages of today, not on a page of each
    // student's history (read from disk when the portal has just started).
    primaryKey({ columns: [table.day, table.studentId, table.contentType, table.contentId] }),
    // Attendance reports: who was active on a day, and the day's minutes, from the index alone.
    index('time_spent_institution_day_student_idx').on(
      table.institutionId,
      table.day,
      table.studentId,
      table.batchSubjectId,
      table.minutes,
    ),
    index('time_spent_content_idx').on(table.contentType, table.contentId),
  ],
);
