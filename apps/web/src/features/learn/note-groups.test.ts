import type { Note } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { groupNotesByTopic, noteSubjects } from './note-groups';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function note(n: number, topic: number, subject: number, subjectTitle: string): Note {
  return {
    _id: id(100 + n),
    note_text: `note ${n}`,
    topic_id: id(topic),
    batch_subject_id: id(subject),
    topic_title: `Topic ${topic}`,
    chapter_id: id(50),
    chapter_title: 'Chapter',
    subject_id: id(60 + subject),
    subject_title: subjectTitle,
    created_at: '2025-01-06T09:00:00.000Z',
    updated_at: '2025-01-06T09:00:00.000Z',
  };
}

describe('note grouping', () => {
  const notes = [note(1, 1, 1, 'Physics'), note(2, 2, 2, 'Biology'), note(3, 1, 1, 'Physics')];

  it('groups notes by topic, keeping the list order inside and between groups', () => {
    const groups = groupNotesByTopic(notes);
    expect(groups.map((group) => group.topicTitle)).toEqual(['Topic 1', 'Topic 2']);
    expect(groups[0]!.notes.map((entry) => entry.note_text)).toEqual(['note 1', 'note 3']);
  });

  it('lists the subjects with notes in title order with their totals, not the notes loaded', () => {
    const subjects = [
      { _id: id(1), subject_title: 'Physics' },
      { _id: id(2), subject_title: 'Biology' },
      { _id: id(3), subject_title: 'Chemistry' },
      { _id: id(4), subject_title: 'Algebra' },
    ];
    // Chemistry has no notes; Algebra's count is still loading.
    const totals = new Map([
      [id(1), 75],
      [id(2), 1],
      [id(3), 0],
      [id(4), undefined],
    ]);
    expect(noteSubjects(subjects, totals)).toEqual([
      { batchSubjectId: id(2), title: 'Biology', count: 1 },
      { batchSubjectId: id(1), title: 'Physics', count: 75 },
    ]);
  });
});
