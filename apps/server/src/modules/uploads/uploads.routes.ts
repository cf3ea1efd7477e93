import { envelope, errorBodySchema, MESSAGES, UPLOAD_PURPOSES } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';
import { caller } from '../../plugins/auth.js';
import { storeUpload } from './uploads.service.js';

const purposeQuerySchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { error: MESSAGES.invalidInput }).default('content'),
});

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/s3/v2',
    {
      onRequest: app.requireAuth(),
      // Storing a file changes no kept read (the topic, answer or import naming it is its own
      // write): an exam's answer sheets must not drop the institution's reads thousands of times.
      config: { readCache: 'keep' },
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        description:
          'Multipart form with one field `file`, at most 40960 KB, not empty. Answers the URL of the ' +
          'stored file (`/files/<key>`) and its name (shortened past 100 characters, keeping the ' +
          'extension). `?purpose=import` (bulk-import CSVs) or `answer_sheet` keeps the file private ' +
          "to its uploader and the institution's moderators; `content` (the default) is read by " +
          'every signed-in user of the institution.',
        querystring: z.object({ purpose: z.string().optional() }),
        response: {
          201: envelope(z.object({ publicUrl: z.string(), filename: z.string() })),
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Checked here rather than by the route schema, so a missing token answers 401 first.
      const query = purposeQuerySchema.safeParse(request.query);
      if (!query.success) throw badRequest(MESSAGES.invalidInput, { purpose: MESSAGES.invalidInput });
      if (!request.isMultipart()) throw badRequest(MESSAGES.chooseFile);
      const part = await request.file({ throwFileSizeLimit: false });
      if (part?.fieldname !== 'file' || !part.filename) throw badRequest(MESSAGES.chooseFile);
      const stored = await storeUpload(app.deps, caller(request), {
        filename: part.filename,
        stream: part.file,
        purpose: query.data.purpose,
      });
      return reply.status(201).send({ data: stored });
    },
  );
};
