import type {
  SelfAssessment,
  SelfAssessmentResult,
  SelfAssessmentResultSummary,
  SubmitSelfAssessmentBody,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';

const path = encodeURIComponent;

export const selfAssessmentKeys = {
  all: ['self-assessments'] as const,
  topic: (topicId: string) => ['self-assessments', 'topic', topicId] as const,
  mine: ['self-assessments', 'mine'] as const,
};

/** A topic's self assessment as its student takes it: the questions, no right answers. */
export function useSelfAssessment(topicId: string | null) {
  return useQuery({
    queryKey: selfAssessmentKeys.topic(topicId ?? ''),
    queryFn: ({ signal }) => api<SelfAssessment>(`/self-assessments/topic-id/${path(topicId!)}`, { signal }),
    enabled: Boolean(topicId),
  });
}

/** Submits an attempt; the answer is its score with each question's right and chosen options. */
export function useSubmitSelfAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitSelfAssessmentBody) =>
      api<{ result: SelfAssessmentResult }>('/self-assessments', { body }).then((data) => data.result),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfAssessmentKeys.mine }),
  });
}

/** The student's attempts, newest first, a page at a time (lib/paged-list.ts). */
export const useMySelfAssessmentResults = () =>
  usePagedList<SelfAssessmentResultSummary>({
    queryKey: selfAssessmentKeys.mine,
    path: '/users/me/self-assessments',
    listKey: 'results',
  });
