import type {
  AutoAnswer,
  AutoAnswerBody,
  BatchSubjectCounts,
  CreateDoubtBody,
  Doubt,
  DoubtListQuery,
  DoubtResponse,
  RespondBody,
  TaughtStudent,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchListPage, totalsBySubject, usePagedList } from '../../lib/paged-list';

const path = encodeURIComponent;

export type DoubtStatus = NonNullable<DoubtListQuery['status']>;

/** Every doubt query starts with `['doubts']`: a write to a doubt or reply refreshes all lists and counts. */
export const doubtKeys = {
  all: ['doubts'] as const,
  list: (filters: DoubtFilters) =>
    ['doubts', 'list', filters.status ?? '', filters.batchSubjectId ?? ''] as const,
  total: (filters: DoubtFilters) =>
    ['doubts', 'total', filters.status ?? '', filters.batchSubjectId ?? ''] as const,
  topic: (topicId: string) => ['doubts', 'topic', topicId] as const,
  batchSubject: (batchSubjectId: string) => ['doubts', 'batch-subject', batchSubjectId] as const,
  responses: (doubtId: string) => ['doubts', 'responses', doubtId] as const,
  counts: ['doubts', 'counts'] as const,
};

export interface DoubtFilters {
  status?: DoubtStatus;
  batchSubjectId?: string;
}

const filterParams = (filters: DoubtFilters) => ({
  status: filters.status,
  batch_subject_id: filters.batchSubjectId,
});

/** The doubts the caller may read (a student's batch's, a faculty member's), newest first, a page at a time. */
export function useDoubts(filters: DoubtFilters = {}, enabled = true) {
  return usePagedList<Doubt>({
    queryKey: doubtKeys.list(filters),
    path: '/doubts',
    listKey: 'doubts',
    params: filterParams(filters),
    enabled,
  });
}

/**
 * How many doubts match `filters`, for a count beside a list that is not the one shown (a subject
 * in the subject list): the `total` of a one-row first page.
 */
function doubtTotalQuery(filters: DoubtFilters, enabled = true) {
  return {
    queryKey: doubtKeys.total(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchListPage<Doubt>(
        { path: '/doubts', listKey: 'doubts', params: filterParams(filters), limit: 1 },
        null,
        signal,
      ).then((first) => first.page.total ?? first.items.length),
    enabled,
  };
}

export const useDoubtTotal = (filters: DoubtFilters, enabled = true) =>
  useQuery(doubtTotalQuery(filters, enabled));

/** The doubt count of each batch subject (undefined while loading), from one `/doubts/counts` answer. */
export function useDoubtTotals(batchSubjectIds: readonly string[]): Map<string, number | undefined> {
  const counts = useQuery({
    queryKey: doubtKeys.counts,
    queryFn: ({ signal }) => api<BatchSubjectCounts>('/doubts/counts', { signal }),
    enabled: batchSubjectIds.length > 0,
  });
  return totalsBySubject(batchSubjectIds, counts.data);
}

export function useTopicDoubts(topicId: string | null | undefined) {
  return usePagedList<Doubt>({
    queryKey: doubtKeys.topic(topicId ?? ''),
    path: `/doubts/topic/${path(topicId ?? '')}`,
    listKey: 'doubts',
    enabled: Boolean(topicId),
  });
}

export function useBatchSubjectDoubts(batchSubjectId: string | null | undefined) {
  return usePagedList<Doubt>({
    queryKey: doubtKeys.batchSubject(batchSubjectId ?? ''),
    path: `/doubts/batch-subject/${path(batchSubjectId ?? '')}`,
    listKey: 'doubts',
    enabled: Boolean(batchSubjectId),
  });
}

/**
 * A doubt's replies, oldest first, a page at a time: a list carries only each doubt's first ones
 * (`responses_total` counts them all), so the rest are asked for when wanted (`enabled`).
 */
export function useDoubtResponses(doubtId: string, enabled: boolean) {
  return usePagedList<DoubtResponse>({
    queryKey: doubtKeys.responses(doubtId),
    path: `/doubts/${path(doubtId)}/responses`,
    listKey: 'responses',
    enabled,
  });
}

/** Students of the faculty member's batch subjects (faculty home panel), a page at a time. */
export function useMyStudents() {
  return usePagedList<TaughtStudent>({
    queryKey: ['me', 'students'],
    path: '/users/me/students',
    listKey: 'students',
  });
}

/**
 * A write to a doubt or reply, then every doubt list and count read again. An edit or delete is
 * done once they are (so an edited text never shows its old words again); a new reply is done at
 * once (its box clears while the lists, several pages and counts of them, are read again).
 */
function useDoubtMutation<TVariables, TResult>(
  call: (variables: TVariables) => Promise<TResult>,
  { awaitRefresh = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      const refresh = queryClient.invalidateQueries({ queryKey: doubtKeys.all });
      return awaitRefresh ? refresh : undefined;
    },
  });
}

export const useAskDoubt = () =>
  useDoubtMutation((body: CreateDoubtBody) =>
    api<{ doubt: Doubt }>('/doubts', { method: 'POST', body }).then((data) => data.doubt),
  );

export const useUpdateDoubt = () =>
  useDoubtMutation(({ id, doubt_text }: { id: string; doubt_text: string }) =>
    api<{ doubt: Doubt }>(`/doubts/${id}`, { method: 'PATCH', body: { doubt_text } }).then(
      (data) => data.doubt,
    ),
  );

export const useDeleteDoubt = () =>
  useDoubtMutation((id: string) => api<{ deleted: boolean }>(`/doubts/${id}`, { method: 'DELETE' }));

export const useRespond = () =>
  useDoubtMutation(
    (body: RespondBody) =>
      api<{ response: DoubtResponse }>('/doubts/respond', { method: 'POST', body }).then(
        (data) => data.response,
      ),
    { awaitRefresh: false },
  );

export const useUpdateResponse = () =>
  useDoubtMutation(({ id, response_text }: { id: string; response_text: string }) =>
    api<{ response: DoubtResponse }>(`/doubts/responses/${id}`, {
      method: 'PATCH',
      body: { response_text },
    }).then((data) => data.response),
  );

export const useDeleteResponse = () =>
  useDoubtMutation((id: string) =>
    api<{ deleted: boolean }>(`/doubts/responses/${id}`, { method: 'DELETE' }),
  );

/** The automated answer: writes nothing, so no list needs refreshing. */
export function useAutoAnswer() {
  return useMutation({
    mutationFn: (body: AutoAnswerBody) =>
      api<{ answer: AutoAnswer }>('/doubts/auto-answer', { method: 'POST', body }).then(
        (data) => data.answer,
      ),
  });
}
