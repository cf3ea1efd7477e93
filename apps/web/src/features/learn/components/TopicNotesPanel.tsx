import { LABELS } from '@portal/shared/messages';
import { useCreateNote, useDeleteNote, useTopicNotes, useUpdateNote } from '../api';
import { useNoteActions } from '../useNoteActions';
import { NotesPanel } from './NotesPanel';

/** The topic detail's Notes tab: the student's own notes on the topic, added, edited and deleted here. */
export function TopicNotesPanel({ topicId, batchSubjectId }: { topicId: string; batchSubjectId: string }) {
  const create = useCreateNote();
  return (
    <NotesPanel
      notes={useTopicNotes(topicId)}
      add={(note_text, callbacks) =>
        create.mutate({ note_text, topic_id: topicId, batch_subject_id: batchSubjectId }, callbacks)
      }
      adding={create.isPending}
      actions={useNoteActions(useUpdateNote(), useDeleteNote())}
      emptyText={LABELS.learnNoOwnNotes}
      placeholder={LABELS.learnNotePlaceholder}
    />
  );
}
