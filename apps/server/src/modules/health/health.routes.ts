import {
  APP_VERSION,
  envelope,
  errorBodySchema,
  MESSAGES,
  PRODUCT_NAME,
  publicConfigSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseState } from './database-state.js';

const unavailable = { code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable } as const;

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
      if ((await databaseState(app.deps.pool)) === 'unreachable')
        return reply.status(503).send({ error: unavailable });
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  // Liveness: the process answers. A load balancer or orchestrator restarts an instance that fails it.
  app.get(
    '/api/health/live',
    { schema: { tags: ['system'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } } },
    async () => ({ data: { status: 'ok' as const } }),
  );

  // Readiness: this instance can serve, its database reachable and at this release's migrations.
  // A load balancer sends it requests only while it answers 200.
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        response: {
          200: envelope(
            z.object({ status: z.literal('ok'), database: z.literal('ok'), migrations: z.literal('ok') }),
          ),
          503: errorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      const state = await databaseState(app.deps.pool);
      if (state === 'unreachable') return reply.status(503).send({ error: unavailable });
      if (state === 'behind') {
        return reply
          .status(503)
          .send({ error: { code: 'MIGRATIONS_PENDING', message: MESSAGES.migrationsPending } });
      }
      return { data: { status: 'ok' as const, database: 'ok' as const, migrations: 'ok' as const } };
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
