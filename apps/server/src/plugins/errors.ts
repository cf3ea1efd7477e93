import { MESSAGES } from '@portal/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyAttemptsError } from '../lib/app-error.js';

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
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let payload: ErrorPayload = { code: 'INTERNAL', message: MESSAGES.genericError };

    if (error instanceof AppError) {
      status = error.statusCode;
      payload = { code: error.code, message: error.message, fields: error.fields };
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = validationFields(error);
      payload = { code: 'VALIDATION', message: Object.values(fields)[0] ?? MESSAGES.invalidInput, fields };
    } else if (error.statusCode === 429) {
      status = 429;
      payload = { code: 'RATE_LIMITED', message: MESSAGES.rateLimited };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type...
      status = error.statusCode;
      payload = { code: error.code ?? 'BAD_REQUEST', message: error.message };
    }

    if (status >= 500) {
      request.log.error(
        // The route's pattern, not the URL: a query string may carry what must not be logged.
        { err: error, reqId: request.id, method: request.method, route: request.routeOptions.url },
        'request failed',
      );
    }
    return reply.status(status).send({ error: payload });
  });
});
