import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withLanguage } from '../lib/language.js';
import { requestLanguage } from './language.js';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; every other
 * non-API path answers index.html so the client router can take it.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const indexFile = path.join(options.root, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    if (!indexHtml || !isPage) {
      const message = withLanguage(requestLanguage(request), () => MESSAGES.notFound);
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message } });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
  if (!indexHtml) {
    app.log.warn(`No built web app at ${options.root}; run "npm run build" to serve the screens.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // The build writes each text file's .br and .gz beside it (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
