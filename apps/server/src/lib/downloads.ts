import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A file answer's schema for the API reference: the bytes are sent as they are (Fastify never
 * serializes a Buffer or a string sent with its own content type), so there is nothing to check.
 */
export const fileAnswer = (description: string) => z.unknown().describe(description);

const CONTENT_TYPES = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' } as const;

/**
 * Sends a generated document as a download. Every such document holds people's data (lists,
 * credentials, marks), so no cache keeps it. `filename` must be made by the portal (ASCII, no quotes).
 */
export function sendDownload(
  reply: FastifyReply,
  kind: keyof typeof CONTENT_TYPES,
  filename: string,
  body: Buffer | string,
) {
  return reply
    .header('content-type', CONTENT_TYPES[kind])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
