import { createReadStream } from 'node:fs';
import {
  envelope,
  errorBodySchema,
  idParamsSchema,
  institutionExportAnswerSchema,
  institutionExportListSchema,
  institutionExportParamsSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../lib/downloads.js';
import { caller } from '../../plugins/auth.js';
import type { ExportRunner } from './export-jobs.js';
import { EXPORT_POLICY } from './exports.policy.js';
import * as service from './exports.service.js';

const docs = { tags: ['exports'] };
const failures = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * An institution's data export (issue 28): moderators their institution's, owners any one's. A
 * background job builds it (`export-jobs.ts`); the screen polls its progress, then downloads it.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ runner: ExportRunner }> = async (app, { runner }) => {
  const guard = app.requireAuth(...EXPORT_POLICY.export);

  app.post(
    '/api/institutions/:id/exports',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          'Queues an export of the institution’s data (a zip of CSV files with a manifest; no passwords or secrets), 201; or answers the one already queued or running, 200.',
        params: idParamsSchema,
        response: {
          200: envelope(institutionExportAnswerSchema),
          201: envelope(institutionExportAnswerSchema),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const result = await service.requestExport(app.deps, caller(request), request.params.id);
      if (result.created) runner.kick();
      return reply.status(result.created ? 201 : 200).send({ data: { export: result.export } });
    },
  );

  app.get(
    '/api/institutions/:id/exports',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'The institution’s latest exports, newest first.',
        params: idParamsSchema,
        response: { 200: envelope(institutionExportListSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.listExports(app.deps, caller(request), request.params.id) }),
  );

  app.get(
    '/api/institutions/:id/exports/:exportId',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'One export: its state and progress (files written of the files to write).',
        params: institutionExportParamsSchema,
        response: { 200: envelope(institutionExportAnswerSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.getExport(app.deps, caller(request), request.params.id, request.params.exportId),
    }),
  );

  app.get(
    '/api/institutions/:id/exports/:exportId/download',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          'The finished export as a zip (409 before it is done); with S3 storage, a redirect to a short signed link.',
        params: institutionExportParamsSchema,
        produces: ['application/zip'],
        response: { 200: fileAnswer('The zip file.'), 409: errorBodySchema, ...failures },
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(
        app.deps,
        caller(request),
        request.params.id,
        request.params.exportId,
      );
      reply.header('cache-control', 'no-store');
      if (!file.local) {
        const url = await app.deps.storage.signedReadUrl!(file.key, {
          attachment: true,
          at: app.deps.clock.now(),
        });
        return reply.redirect(url);
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(createReadStream(file.local));
    },
  );
};
