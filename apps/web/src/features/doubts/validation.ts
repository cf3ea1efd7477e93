import { updateDoubtBodySchema, updateResponseBodySchema } from '@portal/shared/schemas/doubts';

/** The first message of a failed check, or null: the same rules the server applies. */
function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? null;
}

/** A reply or follow-up: empty gives 'Please answer your doubt.' (learning §5). */
export const replyTextError = (text: string) =>
  firstError(updateResponseBodySchema.safeParse({ response_text: text }));

/** A doubt's text: empty gives 'Please fill the form'. */
export const doubtTextError = (text: string) =>
  firstError(updateDoubtBodySchema.safeParse({ doubt_text: text }));
