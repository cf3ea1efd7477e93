import type { Announcement } from '@portal/shared';
import type { AnnouncementRow } from './announcements.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    audience: row.batch_ids.length === 0 ? 'institution' : 'batches',
    batches: row.batches,
    author_name: row.author_name,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
