import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * Live updates (decision 34): `GET /api/events` is a Server-Sent Events stream. Each event has the
 * stream's `id:` (for `Last-Event-ID` on reconnect), `event:` one of these kinds, and `data:` a
 * `LiveEvent` as JSON. The events say what changed, not the rows: the browser refetches what it
 * shows (the home carousels, the session lists, a room). One exception: a new announcement carries
 * what the bell shows of it (`announcement`), so 5,000 open tabs put it in their bells without 5,000
 * bell reads at once. Comment lines (`: ping`) every
 * EVENT_HEARTBEAT_MS keep proxies from closing an idle stream.
 */
export const LIVE_EVENT_KINDS = [
  'announcement.created',
  'announcement.changed',
  'announcement.deleted',
  'assessment.published',
  'assessment.changed',
  'assessment.evaluated',
  'doubt.replied',
  'session.created',
  'session.changed',
  'session.teacher_joined',
  'session.teacher_left',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const EVENT_HEARTBEAT_MS = 15_000;
/** How long events are kept for replay. */
export const EVENT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
/** At most this many missed events are replayed on reconnect; a longer gap gets `resync`. */
export const EVENT_REPLAY_MAX = 500;

/** The ids an event names (those of its kind). */
export const liveEventRefsSchema = z.object({
  announcement_id: z.uuid().optional(),
  assessment_id: z.uuid().optional(),
  batch_subject_id: z.uuid().optional(),
  doubt_id: z.uuid().optional(),
  topic_id: z.uuid().optional(),
  session_id: z.uuid().optional(),
  /** `announcement.created`: the announcement as the bell lists it (its readers may read it all). */
  announcement: z.object({ title: z.string(), description: z.string(), updated_at: z.string() }).optional(),
});
export type LiveEventRefs = z.infer<typeof liveEventRefsSchema>;

/** An event's `data:`. */
export const liveEventSchema = liveEventRefsSchema.extend({
  kind: z.enum(LIVE_EVENT_KINDS),
  /** When the change was made (ISO instant). */
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Sent instead of a replay when the events missed since `Last-Event-ID` are more than the server
 * keeps or replays: the browser refetches everything it shows.
 */
export const RESYNC_EVENT = 'resync';
/** The first event of every stream, so a client knows the stream is open (its data: `{}`). */
export const READY_EVENT = 'ready';

/** `Last-Event-ID`: a positive whole number, as the stream sent it. */
export const lastEventIdSchema = z.string().regex(/^[1-9][0-9]{0,14}$/, MESSAGES.lastEventIdInvalid);
