import { envelope, errorBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { clearedFileSessionCookie, fileSessionCookie, isHttps } from './file-session.js';

const tags = ['uploads'];

export const fileSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/files/session',
    {
      onRequest: app.requireAuth(),
      config: { readCache: 'keep' },
      schema: {
        tags,
        description:
          'Sets (or renews) the HttpOnly cookie, scoped to `/files/`, that lets the browser load the ' +
          "caller's files in `<img>`, `<video>`, `<audio>` and new tabs. Sign-in sets it too.",
        response: {
          200: envelope(z.object({ expires_at: z.string() })),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { cookie, expiresAt } = fileSessionCookie(app.deps, caller(request), isHttps(request));
      reply.header('set-cookie', cookie);
      return { data: { expires_at: expiresAt.toISOString() } };
    },
  );

  app.delete(
    '/api/files/session',
    {
      config: { readCache: 'keep' },
      schema: {
        tags,
        description:
          'Removes the file cookie (sign-out). Needs no token: it only clears what this browser holds.',
        response: { 200: envelope(z.object({ cleared: z.boolean() })) },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', clearedFileSessionCookie(isHttps(request)));
      return { data: { cleared: true } };
    },
  );
};
