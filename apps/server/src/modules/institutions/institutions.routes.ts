import {
  createInstitutionBodySchema,
  createModeratorBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  institutionSchema,
  portalUserSchema,
  updateInstitutionBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_POLICY } from './institutions.policy.js';
import * as service from './institutions.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['institutions'], security: [{ bearer: [] }] };

export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/institutions',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        description: 'Visible institutions, oldest first.',
        response: { 200: envelope(z.object({ institutions: z.array(institutionSchema) })), ...failures },
      },
    },
    async () => ({ data: { institutions: await service.listInstitutions(app.deps) } }),
  );

  app.post(
    '/api/institutions',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        body: createInstitutionBodySchema,
        response: { 201: envelope(z.object({ institution: institutionSchema })), ...failures },
      },
    },
    async (request, reply) => {
      const institution = await service.createInstitution(app.deps, request.body);
      return reply.status(201).send({ data: { institution } });
    },
  );

  app.patch(
    '/api/institutions/:id',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        params: idParamsSchema,
        body: updateInstitutionBodySchema,
        response: { 200: envelope(z.object({ institution: institutionSchema })), ...failures },
      },
    },
    async (request) => ({
      data: { institution: await service.updateInstitution(app.deps, request.params.id, request.body) },
    }),
  );

  app.delete(
    '/api/institutions/:id',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        description: 'Archives the institution (hidden, its accounts stop working); nothing is deleted.',
        params: idParamsSchema,
        response: { 200: envelope(z.object({ archived: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      await service.archiveInstitution(app.deps, request.params.id);
      return { data: { archived: true } };
    },
  );

  app.post(
    '/api/cwx/users',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.createModerator),
      schema: {
        ...docs,
        description: "Creates a moderator login of a visible institution (permission fixed to 'moderator').",
        body: createModeratorBodySchema,
        response: { 201: envelope(z.object({ user: portalUserSchema })), 409: errorBodySchema, ...failures },
      },
    },
    async (request, reply) => {
      const user = await service.createModerator(app.deps, request.body);
      return reply.status(201).send({ data: { user } });
    },
  );
};
