import { envelope, errorBodySchema, facultySummarySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { FACULTY_POLICY } from './faculties.policy.js';
import * as service from './faculties.service.js';

const failures = { 401: errorBodySchema, 403: errorBodySchema };
const docs = { tags: ['faculties'], security: [{ bearer: [] }] };

export const facultiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/faculties/complete-list',
    {
      preHandler: app.requireAuth(...FACULTY_POLICY.completeList),
      schema: {
        ...docs,
        description: 'The institution’s active faculty members (id, name, designation), by name.',
        response: { 200: envelope(z.object({ faculties: z.array(facultySummarySchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { faculties: await service.listActiveFaculties(app.deps, institutionId) } };
    },
  );
};
