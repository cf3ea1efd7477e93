import {
  createCustomSessionBodySchema,
  createOnlineSessionBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  onlineSessionDetailSchema,
  onlineSessionIdParamsSchema,
  onlineSessionListQuerySchema,
  onlineSessionListSchema,
  onlineSessionSchema,
  sessionHeartbeatSchema,
  updateOnlineSessionBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { SESSION_POLICY } from './online-sessions.policy.js';
import * as service from './online-sessions.service.js';
import * as room from './session-room.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['online-sessions'] };
const oneSession = envelope(z.object({ session: onlineSessionSchema }));
const sessionList = envelope(onlineSessionListSchema);

/** Online sessions: live and custom sessions, their rooms and heartbeats (learning §7, decisions 24, 29, 30). */
export const onlineSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/online-sessions',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.host),
      schema: {
        ...docs,
        description:
          'A live session of a batch subject the faculty member teaches (`subject_id` is taken for `batch_subject_id`); start not before now’s 15-minute slot, end after start.',
        body: createOnlineSessionBodySchema,
        response: { 201: oneSession, ...failures },
      },
    },
    async (request, reply) => {
      const session = await service.createSession(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { session } });
    },
  );

  app.post(
    '/api/online-sessions/student-id',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.host),
      schema: {
        ...docs,
        description:
          'A custom session open only to the selected students (`student_ids`: students of the batch subject’s batch enrolled in it; `subject_id` is the batch subject).',
        body: createCustomSessionBodySchema,
        response: { 201: oneSession, ...failures },
      },
    },
    async (request, reply) => {
      const session = await service.createCustomSession(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { session } });
    },
  );

  app.get(
    '/api/users/me/online-sessions',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.read),
      schema: {
        ...docs,
        description:
          'One tab (upcoming: not ended; previous: ended) of the caller’s sessions, newest start first (or `order=soonest`), with both tabs’ counts: a faculty member’s own, a student’s (their batch’s of their subjects and the custom sessions that selected them), a moderator’s institution’s. `date` keeps one day’s (the student home).',
        querystring: onlineSessionListQuerySchema,
        response: { 200: sessionList, ...failures },
      },
    },
    async (request) => ({ data: await service.listOwnSessions(app.deps, caller(request), request.query) }),
  );

  app.get(
    '/api/online-sessions/batch/:id',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.read),
      schema: {
        ...docs,
        description:
          'A batch’s sessions as the caller may see them, one tab at a time (as the caller’s list).',
        params: idParamsSchema,
        querystring: onlineSessionListQuerySchema,
        response: { 200: sessionList, ...failures },
      },
    },
    async (request) => ({
      data: await service.listBatchSessions(app.deps, caller(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/online-sessions/:id',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.read),
      schema: {
        ...docs,
        description:
          'One session (the room polls it every 5 s for `author_logged_in`) and, for its author and invited students, how to join its Jitsi room.',
        params: onlineSessionIdParamsSchema,
        response: { 200: envelope(onlineSessionDetailSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.getSession(app.deps, caller(request), request.params.id) }),
  );

  app.patch(
    '/api/online-sessions/:id',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.read),
      schema: {
        ...docs,
        description:
          'By its author: title and times before the end; `author_logged_in` false marks them gone at once, true counts as a heartbeat (presence otherwise follows the heartbeats).',
        params: onlineSessionIdParamsSchema,
        body: updateOnlineSessionBodySchema,
        response: { 200: oneSession, ...failures },
      },
    },
    async (request) => ({
      data: {
        session: await service.updateSession(app.deps, caller(request), request.params.id, request.body),
      },
    }),
  );

  app.delete(
    '/api/online-sessions/:id',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.remove),
      config: { texts: true },
      schema: {
        ...docs,
        description: 'Deletes a session (its author or a moderator), only before its end; 409 afterwards.',
        params: onlineSessionIdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean(), message: z.string() })), ...failures },
      },
    },
    async (request) => ({ data: await service.deleteSession(app.deps, caller(request), request.params.id) }),
  );

  app.post(
    '/api/online-sessions/:id/heartbeat',
    {
      onRequest: app.requireAuth(...SESSION_POLICY.attend),
      // Heartbeats change no cached read (presence and attendance are read uncached).
      config: { readCache: 'keep' as const },
      schema: {
        ...docs,
        description:
          'Sent by the room page every 15 s from 5 minutes before the start until the end (409 otherwise): the author’s keeps `author_logged_in` (45 s without one ends it); an invited student’s records attendance and time in the room. Answers the session.',
        params: onlineSessionIdParamsSchema,
        response: { 200: envelope(sessionHeartbeatSchema), ...failures },
      },
    },
    async (request) => ({ data: await room.heartbeat(app.deps, caller(request), request.params.id) }),
  );
};
