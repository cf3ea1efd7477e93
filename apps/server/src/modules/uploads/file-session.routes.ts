import { envelope, errorBodySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, callerSignIn } from '../../plugins/auth.js';
import { endSignIn, signInOf } from '../auth/sign-ins.js';
import {
  clearedFileSessionCookie,
  FILE_SESSION_SECONDS,
  fileSessionCookie,
  isHttps,
} from './file-session.js';

const tags = ['uploads'];

export const fileSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Ends the sign-in of a bearer token this portal signed, kept until no credential issued to it
   * could still be valid: the token's expiry, then a file cookie renewed just before it. An
   * expired token still names its sign-in (its last file cookie may live on); a forged one is
   * ignored.
   */
  async function endSignInOf(authorization: string | undefined) {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (!token) return;
    let payload: { sub?: unknown; exp?: unknown };
    try {
      payload = app.jwt.verify(token, { ignoreExpiration: true });
    } catch {
      return;
    }
    const userId = z.uuid().safeParse(payload.sub);
    if (!userId.success) return;
    const now = app.deps.clock.now();
    const lastValid = Math.max(typeof payload.exp === 'number' ? payload.exp * 1000 : 0, now.getTime());
    const until = new Date(lastValid + FILE_SESSION_SECONDS * 1000);
    await endSignIn(app.deps.db, userId.data, signInOf(token), until, now);
  }

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
      const { cookie, expiresAt } = fileSessionCookie(
        app.deps,
        caller(request),
        callerSignIn(request),
        isHttps(request),
      );
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
          'Sign-out: removes the file cookie from this browser and, with the bearer token (expired ' +
          'or not), ends that sign-in on the server: the token and every file cookie issued to it ' +
          'are refused on every instance. Without a token it only clears the cookie.',
        response: { 200: envelope(z.object({ cleared: z.boolean() })) },
      },
    },
    async (request, reply) => {
      await endSignInOf(request.headers.authorization);
      reply.header('set-cookie', clearedFileSessionCookie(isHttps(request)));
      return { data: { cleared: true } };
    },
  );
};
