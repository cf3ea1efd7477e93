import {
  announcementBodySchema,
  announcementIdParamsSchema,
  announcementListQuerySchema,
  announcementListSchema,
  announcementSchema,
  envelope,
  errorBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { ANNOUNCEMENT_POLICY } from './announcements.policy.js';
import * as service from './announcements.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['announcements'] };
const oneAnnouncement = envelope(z.object({ announcement: announcementSchema }));

/**
 * An announcement changes only what the bell and the announcement lists show: its writes drop the
 * announcements' kept reads alone, so one to the whole school leaves everyone's other reads warm.
 */
const config = { readCache: 'announcements' as const };

/** Announcements (learning §3 "Notice/announcement", decisions 25 and 33). */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/announcements',
    {
      onRequest: app.requireAuth(...ANNOUNCEMENT_POLICY.read),
      schema: {
        ...docs,
        description:
          'The caller’s announcements, latest update first: a moderator’s institution’s; a faculty member’s or student’s those to the whole institution or to one of their batches.',
        querystring: announcementListQuerySchema,
        response: { 200: envelope(announcementListSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.listAnnouncements(app.deps, caller(request), request.query) }),
  );

  app.post(
    '/api/announcements',
    {
      onRequest: app.requireAuth(...ANNOUNCEMENT_POLICY.write),
      config,
      schema: {
        ...docs,
        description: 'A moderator’s announcement to the whole institution or to chosen batches of it.',
        body: announcementBodySchema,
        response: { 201: oneAnnouncement, ...failures },
      },
    },
    async (request, reply) => {
      const announcement = await service.createAnnouncement(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { announcement } });
    },
  );

  app.patch(
    '/api/announcements/:announcementId',
    {
      onRequest: app.requireAuth(...ANNOUNCEMENT_POLICY.write),
      config,
      schema: {
        ...docs,
        description: 'Edits an announcement (the whole form); it shows in the bell for 3 days from now.',
        params: announcementIdParamsSchema,
        body: announcementBodySchema,
        response: { 200: oneAnnouncement, ...failures },
      },
    },
    async (request) => ({
      data: {
        announcement: await service.updateAnnouncement(
          app.deps,
          caller(request),
          request.params.announcementId,
          request.body,
        ),
      },
    }),
  );

  app.delete(
    '/api/announcements/:announcementId',
    {
      onRequest: app.requireAuth(...ANNOUNCEMENT_POLICY.write),
      config,
      schema: {
        ...docs,
        params: announcementIdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...failures },
      },
    },
    async (request) => {
      await service.deleteAnnouncement(app.deps, caller(request), request.params.announcementId);
      return { data: { deleted: true as const } };
    },
  );
};
