import { languageOf, type UiLanguage } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { closeScope, inScope, installLanguages, type LanguageScope, openScope } from '../lib/language.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller's language (the sign-in guard's account). */
    callerLanguage: UiLanguage | null;
    /** The language scope of a route that writes texts into its answer (`lib/language.ts`). */
    languageScope: LanguageScope | null;
  }
  interface FastifyContextConfig {
    /**
     * The route writes catalogue texts into a successful JSON answer (an import's problems, the
     * automated answer), so its work runs in the caller's language scope; a route whose schema
     * `produces` a PDF or CSV needs no mark. Other routes read texts in English and only their
     * errors are given in the caller's language.
     */
    texts?: true;
  }
}

/** The caller's language from now on in this request (the sign-in guard's account). */
export function setCallerLanguage(request: FastifyRequest, language: UiLanguage): void {
  request.callerLanguage = language;
  if (request.languageScope) request.languageScope.language = language;
}

/** The language `request`'s caller reads: their account's, or else the first of `Accept-Language` the portal speaks. */
export const requestLanguage = (request: FastifyRequest): UiLanguage =>
  request.callerLanguage ?? languageOf(request.headers['accept-language']);

const enterScope = (request: FastifyRequest, _reply: unknown, done: () => void) => {
  const scope = request.languageScope;
  if (scope) inScope(scope, done);
  else done();
};

const closeRequestScope = (request: FastifyRequest, _reply: unknown, done: () => void) => {
  if (request.languageScope) closeScope(request.languageScope);
  done();
};

/** Hooks of a route marked `texts`, before its own: its scope is open before the sign-in guard names the caller's language. */
const TEXT_ROUTE_HOOKS = {
  onRequest: (request: FastifyRequest, reply: unknown, done: () => void) => {
    request.languageScope = openScope(undefined, request.headers['accept-language']);
    enterScope(request, reply, done);
  },
  // A body is read in the socket's own async context: the scope is entered again.
  preValidation: enterScope,
  onResponse: closeRequestScope,
  onRequestAbort: (request: FastifyRequest, done: () => void) => closeRequestScope(request, null, done),
};

/** A route answering a PDF or CSV (its schema's `produces`): its headers and titles are texts. */
const isDocument = (schema: { produces?: readonly string[] } | undefined) =>
  schema?.produces?.some((type) => type === 'application/pdf' || type === 'text/csv') ?? false;

const hooksOf = (own: unknown) => (own === undefined ? [] : Array.isArray(own) ? own : [own]);

/**
 * Routes marked `texts`, and every route answering a document, run in a language scope, opened in
 * `onRequest` and closed once answered; every other route has no hook of this plugin at all.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  installLanguages();
  app.decorateRequest('callerLanguage', null);
  app.decorateRequest('languageScope', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.texts && !isDocument(route.schema)) return;
    for (const [name, hook] of Object.entries(TEXT_ROUTE_HOOKS)) {
      const key = name as keyof typeof TEXT_ROUTE_HOOKS;
      (route as unknown as Record<string, unknown>)[key] = [hook, ...hooksOf(route[key])];
    }
  });
});
