import {
  autoAnswerBodySchema,
  autoAnswerSchema,
  batchSubjectCountsSchema,
  createDoubtBodySchema,
  doubtIdParamsSchema,
  doubtIdsQuerySchema,
  doubtListQuerySchema,
  doubtResponseSchema,
  doubtSchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  pageInfoSchema,
  pageQuerySchema,
  respondBodySchema,
  responseIdParamsSchema,
  topicIdParamsSchema,
  updateDoubtBodySchema,
  updateResponseBodySchema,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { autoAnswer } from './auto-answer/auto-answer.js';
import { DOUBT_POLICY } from './doubts.policy.js';
import * as service from './doubts.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['doubts'] };
const doubtList = envelope(z.object({ doubts: z.array(doubtSchema) }));
const doubtPage = envelope(z.object({ doubts: z.array(doubtSchema), page: pageInfoSchema }));
const responsePage = envelope(z.object({ responses: z.array(doubtResponseSchema), page: pageInfoSchema }));
const pagedDoubtQuery = doubtListQuerySchema.extend(pageQuerySchema.shape);
const oneDoubt = envelope(z.object({ doubt: doubtSchema }));
const oneResponse = envelope(z.object({ response: doubtResponseSchema }));
const deleted = envelope(z.object({ deleted: z.boolean() }));
// Doubts and replies are read by the whole batch and its teachers, so their writes drop the
// institution's cached reads (the default); an automated answer changes nothing (lib/read-cache.ts).
/**
 * Each automated answer may call a paid model: a limit per signed-in user (checked after sign-in,
 * so a whole school behind one address is not throttled together).
 */
function autoAnswerLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  };
}

