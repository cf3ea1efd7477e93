import {
  authorIdsQuerySchema,
  chapterIdParamsSchema,
  createTopicBodySchema,
  envelope,
  errorBodySchema,
  idsQuerySchema,
  topicIdParamsSchema,
  topicSchema,
  updateTopicBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { authorIdFor, mayAuthorSubject, mayListAuthors, TOPIC_POLICY } from './topics.policy.js';
import * as service from './topics.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['topics'] };
const topicList = envelope(z.object({ topics: z.array(topicSchema) }));
const oneTopic = envelope(z.object({ topic: topicSchema }));

export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/topics/chapter-id/:chapterId',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.read),
      schema: {
        ...docs,
        description: 'A chapter’s topics the caller may read, newest last.',
        params: chapterIdParamsSchema,
        response: { 200: topicList, ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const topics = await service.listChapterTopics(
        app.deps,
        user,
        institutionOf(user),
        request.params.chapterId,
      );
      return { data: { topics } };
    },
  );

  app.get(
    '/api/topics/author-id',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.byAuthor),
      schema: {
        ...docs,
        description: 'Topics by author (comma-separated faculty ids); faculty may ask only for their own.',
        querystring: authorIdsQuerySchema,
        response: { 200: topicList, ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const { author_ids } = request.query;
      if (!mayListAuthors(user, author_ids)) throw forbidden();
      const ids = author_ids.length === 0 && user.permission === 'faculty' ? [user.entityId] : author_ids;
      return { data: { topics: await service.listTopicsByAuthors(app.deps, institutionId, ids) } };
    },
  );

  app.get(
    '/api/topics',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.read),
      schema: {
        ...docs,
        description: 'The readable topics among `ids` (comma-separated).',
        querystring: idsQuerySchema,
        response: { 200: topicList, ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const topics = await service.listTopicsByIds(app.deps, user, institutionOf(user), request.query.ids);
      return { data: { topics } };
    },
  );

  app.get(
    '/api/topics/:topicId',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.read),
      schema: { ...docs, params: topicIdParamsSchema, response: { 200: oneTopic, ...failures } },
    },
    async (request) => {
      const user = caller(request);
      return {
        data: { topic: await service.getTopic(app.deps, user, institutionOf(user), request.params.topicId) },
      };
    },
  );

  app.post(
    '/api/topics',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.write),
      schema: { ...docs, body: createTopicBodySchema, response: { 201: oneTopic, ...failures } },
    },
    async (request, reply) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const chapter = await service.findChapter(app.deps, institutionId, request.body.chapter_id);
      if (!(await mayAuthorSubject(app.deps, user, chapter.subjectId))) throw forbidden();
      const body = { ...request.body, author_id: authorIdFor(user, request.body.author_id) };
      const topic = await service.createTopic(app.deps, institutionId, chapter, body);
      return reply.status(201).send({ data: { topic } });
    },
  );

  app.patch(
    '/api/topics/:topicId',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.write),
      schema: {
        ...docs,
        params: topicIdParamsSchema,
        body: updateTopicBodySchema,
        response: { 200: oneTopic, ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const current = await service.findTopic(app.deps, institutionId, request.params.topicId);
      if (!(await mayAuthorSubject(app.deps, user, current.subjectId))) throw forbidden();
      const { author_id } = request.body;
      const body =
        author_id === undefined ? request.body : { ...request.body, author_id: authorIdFor(user, author_id) };
      return { data: { topic: await service.updateTopic(app.deps, institutionId, current, body) } };
    },
  );

  app.delete(
    '/api/topics/:topicId',
    {
      onRequest: app.requireAuth(...TOPIC_POLICY.write),
      schema: {
        ...docs,
        params: topicIdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      const institutionId = institutionOf(user);
      const current = await service.findTopic(app.deps, institutionId, request.params.topicId);
      if (!(await mayAuthorSubject(app.deps, user, current.subjectId))) throw forbidden();
      await service.deleteTopic(app.deps, institutionId, current.topic.id);
      return { data: { deleted: true } };
    },
  );
};
