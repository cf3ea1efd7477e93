import { z } from 'zod';
import { formatMessage, MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';
import { pageInfoSchema, pageQuerySchema } from './pagination.js';

/** Who an announcement is for (decision 33): the whole institution, or the batches chosen. */
export const ANNOUNCEMENT_AUDIENCES = ['institution', 'batches'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_DESCRIPTION_MAX = 5000;
/** A moderator may address at most this many batches at once. */
export const ANNOUNCEMENT_BATCHES_MAX = 100;

/** learning §3 "Notice/announcement item" (title, description, updated_at) and its audience. */
export const announcementSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** The batches addressed; empty for the whole institution. */
  batches: z.array(z.object({ _id: z.uuid(), title: z.string() })),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * Add and edit send the whole form. `batch_ids` are required for `batches` and refused for
 * `institution`; each must be a batch of the moderator's institution (checked by the server).
 */
export const announcementBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillTheForm, ANNOUNCEMENT_TITLE_MAX),
    description: requiredText(MESSAGES.fillTheForm, ANNOUNCEMENT_DESCRIPTION_MAX),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: MESSAGES.fillTheForm }),
    batch_ids: z
      .array(idSchema)
      .max(
        ANNOUNCEMENT_BATCHES_MAX,
        formatMessage(MESSAGES.atMostBatches, { max: String(ANNOUNCEMENT_BATCHES_MAX) }),
      )
      .default([]),
  })
  .superRefine((body, context) => {
    if (body.audience === 'batches' && body.batch_ids.length === 0) {
      context.addIssue({ code: 'custom', path: ['batch_ids'], message: MESSAGES.announcementSelectBatches });
    }
    if (body.audience === 'institution' && body.batch_ids.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['batch_ids'],
        message: MESSAGES.announcementNoBatchesForInstitution,
      });
    }
  });
export type AnnouncementBody = z.input<typeof announcementBodySchema>;

export const announcementIdParamsSchema = z.object({ announcementId: idSchema });

/** `GET /api/announcements`: newest update first, one page at a time. */
export const announcementListQuerySchema = pageQuerySchema;
export const announcementListSchema = z.object({
  announcements: z.array(announcementSchema),
  page: pageInfoSchema,
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;
