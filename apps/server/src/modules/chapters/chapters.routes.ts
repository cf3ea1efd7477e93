import {
  chapterIdParamsSchema,
  chapterSchema,
  createChapterBodySchema,
  envelope,
  errorBodySchema,
  subjectIdParamsSchema,
  updateChapterBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { assertCanAuthorSubject, assertCanReadSubject } from '../subjects/subjects.policy.js';
import { CHAPTER_POLICY } from './chapters.policy.js';
import * as service from './chapters.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['chapters'] };
const one = envelope(z.object({ chapter: chapterSchema }));

export const chaptersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chapters/subject-id/:subjectId',
    {
      onRequest: app.requireAuth(...CHAPTER_POLICY.view),
      schema: {
        ...docs,
        description:
          'A subject’s chapters (`subjectId` is the subject’s id); students see visible ones only.',
        params: subjectIdParamsSchema,
        response: { 200: envelope(z.object({ chapters: z.array(chapterSchema) })), ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const { subjectId } = request.params;
      const access = await assertCanReadSubject(app.deps, user, subjectId);
      const list = await service.listChapters(app.deps, institutionOf(user), subjectId, access.visibleOnly);
      return { data: { chapters: list } };
    },
  );

  app.post(
    '/api/chapters',
    {
      onRequest: app.requireAuth(...CHAPTER_POLICY.author),
      schema: { ...docs, body: createChapterBodySchema, response: { 201: one, ...failures } },
    },
    async (request, reply) => {
      const user = caller(request);
      await assertCanAuthorSubject(app.deps, user, request.body.subject_id);
      const chapter = await service.createChapter(app.deps, institutionOf(user), request.body);
      return reply.status(201).send({ data: { chapter } });
    },
  );

  app.patch(
    '/api/chapters/:chapterId',
    {
      onRequest: app.requireAuth(...CHAPTER_POLICY.author),
      schema: {
        ...docs,
        params: chapterIdParamsSchema,
        body: updateChapterBodySchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const { chapterId } = request.params;
      await assertCanAuthorSubject(
        app.deps,
        user,
        await service.chapterSubjectId(app.deps, institutionId, chapterId),
      );
      return {
        data: { chapter: await service.updateChapter(app.deps, institutionId, chapterId, request.body) },
      };
    },
  );

  app.delete(
    '/api/chapters/:chapterId',
    {
      onRequest: app.requireAuth(...CHAPTER_POLICY.author),
      schema: {
        ...docs,
        params: chapterIdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const { chapterId } = request.params;
      await assertCanAuthorSubject(
        app.deps,
        user,
        await service.chapterSubjectId(app.deps, institutionId, chapterId),
      );
      await service.deleteChapter(app.deps, institutionId, chapterId);
      return { data: { deleted: true } };
    },
  );
};
