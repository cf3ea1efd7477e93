import type { ContentType, CreateTopicBody, TiptapDoc, Topic, UpdateTopicBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { tiptapDocSchema } from '@portal/shared/schemas/rich-text';
import { contentUriSchema, tiptapText } from '@portal/shared/schemas/topics';

/** What the topic form holds while it is being filled. */
export interface TopicFormValues {
  title: string;
  type: ContentType | '';
  content_uri: string;
  wysiwyg_state: TiptapDoc | null;
  author_id: string;
  notes: string[];
}

export const emptyTopicValues = (): TopicFormValues => ({
  title: '',
  type: '',
  content_uri: '',
  wysiwyg_state: null,
  author_id: '',
  notes: [],
});

export function valuesFromTopic(topic: Topic): TopicFormValues {
  const doc = topic.wysiwyg_state as TiptapDoc | null;
  return {
    title: topic.title,
    type: topic.type,
    content_uri: topic.content_uri,
    wysiwyg_state: doc && typeof doc === 'object' && doc.type === 'doc' ? doc : null,
    author_id: topic.author_id ?? '',
    notes: [...topic.notes],
  };
}

/**
 * Management §5: title, type, content (a link or an uploaded file), a non-empty description and,
 * where the form asks for one, an author. Any gap answers 'Please fill the form'; a description the
 * server would refuse (a link it does not allow, say) answers the server's message.
 */
export function topicFormError(values: TopicFormValues, authorRequired: boolean): string | null {
  const missing =
    !values.title.trim() ||
    !values.type ||
    !values.content_uri.trim() ||
    tiptapText(values.wysiwyg_state).length === 0 ||
    (authorRequired && !values.author_id);
  if (missing) return MESSAGES.fillTheForm;
  // What the server refuses (unsupported formatting, unsafe links, nesting too deep), said before sending.
  const description = tiptapDocSchema.safeParse(values.wysiwyg_state);
  if (!description.success) return description.error.issues[0]?.message ?? MESSAGES.richTextUnsupported;
  const link = contentUriSchema.safeParse(values.content_uri);
  if (!link.success) return link.error.issues[0]?.message ?? MESSAGES.fillTheForm;
  return null;
}

/** The body of `POST /api/topics` (call only once `topicFormError` is null). */
export function toCreateBody(values: TopicFormValues, chapterId: string): CreateTopicBody {
  return {
    title: values.title.trim(),
    type: values.type as ContentType,
    content_uri: values.content_uri.trim(),
    wysiwyg_state: values.wysiwyg_state as TiptapDoc,
    chapter_id: chapterId,
    author_id: values.author_id,
    notes: values.notes,
    visibility: true,
  };
}

/** The body of `PATCH /api/topics/{id}`; an author left empty (standalone edit) is left unchanged. */
export function toUpdateBody(values: TopicFormValues): UpdateTopicBody {
  return {
    title: values.title.trim(),
    type: values.type as ContentType,
    content_uri: values.content_uri.trim(),
    wysiwyg_state: values.wysiwyg_state as TiptapDoc,
    notes: values.notes,
    ...(values.author_id ? { author_id: values.author_id } : {}),
  };
}

/**
 * A readable name for a note file's URL: its last path segment, without the random prefix the
 * portal's storage puts before a stored file's name.
 */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  let last = path.split('/').filter(Boolean).pop() ?? url;
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it as it is
  }
  return url.startsWith('/files/') ? last.replace(/^[0-9a-f]{24}-/, '') : last;
}
