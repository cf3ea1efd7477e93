import { errorBodySchema } from '@portal/shared';
import { z } from 'zod';

export const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
/** A PDF answer: Fastify sends the bytes as they are (a Buffer is never serialized). */
export const pdfFile = z.any().describe('The PDF file.');
export const docs = { tags: ['students'] };
