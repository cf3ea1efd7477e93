import type {
  Assessment,
  AssessmentCounts,
  AssessmentList,
  AssessmentTimeTab,
  ExamAttempt,
  ExamSheet,
  SaveAnswerBody,
  SavedAnswerResult,
  StudentSubmission,
  SubmitExamBody,
} from '@portal/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, api } from '../../lib/api';
import { type ListPage, type PagedList, pagedView, pageUrl } from '../../lib/paged-list';

const path = encodeURIComponent;

export const examKeys = {
  all: ['exams'] as const,
  mine: (when: AssessmentTimeTab, pending: boolean) => ['exams', 'mine', when, pending] as const,
  attempt: (assessmentId: string) => ['exams', 'attempt', assessmentId] as const,
  result: (assessmentId: string) => ['exams', 'result', assessmentId] as const,
};

interface ExamPage extends ListPage<Assessment> {
  counts: AssessmentCounts;
}

export interface MyExamList extends PagedList<Assessment> {
  counts: AssessmentCounts | null;
}

/**
 * The student's examinations (`GET /api/users/me/assessments`), one tab a page at a time, with
 * both tabs' counts; `pending` keeps the ones not taken (the home's pending assessments).
 */
export function useMyExams(when: AssessmentTimeTab, { pending = false } = {}): MyExamList {
  const query = useInfiniteQuery({
    queryKey: examKeys.mine(when, pending),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ExamPage> => {
      const params = { when, pending: pending ? 'true' : undefined };
      const data = await api<AssessmentList>(pageUrl('/users/me/assessments', params, pageParam), { signal });
      return { items: data.assessments, page: data.page, counts: data.counts };
    },
    getNextPageParam: (last) => last.page.next_cursor,
  });
  const view = useMemo(() => pagedView(query.data), [query.data]);
  return {
    ...view,
    counts: query.data?.pages[0]?.counts ?? null,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    loadingMore: query.isFetchingNextPage,
    loadMoreError: query.isFetchNextPageError ? query.error : null,
  };
}

/**
 * Starts (or resumes: the server answers the same attempt) the student's attempt, with its sheet:
 * the paper, the saved answers and the time left.
 */
export const startAttempt = (assessmentId: string) =>
  api<ExamSheet>('/assessment-attempts', { body: { assessment_id: assessmentId } });

/**
 * The student's attempt of an examination and its sheet, started on entering the page (idempotent,
 * so a reload or a second tab gets the same one), read once per visit (autosave keeps it current).
 * The server logs the entry's time-spent record with it (learning §4).
 * Never retried: a refusal (not started, time over) is an answer.
 */
export function useExamAttempt(assessmentId: string | null) {
  return useQuery({
    queryKey: examKeys.attempt(assessmentId ?? ''),
    queryFn: () => startAttempt(assessmentId!),
    enabled: Boolean(assessmentId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const saveExamAnswer = (attemptId: string, questionId: string, body: SaveAnswerBody) =>
  api<SavedAnswerResult>(`/assessment-attempts/${path(attemptId)}/answers/${path(questionId)}`, {
    method: 'PUT',
    body,
  });

export const submitExam = (body: SubmitExamBody) =>
  api<{ attempt: ExamAttempt }>('/assessment-submissions', { body }).then((data) => data.attempt);

/** A refusal of the examination's state (409): submitted already, time over, not started. */
export const isExamConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** After a submit, the cards and the home's pending list change. */
export function useRefreshMyExams() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['exams', 'mine'] });
}

/** The student's own result of an evaluated examination (learning §2 /assessments/results). */
export function useMyExamResult(assessmentId: string | null, studentId: string) {
  return useQuery({
    queryKey: examKeys.result(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      api<{ submission: StudentSubmission }>(
        `/assessment-submissions/assessment/${path(assessmentId!)}/student/${path(studentId)}`,
        { signal },
      ).then((data) => data.submission),
    enabled: Boolean(assessmentId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
