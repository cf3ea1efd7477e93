import type { Doubt } from '@portal/shared';

export interface TopicSelection {
  batch?: string | null;
  subject: string;
  chapter: string;
  topic: string;
}

function query(selection: TopicSelection): string {
  const params = new URLSearchParams();
  if (selection.batch) params.set('batch', selection.batch);
  params.set('subject', selection.subject);
  params.set('chapter', selection.chapter);
  params.set('topic', selection.topic);
  return params.toString();
}

/** The faculty topic detail (Description, Notes, Doubts tabs). */
export const facultyTopicPath = (selection: TopicSelection) =>
  `/me/faculty/subjects/chapters/topics/detail?${query(selection)}`;

/** The student topic detail (content, Notes and Q&A tabs). */
export const studentTopicPath = (selection: TopicSelection) =>
  `/me/subjects/chapters/topics/detail?${query(selection)}`;

/** A doubt's topic as a selection; the batch comes from the caller's batch subjects when known. */
export const doubtTopic = (doubt: Doubt, batchOf: (batchSubjectId: string) => string | undefined) => ({
  batch: batchOf(doubt.batch_subject_id),
  subject: doubt.batch_subject_id,
  chapter: doubt.chapter_id,
  topic: doubt.topic_id,
});
