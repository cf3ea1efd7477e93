import { envelope, errorBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { demoVideoFor } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me/demo-video',
    {
      onRequest: app.requireAuth(),
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        response: { 200: envelope(z.object({ url: z.string().nullable() })), 401: errorBodySchema },
      },
    },
    async (request) => ({ data: { url: await demoVideoFor(app.deps, caller(request)) } }),
  );
};
