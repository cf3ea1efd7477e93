import { updateNoteBodySchema } from '@portal/shared/schemas/notes';
import { firstIssue } from '../../lib/checked-text';

/** Why a note's text cannot be saved (the shared rule: 'Please fill the form', the length), or null. */
export const noteTextError = (text: string) =>
  firstIssue(updateNoteBodySchema.safeParse({ note_text: text }));
