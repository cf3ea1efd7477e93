import type { Batch, BatchSubject, CreateSubjectBody, Subject, UpdateBatchSubjectBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const subjectKeys = {
  /** Under the batches key, so anything that changes batches refreshes the dropdowns too. */
  batchOptions: ['batches', 'options'] as const,
  all: ['batch-subjects'] as const,
  list: (batchId: string) => ['batch-subjects', 'list', batchId] as const,
  one: (id: string) => ['batch-subjects', 'one', id] as const,
  /** The caller's own batch subjects (a student's batch's, a faculty member's). */
  mine: ['me', 'batch-subjects'] as const,
};

/** The institution's batches, for the batch dropdowns. */
export function useBatchOptions() {
  return useQuery({
    queryKey: subjectKeys.batchOptions,
    queryFn: ({ signal }) => api<{ batches: Batch[] }>('/batches', { signal }).then((data) => data.batches),
  });
}

/** The subjects of one batch (none asked for while no batch is chosen). */
export function useBatchSubjects(batchId: string | null) {
  return useQuery({
    queryKey: subjectKeys.list(batchId ?? ''),
    queryFn: ({ signal }) =>
      api<{ batch_subjects: BatchSubject[] }>(`/batch-subjects?batch_id=${encodeURIComponent(batchId!)}`, {
        signal,
      }).then((data) => data.batch_subjects),
    enabled: Boolean(batchId),
  });
}

export function useBatchSubject(id: string | null) {
  return useQuery({
    queryKey: subjectKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ batch_subject: BatchSubject }>(`/batch-subjects/${encodeURIComponent(id!)}`, { signal }).then(
        (data) => data.batch_subject,
      ),
    enabled: Boolean(id),
  });
}

/**
 * The caller's batch subjects, with their batch, teachers and chapter counts: a student's batch's,
 * a faculty member's own. The student, doubt and faculty content screens share this one entry.
 */
export function useMyBatchSubjects() {
  return useQuery({
    queryKey: subjectKeys.mine,
    queryFn: ({ signal }) =>
      api<{ batch_subjects: BatchSubject[] }>('/users/me/batch-subjects', { signal }).then(
        (data) => data.batch_subjects,
      ),
    staleTime: 60_000,
  });
}

/** Creates the subject, then links it to the batch (management §7). */
export async function createSubjectInBatch(batchId: string, body: CreateSubjectBody): Promise<BatchSubject> {
  const { subject } = await api<{ subject: Subject }>('/subjects', { body });
  const { batch_subjects } = await api<{ batch_subjects: BatchSubject[] }>('/batch-subjects', {
    body: { batch_id: batchId, subject_ids: [subject._id] },
  });
  return batch_subjects[0]!;
}

export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: string; body: CreateSubjectBody }) =>
      createSubjectInBatch(batchId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}

export function useUpdateBatchSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBatchSubjectBody }) =>
      api<{ batch_subject: BatchSubject }>(`/batch-subjects/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }).then((data) => data.batch_subject),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}

export function useDeleteBatchSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: boolean }>(`/batch-subjects/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}
