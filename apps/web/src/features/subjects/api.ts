import type { Batch, BatchSubject, CreateSubjectBody, Subject, UpdateBatchSubjectBody } from '@portal/shared';
import { OWN_BATCH_SUBJECT_ROLES } from '@portal/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchAllPages, usePagedList } from '../../lib/paged-list';
import { useRequiredAccount } from '../../lib/session';

export const subjectKeys = {
  /** Under the batches key, so anything that changes batches refreshes the dropdowns too. */
  batchOptions: ['batches', 'options'] as const,
  all: ['batch-subjects'] as const,
  list: (batchId: string) => ['batch-subjects', 'list', batchId] as const,
  pages: (batchId: string) => ['batch-subjects', 'pages', batchId] as const,
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

/**
 * Every subject of one batch, for lookups and dropdowns (none asked for while no batch is chosen):
 * all its pages, a batch having a handful of subjects.
 */
export function useBatchSubjects(batchId: string | null) {
  return useQuery({
    queryKey: subjectKeys.list(batchId ?? ''),
    queryFn: ({ signal }) =>
      fetchAllPages<BatchSubject>(
        { path: '/batch-subjects', listKey: 'batch_subjects', params: { batch_id: batchId ?? '' } },
        signal,
      ),
    enabled: Boolean(batchId),
  });
}

/** The subjects of one batch as the Subjects page shows them: a page at a time. */
export function useBatchSubjectPages(batchId: string | null) {
  return usePagedList<BatchSubject>({
    queryKey: subjectKeys.pages(batchId ?? ''),
    path: '/batch-subjects',
    listKey: 'batch_subjects',
    params: { batch_id: batchId ?? '' },
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
 * a faculty member's own. The student, doubt and faculty content screens share this one entry as
 * their lookup, and their title search and class filter run over it, so it holds every page: the
 * list is bounded by one batch's, or one teacher's, subjects. Other roles have none and are never
 * asked for them (screens shared with moderators, such as Assessments, call this too).
 */
export function useMyBatchSubjects() {
  const { permission } = useRequiredAccount();
  return useQuery({
    enabled: (OWN_BATCH_SUBJECT_ROLES as readonly string[]).includes(permission),
    queryKey: subjectKeys.mine,
    queryFn: ({ signal }) =>
      fetchAllPages<BatchSubject>({ path: '/users/me/batch-subjects', listKey: 'batch_subjects' }, signal),
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
