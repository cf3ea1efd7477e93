import { z } from 'zod';
import { ACADEMIC_YEAR_PATTERN } from '../constants.js';

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

export const idSchema = z.uuid({ error: 'Invalid id.' });
/** Path parameters `{id}`. */
export const idParamsSchema = z.object({ id: idSchema });

/** A required text field: trimmed, not empty, bounded. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
}

export function optionalText(max = 2000) {
  return z.string().trim().max(max, `At most ${max} characters.`).optional();
}

/** `YYYY-YY` where YY is the year after YYYY (decision 8). */
export const academicYearSchema = z
  .string({ error: 'Academic year must look like 2024-25.' })
  .trim()
  .regex(ACADEMIC_YEAR_PATTERN, 'Academic year must look like 2024-25.')
  .refine((value) => {
    const [start, end] = value.split('-').map(Number);
    return (start! + 1) % 100 === end;
  }, 'The second year must follow the first (2024-25).');

/**
 * A logo image link (a subject's, a topic's): an http(s) link, or a file of the portal's own
 * (`/files/...`, no `..` in it). Anything else (`javascript:`, `data:`, other paths) is refused.
 */
export function isLogoLink(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+\S*$/i.test(value) || /^\/files\/(?!\S*\.\.)\S+$/.test(value);
}
