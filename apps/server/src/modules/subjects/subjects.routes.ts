import {
  createSubjectBodySchema,
  envelope,
  errorBodySchema,
  idsQuerySchema,
  subjectSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { batchSubjectsRoutes } from './batch-subjects.routes.js';
import { SUBJECT_POLICY } from './subjects.policy.js';
import * as service from './subjects.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['subjects'] };

export const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subjects',
    {
      onRequest: app.requireAuth(...SUBJECT_POLICY.list),
      schema: {
        ...docs,
        description: 'The institution’s subjects with the given comma-separated `ids` (all when none).',
        querystring: idsQuerySchema,
        response: { 200: envelope(z.object({ subjects: z.array(subjectSchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { subjects: await service.listSubjects(app.deps, institutionId, request.query.ids) } };
    },
  );

  app.post(
    '/api/subjects',
    {
      onRequest: app.requireAuth(...SUBJECT_POLICY.manage),
      schema: {
        ...docs,
        body: createSubjectBodySchema,
        response: { 201: envelope(z.object({ subject: subjectSchema })), ...failures },
      },
    },
    async (request, reply) => {
      const subject = await service.createSubject(app.deps, institutionOf(caller(request)), request.body);
      return reply.status(201).send({ data: { subject } });
    },
  );

  await app.register(batchSubjectsRoutes);
};
