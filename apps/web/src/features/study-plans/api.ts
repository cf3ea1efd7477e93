import type {
  Batch,
  BatchSubject,
  Chapter,
  CreateStudyPlanBody,
  StudyPlanEntry,
  Topic,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchAllPages } from '../../lib/paged-list';

/**
 * Everything under `study-plans` is refreshed when a plan changes (other screens' study-plan tags
 * too). The dropdowns' data sits under its own key and is always fetched fresh, so a subject or
 * topic added a moment ago on another screen is offered at once.
 */
export const studyPlanKeys = {
  all: ['study-plans'] as const,
  daily: (date: string, batchId: string) => ['study-plans', 'daily', date, batchId] as const,
  batches: ['study-plan-options', 'batches'] as const,
  batchSubjects: (batchId: string) => ['study-plan-options', 'batch-subjects', batchId] as const,
  chapters: (subjectId: string) => ['study-plan-options', 'chapters', subjectId] as const,
  topics: (chapterId: string) => ['study-plan-options', 'topics', chapterId] as const,
};

const fresh = { staleTime: 0 } as const;
const path = encodeURIComponent;

export function useDailyStudyPlan(date: string | null, batchId: string | null) {
  return useQuery({
    queryKey: studyPlanKeys.daily(date ?? '', batchId ?? ''),
    queryFn: ({ signal }) =>
      api<{ study_plans: StudyPlanEntry[] }>(`/study-plans/daily/${path(date!)}?batch_id=${path(batchId!)}`, {
        signal,
      }).then((data) => data.study_plans),
    enabled: Boolean(date && batchId),
  });
}

export function useBatchOptions() {
  return useQuery({
    queryKey: studyPlanKeys.batches,
    queryFn: ({ signal }) => api<{ batches: Batch[] }>('/batches', { signal }).then((data) => data.batches),
    ...fresh,
  });
}

/** A batch's subjects for the dropdown: every page of them. */
export function useBatchSubjectOptions(batchId: string | null) {
  return useQuery({
    queryKey: studyPlanKeys.batchSubjects(batchId ?? ''),
    queryFn: ({ signal }) =>
      fetchAllPages<BatchSubject>(
        { path: '/batch-subjects', listKey: 'batch_subjects', params: { batch_id: batchId ?? '' } },
        signal,
      ),
    enabled: Boolean(batchId),
    ...fresh,
  });
}

/** Chapters belong to the subject (a batch subject's `subject_id`). */
export function useChapterOptions(subjectId: string | null) {
  return useQuery({
    queryKey: studyPlanKeys.chapters(subjectId ?? ''),
    queryFn: ({ signal }) =>
      api<{ chapters: Chapter[] }>(`/chapters/subject-id/${path(subjectId!)}`, { signal }).then(
        (data) => data.chapters,
      ),
    enabled: Boolean(subjectId),
    ...fresh,
  });
}

export function useTopicOptions(chapterId: string | null) {
  return useQuery({
    queryKey: studyPlanKeys.topics(chapterId ?? ''),
    queryFn: ({ signal }) =>
      api<{ topics: Topic[] }>(`/topics/chapter-id/${path(chapterId!)}`, { signal }).then(
        (data) => data.topics,
      ),
    enabled: Boolean(chapterId),
    ...fresh,
  });
}

export function useCreateStudyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStudyPlanBody) =>
      api<{ study_plans: StudyPlanEntry[] }>('/study-plans', { body }).then((data) => data.study_plans),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyPlanKeys.all }),
  });
}

export function useDeleteStudyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ deleted: boolean }>(`/study-plans/${path(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyPlanKeys.all }),
  });
}
