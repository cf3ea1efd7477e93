import { LABELS } from '@portal/shared/messages';
import { useDeleteSessionNote, useUpdateSessionNote } from '../../learn/api';
import { NotesPanel } from '../../learn/components/NotesPanel';
import { useNoteActions } from '../../learn/useNoteActions';
import { useCreateSessionNote, useSessionNotes } from '../api';

/**
 * The student's notes on the session beside the room: added, edited and deleted here; the notes
 * page lists them under Live Session Notes, grouped by session.
 */
export function SessionNotesPanel({ sessionId }: { sessionId: string }) {
  const create = useCreateSessionNote();
  return (
    <NotesPanel
      notes={useSessionNotes(sessionId)}
      add={(note_text, callbacks) => create.mutate({ note_text, session_id: sessionId }, callbacks)}
      adding={create.isPending}
      actions={useNoteActions(useUpdateSessionNote(), useDeleteSessionNote())}
      emptyText={LABELS.sessionNoOwnNotes}
    />
  );
}
