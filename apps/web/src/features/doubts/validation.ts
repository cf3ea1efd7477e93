import { updateDoubtBodySchema, updateResponseBodySchema } from '@portal/shared/schemas/doubts';
import { firstIssue } from '../../lib/checked-text';

/** A reply or follow-up: empty gives 'Please answer your doubt.' (learning §5). */
export const replyTextError = (text: string) =>
  firstIssue(updateResponseBodySchema.safeParse({ response_text: text }));

/** A doubt's text: empty gives 'Please fill the form'. */
export const doubtTextError = (text: string) =>
  firstIssue(updateDoubtBodySchema.safeParse({ doubt_text: text }));
