import type { BatchSubject, Chapter, Topic } from '@portal/shared';
import { useSearchParams } from 'react-router';
import { isNotAvailable as refused } from '../../lib/api';
import { useChapters } from '../chapters/api';
import { useMyBatchSubjects } from '../subjects/api';
import { useTopic } from '../topics/api';

/**
 * Where a page stands with the selection in its URL: still loading, failed to load, nothing
 * chosen, chosen but not the faculty member's (or missing), or ready with the chosen rows.
 */
export type Resolution<T> =
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => void }
  | { state: 'unchosen' }
  | { state: 'unavailable' }
  | { state: 'ready'; value: T };

/** The `batch`, `subject`, `chapter` and `topic` search parameters. */
export function useTeachParams() {
  const [params, setParams] = useSearchParams();
  return {
    params,
    setParams,
    batch: params.get('batch'),
    subject: params.get('subject'),
    chapter: params.get('chapter'),
    topic: params.get('topic'),
  };
}

/** The chosen batch subject (`subject`), found among the faculty member's own. */
export function useTaughtSubject(batchSubjectId: string | null) {
  const mine = useMyBatchSubjects();
  let resolution: Resolution<BatchSubject>;
  if (mine.isPending) resolution = { state: 'loading' };
  else if (mine.isError) resolution = { state: 'error', error: mine.error, retry: () => mine.refetch() };
  else if (!batchSubjectId) resolution = { state: 'unchosen' };
  else {
    const found = mine.data.find((subject) => subject._id === batchSubjectId);
    resolution = found ? { state: 'ready', value: found } : { state: 'unavailable' };
  }
  return { mine, resolution };
}

/** The chosen chapter (`chapter`) of the chosen batch subject's subject. */
export function useTaughtChapter(subject: BatchSubject | null, chapterId: string | null) {
  const chapters = useChapters(subject?.subject_id);
  let resolution: Resolution<Chapter>;
  if (!subject) resolution = { state: 'loading' };
  else if (chapters.isPending) resolution = { state: 'loading' };
  else if (chapters.isError) {
    resolution = refused(chapters.error)
      ? { state: 'unavailable' }
      : { state: 'error', error: chapters.error, retry: () => chapters.refetch() };
  } else if (!chapterId) resolution = { state: 'unchosen' };
  else {
    const found = chapters.data.find((chapter) => chapter._id === chapterId);
    resolution = found ? { state: 'ready', value: found } : { state: 'unavailable' };
  }
  return { chapters, resolution };
}

/**
 * The chosen topic with the faculty member's batch subject it belongs to: the one named by
 * `subject` when it is that topic's subject, else any of theirs with the topic's subject (a link
 * may carry only `topic`). A topic of a subject they do not teach is unavailable, whatever the
 * server answered.
 */
export function useTaughtTopic(
  topicId: string | null,
  batchSubjectId: string | null,
  batchId: string | null,
) {
  const mine = useMyBatchSubjects();
  const topic = useTopic(topicId);
  let resolution: Resolution<{ topic: Topic; subject: BatchSubject }>;
  if (!topicId) resolution = { state: 'unchosen' };
  else if (mine.isPending || topic.isPending) resolution = { state: 'loading' };
  else if (mine.isError) resolution = { state: 'error', error: mine.error, retry: () => mine.refetch() };
  else if (topic.isError) {
    resolution = refused(topic.error)
      ? { state: 'unavailable' }
      : { state: 'error', error: topic.error, retry: () => topic.refetch() };
  } else {
    const candidates = mine.data.filter((subject) => subject.subject_id === topic.data.subject_id);
    const subject =
      candidates.find((candidate) => candidate._id === batchSubjectId) ??
      candidates.find((candidate) => candidate.batch_id === batchId) ??
      candidates[0];
    resolution = subject
      ? { state: 'ready', value: { topic: topic.data, subject } }
      : { state: 'unavailable' };
  }
  return resolution;
}
