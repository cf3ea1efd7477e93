import type {
  AssessBody,
  Assessment,
  AssessmentSubmissions,
  AssessResult,
  EvaluationList,
  EvaluationTab,
  MarksReport,
  QuestionSubmissions,
  StudentSubmission,
  SubmissionState,
} from '@portal/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';
import { fetchAllPages, type ListPage, pageUrl } from '../../lib/paged-list';
import { assessmentKeys } from '../assessments/api';

const path = encodeURIComponent;

/** Every evaluation query starts with `['evaluation']`, so a mark or "Marks Evaluated" refreshes them all. */
export const evaluationKeys = {
  all: ['evaluation'] as const,
  list: (tab: EvaluationTab, batchId: string | null, batchSubjectId: string | null, limit?: number) =>
    ['evaluation', 'list', tab, batchId, batchSubjectId, limit ?? null] as const,
  submissions: (assessmentId: string, state: SubmissionState) =>
    ['evaluation', 'submissions', assessmentId, state] as const,
  submission: (assessmentId: string, studentId: string) =>
    ['evaluation', 'submission', assessmentId, studentId] as const,
  question: (assessmentId: string, questionId: string) =>
    ['evaluation', 'question', assessmentId, questionId] as const,
  marks: (assessmentId: string) => ['evaluation', 'marks', assessmentId] as const,
  batchAssessments: (batchId: string) => ['evaluation', 'batch-assessments', batchId] as const,
};

/** A page of an evaluation tab, with both tabs' counts that every page carries. */
export interface EvaluationPage extends ListPage<Assessment> {
  counts: EvaluationList['counts'];
}

/**
 * One evaluation tab (Pending: CLOSED or DRAFTED; Evaluated: EVOLUTED), a page at a time, of one
 * batch or batch subject or of everything the caller evaluates.
 */
export function useEvaluationList(
  tab: EvaluationTab,
  filters: { batchId: string | null; batchSubjectId: string | null; limit?: number },
) {
  return useInfiniteQuery({
    queryKey: evaluationKeys.list(tab, filters.batchId, filters.batchSubjectId, filters.limit),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<EvaluationPage> => {
      const params = {
        tab,
        batch_id: filters.batchId ?? undefined,
        batch_subject_id: filters.batchSubjectId ?? undefined,
      };
      const data = await api<EvaluationList>(
        pageUrl('/assessment-evaluations', params, pageParam, filters.limit),
        { signal },
      );
      return { items: data.assessments, page: data.page, counts: data.counts };
    },
    getNextPageParam: (last) => last.page.next_cursor,
  });
}

/** The students of the assessment's batch subject with their submission state. */
export function useSubmissions(assessmentId: string | null, state: SubmissionState) {
  return useQuery({
    queryKey: evaluationKeys.submissions(assessmentId ?? '', state),
    queryFn: ({ signal }) =>
      api<AssessmentSubmissions>(`/assessment-submissions/assessment/${path(assessmentId!)}?state=${state}`, {
        signal,
      }),
    enabled: Boolean(assessmentId),
    // Changing the filter keeps the assessment's rows shown until the new ones arrive.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === assessmentId ? keepPreviousData(previous) : undefined,
  });
}

/** One student's submission with every answer. */
export function useSubmission(assessmentId: string, studentId: string | null) {
  return useQuery({
    queryKey: evaluationKeys.submission(assessmentId, studentId ?? ''),
    queryFn: ({ signal }) =>
      api<{ submission: StudentSubmission }>(
        `/assessment-submissions/assessment/${path(assessmentId)}/student/${path(studentId!)}`,
        { signal },
      ).then((data) => data.submission),
    enabled: Boolean(studentId),
  });
}

/** Grade by question (decision 28): one question's answer in every submission. */
export function useQuestionSubmissions(assessmentId: string, questionId: string | null) {
  return useQuery({
    queryKey: evaluationKeys.question(assessmentId, questionId ?? ''),
    queryFn: ({ signal }) =>
      api<QuestionSubmissions>(
        `/assessment-submissions/assessment/${path(assessmentId)}/question/${path(questionId!)}`,
        { signal },
      ),
    enabled: Boolean(questionId),
  });
}

function useEvaluationMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: evaluationKeys.all }),
        queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
      ]),
  });
}

/** Marks answers (POST /api/assessment-submissions/assess). */
export const useAssess = () =>
  useEvaluationMutation((body: AssessBody) => api<AssessResult>('/assessment-submissions/assess', { body }));

/** "Marks Evaluated": the assessment becomes EVOLUTED, with the spec's forced flag (learning §4, §7). */
export const useMarksEvaluated = () =>
  useEvaluationMutation((assessmentId: string) =>
    api<{ assessment: Assessment }>(`/assessments/${path(assessmentId)}/status`, {
      method: 'PATCH',
      body: { status: 'EVOLUTED', force: true },
    }).then((data) => data.assessment),
  );

/** The marks report of one assessment (`/assessment/marks`). */
export function useMarksReport(assessmentId: string | null) {
  return useQuery({
    queryKey: evaluationKeys.marks(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      api<MarksReport>(`/assessment-submissions/marks/${path(assessmentId!)}`, { signal }),
    enabled: Boolean(assessmentId),
  });
}

/**
 * Every assessment of one batch, for the marks report's picker: past ones first (latest due first),
 * then the upcoming ones. A batch sets a bounded number of them, so every page is read.
 */
export function useBatchAssessments(batchId: string | null) {
  return useQuery({
    queryKey: evaluationKeys.batchAssessments(batchId ?? ''),
    queryFn: async ({ signal }) => {
      const read = (when: 'previous' | 'upcoming') =>
        fetchAllPages<Assessment>(
          { path: '/assessments', listKey: 'assessments', params: { when, batch_id: batchId! } },
          signal,
        );
      const [previous, upcoming] = await Promise.all([read('previous'), read('upcoming')]);
      return [...previous, ...upcoming];
    },
    enabled: Boolean(batchId),
  });
}

/** Saves the marks report as the server renders it (PDF or CSV). */
export const downloadMarksReport = (assessmentId: string, format: 'pdf' | 'csv') =>
  downloadFromApi(`/assessment-submissions/marks/${path(assessmentId)}/${format}`, {
    fallbackName: `marks.${format}`,
  });
