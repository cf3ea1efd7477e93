import type { InstitutionExport } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';

const exportKeys = {
  list: (institutionId: string) => ['institutions', institutionId, 'exports'] as const,
};

const isActive = (job: InstitutionExport | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** The institution's latest export, read again every second while it is being built. */
export function useLatestExport(institutionId: string) {
  return useQuery({
    queryKey: exportKeys.list(institutionId),
    queryFn: ({ signal }) =>
      api<{ exports: InstitutionExport[] }>(`/institutions/${institutionId}/exports`, { signal }).then(
        (data) => data.exports[0] ?? null,
      ),
    refetchInterval: (query) => (isActive(query.state.data ?? undefined) ? 1000 : false),
  });
}

export function useStartExport(institutionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ export: InstitutionExport }>(`/institutions/${institutionId}/exports`, { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(exportKeys.list(institutionId), data.export),
  });
}

export function downloadExport(job: InstitutionExport) {
  return downloadFromApi(`/institutions/${job.institution_id}/exports/${job._id}/download`, {
    fallbackName: 'institution-export.zip',
  });
}
