import { z } from 'zod';
import { CALENDAR_DATE_RANGE } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema } from './common.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day, `YYYY-MM-DD` (study plans are sent so and shown as dd/MM/yyyy), within the years
 * a school plans: 2000-01-01 to 2099-12-31 (PostgreSQL cannot hold some days JavaScript accepts,
 * such as 0000-01-01).
 */
export const isoDateSchema = z
  .string({ error: MESSAGES.fillInTheForm })
  .regex(ISO_DAY, MESSAGES.fillInTheForm)
  .refine(
    (value) =>
      !ISO_DAY.test(value) ||
      (!Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
    'Please pick a valid date.',
  )
  .refine(
    (value) => !ISO_DAY.test(value) || (value >= CALENDAR_DATE_RANGE.min && value <= CALENDAR_DATE_RANGE.max),
    MESSAGES.calendarDateRange,
  );

export const studyPlanEntrySchema = z.object({
  _id: z.uuid(),
  topic_id: z.uuid(),
  date: z.string(),
  batch_subject_id: z.uuid(),
  batch_id: z.uuid(),
  subject_title: z.string(),
  chapter_id: z.uuid(),
  chapter_title: z.string(),
  topic_title: z.string(),
  visibility: z.boolean(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  subject_logo_url: z.string().nullable(),
  topic_logo_url: z.string().nullable(),
  /** In the signed-in student's own plan: whether they have opened the topic (New vs. read). */
  viewed: z.boolean().optional(),
});
export type StudyPlanEntry = z.infer<typeof studyPlanEntrySchema>;

/** A missing id is an unfilled form; a malformed one is an invalid id. */
const requiredId = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.fillInTheForm : MESSAGES.invalidId,
});

/**
 * Plans the topics for one batch subject on one day. The answer lists the plan's entries for these
 * topics on that day: an entry that already existed is kept as it is, never duplicated.
 */
export const createStudyPlanBodySchema = z.object({
  date: isoDateSchema,
  topic_ids: z.array(requiredId, { error: MESSAGES.fillInTheForm }).min(1, MESSAGES.fillInTheForm).max(50),
  batch_subject_id: requiredId,
});
export type CreateStudyPlanBody = z.infer<typeof createStudyPlanBodySchema>;

export const dailyStudyPlanParamsSchema = z.object({ date: isoDateSchema });
export const dailyStudyPlanQuerySchema = z.object({ batch_id: idSchema.optional() });
export const chapterPlanParamsSchema = z.object({ chapterId: idSchema, batchSubjectId: idSchema });
