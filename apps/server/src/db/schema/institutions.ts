import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/** Demo-video links shown by the header's 'Click here for Demo' popup, per role. */
export interface DemoVideos {
  student?: string;
  faculty?: string;
  moderator?: string;
}

export const institutions = pgTable('institutions', {
  id: id(),
  title: text('title').notNull(),
  navLogo: text('nav_logo').notNull().default(''),
  academicYear: text('academic_year').notNull(),
  sealtabsInstitutionId: text('sealtabs_institution_id'),
  timeZone: text('time_zone'),
  /** The language new accounts of the institution start in (decision 40). */
  defaultLanguage: text('default_language').notNull().default('en'),
  visibility: boolean('visibility').notNull().default(true),
  demoVideos: jsonb('demo_videos').$type<DemoVideos>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
