import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isKnownMediaKey, LOCAL_FILES_PREFIX } from '../lib/storage.js';

/**
 * Serves files kept on local disk at /files/<key> (with ranges, so videos seek). Keys are random
 * and made by the portal. Anything but media and PDF is sent as a download.
 */
export const filesPlugin = fp(async (app: FastifyInstance, options: { root?: string }) => {
  if (!options.root) return;
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: LOCAL_FILES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
    setHeaders(reply, filePath) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (!isKnownMediaKey(filePath)) {
        reply.header('content-disposition', `attachment; filename="${path.basename(filePath)}"`);
      }
    },
  });
});
