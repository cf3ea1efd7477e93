import fastifyJwt from '@fastify/jwt';
import { MESSAGES, type Role } from '@portal/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.js';
import { type AccountRow, loadAuthUser } from '../modules/auth/auth.repository.js';
import { signInOf } from '../modules/auth/sign-ins.js';
import { setCallerLanguage } from './language.js';
import { bearerTokenOf, type TokenClaims, verifiedTokens } from './verified-tokens.js';

/** The signed-in caller, loaded fresh from the database on every request (one query). */
export type AuthUser = AccountRow;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
    /** The caller's sign-in (`modules/auth/sign-ins.ts`), set with `auth`. */
    signIn: string | null;
  }
  interface FastifyContextConfig {
    /** Lets an account that must change its generated password still call this route. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyInstance {
    /**
     * The route's `onRequest` guard: a valid token of an active account, optionally of one of
     * `roles`. It runs before the body is read, so a caller without a token gets 401 before any 400.
     */
    requireAuth(...roles: Role[]): onRequestAsyncHookHandler;
  }
}

/** The guards `requireAuth` made, so a route can be checked for where it put one. */
const guards = new WeakSet<(...args: never[]) => unknown>();
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const;

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);
const isGuard = (hook: unknown) => typeof hook === 'function' && guards.has(hook as () => unknown);

/**
 * Every guarded route keeps its guard in `onRequest` (a later hook would let validation answer
 * first) and is marked in the OpenAPI document as needing the bearer token. The mark comes from
 * the guard alone: a route that wrote its own would say again what the guard says, or contradict it.
 */
function checkGuardedRoute(route: RouteOptions) {
  for (const name of LATE_HOOKS) {
    if (hooksOf(route[name]).some(isGuard)) {
      throw new Error(`${route.method} ${route.url}: requireAuth belongs in onRequest, not ${name}`);
    }
  }
  if (!hooksOf(route.onRequest).some(isGuard)) return;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  if (schema.security) {
    throw new Error(
      `${route.method} ${route.url}: requireAuth marks the route's security; leave it out of the schema`,
    );
  }
  route.schema = { ...schema, security: [{ bearer: [] }] };
}

export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string; expiresIn: string }) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.expiresIn },
    verify: { requiredClaims: ['exp', 'iat'] },
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('signIn', null);
  // Checked tokens are kept by their text (verified-tokens.ts): the JWT library's own cache
  // would digest the token on every request, and the sign-in's name is a second digest.
  const verifiedToken = verifiedTokens((token) => app.jwt.verify(token), signInOf);

  async function authenticate(request: FastifyRequest): Promise<{ user: AuthUser; signIn: string }> {
    const token = bearerTokenOf(request.headers.authorization);
    const verified = token === null ? null : verifiedToken(token);
    if (!verified) throw unauthorized();
    const { claims: payload, signIn } = verified;
    const user = await loadAuthUser(app.deps.db, payload.sub);
    // Archived accounts, archived institutions, tokens issued before a password change or
    // archive (token_version bumped) and signed-out tokens are all refused the same way.
    if (!user || user.inactive || user.tokenVersion !== payload.tv || user.endedSignIns.includes(signIn)) {
      throw unauthorized();
    }
    return { user, signIn };
  }

  app.decorate('requireAuth', (...roles: Role[]): onRequestAsyncHookHandler => {
    const guard: onRequestAsyncHookHandler = async (request) => {
      const { user, signIn } = await authenticate(request);
      request.auth = user;
      request.signIn = signIn;
      setCallerLanguage(request, user.language);
      if (user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
      }
      if (roles.length > 0 && !roles.includes(user.permission)) throw forbidden();
    };
    guards.add(guard);
    return guard;
  });
  app.addHook('onRoute', checkGuardedRoute);
});

/** The caller of a route guarded by `requireAuth`. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The sign-in of a route guarded by `requireAuth`. */
export function callerSignIn(request: FastifyRequest): string {
  if (!request.signIn) throw unauthorized();
  return request.signIn;
}
