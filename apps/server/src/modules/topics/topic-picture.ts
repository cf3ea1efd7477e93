import { sql } from 'drizzle-orm';
import { topics } from '../../db/schema/index.js';

/**
 * A topic's card picture (`topic_logo_url` in every answer): its own logo when it has one, else an
 * image topic's image itself, so a new image topic's card shows its picture. Audio and video
 * topics without a logo answer null and show the default picture.
 */
export function topicPicture(row: { logoUrl: string | null; type: string; contentUri: string }) {
  return row.logoUrl || (row.type === 'image' ? row.contentUri : null);
}

/** The same in Drizzle queries over `topics`. */
export const topicPictureColumn = sql<
  string | null
>`coalesce(nullif(${topics.logoUrl}, ''), case when ${topics.type} = 'image' then ${topics.contentUri} end)`;

/** The same in hand-written SQL whose topics are aliased `t`. */
export const TOPIC_PICTURE_SQL = `coalesce(nullif(t.logo_url, ''), case when t.type = 'image' then t.content_uri end)`;
