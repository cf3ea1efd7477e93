import { z } from 'zod';
import { formatMessage, MESSAGES } from '../messages.js';
import { newPasswordSchema } from './auth.js';
import { academicYearSchema, idSchema, requiredText } from './common.js';
import { languageSchema } from './languages.js';

export const institutionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  nav_logo: z.string(),
  academic_year: z.string(),
  sealtabs_institution_id: z.string().nullable(),
  time_zone: z.string().nullable(),
  /** The language new accounts start in (decision 40). */
  default_language: languageSchema,
  visibility: z.boolean(),
});
export type Institution = z.infer<typeof institutionSchema>;

/** A file URL answered by POST /api/s3/v2 (or any http(s) URL). */
export const fileUrlSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(2000)
    .refine((value) => value.startsWith('/files/') || /^https?:\/\//i.test(value), MESSAGES.uploadAgain);

export const createInstitutionBodySchema = z.object({
  title: requiredText(MESSAGES.fillTheForm, 150),
  nav_logo: fileUrlSchema(MESSAGES.fillTheForm),
  academic_year: academicYearSchema,
  default_language: languageSchema.optional(),
});
export type CreateInstitutionBody = z.infer<typeof createInstitutionBodySchema>;

export const updateInstitutionBodySchema = z.object({
  title: requiredText(MESSAGES.fillTheForm, 150),
  sealtabs_institution_id: z
    .string()
    .trim()
    .max(100, formatMessage(MESSAGES.atMostCharacters, { max: '100' }))
    .nullish(),
  academic_year: academicYearSchema,
  /** Left out: the logo stays; a new upload's URL replaces it. */
  nav_logo: fileUrlSchema(MESSAGES.fillTheForm).optional(),
  /** Left out: unchanged. New accounts start in it; existing ones keep theirs. */
  default_language: languageSchema.optional(),
});
export type UpdateInstitutionBody = z.infer<typeof updateInstitutionBodySchema>;

/** GET /api/institutions: the visible ones, or with `?archived=true` the archived ones. */
export const institutionListQuerySchema = z.object({
  archived: z.enum(['true', 'false'], { error: MESSAGES.invalidInput }).optional(),
});

/** PATCH /api/institutions/{id}/visibility: true restores an archived institution, false archives it. */
export const institutionVisibilityBodySchema = z.object({
  visibility: z.boolean({ error: MESSAGES.invalidInput }),
});

/** A moderator login of an institution, as the owner lists them. */
export const moderatorSchema = z.object({
  _id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  archived: z.boolean(),
  /** A generated password not yet changed. */
  must_change_password: z.boolean(),
  created_at: z.string(),
});
export type Moderator = z.infer<typeof moderatorSchema>;

export const moderatorParamsSchema = z.object({ id: idSchema, moderatorId: idSchema });

export const resetModeratorBodySchema = z.object({ moderator_id: idSchema });

/** A moderator's generated password, shown to the owner once. */
export const moderatorCredentialSchema = z.object({
  _id: z.uuid(),
  username: z.string(),
  password: z.string(),
});
export type ModeratorCredential = z.infer<typeof moderatorCredentialSchema>;

/** The roles whose demo video an owner sets per institution (learning "Header and notifications"). */
export const INSTITUTION_DEMO_VIDEO_ROLES = ['student', 'faculty'] as const;
export type InstitutionDemoVideoRole = (typeof INSTITUTION_DEMO_VIDEO_ROLES)[number];

/** An institution's own demo videos; null: the portal's default recording for that role. */
export const institutionDemoVideosSchema = z.object({
  student: z.string().nullable(),
  faculty: z.string().nullable(),
});
export type InstitutionDemoVideos = z.infer<typeof institutionDemoVideosSchema>;

export const demoVideosAnswerSchema = z.object({
  demo_videos: institutionDemoVideosSchema,
  /** What each role sees while the institution sets none. */
  defaults: z.object({ student: z.string(), faculty: z.string() }),
});
export type DemoVideosAnswer = z.infer<typeof demoVideosAnswerSchema>;

/**
 * GET /api/users/me/demo-video: the caller's demo video with its caption tracks, one per language
 * (none for an institution's own upload).
 */
export const demoVideoSchema = z.object({
  url: z.string().nullable(),
  captions: z.array(z.object({ language: languageSchema, url: z.string() })),
});
export type DemoVideo = z.infer<typeof demoVideoSchema>;
export type CaptionTrack = DemoVideo['captions'][number];

/** PATCH /api/institutions/{id}/demo-videos: an uploaded video's URL sets it, null goes back to the default. */
export const updateDemoVideosBodySchema = z
  .object({
    student: fileUrlSchema(MESSAGES.chooseFile).nullable().optional(),
    faculty: fileUrlSchema(MESSAGES.chooseFile).nullable().optional(),
  })
  .refine((body) => body.student !== undefined || body.faculty !== undefined, {
    message: MESSAGES.chooseFile,
    path: ['student'],
  });
export type UpdateDemoVideosBody = z.infer<typeof updateDemoVideosBodySchema>;

/** POST /api/cwx/users: the owner creates a moderator of an institution. */
export const createModeratorBodySchema = z.object({
  username: requiredText(MESSAGES.enterUsername, 100),
  password: newPasswordSchema,
  institution_id: idSchema,
  email: z.email().optional(),
});
export type CreateModeratorBody = z.infer<typeof createModeratorBodySchema>;

export const portalUserSchema = z.object({
  _id: z.uuid(),
  username: z.string(),
  permission: z.string(),
  institution_id: z.uuid().nullable(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;
