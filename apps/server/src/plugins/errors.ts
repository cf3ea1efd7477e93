import { MESSAGES, translated } from '@portal/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyAttemptsError } from '../lib/app-error.js';
import { withLanguage } from '../lib/language.js';
import { requestLanguage } from './language.js';

interface ErrorPayload {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

function validationFields(error: { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? MESSAGES.invalidInput;
  }
  return fields;
}

/** One error shape for every failure; bad input is always a 4xx with a message the UI can show. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    withLanguage(requestLanguage(request), () => answerError(error, request, reply)),
  );
});

/**
 * Texts in the caller's language (decision 40). Services read theirs in English (or, on a route
 * marked `texts`, in the caller's language already), and the shared schemas' messages were read
 * when their modules loaded: each is translated here (`translated`). A validator's or Fastify's own text, which is not the catalogue's, reads as
 * 'Please check the highlighted fields.' in another language. Codes and field names never change.
 */
const fieldsIn = (fields: Record<string, string> | undefined, other?: string) =>
  fields && Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, translated(text, other)]));

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let payload: ErrorPayload = { code: 'INTERNAL', message: MESSAGES.genericError };

  if (error instanceof AppError) {
    status = error.statusCode;
    payload = { code: error.code, message: translated(error.message), fields: fieldsIn(error.fields) };
    if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    const fields = fieldsIn(validationFields(error), MESSAGES.invalidInput)!;
    payload = { code: 'VALIDATION', message: Object.values(fields)[0] ?? MESSAGES.invalidInput, fields };
  } else if (error.statusCode === 429) {
    status = 429;
    payload = { code: 'RATE_LIMITED', message: MESSAGES.rateLimited };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors: malformed JSON, body too large, wrong content type...
    status = error.statusCode;
    payload = {
      code: error.code ?? 'BAD_REQUEST',
      message: translated(error.message, MESSAGES.invalidInput),
    };
  }

  if (status >= 500) {
    request.log.error(
      // The route's pattern, not the URL: a query string may carry what must not be logged.
      { err: error, reqId: request.id, method: request.method, route: request.routeOptions.url },
      'request failed',
    );
  }
  return reply.status(status).send({ error: payload });
}
