import type {
  AccommodationBody,
  AccommodationList,
  Assessment,
  AssessmentCounts,
  AssessmentHistory,
  AssessmentList,
  AssessmentQuestions,
  AssessmentTimeTab,
  CreateAssessmentBody,
  QuestionFilePreview,
  RegradeBody,
  RegradeResult,
  TopicSelfAssessment,
  UpdateAssessmentBody,
} from '@portal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ListPage, pageUrl } from '../../lib/paged-list';
import { topicKeys } from '../topics/api';

const path = encodeURIComponent;

/** Every assessment query starts with `['assessments']`, so any change refreshes lists and pages. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (when: AssessmentTimeTab, batchId: string | null) => ['assessments', 'list', when, batchId] as const,
  questions: (id: string) => ['assessments', 'questions', id] as const,
  topic: (topicId: string) => ['assessments', 'topic', topicId] as const,
  accommodations: (id: string) => ['assessments', 'accommodations', id] as const,
  history: (id: string) => ['assessments', 'history', id] as const,
};

/** A page of /create/assessment as the paged-list view keeps it, with both tabs' counts. */
export interface AssessmentPage extends ListPage<Assessment> {
  counts: AssessmentCounts;
}

/**
 * One tab of /create/assessment, a page at a time (the server's keyset pages, read as every paged
 * list is: lib/paged-list.ts), keeping the counts of both tabs that every page carries;
 * `batchId` null is every batch the caller may see.
 */
export function useAssessmentList(when: AssessmentTimeTab, batchId: string | null) {
  return useInfiniteQuery({
    queryKey: assessmentKeys.list(when, batchId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AssessmentPage> => {
      const params = { when, batch_id: batchId ?? undefined };
      const data = await api<AssessmentList>(pageUrl('/assessments', params, pageParam), { signal });
      return { items: data.assessments, page: data.page, counts: data.counts };
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

/** The file to write, and whether to leave out the questions its preview reported. */
export interface ImportedFile {
  csvUrl: string;
  skipProblems: boolean;
}

const importBody = ({ csvUrl, skipProblems }: ImportedFile) => ({
  csv_url: csvUrl,
  ...(skipProblems ? { skip_problems: true } : {}),
});

/** Imports the file's questions into the assessment: all of them, or all its good ones. */
export const useImportAssessmentQuestions = () =>
  useAssessmentMutation(({ assessmentId, file }: { assessmentId: string; file: ImportedFile }) =>
    api<AssessmentQuestions>('/assessment-questions/csv', {
      body: { ...importBody(file), assessment_id: assessmentId },
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
    mutationFn: ({ topicId, file }: { topicId: string; file: ImportedFile }) =>
      api<TopicSelfAssessment>(`/topics/${path(topicId)}/self-assessment`, { body: importBody(file) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
      ]),
  });
}

/** An examination's accommodations and the students who may be given one (staff only, decision 38). */
export function useAccommodations(assessmentId: string) {
  return useQuery({
    queryKey: assessmentKeys.accommodations(assessmentId),
    queryFn: ({ signal }) =>
      api<AccommodationList>(`/assessments/${path(assessmentId)}/accommodations`, { signal }),
  });
}

/** Gives (or replaces) a student's accommodation; the answer is the new list. */
export function useSaveAccommodation(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: AccommodationBody }) =>
      api<AccommodationList>(`/assessments/${path(assessmentId)}/accommodations/${path(studentId)}`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (list) => queryClient.setQueryData(assessmentKeys.accommodations(assessmentId), list),
  });
}

export function useRemoveAccommodation(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) =>
      api<AccommodationList>(`/assessments/${path(assessmentId)}/accommodations/${path(studentId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (list) => queryClient.setQueryData(assessmentKeys.accommodations(assessmentId), list),
  });
}

/** The assessment's regrades (decision 39), latest first. */
export function useAssessmentHistory(assessmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: assessmentKeys.history(assessmentId),
    queryFn: ({ signal }) => api<AssessmentHistory>(`/assessments/${path(assessmentId)}/history`, { signal }),
    enabled,
  });
}

/** Corrects a question's key and rescores every submission; the questions and history are read again. */
export function useRegrade(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string; body: RegradeBody }) =>
      api<RegradeResult>(`/assessments/${path(assessmentId)}/questions/${path(questionId)}/regrade`, {
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.questions(assessmentId) });
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.history(assessmentId) });
      void queryClient.invalidateQueries({ queryKey: ['evaluation'] });
    },
  });
}
