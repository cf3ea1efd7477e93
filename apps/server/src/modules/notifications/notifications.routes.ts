import { bellSchema, bellSeenBodySchema, envelope, errorBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { NOTIFICATION_POLICY } from './notifications.policy.js';
import * as service from './notifications.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const docs = { tags: ['notifications'] };

/** The bell (learning §2 "Header and notifications", §4, §9). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me/notifications',
    {
      onRequest: app.requireAuth(...NOTIFICATION_POLICY.read),
      schema: {
        ...docs,
        description:
          'The bell: `count` (pending assessments for students, upcoming sessions, announcements updated in the last 3 days), the items with `clickable` at the server’s now, and `unseen_count` (changed since the panel was last read).',
        response: { 200: envelope(z.object({ notifications: bellSchema })), ...failures },
      },
    },
    async (request) => ({ data: { notifications: await service.bellOf(app.deps, caller(request)) } }),
  );

  app.post(
    '/api/users/me/notifications/seen',
    {
      onRequest: app.requireAuth(...NOTIFICATION_POLICY.read),
      // A student's bell keeps their mark with their own reads: moving it drops those alone.
      config: { readCache: 'own' },
      schema: {
        ...docs,
        description:
          'Reading the panel: everything changed up to `seen_up_to` (the bell’s `as_of`; a later time counts as now) is seen. The mark never moves back.',
        body: bellSeenBodySchema,
        response: { 200: envelope(z.object({ seen_up_to: z.string() })), ...failures },
      },
    },
    async (request) => ({ data: await service.markBellSeen(app.deps, caller(request), request.body) }),
  );
};
