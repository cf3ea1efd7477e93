import type {
  BatchSubjectCounts,
  ChapterProgress,
  CreateNoteBody,
  HomeTopic,
  Note,
  SessionNote,
  StudyPlanEntry,
  Teacher,
  TimeSpentBody,
  TopicProgress,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { totalsBySubject, usePagedList } from '../../lib/paged-list';
import { getAccount } from '../../lib/session';

const path = encodeURIComponent;

/**
 * Reading progress and the home lists sit under `['learn', 'reading']`, so recording a view refreshes
 * them all; notes under `['learn', 'notes']`.
 */
export const learnKeys = {
  faculties: ['me', 'faculties'] as const,
  reading: ['learn', 'reading'] as const,
  chapters: (batchSubjectId: string) => ['learn', 'reading', 'chapters', batchSubjectId] as const,
  topics: (chapterId: string) => ['learn', 'reading', 'topics', chapterId] as const,
  daily: (date: string) => ['learn', 'reading', 'daily', date] as const,
  pending: (date: string) => ['learn', 'reading', 'pending', date] as const,
  lastVisited: (date: string) => ['learn', 'reading', 'last-visited', date] as const,
  notes: ['learn', 'notes'] as const,
  topicNotes: (topicId: string) => ['learn', 'notes', 'topic', topicId] as const,
  subjectNotes: (batchSubjectId: string) => ['learn', 'notes', 'batch-subject', batchSubjectId] as const,
  noteCounts: ['learn', 'notes', 'counts'] as const,
  myNotes: ['learn', 'notes', 'mine'] as const,
  sessionNotes: ['learn', 'notes', 'sessions'] as const,
};

/** My teachers: the faculty of the student's batch subjects, with the subjects each teaches. */
export function useMyFaculties() {
  return useQuery({
    queryKey: learnKeys.faculties,
    queryFn: ({ signal }) =>
      api<{ faculties: Teacher[] }>('/users/me/faculties', { signal }).then((data) => data.faculties),
    staleTime: 60_000,
  });
}

export function useChapterProgress(batchSubjectId: string | null) {
  return useQuery({
    queryKey: learnKeys.chapters(batchSubjectId ?? ''),
    queryFn: ({ signal }) =>
      api<{ chapters: ChapterProgress[] }>(`/users/me/chapters/batch-subject/${path(batchSubjectId!)}`, {
        signal,
      }).then((data) => data.chapters),
    enabled: Boolean(batchSubjectId),
  });
}

export function useTopicProgress(chapterId: string | null) {
  return useQuery({
    queryKey: learnKeys.topics(chapterId ?? ''),
    queryFn: ({ signal }) =>
      api<{ topics: TopicProgress[]; chapter: ChapterProgress }>(
        `/users/me/topics/chapter-id/${path(chapterId!)}`,
        { signal },
      ),
    enabled: Boolean(chapterId),
  });
}

/** The day's study-plan topics of the student's batch, each with whether the student opened it. */
export function useDailyTopics(date: string) {
  return useQuery({
    queryKey: learnKeys.daily(date),
    queryFn: ({ signal }) =>
      api<{ study_plans: StudyPlanEntry[] }>(`/users/me/studyplans/daily/${path(date)}`, { signal }).then(
        (data) => data.study_plans,
      ),
  });
}

/** Pending Topics of the home, 20 a page (the home does not count them). */
export function usePendingTopics(date: string) {
  return usePagedList<HomeTopic>({
    queryKey: learnKeys.pending(date),
    path: '/users/me/pending-items',
    listKey: 'pending_items',
    params: { date },
  });
}

/** Last Visited Topics of the home, 20 a page. */
export function useLastVisitedTopics(date: string) {
  return usePagedList<HomeTopic>({
    queryKey: learnKeys.lastVisited(date),
    path: '/users/me/last-visited',
    listKey: 'last_visited_topics',
    params: { date },
  });
}

/** Records that the student opened a topic; progress and the home tabs change with it. */
export function useRecordImpression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { topic_id: string; batch_subject_id: string }) =>
      api<{ impression: unknown }>('/impressions', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnKeys.reading }),
  });
}

/** One time-spent heartbeat. */
export const sendTimeSpent = (body: TimeSpentBody) => api<{ time_spent: unknown }>('/time-spent', { body });

/**
 * The last heartbeat when the page is being closed: a keepalive request outlives the page, which an
 * ordinary one is not guaranteed to.
 */
export function sendTimeSpentOnExit(body: TimeSpentBody): void {
  const token = getAccount()?.jwt;
  if (!token) return;
  void fetch('/api/time-spent', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => {});
}

// Notes (the student's own)

export function useTopicNotes(topicId: string | null) {
  return usePagedList<Note>({
    queryKey: learnKeys.topicNotes(topicId ?? ''),
    path: `/notes/topic/${path(topicId ?? '')}`,
    listKey: 'note',
    enabled: Boolean(topicId),
  });
}

export function useSubjectNotes(batchSubjectId: string | null) {
  return usePagedList<Note>({
    queryKey: learnKeys.subjectNotes(batchSubjectId ?? ''),
    path: `/notes/batch-subject/${path(batchSubjectId ?? '')}`,
    listKey: 'note',
    enabled: Boolean(batchSubjectId),
  });
}

/** How many notes the student has in each batch subject (undefined while loading), from one answer. */
export function useSubjectNoteTotals(batchSubjectIds: readonly string[]): Map<string, number | undefined> {
  const counts = useQuery({
    queryKey: learnKeys.noteCounts,
    queryFn: ({ signal }) => api<BatchSubjectCounts>('/users/me/notes/counts', { signal }),
    enabled: batchSubjectIds.length > 0,
  });
  return totalsBySubject(batchSubjectIds, counts.data);
}

export function useMyNotes() {
  return usePagedList<Note>({ queryKey: learnKeys.myNotes, path: '/users/me/notes', listKey: 'notes' });
}

export function useMySessionNotes() {
  return usePagedList<SessionNote>({
    queryKey: learnKeys.sessionNotes,
    path: '/users/me/session-notes',
    listKey: 'notes',
  });
}

function useNoteMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnKeys.notes }),
  });
}

export const useCreateNote = () =>
  useNoteMutation((body: CreateNoteBody) =>
    api<{ note: Note }>('/notes', { body }).then((data) => data.note),
  );

export const useUpdateNote = () =>
  useNoteMutation(({ id, note_text }: { id: string; note_text: string }) =>
    api<{ note: Note }>(`/notes/${path(id)}`, { method: 'PATCH', body: { note_text } }).then(
      (data) => data.note,
    ),
  );

export const useDeleteNote = () =>
  useNoteMutation((id: string) => api<{ deleted: boolean }>(`/notes/${path(id)}`, { method: 'DELETE' }));

export const useUpdateSessionNote = () =>
  useNoteMutation(({ id, note_text }: { id: string; note_text: string }) =>
    api<{ note: SessionNote }>(`/notes/session/note/${path(id)}`, { method: 'PATCH', body: { note_text } }),
  );

export const useDeleteSessionNote = () =>
  useNoteMutation((id: string) =>
    api<{ deleted: boolean }>(`/notes/session/note/${path(id)}`, { method: 'DELETE' }),
  );
