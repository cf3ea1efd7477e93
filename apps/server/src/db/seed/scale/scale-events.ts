import { announcementEvents } from './scale-announcements.js';
import { sessionEvents } from './scale-sessions.js';
import type { ScaleContext } from './scale-sql.js';

/**
 * The live updates (`events`) of the last three days' sessions and announcements, written in the
 * order they happened, so their ids grow with time as the portal's own do (a reconnecting stream
 * replays by id).
 */
export async function seedEvents(context: ScaleContext): Promise<void> {
  await context.client.query(
    `insert into events (institution_id, kind, audience, payload, created_at)
     select * from (${sessionEvents(context)} union all ${announcementEvents(context)}) happened (
       institution_id, kind, audience, payload, created_at)
     order by created_at, kind`,
  );
}
