import { z } from 'zod';
import { CONTENT_TYPES, SUBJECT_LOGOS } from '../constants.js';
import { idSchema } from './common.js';
import { isoDateSchema } from './study-plans.js';

/** Opening a topic records that the student viewed it (decision 14). */
export const impressionBodySchema = z.object({ topic_id: idSchema, batch_subject_id: idSchema });
export type ImpressionBody = z.infer<typeof impressionBodySchema>;
export const impressionSchema = z.object({ topic_id: z.uuid(), viewed_at: z.string() });

export const TIME_SPENT_CONTENT_TYPES = ['topics', 'assessment', 'online'] as const;
/** The time-spent value of entering an examination (learning §4: "recorded as .1"). */
export const EXAM_ENTRY_MINUTES = 0.1;
/** The most one heartbeat may claim, in minutes; the client sends one every half minute. */
export const MAX_HEARTBEAT_MINUTES = 5;
/** How often the topic page reports time spent while visible, in milliseconds. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

export const timeSpentBodySchema = z.object({
  content_id: idSchema,
  content_type: z.enum(TIME_SPENT_CONTENT_TYPES),
  time_spent: z
    .number({ error: 'time_spent must be a number of minutes.' })
    .positive('time_spent must be more than 0.')
    .max(MAX_HEARTBEAT_MINUTES, `time_spent must be at most ${MAX_HEARTBEAT_MINUTES} minutes.`),
  batch_subject_id: idSchema,
});
export type TimeSpentBody = z.infer<typeof timeSpentBodySchema>;
export const timeSpentSchema = z.object({
  content_id: z.uuid(),
  content_type: z.enum(TIME_SPENT_CONTENT_TYPES),
  /** The minutes this heartbeat recorded (written within a second, added to the day's total). */
  time_spent: z.number(),
  date: z.string(),
});

/** A topic on the student's home (pending or last visited), with what its card and link need. */
export const homeTopicSchema = z.object({
  topic_id: z.uuid(),
  topic_title: z.string(),
  topic_logo_url: z.string().nullable(),
  type: z.enum(CONTENT_TYPES),
  chapter_id: z.uuid(),
  chapter_title: z.string(),
  batch_subject_id: z.uuid(),
  subject_id: z.uuid(),
  subject_title: z.string(),
  subject_logo: z.enum(SUBJECT_LOGOS),
  subject_logo_url: z.string().nullable(),
  /** The study-plan day (pending items) or null (last visited). */
  date: z.string().nullable(),
  /** When the student last opened it, or null if never. */
  viewed_at: z.string().nullable(),
});
export type HomeTopic = z.infer<typeof homeTopicSchema>;

/** `?date=YYYY-MM-DD`: the day the home's date picker shows; today (institution's zone) if left out. */
export const homeDateQuerySchema = z.object({ date: isoDateSchema.optional() });

/** A chapter as a student sees it: counts and progress are theirs (learning §2 "Chapters"). */
export const chapterProgressSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  subject_id: z.uuid(),
  chapter_logo_url: z.string().nullable(),
  visibility: z.boolean(),
  /** All live topics of the chapter. */
  topic_count: z.number(),
  /** The visible ones: what the student can read ("available"). */
  visible_topic_count: z.number(),
  /** Visible topics the student has opened ("completed"). */
  read_topic_count: z.number(),
  /** read_topic_count / topic_count as a whole percent, rounded; 0 for an empty chapter. */
  progress: z.number(),
});
export type ChapterProgress = z.infer<typeof chapterProgressSchema>;

/** A visible topic of a chapter with whether this student has read it. */
export const topicProgressSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  type: z.enum(CONTENT_TYPES),
  topic_logo_url: z.string().nullable(),
  self_assessment: z.boolean(),
  viewed: z.boolean(),
});
export type TopicProgress = z.infer<typeof topicProgressSchema>;

export const chapterProgressParamsSchema = z.object({ batchSubjectId: idSchema });
export const chapterTopicsParamsSchema = z.object({ chapterId: idSchema });
