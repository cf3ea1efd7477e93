import { updateNoteBodySchema } from '@portal/shared/schemas/notes';

/** A note's text checked with the shared rule: the text to send, or the message to show. */
export function checkNoteText(text: string): { note_text: string } | { error: string } {
  const parsed = updateNoteBodySchema.safeParse({ note_text: text });
  if (parsed.success) return parsed.data;
  return { error: parsed.error.issues[0]?.message ?? '' };
}
