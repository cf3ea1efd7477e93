import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';

/** An id a proxy may hand on: short, and only characters that cannot break a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` of a request that came through one of the trusted
 * proxies (`TRUST_PROXY`), so a line here matches the proxy's; anyone else's is ignored (a client
 * could otherwise make its requests look like another's), and the portal makes its own.
 */
export function requestIdOf(trustProxy: false | string[]) {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    const address = request.socket?.remoteAddress;
    if (typeof given === 'string' && REQUEST_ID.test(given) && address && trusted(address, 0)) return given;
    return randomUUID();
  };
}

/**
 * One log line per answered request: its id (also sent back as `X-Request-Id`), method, route
 * pattern, status and milliseconds. Never the URL, a header or a body, so no token, password, OTP
 * or answer is ever written; the route's pattern names what was asked (`/api/doubts/:id`).
 */
export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          reqId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);
