import { z } from 'zod';
import { ROLES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';

export const DOUBT_MAX_LENGTH = 2000;
export const RESPONSE_MAX_LENGTH = 5000;

/**
 * A reply to a doubt: a teacher's answer or a student's follow-up. `author_name` is 'You' for the
 * caller's own, 'Anonymous' for another student's when a student reads (decision 22).
 */
export const doubtResponseSchema = z.object({
  _id: z.uuid(),
  response_text: z.string(),
  doubt_id: z.uuid(),
  author_name: z.string(),
  author_role: z.enum(ROLES),
  is_own: z.boolean(),
  created_at: z.string(),
});
export type DoubtResponse = z.infer<typeof doubtResponseSchema>;

/** A doubt with its replies, oldest first (learning §3 "Doubt"). */
export const doubtSchema = z.object({
  _id: z.uuid(),
  doubt_text: z.string(),
  topic_id: z.uuid(),
  topic_title: z.string(),
  chapter_id: z.uuid(),
  chapter_title: z.string(),
  batch_subject_id: z.uuid(),
  subject_id: z.uuid(),
  subject_title: z.string(),
  batch_title: z.string(),
  author_name: z.string(),
  is_own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Replies by teachers (faculty or moderators) only, the '(n) replied'; follow-ups do not count. */
  response_count: z.number(),
  /** Every live reply, follow-ups included; lists carry only the first ones (the rest page from /responses). */
  responses_total: z.number(),
  /** True once a teacher (faculty or moderator) has replied: the faculty home's Replied tab. */
  answered: z.boolean(),
  responses: z.array(doubtResponseSchema),
});
export type Doubt = z.infer<typeof doubtSchema>;

const doubtText = requiredText(MESSAGES.fillTheForm, DOUBT_MAX_LENGTH);

export const createDoubtBodySchema = z.object({
  doubt_text: doubtText,
  topic_id: idSchema,
  batch_subject_id: idSchema,
});
export type CreateDoubtBody = z.infer<typeof createDoubtBodySchema>;

export const updateDoubtBodySchema = z.object({ doubt_text: doubtText });
export type UpdateDoubtBody = z.infer<typeof updateDoubtBodySchema>;

/** `subject_id` is the doubt's batch subject, as the spec sends it; the server reads it from the doubt. */
export const respondBodySchema = z.object({
  response_text: requiredText(MESSAGES.answerYourDoubt, RESPONSE_MAX_LENGTH),
  doubt_id: idSchema,
  subject_id: z.string().optional(),
});
export type RespondBody = z.infer<typeof respondBodySchema>;

export const updateResponseBodySchema = z.object({
  response_text: requiredText(MESSAGES.answerYourDoubt, RESPONSE_MAX_LENGTH),
});

export const DOUBT_STATUSES = ['new', 'replied'] as const;
/** Filters of `GET /api/doubts` and `GET /api/users/me/doubts`. */
export const doubtListQuerySchema = z.object({
  batch_subject_id: idSchema.optional(),
  status: z.enum(DOUBT_STATUSES).optional(),
});
export type DoubtListQuery = z.infer<typeof doubtListQuerySchema>;

export const MAX_DOUBT_IDS = 100;
export const doubtIdsQuerySchema = z.object({
  ids: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(idSchema).min(1, MESSAGES.giveAtLeastOneId).max(MAX_DOUBT_IDS)),
});

export const doubtIdParamsSchema = z.object({ id: idSchema });
export const responseIdParamsSchema = z.object({ responseId: idSchema });

export const AUTO_ANSWER_MAX_QUESTION = 1000;
/** The question for an automated answer, asked from a topic of one of the student's batch subjects. */
export const autoAnswerBodySchema = z.object({
  question: requiredText(MESSAGES.fillTheForm, AUTO_ANSWER_MAX_QUESTION),
  batch_subject_id: idSchema,
  topic_id: idSchema.optional(),
});
export type AutoAnswerBody = z.infer<typeof autoAnswerBodySchema>;

export const autoAnswerSourceSchema = z.object({
  topic_id: z.uuid(),
  topic_title: z.string(),
  chapter_id: z.uuid(),
  chapter_title: z.string(),
});

/** Where a passage of an answer comes from: a topic, the asker's own notes, or an answered doubt. */
export const AUTO_ANSWER_PASSAGE_KINDS = ['topic', 'note', 'doubt'] as const;

/** A passage of the course material an answer quotes: its best sentences and where they come from. */
export const autoAnswerPassageSchema = z.object({
  kind: z.enum(AUTO_ANSWER_PASSAGE_KINDS),
  topic_id: z.uuid(),
  topic_title: z.string(),
  text: z.string(),
});
export type AutoAnswerPassage = z.infer<typeof autoAnswerPassageSchema>;

/**
 * Always shown labelled as an automated answer (decision 23). `found` is false when the course
 * material does not cover the question (nothing relevant enough, or the model said the passages do
 * not answer it): then `answer` says so and nothing is quoted or cited. `generated_by` says
 * whether the portal's own search wrote it or a configured model did. A search answer leads with
 * `calculation` (when the question gives the numbers for a formula of the material), then `lead`,
 * the single most relevant sentence, then the supporting `passages`, then the cited `sources`;
 * `answer` is the same as plain text. A model's answer is its own text, with the passages it was
 * given as `passages` and no `lead`.
 */
export const autoAnswerSchema = z.object({
  answer: z.string(),
  found: z.boolean(),
  generated_by: z.enum(['search', 'model']),
  calculation: z.string().nullable(),
  lead: autoAnswerPassageSchema.nullable(),
  passages: z.array(autoAnswerPassageSchema),
  sources: z.array(autoAnswerSourceSchema),
});
export type AutoAnswer = z.infer<typeof autoAnswerSchema>;
