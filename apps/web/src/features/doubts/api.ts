import type {
  AutoAnswer,
  AutoAnswerBody,
  CreateDoubtBody,
  Doubt,
  DoubtListQuery,
  DoubtResponse,
  RespondBody,
  TaughtStudent,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type DoubtStatus = NonNullable<DoubtListQuery['status']>;

/** Every doubt query starts with `['doubts']`: a write to a doubt or reply refreshes all lists and counts. */
export const doubtKeys = {
  all: ['doubts'] as const,
  list: (filters: { status?: DoubtStatus; batchSubjectId?: string }) =>
    ['doubts', 'list', filters.status ?? '', filters.batchSubjectId ?? ''] as const,
  topic: (topicId: string) => ['doubts', 'topic', topicId] as const,
  batchSubject: (batchSubjectId: string) => ['doubts', 'batch-subject', batchSubjectId] as const,
};

const doubtsOf = (data: { doubts: Doubt[] }) => data.doubts;

/** The doubts the caller may read: a student's batch subjects', a faculty member's, newest first. */
export function useDoubts(filters: { status?: DoubtStatus; batchSubjectId?: string } = {}, enabled = true) {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.batchSubjectId) search.set('batch_subject_id', filters.batchSubjectId);
  const query = search.toString();
  return useQuery({
    queryKey: doubtKeys.list(filters),
    queryFn: ({ signal }) =>
      api<{ doubts: Doubt[] }>(`/doubts${query ? `?${query}` : ''}`, { signal }).then(doubtsOf),
    enabled,
  });
}

export function useTopicDoubts(topicId: string | null | undefined) {
  return useQuery({
    queryKey: doubtKeys.topic(topicId ?? ''),
    queryFn: ({ signal }) => api<{ doubts: Doubt[] }>(`/doubts/topic/${topicId}`, { signal }).then(doubtsOf),
    enabled: Boolean(topicId),
  });
}

export function useBatchSubjectDoubts(batchSubjectId: string | null | undefined) {
  return useQuery({
    queryKey: doubtKeys.batchSubject(batchSubjectId ?? ''),
    queryFn: ({ signal }) =>
      api<{ doubts: Doubt[] }>(`/doubts/batch-subject/${batchSubjectId}`, { signal }).then(doubtsOf),
    enabled: Boolean(batchSubjectId),
  });
}

/** Students of the faculty member's batch subjects (faculty home panel). */
export function useMyStudents() {
  return useQuery({
    queryKey: ['me', 'students'],
    queryFn: ({ signal }) =>
      api<{ students: TaughtStudent[] }>('/users/me/students', { signal }).then((data) => data.students),
    staleTime: 60_000,
  });
}

function useDoubtMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doubtKeys.all }),
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
  useDoubtMutation((body: RespondBody) =>
    api<{ response: DoubtResponse }>('/doubts/respond', { method: 'POST', body }).then(
      (data) => data.response,
    ),
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
