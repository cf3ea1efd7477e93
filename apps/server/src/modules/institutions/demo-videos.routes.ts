import { demoVideosAnswerSchema, envelope, idParamsSchema, updateDemoVideosBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './demo-videos.service.js';
import { INSTITUTION_POLICY } from './institutions.policy.js';
import { docs, failures } from './route-docs.js';

/** The owner sets, per institution, the students' and the faculty's demo video. */
export const demoVideosRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireAuth(...INSTITUTION_POLICY.manage);

  app.get(
    '/api/institutions/:id/demo-videos',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          "The institution's own demo videos (null: the portal's default for that role) and the defaults.",
        params: idParamsSchema,
        response: { 200: envelope(demoVideosAnswerSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.getDemoVideos(app.deps, request.params.id) }),
  );

  app.patch(
    '/api/institutions/:id/demo-videos',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          '`{student, faculty}`: the URL of a video the owner uploaded (`POST /api/s3/v2`) sets that ' +
          "role's demo video; null goes back to the portal's default; a role left out is unchanged.",
        params: idParamsSchema,
        body: updateDemoVideosBodySchema,
        response: { 200: envelope(demoVideosAnswerSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.updateDemoVideos(app.deps, request.params.id, request.body),
    }),
  );
};
