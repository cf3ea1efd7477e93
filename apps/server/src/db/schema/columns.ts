import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
/**
 * The key of rows written in bursts (an examination's attempts and answers): time-ordered (a
 * version 7 UUID: migration 0018's uuid_time_ordered(), PostgreSQL's uuidv7() from 18), so a burst's
 * inserts fill the last pages of the key's index, and of the answers' attempt index, instead of
 * one random page each, which PostgreSQL would read and write in full after every checkpoint.
 */
export const timeOrderedId = () => uuid('id').primaryKey().default(sql`uuid_time_ordered()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const archivedAt = () => timestamp('archived_at', { withTimezone: true });
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
