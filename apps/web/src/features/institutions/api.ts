import type {
  Batch,
  CreateInstitutionBody,
  CreateModeratorBody,
  DemoVideosAnswer,
  Institution,
  Moderator,
  ModeratorCredential,
  PortalUser,
  UpdateDemoVideosBody,
  UpdateInstitutionBody,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every institution query starts with `all`, so archiving and restoring refresh both lists. */
export const institutionKeys = {
  all: ['institutions'] as const,
  archived: ['institutions', 'archived'] as const,
  moderators: (id: string) => ['institutions', id, 'moderators'] as const,
  demoVideos: (id: string) => ['institutions', id, 'demo-videos'] as const,
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
  useInvalidating(institutionKeys.all, (body: CreateModeratorBody) =>
    api<{ user: PortalUser }>('/cwx/users', { method: 'POST', body }),
  );

export function useArchivedInstitutions(enabled: boolean) {
  return useQuery({
    queryKey: institutionKeys.archived,
    queryFn: ({ signal }) =>
      api<{ institutions: Institution[] }>('/institutions?archived=true', { signal }).then(
        (data) => data.institutions,
      ),
    enabled,
  });
}

export const useRestoreInstitution = () =>
  useInvalidating(institutionKeys.all, (id: string) =>
    api<{ institution: Institution }>(`/institutions/${id}/visibility`, {
      method: 'PATCH',
      body: { visibility: true },
    }),
  );

export function useModerators(institutionId: string | null) {
  return useQuery({
    queryKey: institutionKeys.moderators(institutionId ?? ''),
    queryFn: ({ signal }) =>
      api<{ moderators: Moderator[] }>(`/institutions/${institutionId}/moderators`, { signal }).then(
        (data) => data.moderators,
      ),
    enabled: institutionId !== null,
  });
}

/** A moderator change of one institution, refreshing its list. */
function useModeratorChange<TResult>(institutionId: string, call: (moderatorId: string) => Promise<TResult>) {
  return useInvalidating(institutionKeys.moderators(institutionId), call);
}

export const useResetModerator = (institutionId: string) =>
  useModeratorChange(institutionId, (moderatorId) =>
    api<{ credential: ModeratorCredential }>(`/institutions/${institutionId}/moderators/reset-password`, {
      method: 'POST',
      body: { moderator_id: moderatorId },
    }).then((data) => data.credential),
  );

export const useArchiveModerator = (institutionId: string) =>
  useModeratorChange(institutionId, (moderatorId) =>
    api<{ moderator: Moderator }>(`/institutions/${institutionId}/moderators/${moderatorId}`, {
      method: 'DELETE',
    }),
  );

export const useUnarchiveModerator = (institutionId: string) =>
  useModeratorChange(institutionId, (moderatorId) =>
    api<{ moderator: Moderator }>(`/institutions/${institutionId}/moderators/dearc/${moderatorId}`, {
      method: 'PATCH',
    }),
  );

export function useDemoVideos(institutionId: string | null) {
  return useQuery({
    queryKey: institutionKeys.demoVideos(institutionId ?? ''),
    queryFn: ({ signal }) => api<DemoVideosAnswer>(`/institutions/${institutionId}/demo-videos`, { signal }),
    enabled: institutionId !== null,
  });
}

export function useUpdateDemoVideos(institutionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDemoVideosBody) =>
      api<DemoVideosAnswer>(`/institutions/${institutionId}/demo-videos`, { method: 'PATCH', body }),
    onSuccess: (answer) => queryClient.setQueryData(institutionKeys.demoVideos(institutionId), answer),
  });
}

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
