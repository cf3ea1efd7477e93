import { MESSAGES } from '@portal/shared/messages';
import type { z } from 'zod';

/** A field's error: its own message, or `true` (marked, no text) when the form's message says it all. */
export type FieldErrors = Partial<Record<string, string | true>>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; message: string; fields: FieldErrors };

/**
 * Checks a form against the same schema the server applies. Any failure shows the spec's form
 * message (management §5: 'Please fill the form'); a field whose rule has a more precise text
 * (the academic year's format) shows that text too.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  message: string = MESSAGES.fillTheForm,
): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '_');
    fields[name] ??= issue.message === message ? true : issue.message;
  }
  return { ok: false, message, fields };
}
