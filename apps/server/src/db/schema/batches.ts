import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id, updatedAt } from './columns.js';
import { institutions } from './institutions.js';

export const batches = pgTable(
  'batches',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    title: text('title').notNull(),
    academicYear: text('academic_year').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('batches_institution_idx').on(table.institutionId)],
);
