import {
  createInstitutionBodySchema,
  createModeratorBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  institutionListQuerySchema,
  institutionSchema,
  institutionVisibilityBodySchema,
  portalUserSchema,
  updateInstitutionBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoVideosRoutes } from './demo-videos.routes.js';
import { INSTITUTION_POLICY } from './institutions.policy.js';
import * as service from './institutions.service.js';
import { moderatorsRoutes } from './moderators.routes.js';
import { docs, failures } from './route-docs.js';

const institutionEnvelope = envelope(z.object({ institution: institutionSchema }));

export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(moderatorsRoutes);
  await app.register(demoVideosRoutes);

  app.get(
    '/api/institutions',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        description:
          'Visible institutions, oldest first; with `?archived=true` the archived ones, the last archived first.',
        querystring: institutionListQuerySchema,
        response: { 200: envelope(z.object({ institutions: z.array(institutionSchema) })), ...failures },
      },
    },
    async (request) => ({
      data: {
        institutions: await service.listInstitutions(app.deps, request.query.archived === 'true'),
      },
    }),
  );

  app.post(
    '/api/institutions',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        body: createInstitutionBodySchema,
        response: { 201: institutionEnvelope, ...failures },
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
        description:
          'Title, SEALTABS id, academic year and, when sent, the logo: the URL of a picture the owner ' +
          "uploaded (`POST /api/s3/v2`), which becomes the institution's, or an http(s) link.",
        params: idParamsSchema,
        body: updateInstitutionBodySchema,
        response: { 200: institutionEnvelope, ...failures },
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

  app.patch(
    '/api/institutions/:id/visibility',
    {
      onRequest: app.requireAuth(...INSTITUTION_POLICY.manage),
      schema: {
        ...docs,
        description:
          '`{visibility: true}` restores an archived institution (listed again, its accounts sign in ' +
          'again); `false` archives it.',
        params: idParamsSchema,
        body: institutionVisibilityBodySchema,
        response: { 200: institutionEnvelope, ...failures },
      },
    },
    async (request) => ({
      data: {
        institution: await service.setInstitutionVisibility(
          app.deps,
          request.params.id,
          request.body.visibility,
        ),
      },
    }),
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
