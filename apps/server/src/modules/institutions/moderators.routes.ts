import {
  envelope,
  idParamsSchema,
  moderatorCredentialSchema,
  moderatorParamsSchema,
  moderatorSchema,
  resetModeratorBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_POLICY } from './institutions.policy.js';
import * as service from './moderators.service.js';
import { docs, failures } from './route-docs.js';

const moderatorEnvelope = envelope(z.object({ moderator: moderatorSchema }));

/** The owner's list of an institution's moderators: reset a password, archive, unarchive. */
export const moderatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireAuth(...INSTITUTION_POLICY.manageModerators);
  // Archive and unarchive of one moderator are answered in the order they were made.
  const oneModeratorAtATime = app.oneAtATime((request) => [
    (request.params as { moderatorId?: string }).moderatorId ?? '',
  ]);

  app.get(
    '/api/institutions/:id/moderators',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'The moderators of a visible institution, newest first, archived ones included.',
        params: idParamsSchema,
        response: { 200: envelope(z.object({ moderators: z.array(moderatorSchema) })), ...failures },
      },
    },
    async (request) => ({
      data: { moderators: await service.listModerators(app.deps, request.params.id) },
    }),
  );

  app.post(
    '/api/institutions/:id/moderators/reset-password',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          'A new generated password for `{moderator_id}`, shown once; it must be changed at the next ' +
          'sign-in, and earlier tokens stop working.',
        params: idParamsSchema,
        body: resetModeratorBodySchema,
        response: { 200: envelope(z.object({ credential: moderatorCredentialSchema })), ...failures },
      },
    },
    async (request) => ({
      data: {
        credential: await service.resetModeratorPassword(
          app.deps,
          request.params.id,
          request.body.moderator_id,
        ),
      },
    }),
  );

  app.delete(
    '/api/institutions/:id/moderators/:moderatorId',
    {
      onRequest: guard,
      preHandler: oneModeratorAtATime,
      schema: {
        ...docs,
        description: 'Archives the moderator: their sign-in and tokens stop at once. Nothing is deleted.',
        params: moderatorParamsSchema,
        response: { 200: moderatorEnvelope, ...failures },
      },
    },
    async (request) => ({
      data: {
        moderator: await service.setModeratorArchived(
          app.deps,
          request.params.id,
          request.params.moderatorId,
          true,
        ),
      },
    }),
  );

  app.patch(
    '/api/institutions/:id/moderators/dearc/:moderatorId',
    {
      onRequest: guard,
      preHandler: oneModeratorAtATime,
      schema: {
        ...docs,
        description: 'Unarchives the moderator: they can sign in again.',
        params: moderatorParamsSchema,
        response: { 200: moderatorEnvelope, ...failures },
      },
    },
    async (request) => ({
      data: {
        moderator: await service.setModeratorArchived(
          app.deps,
          request.params.id,
          request.params.moderatorId,
          false,
        ),
      },
    }),
  );
};
