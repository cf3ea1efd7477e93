import { z } from 'zod';

/**
 * The bell (learning §2 "Header and notifications", §4 notification rules, §9): pending
 * assessments (students only: not taken, due not passed; clickable once their start has passed),
 * upcoming sessions (not ended; clickable from 5 minutes before the start until the end) and
 * announcements updated in the last 3 days. `count` is their sum; `unseen_count` those changed
 * after the caller last read the panel (`POST /api/users/me/notifications/seen`).
 */
export const ANNOUNCEMENT_BELL_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_JOIN_LEAD_MS = 5 * 60 * 1000;
/** The panel lists at most this many items of each kind; `count` counts them all. */
export const BELL_ITEMS_PER_KIND = 50;

const common = {
  _id: z.uuid(),
  title: z.string(),
  clickable: z.boolean(),
  /** Changed after the caller last read the panel. */
  unseen: z.boolean(),
};

export const bellAssessmentSchema = z.object({
  kind: z.literal('assessment'),
  ...common,
  batch_subject_id: z.uuid(),
  subject_title: z.string(),
  start_date: z.string(),
  due_date: z.string(),
});
export const bellSessionSchema = z.object({
  kind: z.literal('session'),
  ...common,
  batch_subject_id: z.uuid(),
  subject_title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export const bellAnnouncementSchema = z.object({
  kind: z.literal('announcement'),
  ...common,
  description: z.string(),
  updated_at: z.string(),
});
export const bellItemSchema = z.discriminatedUnion('kind', [
  bellAssessmentSchema,
  bellSessionSchema,
  bellAnnouncementSchema,
]);
export type BellItem = z.infer<typeof bellItemSchema>;

export const bellSchema = z.object({
  count: z.number().int(),
  unseen_count: z.number().int(),
  /** The server's now when answering; send it back as `seen_up_to` once the panel is read. */
  as_of: z.string(),
  /** Pending assessments (soonest due first), then sessions (soonest first), then announcements (latest first). */
  items: z.array(bellItemSchema),
});
export type Bell = z.infer<typeof bellSchema>;

/** Reading the panel: everything changed up to `seen_up_to` (the answer's `as_of`) is seen. */
export const bellSeenBodySchema = z.object({ seen_up_to: z.iso.datetime({ offset: true }) });
export type BellSeenBody = z.infer<typeof bellSeenBodySchema>;
