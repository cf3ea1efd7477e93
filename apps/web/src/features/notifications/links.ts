import type { BellItem } from '@portal/shared/schemas/notifications';
import { examPath } from '../exams/links';

export const ANNOUNCEMENTS_PATH = '/announcements';

/** The announcements page opened at one of them (`?announcement=`). */
export const announcementPath = (announcementId: string) =>
  `${ANNOUNCEMENTS_PATH}?announcement=${encodeURIComponent(announcementId)}`;

/** The live room of a session (learning §2: /me/session/detail, the session in `?session=` so a reload works). */
export const sessionRoomPath = (sessionId: string) =>
  `/me/session/detail?session=${encodeURIComponent(sessionId)}`;

/** Where a clickable item of the bell leads: the room, the exam's start, the announcement. */
export function bellItemPath(item: BellItem): string {
  switch (item.kind) {
    case 'assessment':
      return examPath(item._id);
    case 'session':
      return sessionRoomPath(item._id);
    case 'announcement':
      return announcementPath(item._id);
  }
}
