import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { uiLanguageSchema } from './languages.js';

const username = z.string({ error: MESSAGES.enterUsername }).trim().min(1, MESSAGES.enterUsername).max(100);

/** A new password chosen by a user. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.enterPassword })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const loginBodySchema = z.object({
  username,
  password: z
    .string({ error: MESSAGES.enterPassword })
    .min(1, MESSAGES.enterPassword)
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  user_id: z.uuid(),
  username: z.string(),
  /** The person's name, shown in the header (the username for owners and moderators). */
  name: z.string(),
  entity_id: z.uuid(),
  entity_type: z.enum(ROLES),
  permission: z.enum(ROLES),
  institution_id: z.uuid().nullable(),
  institution_title: z.string().nullable(),
  institution_nav_logo: z.string().nullable(),
  academic_year: z.string().nullable(),
  /** The zone every time is shown in (decision 37): the institution's, else the portal's default. */
  time_zone: z.string(),
  /** The language the portal is shown in (decision 40), kept on the account. */
  language: uiLanguageSchema,
  must_change_password: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The session account the client keeps after sign-in (management §3). */
export const sessionAccountSchema = sessionUserSchema.extend({ jwt: z.string() });
export type SessionAccount = z.infer<typeof sessionAccountSchema>;

export const forgotPasswordBodySchema = z.object({ username });
export const verifyOtpBodySchema = z.object({
  username,
  otp: z.string({ error: MESSAGES.enterOtp }).trim().min(1, MESSAGES.enterOtp).max(20),
});
export const resetPasswordBodySchema = z.object({
  temp_token: z.string().min(1).max(200),
  new_password: newPasswordSchema,
});
export const changePasswordBodySchema = z.object({
  old_password: z
    .string({ error: MESSAGES.enterRequiredFields })
    .min(1, MESSAGES.enterRequiredFields)
    .max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});

export const publicConfigSchema = z.object({
  product_name: z.string(),
  support_phone: z.string(),
  support_email: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
