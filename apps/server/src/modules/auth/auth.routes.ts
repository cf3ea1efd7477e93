import {
  changePasswordBodySchema,
  envelope,
  errorBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  sessionAccountSchema,
  sessionUserSchema,
  verifyOtpBodySchema,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { fileSessionCookie, isHttps } from '../uploads/file-session.js';
import * as auth from './auth.service.js';
import { newSignInNonce, signInOf } from './sign-ins.js';

// Per-address limits, a first brake kept in each instance's memory: they count per client address
// (request.ip, which follows X-Forwarded-For only from TRUST_PROXY's proxies) and username, so one
// classroom's shared address is not locked out. The limits kept in the database count for every
// instance: sign-in failures per username and address, recovery attempts per account
// (auth-limits.ts).
function perUsername(request: FastifyRequest) {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.toLowerCase().trim() : '';
  return `${request.ip}|${username}`;
}
const limit = (max: number, byUsername = true) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    ...(byUsername ? { keyGenerator: perUsername } : {}),
  },
});

const failures = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login',
    {
      config: limit(10),
      schema: { tags, body: loginBodySchema, response: { 200: envelope(sessionAccountSchema), ...failures } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const account = await auth.login(app.deps, username, password, request.ip);
      const jwt = app.jwt.sign({ sub: account.userId, tv: account.tokenVersion, jti: newSignInNonce() });
      // Files open once the generated password is changed, like every other screen.
      if (!account.mustChangePassword) {
        const { cookie } = fileSessionCookie(app.deps, account, signInOf(jwt), isHttps(request));
        reply.header('set-cookie', cookie);
      }
      return { data: { jwt, ...auth.presentSessionUser(app.deps, account) } };
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.requireAuth(),
      config: { allowPendingPasswordChange: true },
      schema: { tags, response: { 200: envelope(sessionUserSchema), 401: errorBodySchema } },
    },
    async (request) => ({ data: auth.presentSessionUser(app.deps, caller(request)) }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: limit(5),
      schema: {
        tags,
        body: forgotPasswordBodySchema,
        response: { 200: envelope(z.object({ sent: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      await auth.sendRecoveryOtp(app.deps, request.body.username);
      return { data: { sent: true } };
    },
  );

  app.post(
    '/api/auth/verify-otp',
    {
      config: limit(10),
      schema: {
        tags,
        body: verifyOtpBodySchema,
        response: { 200: envelope(z.object({ temp_token: z.string() })), ...failures },
      },
    },
    async (request) => {
      const tempToken = await auth.verifyRecoveryOtp(app.deps, request.body.username, request.body.otp);
      return { data: { temp_token: tempToken } };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: limit(10, false),
      schema: {
        tags,
        body: resetPasswordBodySchema,
        response: { 200: envelope(z.object({ reset: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      await auth.resetPasswordWithToken(app.deps, request.body.temp_token, request.body.new_password);
      return { data: { reset: true } };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      onRequest: app.requireAuth(),
      // Limited per signed-in user in the service, not per address: classmates share one.
      config: { allowPendingPasswordChange: true },
      schema: {
        tags,
        body: changePasswordBodySchema,
        response: { 200: envelope(z.object({ changed: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      const { old_password, new_password } = request.body;
      await auth.changePassword(app.deps, caller(request), old_password, new_password);
      return { data: { changed: true } };
    },
  );
};
