import type { CreateTopicBody, StudyPlanEntry, Topic, UpdateTopicBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';

export interface FacultyOption {
  _id: string;
  name: string;
  designation: string | null;
}

/** Every topic query starts with `['topics']`, so one invalidation refreshes them all. */
export const topicKeys = {
  all: ['topics'] as const,
  chapter: (chapterId: string) => ['topics', 'chapter', chapterId] as const,
  one: (topicId: string) => ['topics', 'one', topicId] as const,
};

export function useChapterTopics(chapterId: string | null) {
  return useQuery({
    queryKey: topicKeys.chapter(chapterId ?? ''),
    queryFn: ({ signal }) =>
      api<{ topics: Topic[] }>(`/topics/chapter-id/${chapterId}`, { signal }).then((data) => data.topics),
    enabled: Boolean(chapterId),
  });
}

export function useTopic(topicId: string | null | undefined) {
  return useQuery({
    queryKey: topicKeys.one(topicId ?? ''),
    queryFn: ({ signal }) =>
      api<{ topic: Topic }>(`/topics/${topicId}`, { signal }).then((data) => data.topic),
    enabled: Boolean(topicId),
  });
}

/** The institution's active faculty members, for the author dropdown (not asked for when `enabled` is false). */
export function useFacultyOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['faculties', 'complete-list'],
    queryFn: ({ signal }) =>
      api<{ faculties: FacultyOption[] }>('/faculties/complete-list', { signal }).then(
        (data) => data.faculties,
      ),
    staleTime: 60_000,
  });
}

/**
 * The batch subject's study-plan entries of a chapter, for the cards' 'Study Plan' tag. A failed
 * load shows no tags rather than an error: the tag is a hint, not the page's content.
 */
function useChapterStudyPlans(chapterId: string | null, batchSubjectId: string | null) {
  return useQuery({
    queryKey: ['study-plans', 'chapter', chapterId, batchSubjectId],
    queryFn: ({ signal }) =>
      api<{ study_plans: StudyPlanEntry[] }>(
        `/study-plans/chapter-id/${chapterId}/batch-subject-id/${batchSubjectId}`,
        { signal },
      )
        .then((data) => data.study_plans)
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') throw error;
          return [] as StudyPlanEntry[];
        }),
    enabled: Boolean(chapterId && batchSubjectId),
    retry: false,
  });
}

/** The first study-plan day of each planned topic of a chapter, by topic id. */
export function useTopicPlanDates(chapterId: string | null, batchSubjectId: string | null) {
  const plans = useChapterStudyPlans(chapterId, batchSubjectId);
  return useMemo(() => {
    const dates = new Map<string, string>();
    for (const entry of [...(plans.data ?? [])].sort((a, b) => a.date.localeCompare(b.date))) {
      if (!dates.has(entry.topic_id)) dates.set(entry.topic_id, entry.date);
    }
    return dates;
  }, [plans.data]);
}

function useTopicMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
        // Chapter cards show topic counts; study plans list topic titles.
        queryClient.invalidateQueries({ queryKey: ['chapters'] }),
        queryClient.invalidateQueries({ queryKey: ['study-plans'] }),
      ]),
  });
}

export const useCreateTopic = () =>
  useTopicMutation((body: CreateTopicBody) =>
    api<{ topic: Topic }>('/topics', { method: 'POST', body }).then((data) => data.topic),
  );

export const useUpdateTopic = () =>
  useTopicMutation(({ id, body }: { id: string; body: UpdateTopicBody }) =>
    api<{ topic: Topic }>(`/topics/${id}`, { method: 'PATCH', body }).then((data) => data.topic),
  );

export const useDeleteTopic = () =>
  useTopicMutation((id: string) => api<{ deleted: boolean }>(`/topics/${id}`, { method: 'DELETE' }));
