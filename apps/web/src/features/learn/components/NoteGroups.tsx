import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Note } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDeleteNote, useUpdateNote } from '../api';
import { confirmDeleteNote } from '../confirm-delete';
import { myTopicDetailPath } from '../links';
import { groupNotesByTopic } from '../note-groups';
import { NoteItem } from './NoteItem';

/** Notes under their topics' headings (linking to the topic); editable ones have Edit and Delete. */
export function NoteGroups({ notes, editable }: { notes: readonly Note[]; editable: boolean }) {
  const update = useUpdateNote();
  const remove = useDeleteNote();

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
    <Stack gap="lg">
      {groupNotesByTopic(notes).map((group) => (
        <Stack
          key={`${group.batchSubjectId}:${group.topicId}`}
          gap="xs"
          component="section"
          aria-label={group.topicTitle}
          data-testid="note-topic-group"
        >
          <div>
            <Title order={3} size="h5">
              <Anchor
                component={Link}
                to={myTopicDetailPath({
                  subject: group.batchSubjectId,
                  chapter: group.chapterId,
                  topic: group.topicId,
                })}
                inherit
              >
                {group.topicTitle}
              </Anchor>
            </Title>
            <Text size="xs" c="dimmed">
              {group.chapterTitle}
            </Text>
          </div>
          {group.notes.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              onSave={editable ? save(note._id) : undefined}
              onDelete={editable ? () => askDelete(note._id) : undefined}
              busy={remove.isPending && remove.variables === note._id}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
