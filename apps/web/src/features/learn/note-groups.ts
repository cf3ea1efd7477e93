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

/** The subjects the notes belong to, with how many notes each has, in title order. */
export function noteSubjects(notes: readonly Note[]): NoteSubject[] {
  const subjects = new Map<string, NoteSubject>();
  for (const note of notes) {
    const subject = subjects.get(note.batch_subject_id);
    if (subject) subject.count += 1;
    else
      subjects.set(note.batch_subject_id, {
        batchSubjectId: note.batch_subject_id,
        title: note.subject_title,
        count: 1,
      });
  }
  return [...subjects.values()].sort((a, b) => a.title.localeCompare(b.title));
}
