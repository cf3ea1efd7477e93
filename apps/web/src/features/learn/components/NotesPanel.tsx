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
import type { PagedList } from '../../../lib/paged-list';
import { noteTextError } from '../note-text';
import type { useNoteActions } from '../useNoteActions';
import { NoteItem, type NoteLike } from './NoteItem';

interface NotesPanelProps {
  notes: PagedList<NoteLike>;
  /** Sends a new note's text (the topic's or the session's create mutation). */
  add: (noteText: string, callbacks: { onSuccess: () => void; onError: (failure: unknown) => void }) => void;
  adding: boolean;
  actions: ReturnType<typeof useNoteActions>;
  emptyText: string;
  placeholder?: string;
}

/** A student's own notes on one thing (a topic, a live session): the add form, then the notes, each edited and deleted in place. */
export function NotesPanel({ notes, add, adding, actions, emptyText, placeholder }: NotesPanelProps) {
  const draft = useCheckedText(noteTextError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const noteText = draft.checked();
    if (noteText === null) return;
    add(noteText, {
      onSuccess: () => {
        draft.reset();
        notify.success(LABELS.learnNoteAdded);
      },
      onError: (failure) => draft.setError(errorMessage(failure)),
    });
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label={LABELS.learnNewNote}
            placeholder={placeholder}
            {...draft.inputProps}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={NOTE_MAX_LENGTH}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding} fullWidth>
            {LABELS.learnAddNote}
          </Button>
        </Stack>
      </form>
      {notes.isPending ? (
        <Loading />
      ) : notes.isError ? (
        <EmptyNote text={errorMessage(notes.error)} />
      ) : notes.items.length === 0 ? (
        <EmptyNote text={emptyText} />
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
