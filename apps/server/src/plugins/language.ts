import type { UiLanguage } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentScope, inScope, installLanguages, requestScope } from '../lib/language.js';

type Scope = ReturnType<typeof requestScope>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language scope (`lib/language.ts`). */
    languageScope: Scope | null;
  }
}

/** The caller's language from now on in this request (the sign-in guard's account). */
export function setCallerLanguage(request: FastifyRequest, language: UiLanguage): void {
  if (request.languageScope) request.languageScope.language = language;
}

/** Runs `work` in the request's language scope (the error handler, reached from outside it after a body failed to parse). */
export function inRequestLanguage<T>(request: FastifyRequest, work: () => T): T {
  const scope = request.languageScope;
  return scope && currentScope() !== scope ? inScope(scope, work) : work();
}

/**
 * Each request runs in a language scope. Opened in `onRequest`; a body is read in the socket's
 * own async context, so `preValidation` enters the scope again when it was left. The cost per
 * request is one small object and one AsyncLocalStorage run: `Accept-Language` is parsed only
 * when a text is read before the account is known (sign-in, public pages, a 401).
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  installLanguages();
  app.decorateRequest('languageScope', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = requestScope(request.headers['accept-language']);
    request.languageScope = scope;
    inScope(scope, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    inRequestLanguage(request, done);
  });
});
