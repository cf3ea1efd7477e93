import type { Bell, BellItem } from '@portal/shared/schemas/notifications';
import { BELL_ITEMS_PER_KIND } from '@portal/shared/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { bellWithAnnouncement } from './bell-announcement';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const announcementItem = (n: number, unseen = false): BellItem => ({
  kind: 'announcement',
  _id: id(n),
  title: `Notice ${n}`,
  clickable: true,
  unseen,
  description: 'Text',
  updated_at: '2026-11-26T08:00:00.000Z',
});
const session: BellItem = {
  kind: 'session',
  _id: id(900),
  title: 'Revision',
  clickable: false,
  unseen: false,
  batch_subject_id: id(901),
  subject_title: 'Maths',
  start_time: '2026-11-27T10:00:00.000Z',
  end_time: '2026-11-27T11:00:00.000Z',
};
const bell = (items: BellItem[]): Bell => ({
  count: items.length,
  unseen_count: items.filter((item) => item.unseen).length,
  as_of: '2026-11-27T09:00:00.000Z',
  items,
});
const created = (n: number, at = '2026-11-27T09:30:00.000Z') => ({
  kind: 'announcement.created' as const,
  at,
  announcement_id: id(n),
  announcement: { title: `Notice ${n}`, description: 'Exams on Monday', updated_at: at },
});

describe('bellWithAnnouncement', () => {
  it('lists a new announcement first of the announcements, after the sessions, unseen and counted', () => {
    const next = bellWithAnnouncement(bell([session, announcementItem(1)]), created(2));
    expect(next.items.map((item) => item._id)).toEqual([id(900), id(2), id(1)]);
    expect(next.items[1]).toMatchObject({
      kind: 'announcement',
      unseen: true,
      clickable: true,
      title: 'Notice 2',
    });
    expect(next.count).toBe(3);
    expect(next.unseen_count).toBe(1);
    // Reading the panel now marks it seen too.
    expect(next.as_of).toBe('2026-11-27T09:30:00.000Z');
  });

  it('counts an announcement it already lists once (a replayed event)', () => {
    const once = bellWithAnnouncement(bell([announcementItem(1)]), created(2));
    const twice = bellWithAnnouncement(once, created(2));
    expect(twice.count).toBe(2);
    expect(twice.items.map((item) => item._id)).toEqual([id(2), id(1)]);
  });

  it('shows at most the panel’s number of announcements and counts them all', () => {
    const full = bell(Array.from({ length: BELL_ITEMS_PER_KIND }, (_, n) => announcementItem(n + 1)));
    const next = bellWithAnnouncement(full, created(999));
    expect(next.items).toHaveLength(BELL_ITEMS_PER_KIND);
    expect(next.items[0]!._id).toBe(id(999));
    expect(next.count).toBe(BELL_ITEMS_PER_KIND + 1);
  });

  it('leaves the bell as it is for an event without the announcement', () => {
    const before = bell([session]);
    expect(bellWithAnnouncement(before, { kind: 'announcement.created', at: before.as_of })).toBe(before);
  });
});
