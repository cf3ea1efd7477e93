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
import { useCreateNote, useDeleteNote, useTopicNotes, useUpdateNote } from '../api';
import { noteTextError } from '../note-text';
import { useNoteActions } from '../useNoteActions';
import { NoteItem } from './NoteItem';

/** The topic detail's Notes tab: the student's own notes on the topic, added, edited and deleted here. */
export function TopicNotesPanel({ topicId, batchSubjectId }: { topicId: string; batchSubjectId: string }) {
  const notes = useTopicNotes(topicId);
  const create = useCreateNote();
  const actions = useNoteActions(useUpdateNote(), useDeleteNote());
  const draft = useCheckedText(noteTextError);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const note_text = draft.checked();
    if (note_text === null) return;
    create.mutate(
      { note_text, topic_id: topicId, batch_subject_id: batchSubjectId },
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
            placeholder={LABELS.learnNotePlaceholder}
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
        <EmptyNote text={LABELS.learnNoOwnNotes} />
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
