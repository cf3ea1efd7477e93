import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { newPasswordSchema } from './auth.js';
import { academicYearSchema, idSchema, requiredText } from './common.js';

export const institutionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  nav_logo: z.string(),
  academic_year: z.string(),
  sealtabs_institution_id: z.string().nullable(),
  time_zone: z.string().nullable(),
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
    .refine(
      (value) => value.startsWith('/files/') || /^https?:\/\//i.test(value),
      'Please upload the file again.',
    );

export const createInstitutionBodySchema = z.object({
  title: requiredText(MESSAGES.fillTheForm, 150),
  nav_logo: fileUrlSchema(MESSAGES.fillTheForm),
  academic_year: academicYearSchema,
});
export type CreateInstitutionBody = z.infer<typeof createInstitutionBodySchema>;

export const updateInstitutionBodySchema = z.object({
  title: requiredText(MESSAGES.fillTheForm, 150),
  sealtabs_institution_id: z.string().trim().max(100, 'At most 100 characters.').nullish(),
  academic_year: academicYearSchema,
});
export type UpdateInstitutionBody = z.infer<typeof updateInstitutionBodySchema>;

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
