import { APP_VERSION, envelope, errorBodySchema, PRODUCT_NAME, publicConfigSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          503: errorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.pool.query('select 1');
        return { data: { status: 'ok' as const, database: 'ok' as const } };
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable.' } });
      }
    },
  );

  // What the sign-in page shows before anyone signs in (Contact Us popup, product name).
  app.get(
    '/api/config/public',
    { schema: { tags: ['system'], response: { 200: envelope(publicConfigSchema) } } },
    async () => ({
      data: {
        product_name: PRODUCT_NAME,
        support_phone: app.deps.config.SUPPORT_PHONE,
        support_email: app.deps.config.SUPPORT_EMAIL,
        version: APP_VERSION,
      },
    }),
  );
};
