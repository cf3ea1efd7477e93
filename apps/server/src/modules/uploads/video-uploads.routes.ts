import { MESSAGES } from '@portal/shared';
import { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUnstorable } from '../../lib/unstorable-text.js';
import { caller } from '../../plugins/auth.js';
import { resumableUploadIds } from './upload-ids.js';
import { adoptVideo, isVideoFilename } from './uploads.service.js';

const VIDEO_PATH = '/api/uploads/videos';
const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
// Set by the portal after authentication (any value a client sends is overwritten).
const USER_HEADER = 'x-portal-user';
const INSTITUTION_HEADER = 'x-portal-institution';

/** tus answers in plain text; another user's upload looks exactly like a missing one. */
const NOT_FOUND = { status_code: 404, body: `${MESSAGES.notFound}\n` };

/** tus builds its request from rawHeaders: replace whatever the client sent under `name`. */
function setTrustedHeader(request: FastifyRequest, name: string, value: string) {
  const raw = request.raw.rawHeaders;
  for (let index = raw.length - 2; index >= 0; index -= 2) {
    if (raw[index]?.toLowerCase() === name) raw.splice(index, 2);
  }
  raw.push(name, value);
  request.raw.headers[name] = value;
}

/**
 * Resumable video uploads (tus protocol): create, then PATCH pieces; HEAD tells the offset to
 * resume from. Every request about an upload (HEAD, PATCH, DELETE, GET, and the creation's own
 * follow-ups) is checked against the caller through the upload's id. The finished file is moved
 * into storage and its URL sent in Upload-Public-Url.
 */
export const videoUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ids = resumableUploadIds(app.deps.jwtSecret);
  const callerId = (request: { headers: Headers }) => request.headers.get(USER_HEADER) ?? '';

  const tus = new TusServer({
    path: VIDEO_PATH,
    datastore: app.deps.storage.tusStore(),
    maxSize: MAX_VIDEO_BYTES,
    respectForwardedHeaders: false,
    relativeLocation: true,
    namingFunction: (request) => ids.create(callerId(request)),
    async onIncomingRequest(request, uploadId) {
      if (!ids.isOwnedBy(uploadId, callerId(request))) throw NOT_FOUND;
    },
    async onUploadCreate(_request, upload) {
      const filename = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      if (!isVideoFilename(filename)) throw { status_code: 400, body: MESSAGES.videoOnly };
      if (isUnstorable(filename)) throw { status_code: 400, body: MESSAGES.unstorableText };
      if (upload.size === 0) throw { status_code: 400, body: MESSAGES.fileEmpty };
      // Only the name is kept: HEAD echoes the metadata back.
      return { metadata: { filename } };
    },
    async onUploadFinish(request, upload) {
      if (!upload.size) throw { status_code: 400, body: MESSAGES.fileEmpty };
      const publicUrl = await adoptVideo(
        app.deps,
        { userId: callerId(request), institutionId: request.headers.get(INSTITUTION_HEADER) || null },
        { id: upload.id, filename: upload.metadata?.filename ?? 'video.mp4', size: upload.size },
      );
      return {
        headers: { 'Upload-Public-Url': publicUrl, 'Access-Control-Expose-Headers': 'Upload-Public-Url' },
      };
    },
  });

  // tus reads the raw request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = caller(request);
    setTrustedHeader(request, USER_HEADER, user.userId);
    setTrustedHeader(request, INSTITUTION_HEADER, user.institutionId ?? '');
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const guard = app.requireAuth('moderator', 'faculty');
  const docs = { schema: { hide: true }, onRequest: guard };
  app.all(VIDEO_PATH, docs, handleTus);
  app.all(`${VIDEO_PATH}/*`, docs, handleTus);
};
