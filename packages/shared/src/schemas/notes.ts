import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';

/** A student's own note on a topic (learning §3 "Note"); titles are the topic's, as it is now. */
export const noteSchema = z.object({
  _id: z.uuid(),
  note_text: z.string(),
  topic_id: z.uuid(),
  batch_subject_id: z.uuid(),
  topic_title: z.string(),
  chapter_id: z.uuid(),
  chapter_title: z.string(),
  subject_id: z.uuid(),
  subject_title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const NOTE_MAX_LENGTH = 5000;
const noteText = requiredText(MESSAGES.fillTheForm, NOTE_MAX_LENGTH);

/**
 * The spec's body also carries the topic's, chapter's and subject's ids and titles; the server
 * takes them from the topic itself, so they are accepted and ignored.
 */
export const createNoteBodySchema = z.object({
  note_text: noteText,
  topic_id: idSchema,
  batch_subject_id: idSchema,
  topic_title: z.string().optional(),
  chapter_id: z.string().optional(),
  chapter_title: z.string().optional(),
  subject_id: z.string().optional(),
  subject_title: z.string().optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z.object({ note_text: noteText });
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

export const noteIdParamsSchema = z.object({ noteId: idSchema });
export const topicIdParamSchema = z.object({ topicId: idSchema });
export const batchSubjectIdParamsSchema = z.object({ batchSubjectId: idSchema });

/** A student's note on a live session (learning §3 "Session note"). */
export const sessionNoteSchema = z.object({
  _id: z.uuid(),
  session_id: z.uuid(),
  session_title: z.string(),
  note_text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SessionNote = z.infer<typeof sessionNoteSchema>;

export const createSessionNoteBodySchema = z.object({ session_id: idSchema, note_text: noteText });
export type CreateSessionNoteBody = z.infer<typeof createSessionNoteBodySchema>;
