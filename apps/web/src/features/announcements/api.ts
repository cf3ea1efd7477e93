import type { Announcement, AnnouncementBody } from '@portal/shared/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedList } from '../../lib/paged-list';
import { notificationKeys } from '../notifications/api';

/** Every announcement query starts with this key; live events about announcements refresh it. */
export const announcementKeys = {
  all: ['announcements'] as const,
  list: ['announcements', 'list'] as const,
};

const path = encodeURIComponent;

/** The caller's announcements (`GET /api/announcements`), latest update first, a page at a time. */
export function useAnnouncements() {
  return usePagedList<Announcement>({
    queryKey: announcementKeys.list,
    path: '/announcements',
    listKey: 'announcements',
  });
}

/** A write changes the list and the bell (the moderator's own bell lists announcements too). */
function useAnnouncementWrite<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
    },
  });
}

export const useSaveAnnouncement = () =>
  useAnnouncementWrite(({ id, body }: { id: string | null; body: AnnouncementBody }) =>
    id
      ? api<{ announcement: Announcement }>(`/announcements/${path(id)}`, { method: 'PATCH', body })
      : api<{ announcement: Announcement }>('/announcements', { body }),
  );

export const useDeleteAnnouncement = () =>
  useAnnouncementWrite((id: string) =>
    api<{ deleted: true }>(`/announcements/${path(id)}`, { method: 'DELETE' }),
  );
