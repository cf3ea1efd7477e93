import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { batches } from './batches.js';
import { createdAt, deletedAt, id, updatedAt } from './columns.js';
import { institutions } from './institutions.js';
import { faculties, students } from './people.js';

/** A subject of an institution; taught to a batch through a batch subject. */
export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    code: text('code').notNull(),
    logo: text('logo').notNull().default('others'),
    logoUrl: text('logo_url'),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('subjects_institution_idx').on(table.institutionId)],
);

export const batchSubjects = pgTable(
  'batch_subjects',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    index('batch_subjects_institution_batch_idx').on(table.institutionId, table.batchId),
    index('batch_subjects_subject_idx').on(table.subjectId),
    uniqueIndex('batch_subjects_batch_subject_key')
      .on(table.batchId, table.subjectId)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const batchSubjectFaculties = pgTable(
  'batch_subject_faculties',
  {
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    facultyId: uuid('faculty_id')
      .notNull()
      .references(() => faculties.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.batchSubjectId, table.facultyId] }),
    index('batch_subject_faculties_faculty_idx').on(table.facultyId),
  ],
);

export const batchSubjectStudents = pgTable(
  'batch_subject_students',
  {
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.batchSubjectId, table.studentId] }),
    index('batch_subject_students_student_idx').on(table.studentId),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    visibility: boolean('visibility').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('chapters_subject_idx').on(table.subjectId, table.createdAt)],
);

export const topics = pgTable(
  'topics',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    title: text('title').notNull(),
    type: text('type', { enum: ['image', 'audio', 'video'] }).notNull(),
    contentUri: text('content_uri').notNull(),
    /** Tiptap JSON; HTML is produced only by the renderer. */
    wysiwygState: jsonb('wysiwyg_state').notNull().default({}),
    /** Plain text of the description, kept for search and automated answers. */
    descriptionText: text('description_text').notNull().default(''),
    authorId: uuid('author_id').references(() => faculties.id),
    authorName: text('author_name'),
    notes: text('notes').array().notNull().default([]),
    logoUrl: text('logo_url'),
    visibility: boolean('visibility').notNull().default(true),
    selfAssessment: boolean('self_assessment').notNull().default(false),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('topics_chapter_idx').on(table.chapterId, table.createdAt),
    index('topics_author_idx').on(table.authorId),
    // Automated answers search topic titles and descriptions (modules/doubts/auto-answer).
    index('topics_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${table.title} || ' ' || ${table.descriptionText})`,
    ),
  ],
);

export const studyPlans = pgTable(
  'study_plans',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    batchSubjectId: uuid('batch_subject_id')
      .notNull()
      .references(() => batchSubjects.id),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id),
    date: date('date').notNull(),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    index('study_plans_institution_date_idx').on(table.institutionId, table.date),
    index('study_plans_topic_idx').on(table.topicId),
    // A student's pending topics walk each batch subject's plan from the latest day back.
    index('study_plans_batch_subject_date_idx').on(table.batchSubjectId, table.date),
    uniqueIndex('study_plans_entry_key')
      .on(table.batchSubjectId, table.topicId, table.date)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** Every file stored through the portal, so its URLs can be recognised as the portal's own. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    institutionId: uuid('institution_id').references(() => institutions.id),
    uploadedBy: uuid('uploaded_by').notNull(),
    storageKey: text('storage_key').notNull(),
    publicUrl: text('public_url').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /**
     * Who may read it (modules/uploads/file-access.policy.ts): `content` every signed-in user of the
     * institution; `logo` and `demo_video` an institution's logo and demo videos (set by an owner),
     * also read by owners; `import` and `answer_sheet` only
     * the uploader and the institution's moderators (answer sheets: also the evaluators).
     */
    kind: text('kind', { enum: ['content', 'logo', 'demo_video', 'import', 'answer_sheet'] })
      .notNull()
      .default('content'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key').on(table.storageKey),
    index('uploads_public_url_idx').on(table.publicUrl),
  ],
);
