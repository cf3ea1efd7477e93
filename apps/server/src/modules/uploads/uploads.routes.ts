import { envelope, errorBodySchema, MESSAGES } from '@portal/shared';
import { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';
import { caller } from '../../plugins/auth.js';
import { adoptVideo, isVideoFilename, storeUpload } from './uploads.service.js';

const VIDEO_PATH = '/api/uploads/videos';
const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
// Set by the portal after authentication (any value a client sends is overwritten).
const USER_HEADER = 'x-portal-user';
const INSTITUTION_HEADER = 'x-portal-institution';

/** tus builds its request from rawHeaders: replace whatever the client sent under `name`. */
function setTrustedHeader(request: FastifyRequest, name: string, value: string) {
  const raw = request.raw.rawHeaders;
  for (let index = raw.length - 2; index >= 0; index -= 2) {
    if (raw[index]?.toLowerCase() === name) raw.splice(index, 2);
  }
  raw.push(name, value);
  request.raw.headers[name] = value;
}

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/s3/v2',
    {
      onRequest: app.requireAuth(),
      schema: {
        tags: ['uploads'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        description: `Multipart form with one field \`file\`, at most 40960 KB. Answers the file's public URL.`,
        response: {
          201: envelope(z.object({ publicUrl: z.string(), filename: z.string() })),
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(MESSAGES.chooseFile);
      const part = await request.file({ throwFileSizeLimit: false });
      if (part?.fieldname !== 'file' || !part.filename) throw badRequest(MESSAGES.chooseFile);
      const stored = await storeUpload(app.deps, caller(request), {
        filename: part.filename,
        stream: part.file,
      });
      return reply.status(201).send({ data: stored });
    },
  );

  // Resumable video uploads (tus protocol): create, then PATCH pieces; HEAD tells the offset to
  // resume from. The finished file is moved into storage and its URL sent in Upload-Public-Url.
  const tus = new TusServer({
    path: VIDEO_PATH,
    datastore: app.deps.storage.tusStore(),
    maxSize: MAX_VIDEO_BYTES,
    respectForwardedHeaders: false,
    relativeLocation: true,
    async onUploadCreate(request, upload) {
      const filename = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      if (!isVideoFilename(filename)) throw { status_code: 400, body: MESSAGES.videoOnly };
      return {
        metadata: {
          ...upload.metadata,
          filename,
          owner: request.headers.get(USER_HEADER) ?? '',
          institution: request.headers.get(INSTITUTION_HEADER) ?? '',
        },
      };
    },
    async onUploadFinish(request, upload) {
      const owner = upload.metadata?.owner ?? '';
      if (owner !== request.headers.get(USER_HEADER)) throw { status_code: 403, body: MESSAGES.forbidden };
      const publicUrl = await adoptVideo(
        app.deps,
        { userId: owner, institutionId: upload.metadata?.institution || null },
        { id: upload.id, filename: upload.metadata?.filename ?? 'video.mp4', size: upload.size ?? 0 },
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
