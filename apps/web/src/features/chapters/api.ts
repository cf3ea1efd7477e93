import type { Chapter, CreateChapterBody, UpdateChapterBody } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { subjectKeys } from '../subjects/api';

export const chapterKeys = {
  all: ['chapters'] as const,
  /** By the subject's id (a batch subject's `subject_id`). */
  list: (subjectId: string) => ['chapters', 'subject', subjectId] as const,
};

export function useChapters(subjectId: string | null | undefined) {
  return useQuery({
    queryKey: chapterKeys.list(subjectId ?? ''),
    queryFn: ({ signal }) =>
      api<{ chapters: Chapter[] }>(`/chapters/subject-id/${encodeURIComponent(subjectId!)}`, { signal }).then(
        (data) => data.chapters,
      ),
    enabled: Boolean(subjectId),
  });
}

/** Chapters change the subject cards' chapter counts too (the moderator's and the caller's own lists). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chapterKeys.all }),
      queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
      queryClient.invalidateQueries({ queryKey: subjectKeys.mine }),
    ]);
}

export function useCreateChapter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateChapterBody) =>
      api<{ chapter: Chapter }>('/chapters', { body }).then((data) => data.chapter),
    onSuccess: refresh,
  });
}

export function useUpdateChapter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateChapterBody }) =>
      api<{ chapter: Chapter }>(`/chapters/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then(
        (data) => data.chapter,
      ),
    onSuccess: refresh,
  });
}

export function useDeleteChapter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: boolean }>(`/chapters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
