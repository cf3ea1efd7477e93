import { credentialsSheetBodySchema, errorBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { STUDENT_POLICY } from './students.policy.js';
import { credentialsSheetPdf } from './students.service.js';

/** Prints generated credentials the moderator was just shown; the portal keeps no copy. */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/credentials/sheet',
    {
      onRequest: app.requireAuth(...STUDENT_POLICY.manage),
      schema: {
        tags: ['students'],
        description: 'A credentials sheet (application/pdf) of the accounts sent; nothing is stored.',
        body: credentialsSheetBodySchema,
        produces: ['application/pdf'],
        response: {
          200: fileAnswer('The PDF file.'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      institutionOf(user);
      const pdf = await credentialsSheetPdf(
        user.institutionTitle ?? '',
        request.body.title,
        request.body.accounts,
      );
      return sendDownload(reply, 'pdf', 'credentials.pdf', pdf);
    },
  );
};