/** Doubts, replies and automated answers (learning §7, decisions 22 and 23). */
export const doubtsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/doubts',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description:
          'Doubts of the caller’s batch subjects (a student’s batch’s, a faculty member’s, a moderator’s institution’s), newest first, optionally of one batch subject and by status (new = no teacher reply yet). One page at a time (`limit`, `cursor`); each doubt carries its first replies.',
        querystring: pagedDoubtQuery,
        response: { 200: doubtPage, ...failures },
      },
    },
    async (request) => ({
      data: await service.listDoubts(app.deps, caller(request), request.query),
    }),
  );

  app.get(
    '/api/doubts/counts',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description:
          'How many doubts of each of the caller’s batch subjects they may read (the counts beside the doubts page’s subject list), in one answer.',
        response: { 200: envelope(batchSubjectCountsSchema), ...failures },
      },
    },
    async (request) => ({ data: await service.countDoubtsByBatchSubject(app.deps, caller(request)) }),
  );

  app.post(
    '/api/doubts',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.ask),
      schema: { ...docs, body: createDoubtBodySchema, response: { 201: oneDoubt, ...failures } },
    },
    async (request, reply) => {
      const doubt = await service.createDoubt(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { doubt } });
    },
  );

  app.get(
    '/api/doubts/topic/:topicId',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description: 'Doubts on one topic in the caller’s batch subjects, newest first, one page at a time.',
        params: topicIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: doubtPage, ...failures },
      },
    },
    async (request) => ({
      data: await service.listTopicDoubts(app.deps, caller(request), request.params.topicId, request.query),
    }),
  );

  app.get(
    '/api/doubts/batch-subject/:id',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description: 'Doubts of one batch subject, newest first, one page at a time.',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: doubtPage, ...failures },
      },
    },
    async (request) => ({
      data: await service.listBatchSubjectDoubts(app.deps, caller(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/doubts/ids',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description: 'The listed doubts (comma-separated ids) that the caller may see.',
        querystring: doubtIdsQuerySchema,
        response: { 200: doubtList, ...failures },
      },
    },
    async (request) => ({
      data: { doubts: await service.listDoubtsByIds(app.deps, caller(request), request.query.ids) },
    }),
  );

  app.get(
    '/api/users/me/doubts',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.readOwn),
      schema: {
        ...docs,
        description:
          'A student’s own doubts; for faculty, the doubts of the batch subjects they teach. One page at a time.',
        querystring: pagedDoubtQuery,
        response: { 200: doubtPage, ...failures },
      },
    },
    async (request) => ({
      data: await service.listOwnDoubts(app.deps, caller(request), request.query),
    }),
  );

  app.post(
    '/api/doubts/respond',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.respond),
      schema: {
        ...docs,
        description:
          'A teacher’s answer (faculty of the batch subject, moderators) or a student’s follow-up (students of its batch).',
        body: respondBodySchema,
        response: { 201: oneResponse, ...failures },
      },
    },
    async (request, reply) => {
      const response = await service.respond(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { response } });
    },
  );

  app.patch(
    '/api/doubts/responses/:responseId',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.editResponse),
      schema: {
        ...docs,
        description: 'Edits the caller’s own reply.',
        params: responseIdParamsSchema,
        body: updateResponseBodySchema,
        response: { 200: oneResponse, ...failures },
      },
    },
    async (request) => {
      const { responseId } = request.params;
      const text = request.body.response_text;
      return {
        data: { response: await service.updateResponse(app.deps, caller(request), responseId, text) },
      };
    },
  );

  app.delete(
    '/api/doubts/responses/:responseId',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.editResponse),
      schema: {
        ...docs,
        description: 'Deletes the caller’s own reply.',
        params: responseIdParamsSchema,
        response: { 200: deleted, ...failures },
      },
    },
    async (request) => {
      await service.deleteResponse(app.deps, caller(request), request.params.responseId);
      return { data: { deleted: true } };
    },
  );

  app.post(
    '/api/doubts/auto-answer',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.autoAnswer),
      config: {
        texts: true,
        readCache: 'keep',
        rateLimit: autoAnswerLimit(app.deps.config.AUTO_ANSWERS_PER_MINUTE),
      },
      schema: {
        ...docs,
        description:
          'An automated answer from the institution’s own content of the batch subject’s subject (topics, the caller’s notes, answered doubts), citing its topics; written by the configured model when AI_BASE_URL and AI_MODEL are set.',
        body: autoAnswerBodySchema,
        response: { 200: envelope(z.object({ answer: autoAnswerSchema })), ...failures },
      },
    },
    async (request) => ({
      data: { answer: await autoAnswer(app.deps, caller(request), request.body, request.log) },
    }),
  );

  app.get(
    '/api/doubts/:id/responses',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: {
        ...docs,
        description:
          'A doubt’s replies, oldest first, one page at a time (lists carry only the first ones; `responses_total` counts them all).',
        params: doubtIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: responsePage, ...failures },
      },
    },
    async (request) => ({
      data: await service.listResponses(app.deps, caller(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/doubts/:id',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.read),
      schema: { ...docs, params: doubtIdParamsSchema, response: { 200: oneDoubt, ...failures } },
    },
    async (request) => ({
      data: { doubt: await service.getDoubt(app.deps, caller(request), request.params.id) },
    }),
  );

  app.patch(
    '/api/doubts/:id',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.editDoubt),
      schema: {
        ...docs,
        description: 'Edits the caller’s own doubt.',
        params: doubtIdParamsSchema,
        body: updateDoubtBodySchema,
        response: { 200: oneDoubt, ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: { doubt: await service.updateDoubt(app.deps, caller(request), id, request.body.doubt_text) },
      };
    },
  );

  app.delete(
    '/api/doubts/:id',
    {
      onRequest: app.requireAuth(...DOUBT_POLICY.editDoubt),
      schema: {
        ...docs,
        description: 'Deletes the caller’s own doubt.',
        params: doubtIdParamsSchema,
        response: { 200: deleted, ...failures },
      },
    },
    async (request) => {
      await service.deleteDoubt(app.deps, caller(request), request.params.id);
      return { data: { deleted: true } };
    },
  );
};
