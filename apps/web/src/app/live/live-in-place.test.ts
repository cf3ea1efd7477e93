import type { Bell } from '@portal/shared/schemas/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { announcementKeys } from '../../features/announcements/api';
import { notificationKeys } from '../../features/notifications/api';
import { LIVE_IN_PLACE } from './live-invalidations';

const ID = '00000000-0000-4000-8000-000000000001';
const bell: Bell = { count: 0, unseen_count: 0, as_of: '2026-11-27T09:00:00.000Z', items: [] };
const apply = LIVE_IN_PLACE['announcement.created']!;

describe('a new announcement in place', () => {
  it('puts the carried announcement in the cached bell and leaves only the announcement lists stale', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.bell, bell);
    const stale = apply(queryClient, {
      kind: 'announcement.created',
      at: '2026-11-27T09:30:00.000Z',
      announcement_id: ID,
      announcement: { title: 'Sports Day', description: 'Friday', updated_at: '2026-11-27T09:30:00.000Z' },
    });
    expect(stale).toEqual([announcementKeys.all]);
    const after = queryClient.getQueryData<Bell>(notificationKeys.bell);
    expect(after?.count).toBe(1);
    expect(after?.items[0]).toMatchObject({ _id: ID, title: 'Sports Day', unseen: true });
  });

  it('applies nothing to an event without the announcement, so the usual refetch runs', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.bell, bell);
    expect(
      apply(queryClient, { kind: 'announcement.created', at: bell.as_of, announcement_id: ID }),
    ).toBeNull();
    expect(queryClient.getQueryData(notificationKeys.bell)).toBe(bell);
  });
});
