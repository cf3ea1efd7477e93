import type {
  Batch,
  CreateInstitutionBody,
  CreateModeratorBody,
  Institution,
  PortalUser,
  UpdateInstitutionBody,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const institutionKeys = {
  all: ['institutions'] as const,
};

/** Every batch query starts with this key, so a change here refreshes other screens' batch lists too. */
export const batchKeys = {
  all: ['batches'] as const,
  list: ['batches', 'list'] as const,
};

export function useInstitutions() {
  return useQuery({
    queryKey: institutionKeys.all,
    queryFn: ({ signal }) =>
      api<{ institutions: Institution[] }>('/institutions', { signal }).then((data) => data.institutions),
  });
}

function useInvalidating<TVariables, TResult>(
  key: readonly unknown[],
  call: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateInstitution = () =>
  useInvalidating(institutionKeys.all, (body: CreateInstitutionBody) =>
    api<{ institution: Institution }>('/institutions', { method: 'POST', body }),
  );

export const useUpdateInstitution = () =>
  useInvalidating(institutionKeys.all, ({ id, body }: { id: string; body: UpdateInstitutionBody }) =>
    api<{ institution: Institution }>(`/institutions/${id}`, { method: 'PATCH', body }),
  );

export const useArchiveInstitution = () =>
  useInvalidating(institutionKeys.all, (id: string) =>
    api<{ archived: boolean }>(`/institutions/${id}`, { method: 'DELETE' }),
  );

export const useCreateModerator = () =>
  useMutation({
    mutationFn: (body: CreateModeratorBody) =>
      api<{ user: PortalUser }>('/cwx/users', { method: 'POST', body }),
  });

export function useBatches() {
  return useQuery({
    queryKey: batchKeys.list,
    queryFn: ({ signal }) => api<{ batches: Batch[] }>('/batches', { signal }).then((data) => data.batches),
  });
}

export const useCreateBatch = () =>
  useInvalidating(batchKeys.all, (body: { title: string; academic_year: string }) =>
    api<{ batch: Batch }>('/batches', { method: 'POST', body: { ...body, display_order: 0 } }),
  );

export const useRenameBatch = () =>
  useInvalidating(batchKeys.all, ({ id, title }: { id: string; title: string }) =>
    api<{ batch: Batch }>(`/batches/${id}`, { method: 'PATCH', body: { title } }),
  );

export const useDeleteBatch = () =>
  useInvalidating(batchKeys.all, (id: string) =>
    api<{ deleted: boolean }>(`/batches/${id}`, { method: 'DELETE' }),
  );
