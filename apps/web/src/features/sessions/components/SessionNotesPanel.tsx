import { Button, Stack, Textarea } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { IconPlus } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { useCheckedText } from '../../../lib/checked-text';
import { notify } from '../../../lib/notify';
import { useDeleteSessionNote, useUpdateSessionNote } from '../../learn/api';
import { NoteItem } from '../../learn/components/NoteItem';
import { noteTextError } from '../../learn/note-text';
import { useNoteActions } from '../../learn/useNoteActions';
import { useCreateSessionNote, useSessionNotes } from '../api';

/**
 * The student's notes on the session beside the room: added, edited and deleted here; the notes
 * page lists them under Live Session Notes, grouped by session.
 */
export function SessionNotesPanel({ sessionId }: { sessionId: string }) {
  const notes = useSessionNotes(sessionId);
  const create = useCreateSessionNote();
  const actions = useNoteActions(useUpdateSessionNote(), useDeleteSessionNote());
  const draft = useCheckedText(noteTextError);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const note_text = draft.checked();
    if (note_text === null) return;
    create.mutate(
      { note_text, session_id: sessionId },
      {
        onSuccess: () => {
          draft.reset();
          notify.success(LABELS.learnNoteAdded);
        },
        onError: (failure) => draft.setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={add} noValidate>
        <Stack gap="xs">
          <Textarea
            label={LABELS.learnNewNote}
            {...draft.inputProps}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={NOTE_MAX_LENGTH}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending} fullWidth>
            {LABELS.learnAddNote}
          </Button>
        </Stack>
      </form>
      {notes.isPending ? (
        <Loading />
      ) : notes.isError ? (
        <EmptyNote text={errorMessage(notes.error)} />
      ) : notes.items.length === 0 ? (
        <EmptyNote text={LABELS.sessionNoOwnNotes} />
      ) : (
        <Stack gap="sm">
          {notes.items.map((note) => (
            <NoteItem key={note._id} note={note} {...actions(note._id)} />
          ))}
          <LoadMore list={notes} auto />
        </Stack>
      )}
    </Stack>
  );
}
