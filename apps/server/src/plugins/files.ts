import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/app-error.js';
import { contentTypeOfKey, FILES_PREFIX, isKnownMediaKey, safeKey } from '../lib/storage.js';
import { canReadFile, PRIVATE_FILE_KINDS } from '../modules/uploads/file-access.policy.js';
import { fileSessionUser } from '../modules/uploads/file-session.js';
import { findStoredFile } from '../modules/uploads/stored-files.js';

/** Browsers keep content for five minutes; private kinds (imports, answer sheets) never. */
const CONTENT_CACHE = 'private, max-age=300';
const PRIVATE_CACHE = 'private, no-store';

/**
 * GET /files/<key>: a stored file, for a signed-in user allowed to read it (the file-session
 * cookie, then `canReadFile`). Without a valid cookie 401; a file of another institution, or a
 * private one the caller may not read, answers 404 like an unknown key. Local files are sent
 * with ranges (videos seek); S3 files by a redirect to a short signed link. Anything but media
 * and PDF is sent as a download. Registered without fastify-plugin: its `sendFile` stays here.
 */
export async function filesPlugin(app: FastifyInstance) {
  const { storage } = app.deps;
  if (storage.root) {
    await app.register(fastifyStatic, {
      root: storage.root,
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      // The type it was stored as (an imported `.xml` is plain text), not one guessed from the name.
      setHeaders: (reply, filePath) => {
        reply.header('content-type', contentTypeOfKey(filePath));
      },
    });
  }

  app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const user = await fileSessionUser(app.deps, request.headers.cookie);
    const key = safeKey((request.params as { '*': string })['*']);
    const file = key ? await findStoredFile(app.deps.db, key) : undefined;
    if (!key || !file || !(await canReadFile(app.deps, user, file))) throw notFound();

    const attachment = !isKnownMediaKey(key);
    reply.header('cache-control', PRIVATE_FILE_KINDS.includes(file.kind) ? PRIVATE_CACHE : CONTENT_CACHE);
    reply.header('x-content-type-options', 'nosniff');
    if (storage.signedReadUrl) {
      return reply.redirect(await storage.signedReadUrl(key, { attachment, at: app.deps.clock.now() }), 302);
    }
    if (attachment) reply.header('content-disposition', `attachment; filename="${path.basename(key)}"`);
    return reply.sendFile(key);
  });
}
