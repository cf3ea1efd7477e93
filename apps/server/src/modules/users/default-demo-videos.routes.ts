import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { fileSessionUser } from '../uploads/file-session.js';
import {
  DEFAULT_DEMO_CAPTION_FILES,
  DEFAULT_DEMO_VIDEO_FILES,
  DEFAULT_DEMO_VIDEO_PATH,
  defaultDemoVideoDirectory,
} from './default-demo-videos.js';

const KNOWN_FILES = new Set([...Object.values(DEFAULT_DEMO_VIDEO_FILES), ...DEFAULT_DEMO_CAPTION_FILES]);

/**
 * GET /files/_defaults/demo-videos/<file>: the portal's default demo videos and their captions, for any signed-in user
 * (the file-session cookie, checked before anything else, as for stored files). Sent with ranges
 * (the player seeks); each URL carries the file's digest, so browsers may keep it for a day.
 * Registered without fastify-plugin: its `sendFile` stays here.
 */
export async function defaultDemoVideosRoutes(app: FastifyInstance) {
  const directory = defaultDemoVideoDirectory();
  if (directory) {
    await app.register(fastifyStatic, {
      root: directory,
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
    });
  }

  app.get(
    `${DEFAULT_DEMO_VIDEO_PATH}/:file`,
    {
      onRequest: async (request) => {
        await fileSessionUser(app.deps, request.headers.cookie);
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!directory || !KNOWN_FILES.has(file)) throw notFound();
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('x-content-type-options', 'nosniff');
      return reply.sendFile(file);
    },
  );
}
