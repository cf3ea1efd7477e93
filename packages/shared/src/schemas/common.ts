import { z } from 'zod';

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
