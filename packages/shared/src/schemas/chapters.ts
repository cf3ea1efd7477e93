import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';

export const chapterSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  subject_id: z.uuid(),
  chapter_logo_url: z.string().nullable(),
  topic_count: z.number(),
  visibility: z.boolean(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const createChapterBodySchema = z.object({
  title: requiredText(MESSAGES.fillAllFormFields, 150),
  description: requiredText(MESSAGES.fillAllFormFields, 2000),
  subject_id: idSchema,
  chapter_logo_url: z.string().trim().max(2000).nullish(),
  visibility: z.boolean().default(true),
});
export type CreateChapterBody = z.infer<typeof createChapterBodySchema>;

export const updateChapterBodySchema = createChapterBodySchema.omit({ subject_id: true }).partial();
export type UpdateChapterBody = z.infer<typeof updateChapterBodySchema>;

export const subjectIdParamsSchema = z.object({ subjectId: idSchema });
export const chapterIdParamsSchema = z.object({ chapterId: idSchema });
