import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions.js';
import { users } from './users.js';

const institutionId = () =>
  uuid('institution_id')
    .notNull()
    .references(() => institutions.id);

/**
 * A moderator's announcement (decisions 25, 33): to the whole institution (`batch_ids` empty) or to
 * the batches chosen. Times come from the portal's clock, so the bell's 3 days are testable.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: institutionId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    batchIds: uuid('batch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    authorId: uuid('author_id').references(() => users.id),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('announcements_institution_updated_idx').on(table.institutionId, table.updatedAt, table.id),
    index('announcements_batch_ids_idx').using('gin', table.batchIds),
  ],
);

/**
 * Who receives an event: any user of the institution matching one of these (decision 34). Kept
 * with the event so every instance filters its streams without asking the database again.
 */
export interface EventAudience {
  roles?: string[];
  /** Students of these batches, and faculty teaching a subject of one of them. */
  batches?: string[];
  /** Students enrolled in, and faculty teaching, these batch subjects. */
  batch_subjects?: string[];
  /** Only the faculty teaching these batch subjects. */
  teachers?: string[];
  /** These students (student record ids). */
  students?: string[];
  /** These users (user ids). */
  users?: string[];
}

/**
 * Live updates, kept a few days for replay by `Last-Event-ID` (the id). Written in the change's own
 * transaction where there is one; NOTIFY carries only the id and the institution.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    institutionId: institutionId(),
    kind: text('kind').notNull(),
    audience: jsonb('audience').$type<EventAudience>().notNull(),
    /** The ids the event names (small: `LiveEventRefs`). */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('events_institution_id_idx').on(table.institutionId, table.id),
    index('events_created_at_idx').on(table.createdAt),
  ],
);

/** Reading the bell's panel: every item changed up to `seen_up_to` is seen (one row per user). */
export const notificationReads = pgTable('notification_reads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  seenUpTo: timestamp('seen_up_to', { withTimezone: true }).notNull(),
});
