import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The policy for a portal whose live rooms are on `jitsiDomain`: the room page runs that meeting
 * server's IFrame API script (decision 24), and no script from anywhere else.
 */
const optionsFor = (jitsiDomain: string): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `https://${jitsiDomain}/external_api.js`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      frameSrc: ["'self'", 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Sent only on HTTPS answers (below): over plain HTTP it would be meaningless, and a portal
  // tried out on a LAN address must not pin that name to HTTPS in its users' browsers.
  strictTransportSecurity: false,
});

const HSTS = 'max-age=31536000; includeSubDomains';

/** Runs helmet once against a recorder and keeps the headers it would set. */
export function computeSecurityHeaders(jitsiDomain: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(optionsFor(jitsiDomain))({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What a JSON answer needs (the OWASP REST API set): it is never shown as a page, framed or run
 * as a script, so it gets the strictest policy, in a few short headers. Node checks every
 * header's characters on every answer, and helmet's page set is ten times as long.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Security headers on every answer: a JSON answer gets `API_HEADERS`; everything else (the web
 * app's pages and files, stored files, the API reference) gets helmet's, with our content security
 * policy. Neither has per-request parts (no nonces), so both are computed once at start-up. They
 * are chosen when the answer leaves, once its type is known, so they take the place of any of
 * these a route set (none sets one to another value).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const pageHeaders = computeSecurityHeaders(app.deps.config.JITSI_DOMAIN);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isJson(reply.getHeader('content-type')) ? API_HEADERS : pageHeaders);
    // `protocol` is https for TLS connections, or from X-Forwarded-Proto when TRUST_PROXY trusts the hop.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
});
