import type { LiveEvent } from '@portal/shared/schemas/events';
import { BELL_ITEMS_PER_KIND, type Bell, type BellItem } from '@portal/shared/schemas/notifications';

/**
 * The bell with a new announcement put in as the server would list it: first of the announcements
 * (latest first, after the assessments and sessions), unseen, counted, at most
 * BELL_ITEMS_PER_KIND of them shown. An announcement already listed (a replayed event) is put in
 * its place again, counted once. `as_of` moves to the event's moment, so reading the panel marks the
 * new announcement seen as well.
 */
export function bellWithAnnouncement(bell: Bell, event: LiveEvent): Bell {
  if (!event.announcement_id || !event.announcement) return bell;
  const item: BellItem = {
    kind: 'announcement',
    _id: event.announcement_id,
    title: event.announcement.title,
    clickable: true,
    unseen: true,
    description: event.announcement.description,
    updated_at: event.announcement.updated_at,
  };
  const listed = bell.items.some((one) => one._id === item._id);
  const others = bell.items.filter((one) => one.kind !== 'announcement');
  const announcements = [
    item,
    ...bell.items.filter((one) => one.kind === 'announcement' && one._id !== item._id),
  ];
  const items = [...others, ...announcements.slice(0, BELL_ITEMS_PER_KIND)];
  return {
    ...bell,
    as_of: Date.parse(event.at) > Date.parse(bell.as_of) ? event.at : bell.as_of,
    count: listed ? bell.count : bell.count + 1,
    unseen_count: items.filter((one) => one.unseen).length,
    items,
  };
}
