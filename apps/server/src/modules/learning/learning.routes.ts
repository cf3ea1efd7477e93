import {
  chapterProgressParamsSchema,
  chapterProgressSchema,
  chapterTopicsParamsSchema,
  envelope,
  errorBodySchema,
  homeDateQuerySchema,
  homeTopicSchema,
  impressionBodySchema,
  impressionSchema,
  pageInfoSchema,
  pageQuerySchema,
  timeSpentBodySchema,
  timeSpentSchema,
  topicProgressSchema,
} from '@portal/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import * as service from './learning.service.js';
import { LEARNING_POLICY } from './reading.policy.js';
import { TimeSpentBuffer } from './time-spent-buffer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the heartbeats added up so far (they are written every second anyway). */
    flushTimeSpent(): Promise<void>;
    /** The heartbeats' buffer, which the examination's start also logs its entry into. */
    timeSpent: TimeSpentBuffer;
  }
}

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['learning'] };
// A view changes only the student's own reads (progress, home lists); a heartbeat changes no read
// at all (lib/read-cache.ts).
const viewWrite = { readCache: 'own' as const };
const heartbeatWrite = { readCache: 'keep' as const };

/**
 * Reading activity: impressions, time spent, the student's home lists and progress. Not
 * encapsulated (fastify-plugin), so `app.flushTimeSpent` is the app's own.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const timeSpentBuffer = new TimeSpentBuffer(app.deps, app.log);
  app.addHook('onClose', () => timeSpentBuffer.close());
  app.decorate('flushTimeSpent', () => timeSpentBuffer.flush());
  app.decorate('timeSpent', timeSpentBuffer);

  app.post(
    '/api/impressions',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      config: viewWrite,
      schema: {
        ...docs,
        description: 'The student opened a topic (decision 14): it counts as Viewed from now on.',
        body: impressionBodySchema,
        response: { 201: envelope(z.object({ impression: impressionSchema })), ...failures },
      },
    },
    async (request, reply) => {
      const impression = await service.recordImpression(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { impression } });
    },
  );

  app.post(
    '/api/time-spent',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      config: heartbeatWrite,
      schema: {
        ...docs,
        description:
          'A heartbeat: minutes the student spent on a topic (or live session) since the last one.',
        body: timeSpentBodySchema,
        response: { 201: envelope(z.object({ time_spent: timeSpentSchema })), ...failures },
      },
    },
    async (request, reply) => {
      const record = await service.recordTimeSpent(app.deps, caller(request), request.body, timeSpentBuffer);
      return reply.status(201).send({ data: { time_spent: record } });
    },
  );

  app.get(
    '/api/users/me/pending-items',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      schema: {
        ...docs,
        description:
          'Pending Topics: study-plan topics dated before `date` (default today) not yet opened; one page at a time.',
        querystring: homeDateQuerySchema.extend(pageQuerySchema.shape),
        response: {
          200: envelope(z.object({ pending_items: z.array(homeTopicSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => {
      const { topics, page } = await service.pendingItems(app.deps, caller(request), request.query);
      return { data: { pending_items: topics, page } };
    },
  );

  app.get(
    '/api/users/me/last-visited',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      schema: {
        ...docs,
        description:
          'Last Visited Topics: the most recently opened topics up to the end of `date`; one page at a time.',
        querystring: homeDateQuerySchema.extend(pageQuerySchema.shape),
        response: {
          200: envelope(z.object({ last_visited_topics: z.array(homeTopicSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => {
      const { topics, page } = await service.lastVisited(app.deps, caller(request), request.query);
      return { data: { last_visited_topics: topics, page } };
    },
  );

  app.get(
    '/api/users/me/chapters/batch-subject/:batchSubjectId',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      schema: {
        ...docs,
        description: 'Visible chapters of one of the student’s batch subjects with their own progress.',
        params: chapterProgressParamsSchema,
        response: { 200: envelope(z.object({ chapters: z.array(chapterProgressSchema) })), ...failures },
      },
    },
    async (request) => ({
      data: {
        chapters: await service.chapterProgress(app.deps, caller(request), request.params.batchSubjectId),
      },
    }),
  );

  app.get(
    '/api/users/me/topics/chapter-id/:chapterId',
    {
      onRequest: app.requireAuth(...LEARNING_POLICY.student),
      schema: {
        ...docs,
        description: 'A visible chapter’s visible topics, each with whether the student has read it.',
        params: chapterTopicsParamsSchema,
        response: {
          200: envelope(z.object({ chapter: chapterProgressSchema, topics: z.array(topicProgressSchema) })),
          ...failures,
        },
      },
    },
    async (request) => ({
      data: await service.chapterTopics(app.deps, caller(request), request.params.chapterId),
    }),
  );
};

export const learningRoutes = fp(routes, { name: 'learning-routes' });
