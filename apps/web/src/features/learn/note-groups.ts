import type { Note } from '@portal/shared';

export interface NoteTopicGroup {
  topicId: string;
  topicTitle: string;
  chapterId: string;
  chapterTitle: string;
  batchSubjectId: string;
  notes: Note[];
}

/** Notes grouped by topic, the groups in the order their first note appears (the list is newest first). */
export function groupNotesByTopic(notes: readonly Note[]): NoteTopicGroup[] {
  const groups = new Map<string, NoteTopicGroup>();
  for (const note of notes) {
    const key = `${note.batch_subject_id}:${note.topic_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        topicId: note.topic_id,
        topicTitle: note.topic_title,
        chapterId: note.chapter_id,
        chapterTitle: note.chapter_title,
        batchSubjectId: note.batch_subject_id,
        notes: [],
      };
      groups.set(key, group);
    }
    group.notes.push(note);
  }
  return [...groups.values()];
}

export interface NoteSubject {
  batchSubjectId: string;
  title: string;
  count: number;
}

/**
 * The subjects the student has notes in, with how many each has (the server's totals, `undefined`
 * while unknown), in title order. The notes are read a page at a time, so their subjects and counts
 * come from the student's subjects and those totals, never from the notes loaded so far.
 */
export function noteSubjects(
  subjects: readonly { _id: string; subject_title: string }[],
  totals: ReadonlyMap<string, number | undefined>,
): NoteSubject[] {
  return subjects
    .flatMap((subject) => {
      const count = totals.get(subject._id);
      return count ? [{ batchSubjectId: subject._id, title: subject.subject_title, count }] : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}
