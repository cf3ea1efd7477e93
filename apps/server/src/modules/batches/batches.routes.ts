import {
  batchSchema,
  createBatchBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  listBatchesQuerySchema,
  updateBatchBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { BATCH_POLICY } from './batches.policy.js';
import * as service from './batches.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['batches'] };

export const batchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/batches',
    {
      onRequest: app.requireAuth(...BATCH_POLICY.list),
      schema: {
        ...docs,
        querystring: listBatchesQuerySchema,
        response: { 200: envelope(z.object({ batches: z.array(batchSchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return {
        data: { batches: await service.listBatches(app.deps, institutionId, request.query.with_students) },
      };
    },
  );

  app.post(
    '/api/batches',
    {
      onRequest: app.requireAuth(...BATCH_POLICY.manage),
      schema: {
        ...docs,
        body: createBatchBodySchema,
        response: { 201: envelope(z.object({ batch: batchSchema })), ...failures },
      },
    },
    async (request, reply) => {
      const batch = await service.createBatch(app.deps, institutionOf(caller(request)), request.body);
      return reply.status(201).send({ data: { batch } });
    },
  );

  app.patch(
    '/api/batches/:id',
    {
      onRequest: app.requireAuth(...BATCH_POLICY.manage),
      schema: {
        ...docs,
        params: idParamsSchema,
        body: updateBatchBodySchema,
        response: { 200: envelope(z.object({ batch: batchSchema })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return {
        data: {
          batch: await service.renameBatch(app.deps, institutionId, request.params.id, request.body.title),
        },
      };
    },
  );

  app.delete(
    '/api/batches/:id',
    {
      onRequest: app.requireAuth(...BATCH_POLICY.manage),
      schema: {
        ...docs,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), 409: errorBodySchema, ...failures },
      },
    },
    async (request) => {
      await service.deleteBatch(app.deps, institutionOf(caller(request)), request.params.id);
      return { data: { deleted: true } };
    },
  );
};
