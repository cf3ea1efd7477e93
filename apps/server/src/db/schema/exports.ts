import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions.js';
import { users } from './users.js';

/**
 * An institution's data export (issue 28): a zip of CSV files built by a background job on any
 * instance (`modules/exports`). The row is the job: its state and progress, read by whoever asked,
 * and the stored file's key once done. Times come from the portal's clock.
 */
export const institutionExports = pgTable(
  'institution_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Moved on by the running job; a job whose heartbeat stopped is taken over by another instance. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('institution_exports_institution_idx').on(table.institutionId, table.createdAt),
    index('institution_exports_status_idx').on(table.status, table.createdAt),
  ],
);
