import { z } from 'zod';
import { CONTENT_TYPES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema, isLogoLink, requiredText } from './common.js';
import { tiptapDocSchema } from './rich-text.js';

interface TiptapNode {
  type?: unknown;
  text?: unknown;
  content?: unknown;
}

const isInline = (node: unknown) =>
  typeof node === 'object' &&
  node !== null &&
  (typeof (node as TiptapNode).text === 'string' || (node as TiptapNode).type === 'hardBreak');

// A textblock's (paragraph, heading, code) inline pieces join as written; blocks, list items and
// hard breaks start new lines.
function nodeText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const { type, text, content } = node as TiptapNode;
  if (typeof text === 'string') return text;
  if (type === 'hardBreak') return '\n';
  if (!Array.isArray(content)) return '';
  return content.map(nodeText).join(content.every(isInline) ? '' : '\n');
}

/**
 * The plain text of a Tiptap document, one line per block (paragraph, heading, list item), so
 * "…the north pole" and "They never cross…" of two bullets stay apart; spaces inside a line are
 * collapsed. For emptiness checks, search, card excerpts and automated answers.
 */
export function tiptapText(node: unknown): string {
  return nodeText(node)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** An uploaded file's URL (`/files/...`) or an outside http(s) link. */
export const contentUriSchema = z
  .string({ error: MESSAGES.fillTheForm })
  .trim()
  .min(1, MESSAGES.fillTheForm)
  .max(2000)
  .refine(
    (value) => value.startsWith('/files/') || /^https?:\/\/\S+$/i.test(value),
    'Please give a valid link.',
  );

const description = tiptapDocSchema.refine((doc) => tiptapText(doc).length > 0, MESSAGES.fillTheForm);

export const topicSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  topic_title: z.string(),
  type: z.enum(CONTENT_TYPES),
  content_uri: z.string(),
  wysiwyg_state: z.unknown(),
  chapter_id: z.uuid(),
  subject_id: z.uuid(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  notes: z.array(z.string()),
  topic_logo_url: z.string().nullable(),
  visibility: z.boolean(),
  self_assessment: z.boolean(),
  created_at: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

/** The fields a topic form sends, without defaults (an edit changes only what it sends). */
const topicFields = {
  title: requiredText(MESSAGES.fillTheForm, 200),
  type: z.enum(CONTENT_TYPES, { error: MESSAGES.fillTheForm }),
  content_uri: contentUriSchema,
  wysiwyg_state: description,
  author_id: idSchema.refine(Boolean, MESSAGES.fillTheForm),
  /** Ignored: the server takes the author's name from the faculty record. */
  author_name: z.string().optional(),
  notes: z.array(contentUriSchema).max(20),
  topic_logo_url: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || isLogoLink(value), MESSAGES.logoLinkInvalid)
    .nullish(),
  visibility: z.boolean(),
};

export const createTopicBodySchema = z.object({
  ...topicFields,
  chapter_id: idSchema,
  notes: topicFields.notes.default([]),
  visibility: topicFields.visibility.default(true),
});
export type CreateTopicBody = z.infer<typeof createTopicBodySchema>;

export const updateTopicBodySchema = z.object(topicFields).partial();
export type UpdateTopicBody = z.infer<typeof updateTopicBodySchema>;

export const topicIdParamsSchema = z.object({ topicId: idSchema });
export const authorIdsQuerySchema = z.object({
  author_ids: z
    .string()
    .default('')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(idSchema).max(100)),
});

/** For the author dropdown: the institution's active faculty members. */
export const facultySummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  designation: z.string().nullable(),
});
