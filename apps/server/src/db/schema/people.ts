import {
  boolean,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { batches } from './batches.js';
import { archivedAt, createdAt, id, updatedAt } from './columns.js';
import { institutions } from './institutions.js';
import { users } from './users.js';

export const students = pgTable(
  'students',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    batchId: uuid('batch_id').references(() => batches.id),
    /**
     * When the student was moved into their current batch; null when they have been in it since
     * their record was made (`created_at`). Attendance reports count a student's days from here.
     */
    batchJoinedAt: timestamp('batch_joined_at', { withTimezone: true }),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    dateOfBirth: date('date_of_birth'),
    admissionYear: text('admission_year'),
    email: text('email').array().notNull().default([]),
    mobile: text('mobile').array().notNull().default([]),
    prn: text('prn'),
    fatherName: text('father_name'),
    motherName: text('mother_name'),
    guardianName: text('guardian_name'),
    avatar: text('avatar'),
    uploadAssessmentNotAllowed: boolean('upload_assessment_not_allowed').notNull().default(false),
    /** Standing extra time in every examination with a duration, as a percentage of it (decision 38; staff-only). */
    extraTimePercent: numeric('extra_time_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('students_user_key').on(table.userId),
    index('students_institution_batch_idx').on(table.institutionId, table.batchId),
  ],
);

export const faculties = pgTable(
  'faculties',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    email: text('email').array().notNull().default([]),
    mobile: text('mobile').array().notNull().default([]),
    prn: text('prn'),
    designation: text('designation'),
    avatar: text('avatar'),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('faculties_user_key').on(table.userId),
    index('faculties_institution_idx').on(table.institutionId, table.createdAt),
  ],
);
