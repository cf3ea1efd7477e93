import { z } from 'zod';
import { formatMessage, MESSAGES } from '../messages.js';
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

const chapterFields = {
  title: requiredText(MESSAGES.fillAllFormFields, 150),
  description: requiredText(MESSAGES.fillAllFormFields, 2000),
  chapter_logo_url: z
    .string()
    .trim()
    .max(2000, formatMessage(MESSAGES.atMostCharacters, { max: '2000' }))
    .nullish(),
  visibility: z.boolean(),
};

export const createChapterBodySchema = z.object({
  ...chapterFields,
  // A missing subject is an unfilled form field; a malformed one is a bad id.
  subject_id: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? MESSAGES.fillAllFormFields
        : MESSAGES.invalidId,
  }),
  visibility: chapterFields.visibility.default(true),
});
export type CreateChapterBody = z.infer<typeof createChapterBodySchema>;

/** No defaults: a field left out of a PATCH keeps its value. */
export const updateChapterBodySchema = z.object(chapterFields).partial();
export type UpdateChapterBody = z.infer<typeof updateChapterBodySchema>;

export const subjectIdParamsSchema = z.object({ subjectId: idSchema });
export const chapterIdParamsSchema = z.object({ chapterId: idSchema });
