import { z } from 'zod';
import { LANGUAGES, UI_LANGUAGES } from '../i18n/languages.js';
import { MESSAGES } from '../messages.js';

/** A language people read in (decision 40); the pseudo-locale too, which no picker offers. */
export const uiLanguageSchema = z.enum(UI_LANGUAGES, { error: MESSAGES.languageUnknown });

/** A language an institution may give its new accounts. */
export const languageSchema = z.enum(LANGUAGES, { error: MESSAGES.languageUnknown });

/** PATCH /api/users/me/language: the signed-in person's language, kept on the account. */
export const languageBodySchema = z.object({ language: uiLanguageSchema });
export type LanguageBody = z.infer<typeof languageBodySchema>;
