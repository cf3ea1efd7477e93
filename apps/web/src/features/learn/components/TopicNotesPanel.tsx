import { Button, Stack, Textarea } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCreateNote, useDeleteNote, useTopicNotes, useUpdateNote } from '../api';
import { confirmDeleteNote } from '../confirm-delete';
import { checkNoteText } from '../note-text';
import { Loading } from './Loading';
import { NoteItem } from './NoteItem';

/** The topic detail's Notes tab: the student's own notes on the topic, added, edited and deleted here. */
export function TopicNotesPanel({ topicId, batchSubjectId }: { topicId: string; batchSubjectId: string }) {
  const notes = useTopicNotes(topicId);
  const create = useCreateNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNoteText(text);
    if ('error' in checked) return setError(checked.error);
    create.mutate(
      { note_text: checked.note_text, topic_id: topicId, batch_subject_id: batchSubjectId },
      {
        onSuccess: () => {
          setText('');
          notify.success(LABELS.learnNoteAdded);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const save = (id: string) => (note_text: string) =>
    update.mutateAsync({ id, note_text }).then(
      () => notify.success(LABELS.learnNoteSaved),
      (failure: unknown) => {
        throw new Error(errorMessage(failure));
      },
    );

  const askDelete = (id: string) =>
    confirmDeleteNote(() =>
      remove.mutate(id, {
        onSuccess: () => notify.success(LABELS.learnNoteDeleted),
        onError: (failure) => notify.error(errorMessage(failure)),
      }),
    );

  return (
    <Stack gap="md">
      <form onSubmit={add} noValidate>
        <Stack gap="xs">
          <Textarea
            label={LABELS.learnNewNote}
            placeholder={LABELS.learnNotePlaceholder}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
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
      ) : (notes.data ?? []).length === 0 ? (
        <EmptyNote text={LABELS.learnNoOwnNotes} />
      ) : (
        <Stack gap="sm">
          {notes.data?.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              onSave={save(note._id)}
              onDelete={() => askDelete(note._id)}
              busy={remove.isPending && remove.variables === note._id}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
