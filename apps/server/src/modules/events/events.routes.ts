import { errorBodySchema, lastEventIdSchema, MESSAGES } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { caller } from '../../plugins/auth.js';
import type { EventHub } from './event-hub.js';
import { EVENT_POLICY } from './events.policy.js';
import { loadListener } from './events.repository.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 406: errorBodySchema };

const acceptsEventStream = (accept: string | undefined) => accept?.includes('text/event-stream') ?? false;

/** `GET /api/events`: the caller's live updates as Server-Sent Events (decision 34). */
export const eventsRoutes: FastifyPluginAsyncZod<{ hub: EventHub }> = async (app, { hub }) => {
  app.get(
    '/api/events',
    {
      onRequest: app.requireAuth(...EVENT_POLICY.listen),
      config: { readCache: 'keep' },
      schema: {
        tags: ['events'],
        description:
          'A Server-Sent Events stream of the changes that concern the caller (announcements, assessments, doubt replies, sessions): `id:` for `Last-Event-ID`, `event:` the kind, `data:` the ids it names. Send `Accept: text/event-stream` and the bearer header (a fetch-based client); on reconnect send `Last-Event-ID` to get what was missed (or a `resync` event when more was missed than is kept). Comment lines every 15 s; the stream ends after a few minutes and is reopened by the client.',
        headers: z.looseObject({ 'last-event-id': lastEventIdSchema.optional() }),
        response: { 200: z.string().describe('text/event-stream'), ...failures },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      if (!acceptsEventStream(request.headers.accept)) {
        throw new AppError(406, 'NOT_ACCEPTABLE', MESSAGES.eventStreamOnly);
      }
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' ? Number(header) : null;
      const listener = await loadListener(app.deps.db, {
        userId: user.userId,
        permission: user.permission,
        institutionId: user.institutionId!,
        entityId: user.entityId,
      });
      reply.hijack();
      const raw = reply.raw;
      // Sent with the hub's `ready`, once the stream is registered: a client that has the answer
      // gets every event committed after it.
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      try {
        await hub.open(listener, raw, lastEventId);
      } catch (error) {
        request.log.error({ err: error }, 'event stream could not start');
        raw.end();
      }
    },
  );
};
