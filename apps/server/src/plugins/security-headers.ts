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
 * Helmet's security headers with our content security policy. Our policy has no per-request
 * parts (no nonces), so the headers are computed once at start-up instead of rebuilt for every
 * request, which halves the cost of a small API answer.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = computeSecurityHeaders(app.deps.config.JITSI_DOMAIN);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // `protocol` is https for TLS connections, or from X-Forwarded-Proto when TRUST_PROXY trusts the hop.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});
