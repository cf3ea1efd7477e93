import { z } from 'zod';
import { ACADEMIC_YEAR_PATTERN } from '../constants.js';
import { formatMessage, MESSAGES } from '../messages.js';

/** The one failure shape of every endpoint. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the success envelope `{ data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const idSchema = z.uuid({ error: MESSAGES.invalidId });
/** Path parameters `{id}`. */
export const idParamsSchema = z.object({ id: idSchema });

/** A required text field: trimmed, not empty, bounded. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, formatMessage(MESSAGES.atMostCharacters, { max: String(max) }));
}

export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, formatMessage(MESSAGES.atMostCharacters, { max: String(max) }))
    .optional();
}

/** `YYYY-YY` where YY is the year after YYYY (decision 8). */
export const academicYearSchema = z
  .string({ error: MESSAGES.academicYearFormat })
  .trim()
  .regex(ACADEMIC_YEAR_PATTERN, MESSAGES.academicYearFormat)
  .refine((value) => {
    const [start, end] = value.split('-').map(Number);
    return (start! + 1) % 100 === end;
  }, MESSAGES.academicYearOrder);

/**
 * A logo image link (a subject's, a topic's): an http(s) link, or a file of the portal's own
 * (`/files/...`, no `..` in it). Anything else (`javascript:`, `data:`, other paths) is refused.
 */
export function isLogoLink(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+\S*$/i.test(value) || /^\/files\/(?!\S*\.\.)\S+$/.test(value);
}
