import type { Bell, BellItem } from '@portal/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveConnected } from '../../lib/live-updates';

/** Every bell query starts with this key; live events about its items refresh it. */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
};

/**
 * How often the bell reads itself while no event stream is open ("the notification bell
 * periodically fetches", learning §7); with the stream up, events refresh it instead.
 */
export const BELL_POLL_MS = 30_000;

/** The bell: its count, unseen count and items (clickable by the server's clock). */
export function useBell() {
  const live = useLiveConnected();
  return useQuery({
    queryKey: notificationKeys.bell,
    queryFn: ({ signal }) =>
      api<{ notifications: Bell }>('/users/me/notifications', { signal }).then((data) => data.notifications),
    staleTime: 0,
    refetchInterval: live ? false : BELL_POLL_MS,
  });
}

/** Reading the panel: everything up to the bell's `as_of` is seen; the badge's count goes to 0 at once. */
export function useMarkBellSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asOf: string) =>
      api<{ seen_up_to: string }>('/users/me/notifications/seen', { body: { seen_up_to: asOf } }),
    onSuccess: (_answer, asOf) => {
      queryClient.setQueryData<Bell>(notificationKeys.bell, (bell) =>
        // A newer answer (with items after `asOf`) keeps its own count.
        bell && bell.as_of === asOf ? { ...bell, unseen_count: 0 } : bell,
      );
    },
  });
}

export type { BellItem };
