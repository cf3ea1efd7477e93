import { Stack } from '@mantine/core';
import type { Note } from '@portal/shared';
import { TopicGroupHeading } from '../../../components/TopicGroupHeading';
import { useDeleteNote, useUpdateNote } from '../api';
import { myTopicDetailPath } from '../links';
import { groupNotesByTopic } from '../note-groups';
import { useNoteActions } from '../useNoteActions';
import { NoteItem } from './NoteItem';

/** Notes under their topics' headings (linking to the topic); editable ones have Edit and Delete. */
export function NoteGroups({ notes, editable }: { notes: readonly Note[]; editable: boolean }) {
  const actions = useNoteActions(useUpdateNote(), useDeleteNote());

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
          <TopicGroupHeading
            topicTitle={group.topicTitle}
            chapterTitle={group.chapterTitle}
            to={myTopicDetailPath({
              subject: group.batchSubjectId,
              chapter: group.chapterId,
              topic: group.topicId,
            })}
          />
          {group.notes.map((note) => (
            <NoteItem key={note._id} note={note} {...(editable ? actions(note._id) : {})} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
