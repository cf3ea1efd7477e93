import type {
  Assessment,
  AssessmentList,
  AssessmentQuestions,
  AssessmentTimeTab,
  CreateAssessmentBody,
  QuestionFilePreview,
  TopicSelfAssessment,
  UpdateAssessmentBody,
} from '@portal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { topicKeys } from '../topics/api';

const path = encodeURIComponent;

/** Every assessment query starts with `['assessments']`, so any change refreshes lists and pages. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (when: AssessmentTimeTab, batchId: string | null) => ['assessments', 'list', when, batchId] as const,
  questions: (id: string) => ['assessments', 'questions', id] as const,
  topic: (topicId: string) => ['assessments', 'topic', topicId] as const,
};

/**
 * One tab of /create/assessment, a page at a time (the server's keyset pages), with both tabs'
 * counts on every answer; `batchId` null is every batch the caller may see.
 */
export function useAssessmentList(when: AssessmentTimeTab, batchId: string | null) {
  return useInfiniteQuery({
    queryKey: assessmentKeys.list(when, batchId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ when });
      if (batchId) query.set('batch_id', batchId);
      if (pageParam) query.set('cursor', pageParam);
      return api<AssessmentList>(`/assessments?${query}`, { signal });
    },
    getNextPageParam: (last) => last.page.next_cursor,
  });
}

/** An assessment with its questions, by id (so /assessment/questions/{id} survives a reload). */
export function useAssessmentQuestions(assessmentId: string | null) {
  return useQuery({
    queryKey: assessmentKeys.questions(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      api<AssessmentQuestions>(`/assessment-questions/${path(assessmentId!)}/assessment-id`, { signal }),
    enabled: Boolean(assessmentId),
  });
}

function useAssessmentMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

export const useCreateAssessment = () =>
  useAssessmentMutation((body: CreateAssessmentBody) =>
    api<{ assessment: Assessment }>('/assessments', { body }).then((data) => data.assessment),
  );

export const useUpdateAssessment = () =>
  useAssessmentMutation(({ id, body }: { id: string; body: UpdateAssessmentBody }) =>
    api<{ assessment: Assessment }>(`/assessments/${path(id)}`, { method: 'PATCH', body }).then(
      (data) => data.assessment,
    ),
  );

export const useCancelAssessment = () =>
  useAssessmentMutation((id: string) =>
    api<{ assessment: Assessment }>(`/assessments/${path(id)}/status`, {
      method: 'PATCH',
      body: { status: 'CANCELED' },
    }).then((data) => data.assessment),
  );

/** Parses a question file uploaded to the portal; nothing is written (decision 27). */
export const previewQuestionFile = (csvUrl: string, assessmentId?: string) =>
  api<QuestionFilePreview>('/assessment-questions/preview', {
    body: { csv_url: csvUrl, ...(assessmentId ? { assessment_id: assessmentId } : {}) },
  });

/** Imports the file's questions into the assessment, all or nothing. */
export const useImportAssessmentQuestions = () =>
  useAssessmentMutation(({ assessmentId, csvUrl }: { assessmentId: string; csvUrl: string }) =>
    api<AssessmentQuestions>('/assessment-questions/csv', {
      body: { csv_url: csvUrl, assessment_id: assessmentId },
    }),
  );

/** Parses a question file for a topic's self assessment (choice and True / False only); nothing is written. */
export const previewTopicQuestionFile = (topicId: string, csvUrl: string) =>
  api<QuestionFilePreview>(`/topics/${path(topicId)}/self-assessment/preview`, { body: { csv_url: csvUrl } });

/** A topic's self assessment as its authors see it (right options marked). */
export function useTopicSelfAssessment(topicId: string | null, enabled = true) {
  return useQuery({
    queryKey: assessmentKeys.topic(topicId ?? ''),
    queryFn: ({ signal }) =>
      api<TopicSelfAssessment>(`/topics/${path(topicId!)}/self-assessment`, { signal }),
    enabled: Boolean(topicId) && enabled,
  });
}

/** Attaches a question file to a topic as its self assessment; the topic then has `self_assessment`. */
export function useImportTopicSelfAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, csvUrl }: { topicId: string; csvUrl: string }) =>
      api<TopicSelfAssessment>(`/topics/${path(topicId)}/self-assessment`, { body: { csv_url: csvUrl } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
      ]),
  });
}
